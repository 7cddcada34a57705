"""A database outage at a table with a computer seat (issue 38.2): the waiting app (the line mode, the
Textual app) says one Trouble line, waits, and takes its next decision once the real PostgreSQL of
the tests is back; ``who`` meanwhile says it cannot tell where the others are.

The table: alice (seat 1), a computer (seat 2), bob (seat 3, the app).  Everyone decides until it is
alice's turn; the server is stopped while bob's app waits for her (the stand-in is on: 15 minutes at
three seats, so the app looks at whether she is away).  Once it is started again, alice decides until
the computer is to move: bob's app plays the computer's decision.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest
from lines.pty_lines import APP, LinePty, line_env
from pgserver import PgServer
from tables.conftest import decide
from tables.test_lobby import aio
from tui.screens import table_screen
from tui.waits import Seen, until

from norsewind_tui.options import Options
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.errors import StoreUnreachable
from norsewind_tui.storage.pg.home import home
from norsewind_tui.storage.pg.presence import DbPresenceStore
from norsewind_tui.storage.tables import SharedTable
from norsewind_tui.tui.app import NorsewindApp
from norsewind_tui.tui.messages import GameChanged
from norsewind_tui.tui.widgets.players import PlayersBar
from norsewind_tui.tui.widgets.prompt import StatusLine

T = TypeVar("T")
NAME = "friday"


def again(work: Callable[[], T]) -> T:
    """``work``, once more if the first try found this process's connection lost by the restart."""
    try:
        return work()
    except StoreUnreachable:
        return work()


def the_table(saves: Path, url: str) -> tuple[SharedTable, SharedTable]:
    """alice's and bob's handles (this process's own connection: ``url`` with a query of its own)."""
    tables = AppContext(Options(saves=str(saves), database=url + "&connect_timeout=9")).tables
    alice = tables.create("alice", ["me", "normal", "open"], seed=5, name=NAME)
    bob = tables.open(NAME, "bob")
    assert bob.join() == 2
    return alice, bob


def to_alice(alice: SharedTable, bob: SharedTable) -> None:
    """Everyone decides (the first choice; the computer as the app would) until it is alice's turn."""
    while True:
        alice.poll()
        state = alice.state
        if state.current == 0 and alice.session.position:
            return
        if alice.seats[state.current].kind == "computer":
            alice.computer_step(decide)
        else:
            mover = alice if alice.is_my_turn() else bob
            mover.poll()
            mover.push(mover.legal_moves()[0])


def alice_to_the_computer(alice: SharedTable) -> None:
    """alice decides (the first choice) until the computer is to move."""
    while True:
        again(alice.poll)
        if alice.seats[alice.state.current].kind == "computer":
            return
        again(lambda: alice.push(alice.legal_moves()[0]))


@pytest.fixture
def restarted(pg_server: PgServer) -> Iterator[PgServer]:
    """The server, started again at the end whatever the test did to it."""
    yield pg_server
    if not (pg_server.data / "postmaster.pid").exists():
        pg_server.pg_ctl("start")


def test_the_line_mode_waits_out_an_outage_and_plays_on(saves: Path, pg_url: str, restarted: PgServer) -> None:
    alice, bob_handle = the_table(saves, pg_url)
    to_alice(alice, bob_handle)
    bob = LinePty([*APP, "play", "--lines"], line_env(saves, "bob", NORSEWIND_DATABASE=pg_url))
    try:
        bob.expect_text("6. Shared tables")  # the line menu's numbers are fixed (issue 39.5)
        bob.send("6")
        bob.expect_text(f"1. {NAME}: ")
        bob.send("1")
        bob.expect_text(f"At the table {NAME}, seat 3.")
        bob.expect_text("Waiting: it is alice's turn")
        before_stop = bob.read_to
        restarted.pg_ctl("stop")
        bob.send("who")  # wakes the wait: the look that follows finds the database gone
        told = bob.expect(lambda line: line.startswith("Cannot tell where"), "who's answer")
        assert bob.lines[told] == "Cannot tell where the others are: the database cannot be reached."
        # The one Trouble line comes before who's answer or after it: the wait's own look may find the
        # database gone before the word is read (CI saw it so), so it is looked for since the stop.
        bob.read_to = before_stop
        trouble = bob.expect_text("Trouble: ")
        bob.read_to = max(trouble, told) + 1
        bob.send("who")  # a second look, still without the database: no second Trouble line
        bob.expect(lambda line: line.startswith("Cannot tell where"), "who's second answer")
        restarted.pg_ctl("start")
        alice_to_the_computer(alice)
        bob.ask()  # the computer played (bob's app did), then it is bob's turn
        alice.poll()
        assert alice.state.current == 2
        troubles = [line for line in bob.lines if line.startswith("Trouble: ")]
        assert len(troubles) == 1, troubles
        assert bob.proc.poll() is None
        bob.end_input()
        assert bob.finish() == 0
    finally:
        bob.close()


def status(app: NorsewindApp) -> str:
    message: str = app.screen.query_one(StatusLine).message
    return message


@aio
async def test_the_app_waits_out_an_outage_and_plays_on(
    saves: Path, pg_url: str, restarted: PgServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob_handle = the_table(saves, pg_url)
    to_alice(alice, bob_handle)
    DbPresenceStore(home(pg_url + "&connect_timeout=9")).enter("alice").at_table(NAME)  # alice is there
    monkeypatch.setenv("NORSEWIND_PLAYER", "bob")
    context = AppContext(Options(saves=str(saves), database=pg_url, profile="bob"))
    app = NorsewindApp(context, seed=5, computer_delay=0.0, theme="norsewind")
    seen = Seen(GameChanged)
    async with app.run_test(size=(80, 24), message_hook=seen) as pilot:
        app.open_table(context.tables.open(NAME, "bob"))
        await until(pilot, lambda: type(app.screen).__name__ == "TableScreen", "the table")
        await until(pilot, lambda: app.session.around is not None and app.session.around.of("alice").present, "alice")
        restarted.pg_ctl("stop")
        # the app's look fails (alice can no longer be seen present); then the stand-in's look (its
        # timer's, every 5 s: now) asks the database when she went away
        await until(pilot, lambda: app.session.around is not None and app.session.around.problems, "a failed look")
        screen = table_screen(app)
        screen.wake_worker()
        await until(pilot, lambda: status(app).startswith("Trouble: "), "the Trouble line")
        assert screen.query_one(PlayersBar).tags == {0: "(?)"}  # alice: not "(away)", nobody can tell
        assert "cannot" in status(app), status(app)
        troubles = seen.counts[GameChanged]
        screen.wake_worker()
        assert app.is_running
        restarted.pg_ctl("start")
        alice_to_the_computer(alice)
        await until(pilot, lambda: screen.table.state.current == 2, "the computer's decision")
        assert app.is_running and app.screen is screen
        assert seen.counts[GameChanged] > troubles  # the decisions after it
