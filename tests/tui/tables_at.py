"""Shared tables brought to a given player's turn, for the presence and title tests."""

from __future__ import annotations

from pathlib import Path

from norsewind_tui.storage.tables import SharedTable, TableStore


def table_at_turn_of(
    saves: Path, name: str, who: str, first: str = "alice", second: str = "bob", standin: int | None = None
) -> SharedTable:
    """A two-seat table ``name`` (``first`` opened it, ``second`` joined, the computer stands in after
    ``standin`` minutes) where ``who`` is to move; returned as ``who`` sees it."""
    store = TableStore(saves)
    a = store.create(first, ["me", "open"], seed=1, name=name, standin=standin)
    b = store.open(name, second)
    b.join()
    return turn_to(a, b, who)


def turn_to(a: SharedTable, b: SharedTable, who: str) -> SharedTable:
    """Play first legal moves at the table until ``who`` is to move; the table as ``who`` sees it."""
    for _ in range(200):
        a.poll()
        b.poll()
        mover = a if a.holder(a.state.current) == a.identity else b
        if mover.identity == who:
            return mover
        mover.push(mover.legal_moves()[0])
    raise AssertionError(f"{who} never got to move")
