"""Hints (issue 5, "In the app"): h points at the hard bot's move and says why; computer seats; undo.

The hint runs in a worker thread; these tests wait for its message
(``HintReady``, ``HintFailed``) and hold the computer's decisions at a gate,
never time them (the latency is measured by hand, see the report).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.notifications import Notify
from textual.pilot import Pilot

from norsewind_tui import play, words
from norsewind_tui.bots import hint
from norsewind_tui.bots.registry import steady_bot
from norsewind_tui.rules import legal_moves
from norsewind_tui.rules.moves import PickBuilding
from norsewind_tui.storage.context import AppContext
from norsewind_tui.tui.messages import GameChanged, HintReady
from norsewind_tui.tui.screens.game import GameScreen
from norsewind_tui.tui.targets import key_of

from .helpers import PROFILE, aio, first_pick, make_app, new_game, playing, running, shown
from .screens import game_screen, opened
from .waits import WAIT, Gate, Seen, shows_latest, until


def status(app: Any) -> str:
    return str(app.screen.query_one("#status").message)


async def hinted(pilot: Pilot[Any], seen: Seen) -> str:
    """Press h and wait for the hint's answer to be handled; the status line then."""
    answered = seen.counts[HintReady]
    await pilot.press("h")
    await seen.next(pilot, HintReady, answered)
    return status(pilot.app)


@aio
async def test_h_points_at_the_expert_players_move_and_plays_nothing(saves: Path) -> None:
    seen = Seen(HintReady, GameChanged)
    async with playing(saves, ("Ana",), 21, hook=seen) as (game, app, pilot):
        screen: Any = app.screen
        first = play.ask(game.state, game.state.current)
        expert = steady_bot("expert")
        assert first.move == hint(game.state, game.state.current, expert).move  # the first hint is the expert's
        assert len(first.plan) >= 3
        for decision in range(3):  # a card, its kingdom, a supply
            state = game.state
            position = game.session.position
            if decision == 0:  # the turn's first hint is searched for, in a worker
                text = await hinted(pilot, seen)
            else:  # the next ones follow the plan it announced: said at once, no new search
                await pilot.press("h")
                text = status(app)
            # issue 11 section 4: within the turn, each hint is the next step of the plan the first one announced
            expected = first.plan[decision]
            assert expected in legal_moves(state)
            assert screen.cursor == key_of(expected)  # the cursor is on the hinted choice
            assert game.session.position == position and game.state is state  # nothing played
            assert text.startswith("Hint: " + words.move_words(state, expected, first.plan[decision:], screen.db))
            assert "worked out again" not in text
            assert not game.assisted
            await pilot.press("enter")  # play the hinted choice: the cursor is on it
            assert game.session.position == position + 1
            assert game.session.moves[position] == expected
            if decision < 2:  # the cursor waits on the plan's next step
                assert screen.cursor == key_of(first.plan[decision + 1])
        assert seen.counts[HintReady] == 1  # one search for the turn; the plan was followed after it
        assert screen.hints.hint_for is None  # every hint asked for was answered: none is pending


@aio
async def test_a_hint_after_a_resume_mid_turn_continues_the_turns_plan(saves: Path) -> None:
    """Issue 27: the plan is kept with the game (its record): resumed after the turn's first
    decision, h says the plan's next step, as it would have without the resume."""
    game = new_game(saves, ("Ana",), seed=21)
    plan = play.ask(game.state, game.state.current).plan
    assert len(plan) >= 3
    game.push(plan[0])  # the player made the plan's first decision, then left
    game.close()
    resumed = AppContext.at(str(saves), profile=PROFILE).games.open(game.name)
    assert resumed.session.position == 1
    seen = Seen(HintReady, GameChanged)
    async with running(saves, resumed, hook=seen) as (app, pilot):
        screen: Any = app.screen
        text = await hinted(pilot, seen)
        state = resumed.state
        assert text.startswith("Hint: " + words.move_words(state, plan[1], plan[1:], screen.db))
        assert "worked out again" not in text
        assert screen.cursor == key_of(plan[1])
        await pilot.press("enter")
        await pilot.press("h")  # the announced plan goes on: said at once, no new search
        assert status(app).startswith("Hint: " + words.move_words(resumed.state, plan[2], plan[2:], screen.db))
        assert seen.counts[HintReady] == 1


@aio
async def test_the_hint_is_in_words_with_its_reason(saves: Path) -> None:
    seen = Seen(HintReady, GameChanged)
    async with playing(saves, ("Ana", "Bo"), 22, hook=seen) as (game, app, pilot):
        state = game.state
        expected = hint(state, state.current)
        assert isinstance(expected.move, PickBuilding)
        text = await hinted(pilot, seen)
        card = game_screen(app).db.name(state.market[expected.move.slot])
        assert text.startswith(f"Hint: take the {card} in slot {expected.move.slot + 1}")
        reason = text.split(": ", 2)[2]
        assert reason and reason.rstrip(".") in expected.reason  # the bots' reason, without repeating the card


def _blocking_ask(monkeypatch: pytest.MonkeyPatch) -> tuple[threading.Event, threading.Event]:
    """Make the hint wait for ``release``; ``finished`` is set when it has answered."""
    release, finished = threading.Event(), threading.Event()
    real = play.ask

    def slow(state: Any, seat: int, turn: Any = None, giver: str = "expert") -> play.HintAnswer:
        release.wait(WAIT)
        try:
            return real(state, seat, turn, giver)
        finally:
            finished.set()

    monkeypatch.setattr(play, "ask", slow)
    return release, finished


@aio
async def test_a_hint_is_ignored_when_the_position_changed_meanwhile(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    release, finished = _blocking_ask(monkeypatch)
    game = new_game(saves, ("Ana", "Bo"), seed=23)
    first = game.state
    stale = hint(first, first.current).move  # what the pending hint will answer
    seen = Seen(HintReady, GameChanged)
    async with running(saves, game, hook=seen) as (app, pilot):
        screen: Any = app.screen
        await pilot.press("h")
        assert "Thinking of a hint" in await shown(pilot)  # at once, before the answer
        mover = first.current
        while game.state.current == mover:  # the player finishes the turn without waiting
            await pilot.press("enter")
        assert game.state.phase == "action"
        # the next player points at a market slot other than the stale hint's
        for _ in range(6):
            if screen.cursor != key_of(stale):
                break
            await pilot.press("right")
        other = screen.cursor
        assert other != key_of(stale) and other[0] == "slot"
        position = game.session.position
        status_before = status(app)
        assert seen.counts[HintReady] == 0
        release.set()
        await seen.next(pilot, HintReady, 0)  # the answer for the old position arrives...
        assert finished.is_set()
        assert screen.cursor == other  # ... and moves nothing
        assert status(app) == status_before
        assert game.session.position == position
        # a new h gives the hint for the position now
        text = await hinted(pilot, seen)
        assert screen.cursor == key_of(hint(game.state, game.state.current).move)
        assert text.startswith("Hint:")


@aio
async def test_undo_drops_a_pending_hint(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    release, finished = _blocking_ask(monkeypatch)
    game = new_game(saves, ("Ana", "Bo"), seed=24)
    slot = first_pick(game)
    game.push(PickBuilding(slot))
    seen = Seen(HintReady, GameChanged)
    async with running(saves, game, hook=seen) as (app, pilot):
        screen: Any = app.screen
        await pilot.press("h", "u")  # ask, then take the card back before the answer
        assert game.session.position == 0
        cursor = screen.cursor
        status_before = status(app)
        release.set()
        await seen.next(pilot, HintReady, 0)  # the answer for the undone position arrives
        assert finished.is_set()
        assert screen.cursor == cursor and status(app) == status_before


@aio
async def test_no_hint_on_a_computers_turn_when_watching_or_when_over(saves: Path, gate: Gate) -> None:
    # a computer's turn: Hal's decision is held at the gate while h is pressed; h says why not
    seen = Seen(HintReady, GameChanged)
    async with playing(saves, ("Ana", "Hal"), 25, hook=seen, computers={"Hal": "easy"}) as (game, app, pilot):
        while game.state.current == 0:
            await pilot.press("enter")
        assert game.state.current == 1
        state = game.state
        assert await gate.asked() is state  # Hal is thinking
        await pilot.press("h")
        assert status(app) == "No hint: it is Hal's turn (a computer player)."
        assert "No hint: it is Hal's turn (a computer player)." in await shown(pilot)
        assert game.state is state and seen.counts[HintReady] == 0
        gate.release()
        await seen.next(pilot, GameChanged, 0)
        assert game.session.states[game.session.position - 1] is state  # then Hal decides
    gate.open()  # no decision of Hal's left waiting
    game.close()
    # watching a game another session holds
    holder = new_game(saves, ("Ana", "Bo"), seed=26)
    watched = AppContext.at(str(saves), profile=PROFILE).games.open(holder.name, read_only=True)
    async with running(saves, watched) as (app, pilot):
        await pilot.press("h")
        assert "No hint while watching" in await shown(pilot)
        assert game_screen(app).hints.hint_for is None
    holder.close()
    # the game is over: the score pad says so
    over = new_game(saves, ("Ana",), seed=27)
    while not over.state.is_over:
        over.push(legal_moves(over.state)[0])
    app = make_app(saves, game=over)
    notices = Seen(Notify)  # a notification leaves app._notifications after a few seconds
    async with app.run_test(size=(80, 24), message_hook=notices) as pilot:
        assert type(app.screen).__name__ == "EndScreen"
        await pilot.press("h")
        await until(pilot, lambda: any("The game is over: no hint" in n for n in notices.notified), "the notice")


async def hal_plays(pilot: Pilot[Any], game: Any, gate: Gate, seen: Seen) -> None:
    """Let Hal's decisions through the gate one by one until it is Ana's turn."""
    while game.state.current == 1:
        moved = seen.counts[GameChanged]
        await gate.asked()
        gate.release()
        await seen.next(pilot, GameChanged, moved)


@aio
async def test_each_computer_decision_is_logged_and_undo_goes_back_over_them(saves: Path, gate: Gate) -> None:
    # the gate: Hal decides only when let through, so Ana's turn is over before Hal's begins
    game = new_game(saves, ("Ana", "Hal"), seed=28, computers={"Hal": "easy"})
    app = make_app(saves, game=game, delay=0.3)
    seen = Seen(GameChanged)
    async with app.run_test(size=(80, 24), message_hook=seen) as pilot:
        log: Any = app.screen.query_one("#log")
        await hal_plays(pilot, game, gate, seen)  # if Hal begins
        while game.state.current == 0:
            position = game.session.position
            await pilot.press("enter")
            await until(pilot, lambda p=position: game.session.position > p, "Ana's decision")  # type: ignore[misc]
        mine = game.session.position - 1  # Ana's last decision of the turn
        lines_before = len(log.plain_lines)
        await hal_plays(pilot, game, gate, seen)
        hal = [game.session.moves[i] for i in range(mine + 1, game.session.position)]
        assert len(hal) >= 2  # a card and its kingdom at least
        hal_lines = [line for line in log.plain_lines[lines_before:] if line.startswith("Hal ")]
        assert len(hal_lines) >= len(hal)  # every decision of the computer is in the log
        took = next(line for line in hal_lines if line.startswith("Hal took the "))
        # back to Ana: the status line sums up the computer's turn (the log at 80x24 has 2 lines)
        assert status(app).startswith("Hal (computer): " + took[len("Hal ") :].rstrip(".") + ";")
        await pilot.press("u")
        await until(pilot, lambda: game.session.position == mine or asks_to_confirm(app), "the undo")
        if asks_to_confirm(app):  # Ana's last decision revealed a card
            await pilot.press("y")
            await until(pilot, lambda: game.session.position == mine, "the undo")
        assert game.session.position == mine  # back to Ana's decision, over Hal's moves
        assert game.state.current == 0
        await pilot.pause()
        assert type(app.screen).__name__ == "GameScreen"


def asks_to_confirm(app: Any) -> bool:
    return type(app.screen).__name__ == "ConfirmScreen"


async def new_game_form(pilot: Pilot[Any], players: int) -> Any:
    """The title's new-game form, set to ``players`` seats."""
    await pilot.press("n")
    screen: Any = pilot.app.screen
    screen.query_one("#player-count").value = players
    await pilot.pause()
    return screen


@aio
async def test_any_seat_can_be_a_computer_of_each_strength_from_the_new_game_screen(saves: Path) -> None:
    app = make_app(saves, seed=29)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_game_form(pilot, players=3)
        offered = [value for _label, value in screen.query_one("#kind-1")._options]
        assert offered == ["human", "easy", "normal", "hard", "expert"]  # expert since it met its match
        screen.query_one("#kind-0").value = "easy"  # the first seat too
        screen.query_one("#kind-2").value = "hard"
        await pilot.pause()
        assert screen.query_one("#name-2").value == "Hard bot 3"  # named after who plays it
        screen.query_one("#kind-2").value = "normal"
        await pilot.pause()
        assert screen.query_one("#name-2").value == "Normal bot 3"
        game: Any = (await opened(pilot, "ctrl+s", GameScreen)).game
        assert type(app.screen).__name__ == "GameScreen"
        kinds = [(seat.kind, seat.bot) for seat in game.seats]
        assert kinds == [("computer", "easy"), ("human", None), ("computer", "normal")]
        assert game.state.players[2].name == "Normal bot 3"


@aio
async def test_the_expert_plays_its_seat_in_the_app(saves: Path) -> None:
    """Issue 27: the expert is offered in a seat once it met the shipping rule (docs/BOTS.md), and
    plays a whole turn there as every computer does, in the screen's driver."""
    app = make_app(saves, seed=29)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_game_form(pilot, players=2)
        screen.query_one("#kind-1").value = "expert"
        await pilot.pause()
        assert screen.query_one("#name-1").value == "Expert bot 2"
        game: Any = (await opened(pilot, "ctrl+s", GameScreen)).game
        assert type(app.screen).__name__ == "GameScreen"
        assert [(seat.kind, seat.bot) for seat in game.seats] == [("human", None), ("computer", "expert")]

        def expert_moved() -> bool:
            session = game.session
            return any(session.mover(i) == 1 for i in range(session.position))

        while not expert_moved():  # the person's decisions, one at a time, until the expert has played
            await until(pilot, lambda: expert_moved() or (game.state.current == 0 and shows_latest(app)), "a turn")
            if expert_moved():
                break
            decided = moved_past(game, game.session.position)
            await pilot.press("enter")  # after shows_latest: else the key decides nothing
            await until(pilot, decided, "the person's decision")
        await until(pilot, lambda: game.state.current == 0 or game.state.is_over, "the expert's whole turn")


def moved_past(game: Any, position: int) -> Callable[[], bool]:
    """True once the game has a decision after ``position``."""
    return lambda: game.session.position > position
