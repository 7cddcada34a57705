"""The ratings in the app (issue 27): next to the names in the lobby, on the progress page and in the
hall of fame, at 80x24 with 24-cell names, nothing cut off."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

import pytest
from daily_records import DAY, record

from norsewind_tui.storage import ProfileStore
from norsewind_tui.storage.ratings import RatedGame, RatedSeat, shipped_anchors
from norsewind_tui.storage.tables import TableStore
from norsewind_tui.tui.screens.halloffame import HallOfFameScreen

from .helpers import aio, make_app, screen_text, shown
from .layout import LONG_NAMES
from .tables_at import table_at_turn_of
from .test_layout import assert_fits
from .waits import until

A, B, C, _ = LONG_NAMES


def rate_two_games(saves: Path) -> ProfileStore:
    """A beat B and the greedy computer; then B beat A."""
    profiles = ProfileStore(saves / "profiles")
    when = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
    seats = (RatedSeat("person", A, 1), RatedSeat("computer", "greedy", 2), RatedSeat("person", B, 3))
    assert profiles.rate(RatedGame(os.urandom(16).hex(), when, seats))
    assert profiles.rate(RatedGame(os.urandom(16).hex(), when, (RatedSeat("person", B, 1), RatedSeat("person", A, 2))))
    return profiles


@aio
async def test_the_lobby_shows_the_ratings_next_to_the_names(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NORSEWIND_PLAYER", A)
    ladder = rate_two_games(saves).ladder()
    a, b = ladder.standing(A).rating.display, ladder.standing(B).rating.display
    table_at_turn_of(saves, "duel", A, A, B)
    TableStore(saves).create(C, ["me", "greedy"], seed=3, name="trio")
    greedy = shipped_anchors().levels["greedy"].display
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await until(pilot, lambda: "Shared tables" in screen_text(app), "the lobby")
        await until(pilot, lambda: f"({greedy})" in screen_text(app), "the ratings")
        text = screen_text(app)
        assert f"{A} ({a}, you)," in text and f"{B} ({b})" in text
        assert f"{C},  " in text and f" Greedy bot 2 ({greedy})  " in text  # C has no game counted: no number
        assert_fits(app, text)


@aio
async def test_the_progress_page_says_the_players_rating(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    profiles = rate_two_games(saves)
    profiles.record(A, record(1, 12))
    a = profiles.ladder().standing(A).rating.display
    app = make_app(saves)
    app.context.profile_name = A
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        text = await shown(pilot)
        assert f"Progress (profile {A}; rating {a} over 2 games)" in text
        assert_fits(app, text)


@aio
async def test_the_hall_of_fame_has_a_rating_column_once_a_player_has_one(saves: Path) -> None:
    profiles = rate_two_games(saves)
    for name, margin in ((A, 17), (B, 9), (C, 3)):
        profiles.record(name, record(1, margin))
    ladder = profiles.ladder()
    a, b = ladder.standing(A).rating.display, ladder.standing(B).rating.display
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        app.show(HallOfFameScreen(day=DAY))
        text = await shown(pilot)
        lines = [line.strip() for line in text.splitlines()]
        assert "#  Player                   Rating  Margin  Medal     You   Vik  Date" in lines
        assert f"1  {A} {a:>6}     +17  gold       77    60  2026-11-30" in lines
        assert f"2  {B} {b:>6}      +9  silver     69    60  2026-11-30" in lines
        assert f"3  {C}      -      +3  bronze     63    60  2026-11-30" in lines
        assert_fits(app, text)
