"""Tables for the tests of Norsewind TV (issue 44.2): two players each, played by first legal moves."""

from __future__ import annotations

from pathlib import Path

from norsewind_tui.rules.engine import legal_moves
from norsewind_tui.storage.tables import SharedTable, TableStore


def table(saves: Path, name: str, first: str, second: str, decisions: int | None, seed: int = 1) -> None:
    """``first`` opens ``name`` (``seed``), ``second`` joins; each plays its first legal move for
    ``decisions`` decisions (None: to the end)."""
    store = TableStore(saves)
    a = store.create(first, ["me", "open"], seed=seed, name=name)
    b = store.open(name, second)
    b.join()
    play(a, b, decisions)


def finish(saves: Path, name: str, first: str, second: str) -> None:
    store = TableStore(saves)
    play(store.open(name, first), store.open(name, second), None)


def play(a: SharedTable, b: SharedTable, decisions: int | None) -> None:
    done = 0
    while (decisions is None or done < decisions) and not a.state.is_over:
        mover = a if a.state.current == a.seat else b
        mover.reload()
        mover.push(legal_moves(mover.state)[0])
        (b if mover is a else a).reload()
        done += 1
    a.close()
    b.close()
