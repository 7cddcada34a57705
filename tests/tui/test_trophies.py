"""Trophies in the app (issue 44.3): on the progress page, beside the names in the hall of fame and
the lobby, for a profile that earned them and never for one that did not; at 80x24, 24-cell names."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from rich.cells import cell_len
from trophy_records import campaign, dailies

from norsewind_tui.storage import ProfileStore
from norsewind_tui.storage.tables import TableStore
from norsewind_tui.tui.screens.halloffame import HallOfFameScreen

from .helpers import aio, make_app, screen_text, shown
from .layout import LONG_NAMES
from .test_layout import assert_fits
from .waits import until

A, B, _, _ = LONG_NAMES  # 24-cell names


def earn(saves: Path) -> None:
    """A: King of all Kings, a medal on every level and 7 dailies in a row; B: medals on levels 1-6 only."""
    profiles = ProfileStore(saves / "profiles")
    for game in [*campaign(25), *dailies(date(2026, 11, 20), 7)]:
        assert profiles.record(A, game)
    for game in campaign(0):
        assert profiles.record(B, game)


@pytest.mark.parametrize(
    ("who", "line"),
    [
        (A, "Trophies: ♔ King of all Kings, ✪ medal on every level, ⚑ 7 dailies in a row"),
        (B, "Trophies: none yet; daily streak 0 days"),
    ],
)
@aio
async def test_the_progress_page_lists_the_trophies_earned(saves: Path, who: str, line: str) -> None:
    earn(saves)
    app = make_app(saves)
    app.context.profile_name = who
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        text = await shown(pilot)
        assert [row.strip() for row in text.splitlines()][2] == line  # below the page's title
        assert_fits(app, text)


@aio
async def test_the_hall_of_fame_marks_the_names_of_who_earned_trophies(saves: Path) -> None:
    earn(saves)
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        app.show(HallOfFameScreen(level=6))
        text = await shown(pilot)
        rows = [line.strip() for line in text.splitlines()]
        assert f"1  {A[:15]}… ♔✪⚑     +30  platinum    130      100  2026-11-06" in rows  # the name cut for them
        assert f"2  {B[:19]}…     +30  platinum    130      100  2026-11-06" in rows  # no medal on level 7: no mark
        # names are cut to the listing's column (20 cells; the marks take theirs from it): every row whole
        assert max(cell_len(row) for row in rows if row[:1].isdigit()) <= 76


@aio
async def test_the_lobby_marks_a_seated_player_with_trophies(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NORSEWIND_PLAYER", A)
    earn(saves)
    table = TableStore(saves).create(A, ["me", "open"], seed=3, name="duel")
    TableStore(saves).open(table.name, B).join(1)
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await until(pilot, lambda: "Shared tables" in screen_text(app), "the lobby")
        await until(pilot, lambda: "♔" in screen_text(app), "the trophies' marks")
        text = screen_text(app)
        assert f"{A} (♔✪⚑, you)," in " ".join(line.strip() for line in text.splitlines())
        assert f"{B} (" not in text
        assert_fits(app, text)
