"""Two real apps at one table with a clock (issue 41.1's Done when): the app (alice) and the line mode
(bob, a process on a pty), on the files and on PostgreSQL.  bob's clock runs out: the stand-in decides
for him (by whichever app looks first), marked in both; then bob takes his seat back by deciding.

A child process cannot be given a stepped clock (the product reads no test clock from its
environment, and none is added for this), so the table's clock is a real one with a bank of a few
seconds: time actually runs out, and the test waits on what the apps show, never on a sleep."""

from __future__ import annotations

from pathlib import Path

import pytest
from tables.test_lobby import aio
from tui.waits import until

from chat.two_apps import NAME, alice_app, at_table, bob_seated
from norsewind_tui.options import Options
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.format import TableClock
from norsewind_tui.tui.widgets.log import GameLog

BANK = 8  # seconds on each clock at first: bob's runs out while the apps start, or just after
ADD = 30  # seconds given back after each decision: alice's own, made by the test at once, never run out
WAIT = 120.0


@aio
async def test_a_clock_running_out_is_played_by_the_standin_marked_and_the_player_takes_the_seat_back(
    saves: Path, store_url: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    tables = AppContext(Options(saves=str(saves), database=store_url)).tables
    alice = tables.create("alice", ["me", "open"], seed=7, name=NAME, clock=TableClock("live", start=BANK, add=ADD))
    assert tables.open(NAME, "bob").join() == 1
    alice.poll()
    while alice.is_my_turn():  # alice's first turn, at once: then bob's clock runs
        alice.push(alice.legal_moves()[0])
    assert alice.state.current == 1
    with bob_seated(saves, store_url, WAIT) as bob:
        app = alice_app(saves, store_url, monkeypatch)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await at_table(app, pilot)
            # out of time: the stand-in's decision, marked in the line mode and in the app's log
            bob.expect_text("Computer for bob: ", WAIT)
            await until(pilot, lambda: bool(screen.table.view.by_computer(1)), "the stand-in's decision", wait=WAIT)
            log = screen.query_one(GameLog)
            await until(pilot, lambda: any(x.startswith("Computer for bob: ") for x in log.plain_lines), "the mark")
            played = screen.table.view.by_computer(1)
            # bob takes the seat back: his next decision is his own (the empty bank's 30 s to make it)
            alice.poll()
            while alice.is_my_turn():
                alice.push(alice.legal_moves()[0])
                alice.poll()
            position = alice.session.position
            bob.expect(lambda line: line.startswith("Choose 1"), "bob's next decision", WAIT)
            bob.send("1")
            await until(pilot, lambda: screen.table.session.position > position, "bob's own decision", wait=WAIT)
            assert screen.table.view.by_computer(1) == played  # his, not the stand-in's
            assert screen.table.view.session.states[position].current == 1
        bob.end_input()
        assert bob.finish(WAIT) == 0
