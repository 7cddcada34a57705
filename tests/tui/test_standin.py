"""Issue 13, seats that never stall: the table screen's worker plays for a player who is away (its
clock is a ``ManualClock`` given to the screen), the log marks the stand-in's decisions, the score pad
counts them; X (leave) asks first."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from computer_turns import play_computer
from textual.widgets import Select

from norsewind_tui.bots.registry import make_bot
from norsewind_tui.rules.moves import Move
from norsewind_tui.rules.state import State
from norsewind_tui.storage.clock import ManualClock
from norsewind_tui.storage.presence import PresenceHandle, PresenceStore
from norsewind_tui.storage.standin import STANDIN_BOT, StandIn
from norsewind_tui.storage.tables import SharedTable, TableStore
from norsewind_tui.tui.messages import GameChanged
from norsewind_tui.tui.screens.dialogs import ConfirmScreen
from norsewind_tui.tui.screens.end import ScorePad
from norsewind_tui.tui.screens.table import TableEndScreen, TableScreen
from norsewind_tui.tui.widgets.log import GameLog
from norsewind_tui.tui.widgets.prompt import PromptLine, StatusLine
from norsewind_tui.words import past

from .helpers import aio, make_app, new_table_form, screen_text
from .layout import layout_problems
from .screens import on_screen
from .waits import Seen, until

START = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
SIZE = (80, 24)


def quick(seat: int, bot: str, state: State) -> Move:
    return make_bot("random", seed=seat).decide(state)


def table_of_three(saves: Path, clock: ManualClock) -> tuple[list[SharedTable], dict[str, PresenceHandle]]:
    """alice, bob and carol at "friday" (stand-in after 15 minutes, the default for three), all present;
    they play (first choice) until it is bob's turn."""
    store = TableStore(saves)
    alice = store.create("alice", ["me", "open", "open"], seed=7, name="friday")
    tables = [alice]
    for who in ("bob", "carol"):
        t = store.open("friday", who)
        t.join()
        tables.append(t)
    here = {}
    for t in tables:
        here[t.identity] = PresenceStore(saves, clock).enter(t.identity)
        here[t.identity].at_table("friday")
    while True:
        for t in tables:
            t.poll()
        if alice.state.current == 1 and alice.session.position > 0:
            return tables, here
        mover = next(t for t in tables if t.is_my_turn())
        mover.push(mover.legal_moves()[0])


@aio
async def test_the_table_screen_plays_for_a_player_away_and_marks_it_in_the_log(saves: Path) -> None:
    clock = ManualClock(START)
    (alice, _, _), here = table_of_three(saves, clock)
    here["bob"].leave()  # 09:00
    clock.advance(minutes=14)
    here["carol"].beat()
    here["alice"].beat()
    seen = Seen(GameChanged)
    app = make_app(saves)
    async with app.run_test(size=SIZE, message_hook=seen) as pilot:
        screen = TableScreen(TableStore(saves).open("friday", "alice"), clock=clock)
        await app.push_screen(screen)
        await pilot.pause()
        prompt = screen.query_one(PromptLine).prompt
        assert prompt == "[Viewing your kingdoms; tab] bob is away since 09:00; the computer plays for bob in 1 min."
        assert not layout_problems(app), screen_text(app)  # nothing cut off at 80x24
        assert screen.table.session.position == alice.session.position  # 14 minutes: the table waits
        clock.advance(seconds=30)
        here["carol"].beat()
        here["alice"].beat()
        screen.wake_worker()  # the timer's call: the prompt follows the clock
        await pilot.pause()
        assert "bob is away since 09:00; the computer plays for bob in 1 min." in screen.query_one(PromptLine).prompt
        assert screen.table.session.position == alice.session.position
        clock.advance(seconds=30)
        here["carol"].beat()
        here["alice"].beat()
        screen.wake_worker()  # the timer's call: time passed with no file changing
        await seen.next(pilot, GameChanged, 0)
        await until(pilot, lambda: screen.state.current != 1, "the stand-in to finish bob's turn")
        view = screen.table.view
        marked = view.by_computer(1)
        assert marked and marked[0] == alice.session.position
        first = view.session.events[marked[0]][0]
        names = ("alice", "bob", "carol")
        text = past(first, names, screen.db)
        assert text.startswith("bob took the ")
        assert f"Computer for bob: {text.removeprefix('bob ')}" in screen.query_one(GameLog).plain_lines


@aio
async def test_the_score_pad_says_how_many_decisions_the_computer_played(saves: Path) -> None:
    """A finished table where the computer stood in for bob: his line on the score pad, assisted."""
    clock = ManualClock(START)
    (alice, bob, carol), here = table_of_three(saves, clock)
    here["bob"].leave()
    clock.advance(minutes=15)
    for who in ("alice", "carol"):
        here[who].beat()
    standin = StandIn(PresenceStore(saves, clock).away_since, clock)
    while not alice.finished:
        for t in (alice, bob, carol):
            t.poll()
        mover = next((t for t in (alice, carol) if t.is_my_turn()), None)
        if mover is not None:
            mover.push(mover.legal_moves()[0])
        else:
            assert play_computer(alice, quick, standin=standin)
    n = len(alice.view.by_computer(1))
    assert n >= 4 and alice.view.assisted_seats == (1,)
    app = make_app(saves)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(TableEndScreen(TableStore(saves).open("friday", "alice")))
        await pilot.pause()
        pad = app.screen.query_one(ScorePad)
        assert pad.notes == (f"bob: played by the computer: {n} decisions (assisted result).",)


@aio
async def test_x_asks_before_leaving_the_table_for_good(saves: Path) -> None:
    clock = ManualClock(START)
    (_, bob, _), _ = table_of_three(saves, clock)
    app = make_app(saves)
    async with app.run_test(size=SIZE) as pilot:
        screen = TableScreen(TableStore(saves).open("friday", "bob"), clock=clock)
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.press("X")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question == "Leave the table friday for good? Seat 2: the computer plays it."
        await pilot.press("n")
        await pilot.pause()
        shown: object = app.screen  # (mypy keeps the ConfirmScreen narrowing otherwise)
        assert shown is screen and screen.table.seat == 1
        await pilot.press("X", "y")
        await until(pilot, lambda: bob.poll() and bob.seat is None, "bob's seat to go to the computer")
        assert bob.seats[1].kind == "computer" and bob.view.who(1) == "bob (computer)"


@aio
async def test_r_asks_then_gives_the_seat_of_a_player_away_to_the_computer(saves: Path) -> None:
    """The table's creator removes bob, away for a minute (it is carol's turn: nothing the computer
    does follows at once); the question names him, the change is said, the file has the computer."""
    clock = ManualClock(START)
    (_, bob, carol), here = table_of_three(saves, clock)
    while bob.state.current == 1:  # bob ends his turn, then goes away
        bob.push(bob.legal_moves()[0])
    here["bob"].leave()
    clock.advance(minutes=1)
    for who in ("alice", "carol"):
        here[who].beat()
    app = make_app(saves)
    async with app.run_test(size=SIZE) as pilot:
        screen = TableScreen(TableStore(saves).open("friday", "alice"), clock=clock)
        await app.push_screen(screen)
        await pilot.pause()
        assert screen.state.current == 2
        await pilot.press("R")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert on_screen(app, ConfirmScreen).question == (
            "Remove bob, who is away, from friday? "
            "Their seat goes to the computer (before the first decision: it opens again)."
        )
        await pilot.press("y")
        said = f"Bob left; the computer ({STANDIN_BOT}) plays seat 2 from now on."
        await until(pilot, lambda: screen.query_one(StatusLine).message == said, "the change said")
    carol.poll()
    assert (carol.seats[1].kind, carol.view.who(1)) == ("computer", "bob (computer)")


@aio
async def test_the_new_table_form_offers_the_standin_with_its_defaults(saves: Path, as_alice: str) -> None:
    """Issue 13: off for two seats, 15 minutes for three and four; a value picked by the player stays
    when the seat count changes; ctrl+s writes it; nothing is cut off at 80x24 with four seats."""
    app = make_app(saves)
    async with app.run_test(size=SIZE) as pilot:
        form = await new_table_form(app, pilot)
        seats, standin = form.query_one("#table-seats", Select), form.query_one("#table-standin", Select)
        assert standin.value == 0
        seats.value = 3
        await pilot.pause()
        assert standin.value == 15
        seats.value = 4
        await pilot.pause()
        assert standin.value == 15
        assert not layout_problems(app), screen_text(app)
        assert "Computer plays for a player away 15 min" in screen_text(app)
        standin.value = 60
        await pilot.pause()
        seats.value = 2
        await pilot.pause()
        assert standin.value == 60  # the player's choice
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table screen")
        table = TableStore(saves).open("alice-table", "alice")
        assert (table.view.standin, table.meta.creator, len(table.seats)) == (60, "alice", 2)
