"""People at a table deciding their first legal choice until a seat's turn comes (the clock's and the
stand-in's tests, on the store, in the app and in the line mode)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from norsewind_tui.storage.clock import ManualClock
from norsewind_tui.storage.format import TableClock
from norsewind_tui.storage.tables import SharedTable, TableStore


def to_seat(tables: Sequence[SharedTable], seat: int) -> None:
    """The people decide (first choice, no time passing) until it is ``seat``'s turn after a decision."""
    for _ in range(200):
        for t in tables:
            t.poll()
        if tables[0].state.current == seat and tables[0].session.position > 0:
            return
        mover = next(t for t in tables if t.is_my_turn())
        mover.push(mover.legal_moves()[0])
    raise AssertionError(f"seat {seat + 1} never came to move")


def bob_on_the_clock(saves: Path, clock: ManualClock) -> tuple[SharedTable, SharedTable]:
    """alice opens friday (seed 7) on a live clock of 10 minutes and 5 s a decision, bob joins; they
    play until it is bob's turn."""
    alice = TableStore(saves, clock=clock).create(
        "alice", ["me", "open"], seed=7, name="friday", clock=TableClock("live", start=600, add=5)
    )
    bob = TableStore(saves, clock=clock).open("friday", "bob")
    bob.join()
    to_seat((alice, bob), 1)
    return alice, bob
