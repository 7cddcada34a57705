"""Shared tables brought to a given player's turn, for the presence, title and message tests."""

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


def mover_and_watcher(saves: Path) -> tuple[SharedTable, SharedTable]:
    """alice's two-seat table (seed 1) that bob joined, before the first decision: the player to move
    and the one waiting, each as they see it."""
    store = TableStore(saves)
    alice = store.create("alice", ["me", "open"], seed=1)
    bob = store.open(alice.name, "bob")
    assert bob.join() == 1
    alice.poll()
    return (alice, bob) if alice.is_my_turn() else (bob, alice)


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
