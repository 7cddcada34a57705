"""Whole games played from key presses alone, and the decisions' feedback."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from textual.command import CommandList, CommandPalette
from textual.widgets import Input
from textual.worker import WorkerState

from norsewind_tui.rules import final_result, legal_moves
from norsewind_tui.rules.cards import CardDB
from norsewind_tui.rules.events import VIKINGS_TURN, Event
from norsewind_tui.rules.moves import ChooseKingdom, PickBuilding
from norsewind_tui.tui.messages import GameChanged
from norsewind_tui.tui.screens.new_game import NewGameScreen
from norsewind_tui.tui.summaries import summaries
from norsewind_tui.tui.widgets.log import GameLog
from norsewind_tui.tui.widgets.market import MarketView
from norsewind_tui.tui.widgets.prompt import PromptLine

from .helpers import aio, first_pick, make_app, new_game, pick_a_building, play_out, playing, running, shown
from .screens import game_screen, on_screen
from .waits import Gate, Seen, until


@aio
async def test_solo_game_from_the_title_screen_to_the_score_pad(saves: Path) -> None:
    app = make_app(saves, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        assert type(app.screen).__name__ == "TitleScreen"
        await pilot.press("n")
        assert type(app.screen).__name__ == "NewGameScreen"
        await pilot.press("ctrl+s")
        assert type(app.screen).__name__ == "GameScreen"
        game = game_screen(app).game
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
        listed = summaries(app.context.own_games())
        assert [g.finished for g in listed if g.name == game.name] == [True]
        # and recorded in the profile: the progress page shows it
        await pilot.press("escape", "p")
        text = await shown(pilot)
        assert type(app.screen).__name__ == "CampaignScreen"
        assert f"you {result.scores[0]} - Vik {result.vikings}" in text
        assert f"seed {game.state.seed}" in text


@aio
async def test_two_player_hot_seat_game_to_the_score_pad(saves: Path) -> None:
    app = make_app(saves, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        # players: focus the count, open it, pick 2
        await pilot.press("shift+tab", "enter", "down", "enter")
        assert on_screen(app, NewGameScreen).players == 2
        await pilot.press("tab")  # the first name
        await pilot.press("ctrl+a", "ctrl+k", *"Ana", "tab", "tab", "ctrl+a", "ctrl+k", *"Bo")
        await pilot.press("ctrl+s")
        assert type(app.screen).__name__ == "GameScreen"
        game = game_screen(app).game
        assert tuple(p.name for p in game.state.players) == ("Ana", "Bo")
        seen_players: set[int] = set()
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
        lines = [line.strip(" │") for line in text.splitlines()]
        # the pad's header and its Total row: each player's final score under their name
        assert next(line for line in lines if line.startswith("Score pad")).split() == ["Score", "pad", "Ana", "Bo"]
        assert next(line for line in lines if line.startswith("Total")).split() == ["Total", *map(str, result.scores)]
        assert len(result.winners) == 1 and not result.tie_break  # this deal has one clear winner
        assert f"{winner} wins with {max(result.scores)} points." in lines


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
    async with running(saves, game) as (_app, pilot):
        before = game.session.position
        await pilot.press(str(blocked[0] + 1))
        text = await shown(pilot)
        assert "Not allowed: the Inn" in text and "costs" in text
        assert game.session.position == before


@aio
async def test_escape_steps_back_within_the_turn(saves: Path) -> None:
    async with playing(saves, ("Ana", "Bo"), 4) as (game, app, pilot):
        screen = app.screen
        slot = first_pick(game)
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
    async with playing(saves, ("Ana", "Bo"), 4) as (game, app, pilot):
        screen = game_screen(app)
        me = game.state.current
        await pilot.press("tab")
        assert screen.view_seat == 1 - me
        assert f"Viewing {game.state.players[1 - me].name}'s kingdoms" in await shown(pilot)
        await pilot.press("tab")
        assert screen.view_seat is None


@aio
async def test_clicking_a_slot_and_a_row_plays_them(saves: Path) -> None:
    async with playing(saves, ("Ana",), 8) as (game, app, pilot):
        slot = first_pick(game)
        market = app.screen.query_one("#market", MarketView)
        x = next(x0 for y0, y1, x0, x1, key in market._regions if key == ("slot", slot))
        await pilot.click("#market", offset=(x + 2, 2))
        assert game.state.phase == "building_kingdom"
        rows = app.screen.query_one("#kingdoms")
        kingdoms = legal_moves(game.state)
        legal_rows = [m.row for m in kingdoms if isinstance(m, ChooseKingdom)]
        assert len(legal_rows) == len(kingdoms)  # placing the card: every choice is a kingdom
        await pilot.click("#kingdoms", offset=(20, legal_rows[-1] * 3))
        assert game.state.phase != "building_kingdom"
        assert len(game.state.players[0].kingdoms[legal_rows[-1]].buildings) >= 1
        assert rows is app.screen.query_one("#kingdoms")


@aio
async def test_a_computer_seat_plays_its_turns_in_a_worker(saves: Path, gate: Gate) -> None:
    # the gate: each of Hal's decisions waits in its worker until the test lets it through
    seen = Seen(GameChanged)
    async with playing(saves, ("Ana", "Hal"), 12, hook=seen, computers={"Hal": "easy"}) as (game, app, pilot):
        prompt = app.screen.query_one(PromptLine)
        hal_decisions = 0
        for _ in range(4000):
            if type(app.screen).__name__ != "GameScreen":
                break
            state = game.state
            if state.current == 0:
                await pilot.press("enter")
                continue
            # Hal's worker is thinking (held at the gate): the prompt says so, the keys are not needed
            assert await gate.asked() is state
            assert prompt.prompt == "Hal (computer) is thinking..."
            assert "Hal (computer) is thinking..." in await shown(pilot)
            await pilot.press("enter")  # not Ana's decision: changes nothing
            assert game.state is state
            moved = seen.counts[GameChanged]
            gate.release()
            await seen.next(pilot, GameChanged, moved)
            assert game.session.states[game.session.position - 1] is state  # Hal's move is played
            hal_decisions += 1
        assert type(app.screen).__name__ == "EndScreen"
        s = game.session
        deciders = {s.states[i].current for i in range(s.position)}
        assert deciders == {0, 1}  # both seats decided: Ana by keys, Hal by the worker
        assert hal_decisions == sum(s.states[i].current == 1 for i in range(s.position))
        # R25: a finished game is final; u on the score pad says so and takes nothing back
        position = s.position
        await pilot.press("u")
        await pilot.pause()
        assert type(app.screen).__name__ == "EndScreen"
        assert game.session.position == position and game.state.is_over
        assert "Not undone: the game is finished and its result recorded" in await shown(pilot)


@aio
async def test_the_command_palette_offers_the_game_commands(saves: Path) -> None:
    async with playing(saves, ("Ana", "Bo"), 4) as (game, app, pilot):
        await pick_a_building(pilot, game)
        assert game.session.position == 1
        await pilot.press("ctrl+p")
        await pilot.press(*"undo")
        palette = app.screen
        assert isinstance(palette, CommandPalette)
        # the search runs in a worker (one per key, each cancelling the last, so a search awaited may
        # end cancelled): wait until the four keys are typed and no search is left to run
        searching = (WorkerState.PENDING, WorkerState.RUNNING)

        def searched() -> bool:
            workers = [w for w in app.workers if w.group == palette._GATHER_COMMANDS_GROUP]
            return palette.query_one(Input).value == "undo" and not any(w.state in searching for w in workers)

        await until(pilot, searched, "the palette's search")
        await pilot.pause()
        hits = palette.query_one(CommandList)
        assert hits.option_count >= 1 and hits.highlighted == 0
        assert str(hits.get_option_at_index(0).prompt).startswith("Undo")
        assert "Undo" in await shown(pilot)
        await pilot.press("enter")  # the palette closes, then runs the command
        await until(pilot, lambda: type(app.screen).__name__ == "GameScreen", "the palette to close")
        await until(pilot, lambda: game.session.position == 0, "the undo")
        titles = {title for title, _help, _cb in game_screen(app).palette_commands()}
        assert {"Undo", "Redo", "Choose", "Back", "Help", "Quit", "Save as", "Players", "Log"} <= titles


@aio
async def test_both_variants_hot_seat_to_the_end(saves: Path) -> None:
    """Variants: each player places the starting card (within the tile), 4 random tiles."""
    async with playing(saves, ("Ana", "Bo", "Cy"), 41, start_choice=True, random_tiles=True) as (game, app, pilot):
        assert game.state.phase == "place_start"
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
        await pilot.press("r")
        await until(pilot, lambda: type(app.screen).__name__ == "ResumeScreen", "the saved games")
        await pilot.press("enter")
        # a loaded machine may take a while to find the game held: nothing else may come up meanwhile
        await until(pilot, lambda: type(app.screen).__name__ != "ResumeScreen", "the saved game to be opened")
        assert type(app.screen).__name__ == "ConfirmScreen"  # it is locked: watch it?
        await pilot.press("y")
        await until(pilot, lambda: type(app.screen).__name__ != "ConfirmScreen", "the answer to be taken")
        assert type(app.screen).__name__ == "GameScreen"
        watched = game_screen(app).game
        assert watched.read_only
        assert "Watching (read-only)" in await shown(pilot)
        await pilot.press("enter", "u")
        assert watched.session.position == 0  # keys change nothing
        move = legal_moves(holder.state)[0]
        holder.push(move)
        # the watcher polls the save: its next poll picks up the holder's new generation
        await until(pilot, lambda: watched.session.position == 1, "the watcher to pick up the decision")
        assert watched.session.moves[0] == move  # the holder's decision shows up
        assert watched.state == holder.state
    holder.close()


@aio
async def test_the_vikings_turn_appears_in_the_log_step_by_step(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(saves, ("Ana",), seed=43)
    app = make_app(saves, game=game, delay=2.0)  # a beat of 1 s between the steps
    beat = 1.0
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen(app)
        log = screen.query_one(GameLog)
        batches: list[tuple[float, list[Event]]] = []  # what reached the log at once, and when
        add_events = log.add_events

        def recorded(events: list[Event], names: tuple[str, ...], db: CardDB) -> None:
            batches.append((time.monotonic(), list(events)))
            add_events(events, names, db)

        monkeypatch.setattr(log, "add_events", recorded)
        turn = game.state.turn
        while game.state.turn == turn:
            await pilot.press("enter")
        s = game.session
        events = s.events[s.position - 1]  # the decision that ended the turn, then the Vikings' turn
        first = next(i for i, e in enumerate(events) if e.kind in VIKINGS_TURN)
        assert events[first].kind == "ship_moved" and len(events) - first >= 2
        await until(pilot, lambda: not screen.game_log.late_events, "the Vikings' steps")
        # the decision's own events at once, then each of the Vikings' steps alone, a beat apart
        mine = next(i for i, (_t, batch) in enumerate(batches) if batch == events[:first])
        later = batches[mine + 1 :]
        assert [batch for _t, batch in later] == [[e] for e in events[first:]]
        started = batches[mine][0]
        for step, (at, _batch) in enumerate(later, start=1):
            assert at - started >= step * beat - 0.05  # timers never fire early; load only delays them
        lines = log.plain_lines
        ship = next(i for i, line in enumerate(lines) if "The Viking ship moves" in line)
        # this deal: the ship moves, the Vikings take the card it lands on, its slot is refilled
        assert [e.kind for e in events[first:]] == ["ship_moved", "vikings_took", "revealed"]
        assert lines[ship + 1].startswith("  The Vikings take the ")
