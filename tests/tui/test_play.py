"""Whole games played from key presses alone, and the decisions' feedback."""

from __future__ import annotations

from pathlib import Path

from norsewind_tui.rules import final_result, legal_moves
from norsewind_tui.rules.moves import PickBuilding

from .helpers import aio, make_app, new_game, play_out, shown


@aio
async def test_solo_game_from_the_title_screen_to_the_score_pad(saves: Path) -> None:
    app = make_app(saves, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        assert type(app.screen).__name__ == "TitleScreen"
        await pilot.press("n")
        assert type(app.screen).__name__ == "NewGameScreen"
        await pilot.press("ctrl+s")
        assert type(app.screen).__name__ == "GameScreen"
        game = app.screen.game  # type: ignore[attr-defined]
        assert game.state.solo and game.state.config.level == 1 and game.state.seed == 11
        presses = await play_out(pilot)
        assert type(app.screen).__name__ == "EndScreen", f"still playing after {presses} presses"
        state = game.state
        assert state.is_over
        result = final_result(state)
        text = await shown(pilot)
        assert "Score pad" in text and "Vikings" in text
        assert f"{result.scores[0]} - Vikings {result.vikings}: margin {result.margin:+d}" in text
        for kingdom in ("Northumbria", "East Anglia", "Mercia", "Wessex"):
            assert kingdom in text
        # the finished game is saved, and listed as finished
        listed = app.library.list()
        assert [g.finished for g in listed if g.name == game.name] == [True]
        # and recorded in the profile: the progress page shows it
        await pilot.press("escape", "p")
        text = await shown(pilot)
        assert type(app.screen).__name__ == "CampaignScreen"
        assert f"you {result.scores[0]} - Vikings {result.vikings}" in text
        assert f"seed {game.state.seed}" in text


@aio
async def test_two_player_hot_seat_game_to_the_score_pad(saves: Path) -> None:
    app = make_app(saves, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        # players: focus the count, open it, pick 2
        await pilot.press("shift+tab", "enter", "down", "enter")
        assert app.screen.players == 2  # type: ignore[attr-defined]
        await pilot.press("tab")  # the first name
        await pilot.press("ctrl+a", "ctrl+k", *"Ana", "tab", "tab", "ctrl+a", "ctrl+k", *"Bo")
        await pilot.press("ctrl+s")
        assert type(app.screen).__name__ == "GameScreen"
        game = app.screen.game  # type: ignore[attr-defined]
        assert tuple(p.name for p in game.state.players) == ("Ana", "Bo")
        seen_players = set()
        while type(app.screen).__name__ == "GameScreen" and len(seen_players) < 2:
            seen_players.add(game.state.current)
            await pilot.press("enter")
        assert seen_players == {0, 1}  # both seats played from the same keyboard
        await play_out(pilot)
        assert type(app.screen).__name__ == "EndScreen"
        result = final_result(game.state)
        text = await shown(pilot)
        winner = ("Ana", "Bo")[result.winners[0]]
        assert "Ana" in text and "Bo" in text
        assert winner in text.split("Total")[1]
        assert "Total" in text and str(max(result.scores)) in text


@aio
async def test_illegal_choice_says_why_and_changes_nothing(saves: Path) -> None:
    # find a deal where some market slot cannot be taken (an inn too dear)
    for seed in range(1, 200):
        game = new_game(saves, ("Ana",), seed=seed)
        state = game.state
        legal = {m.slot for m in legal_moves(state) if isinstance(m, PickBuilding)}
        blocked = [s for s in range(5) if state.market[s] >= 0 and s not in legal]
        if blocked:
            break
        game.close()
    else:  # pragma: no cover - the card set has expensive inns
        raise AssertionError("no deal with an unaffordable slot")
    app = make_app(saves, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        before = game.session.position
        await pilot.press(str(blocked[0] + 1))
        text = await shown(pilot)
        assert "Not allowed: the Inn" in text and "costs" in text
        assert game.session.position == before


@aio
async def test_escape_steps_back_within_the_turn(saves: Path) -> None:
    game = new_game(saves, ("Ana", "Bo"), seed=4)
    app = make_app(saves, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        slot = next(m.slot for m in legal_moves(game.state) if isinstance(m, PickBuilding))
        await pilot.press(str(slot + 1))
        assert game.state.phase == "building_kingdom"
        assert "choose the kingdom" in await shown(pilot)
        await pilot.press("escape")
        assert game.state.phase == "action" and game.session.position == 0
        assert game.state.market[slot] >= 0  # the card is back in its slot
        await pilot.press("escape")  # nothing more to step back within the turn
        assert "nothing chosen yet" in await shown(pilot)
        assert screen is app.screen


@aio
async def test_tab_shows_the_other_players_kingdoms(saves: Path) -> None:
    game = new_game(saves, ("Ana", "Bo"), seed=4)
    app = make_app(saves, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        me = game.state.current
        await pilot.press("tab")
        assert screen.view_seat == 1 - me  # type: ignore[attr-defined]
        assert f"Viewing {game.state.players[1 - me].name}'s kingdoms" in await shown(pilot)
        await pilot.press("tab")
        assert screen.view_seat is None  # type: ignore[attr-defined]


@aio
async def test_clicking_a_slot_and_a_row_plays_them(saves: Path) -> None:
    game = new_game(saves, ("Ana",), seed=8)
    app = make_app(saves, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        slot = next(m.slot for m in legal_moves(game.state) if isinstance(m, PickBuilding))
        market = app.screen.query_one("#market")
        x = next(x0 for y0, y1, x0, x1, key in market._regions if key == ("slot", slot))
        await pilot.click("#market", offset=(x + 2, 2))
        assert game.state.phase == "building_kingdom"
        rows = app.screen.query_one("#kingdoms")
        legal_rows = [m.row for m in legal_moves(game.state)]  # type: ignore[attr-defined]
        await pilot.click("#kingdoms", offset=(20, legal_rows[-1] * 3))
        assert game.state.phase != "building_kingdom"
        assert len(game.state.players[0].kingdoms[legal_rows[-1]].buildings) >= 1
        assert rows is app.screen.query_one("#kingdoms")


@aio
async def test_a_computer_seat_plays_its_turns_in_a_worker(saves: Path) -> None:
    from norsewind_tui.rules import GameConfig
    from norsewind_tui.tui.adapter import Library

    library = Library(str(saves), profile="tester")
    seats = [library.seat("Ana"), library.seat("Hal", "computer", "easy")]
    game = library.create(GameConfig(players=("Ana", "Hal")), 12, seats)
    app = make_app(saves, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        movers = set()
        for _ in range(4000):
            if type(app.screen).__name__ != "GameScreen":
                break
            state = game.state
            if state.current == 1:
                movers.add(1)
                await pilot.pause(0.01)  # the computer decides on its own; the keys are not needed
                if game.state is state:
                    assert "(computer) is thinking" in await shown(pilot) or game.state is not state
            else:
                movers.add(0)
                await pilot.press("enter")
        assert type(app.screen).__name__ == "EndScreen"
        s = game.session
        deciders = {s.states[i].current for i in range(s.position)}
        assert deciders == {0, 1}  # both seats decided: Ana by keys, Hal by the worker
        assert 0 in movers
        # R25: a finished game is final; u on the score pad says so and takes nothing back
        position = s.position
        await pilot.press("u")
        await pilot.pause()
        assert type(app.screen).__name__ == "EndScreen"
        assert game.session.position == position and game.state.is_over
        assert "Not undone: the game is finished and its result recorded" in await shown(pilot)


@aio
async def test_the_command_palette_offers_the_game_commands(saves: Path) -> None:
    game = new_game(saves, ("Ana", "Bo"), seed=4)
    app = make_app(saves, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        slot = next(m.slot for m in legal_moves(game.state) if isinstance(m, PickBuilding))
        await pilot.press(str(slot + 1))
        assert game.session.position == 1
        await pilot.press("ctrl+p")
        await pilot.press(*"undo")
        await pilot.pause(0.3)
        assert "Undo" in await shown(pilot)
        await pilot.press("enter")
        await pilot.pause(0.1)
        assert game.session.position == 0
        titles = {title for title, _help, _cb in app.screen.palette_commands()}  # type: ignore[attr-defined]
        assert {"Undo", "Redo", "Choose", "Back", "Help", "Quit", "Save as", "Players", "Log"} <= titles


@aio
async def test_both_variants_hot_seat_to_the_end(saves: Path) -> None:
    """Variants: each player places the starting card (within the tile), 4 random tiles."""
    game = new_game(saves, ("Ana", "Bo", "Cy"), seed=41, start_choice=True, random_tiles=True)
    assert game.state.phase == "place_start"
    app = make_app(saves, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "choose the kingdom for your starting card" in await shown(pilot)
        await pilot.press("3")  # the first player's starting card goes to Mercia
        assert any(len(k.buildings) == 1 for k in game.state.players[game.state.start_player].kingdoms)
        await play_out(pilot)
        assert type(app.screen).__name__ == "EndScreen"
        assert game.state.is_over


@aio
async def test_watching_a_game_another_session_holds(saves: Path) -> None:
    holder = new_game(saves, ("Ana", "Bo"), seed=42)
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", "enter")
        assert type(app.screen).__name__ == "ConfirmScreen"  # it is locked: watch it?
        await pilot.press("y")
        assert type(app.screen).__name__ == "GameScreen"
        watched = app.screen.game  # type: ignore[attr-defined]
        assert watched.read_only
        assert "Watching (read-only)" in await shown(pilot)
        await pilot.press("enter", "u")
        assert watched.session.position == 0  # keys change nothing
        holder.push(legal_moves(holder.state)[0])
        await pilot.pause(1.3)
        assert watched.session.position == 1  # the holder's decision shows up
    holder.close()


@aio
async def test_the_vikings_turn_appears_in_the_log_step_by_step(saves: Path) -> None:
    game = new_game(saves, ("Ana",), seed=43)
    app = make_app(saves, game=game, delay=2.0)  # a beat of 1 s between the steps
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.screen.query_one("#log")
        turn = game.state.turn
        while game.state.turn == turn:
            await pilot.press("enter")
        lines = log.plain_lines  # type: ignore[attr-defined]
        assert not any("Viking ship moves" in line for line in lines)  # not yet: a beat later
        await pilot.pause(1.4)
        lines = log.plain_lines  # type: ignore[attr-defined]
        assert any("The Viking ship moves" in line for line in lines)
        assert not any("The Vikings take" in line or "takes nothing" in line for line in lines)
        await pilot.pause(1.2)
        lines = log.plain_lines  # type: ignore[attr-defined]
        ship = next(i for i, line in enumerate(lines) if "The Viking ship moves" in line)
        assert any("The Vikings take" in line or "empty slot" in line for line in lines[ship + 1 :])
