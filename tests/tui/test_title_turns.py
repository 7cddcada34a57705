"""The title says "Your turn at 2 tables" and lists them first in Continue (issue 13), then the
player's latest unfinished game, a table where they hold a seat included (issue 11 section 5)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList, Static

from norsewind_tui.rules import legal_moves
from norsewind_tui.storage.presence import clock_words
from norsewind_tui.storage.tables import TableStore, TableSummary

from .helpers import aio, make_app, new_game, screen_text
from .screens import table_screen
from .tables_at import table_at_turn_of
from .waits import until


def _menu(app: Any) -> OptionList:
    return app.screen.query_one("#menu", OptionList)  # type: ignore[no-any-return]


def _labels(app: Any) -> list[str]:
    menu = _menu(app)
    return [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]


def _summary(saves: Path, name: str) -> TableSummary:
    return next(s for s in TableStore(saves).list() if s.name == name)


@aio
async def test_your_turn_at_two_tables_listed_first(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NORSEWIND_PLAYER", "alice")
    solo = new_game(saves, ("alice",), seed=3)
    solo.push(legal_moves(solo.state)[0])
    solo.close()
    table_at_turn_of(saves, "friday", "alice")
    table_at_turn_of(saves, "sunday", "bob")  # hers too, but bob's turn: her latest game
    table_at_turn_of(saves, "saturday", "alice")  # changed last: listed first
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: len(_labels(app)) == 14, "the tables in the menu")
        await pilot.pause()
        now = app.session.around.now  # type: ignore[union-attr]

        def since(name: str) -> str:
            since = _summary(saves, name).turn_since
            assert since is not None
            return clock_words(since, True, now)

        assert _labels(app)[:3] == [
            f"Continue: table saturday (your turn since {since('saturday')})",
            f"Continue: table friday (your turn since {since('friday')})",
            f"Continue: table sunday (bob's turn since {since('sunday')})",
        ]
        assert _labels(app)[3].startswith("Learn to play")  # the usual entries follow
        assert str(app.screen.query_one("#turns", Static).render()) == "Your turn at 2 tables"
        text = screen_text(app)
        assert "Your turn at 2 tables" in text
        assert _menu(app).highlighted == 0
        await pilot.press("enter")
        await until(pilot, lambda: type(app.screen).__name__ == "TableScreen", "the table")
        assert table_screen(app).table.name == "saturday"
        assert table_screen(app).table.is_my_turn()


@aio
async def test_a_table_where_you_hold_a_seat_is_offered_in_continue(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 11 section 5 bullet 2: logging in again offers a shared table where it is your seat, as it
    does for solo games (before issue 11 asked for it, a test pinned the opposite)."""
    monkeypatch.setenv("NORSEWIND_PLAYER", "ana")
    table = TableStore(saves).create("ana", ["me", "random"], seed=5)
    summary = _summary(saves, table.name)
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: _labels(app)[0].startswith("Continue: table "), "the table in the menu")
        assert _menu(app).option_count == 14  # the table, then the thirteen entries
        mine = table.is_my_turn()
        turn = "your" if mine else f"{summary.seats[summary.current].label}'s"
        assert _labels(app)[0].startswith(f"Continue: table {table.name} ({turn} turn since ")
        assert app.screen.query_one("#turns", Static).display == mine
        await pilot.press("enter")
        await until(pilot, lambda: type(app.screen).__name__ == "TableScreen", "the table")
        assert table_screen(app).table.name == table.name
        assert table_screen(app).table.seat == 0


@aio
async def test_no_your_turn_line_for_a_watcher(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """carol holds no seat: the tables are not hers, the title offers none of them."""
    monkeypatch.setenv("NORSEWIND_PLAYER", "carol")
    table_at_turn_of(saves, "friday", "alice")
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.session.around is not None and len(app.session.around.tables) == 1, "the look")
        await pilot.pause()
        assert not any(label.startswith("Continue") for label in _labels(app))
        assert app.screen.query_one("#turns", Static).display is False
        assert "Your turn" not in screen_text(app)
