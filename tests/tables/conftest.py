"""Fixtures of the shared-table tests: a saves folder, a table store, a deterministic computer."""

from __future__ import annotations

from pathlib import Path

import pytest

from norsewind_tui.bots.registry import make_bot
from norsewind_tui.rules.moves import Move
from norsewind_tui.rules.state import State
from norsewind_tui.storage.tables import SharedTable, TableStore


def decide(seat: int, bot: str, state: State) -> Move:
    """The computer's decision (the registry's bot, seeded by its seat: deterministic)."""
    return make_bot(bot, seed=seat).decide(state)


def to_move(*tables: SharedTable) -> SharedTable:
    """The one of ``tables`` whose turn it is (after each has polled)."""
    for table in tables:
        table.poll()
    movers = [t for t in tables if t.is_my_turn()]
    assert len(movers) == 1, [t.turn_problem() for t in tables]
    return movers[0]


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    path = tmp_path / "saves"
    path.mkdir(mode=0o700)
    return path


@pytest.fixture
def store(saves: Path) -> TableStore:
    return TableStore(saves)


@pytest.fixture
def pair(store: TableStore) -> tuple[SharedTable, SharedTable]:
    """alice opened a two-seat table and bob joined it."""
    alice = store.create("alice", ["me", "open"], seed=5)
    bob = store.open(alice.name, "bob")
    assert bob.join() == 1
    alice.poll()
    return alice, bob
