"""Tables of the database tests: an app context on a database, alice and bob at one table."""

from __future__ import annotations

from pathlib import Path

from tables.conftest import seated_pair

from norsewind_tui.options import Options
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.tables import SharedTable


def context(tmp_path: Path, url: str) -> AppContext:
    return AppContext(Options(saves=str(tmp_path / "saves"), database=url))


def alice_and_bob(tmp_path: Path, url: str) -> tuple[SharedTable, SharedTable]:
    """A table of two made by alice, joined by bob (seat 1)."""
    return seated_pair(context(tmp_path, url).tables)


def to_move(*tables: SharedTable) -> SharedTable:
    """The one of ``tables`` whose turn it is (each looked at again first)."""
    for t in tables:
        t.poll()
    return next(t for t in tables if t.is_my_turn())
