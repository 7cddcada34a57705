"""Trophies (issue 44.3): found in a profile's records, the same in the saves folder and the database,
and never for a profile that did not earn them."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest
from trophy_records import campaign, dailies, record

from norsewind_tui.cli import main
from norsewind_tui.options import Options
from norsewind_tui.rules.trophies import Trophy, longest_streak
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.profiles import GameRecord, Profiles
from norsewind_tui.storage.puzzles import Try, puzzle_trophies
from norsewind_tui.storage.trophies import current_streak, earned


def test_platinum_on_level_7_earns_the_title_and_a_medal_on_every_level_on_that_day() -> None:
    # R21: platinum on level N unlocks N+1; platinum on 7 is "King of all Kings"
    assert earned(campaign(25)) == (Trophy("king", date(2026, 11, 7)), Trophy("medal-every-level", date(2026, 11, 7)))


def test_a_bronze_on_level_7_earns_the_medals_trophy_only() -> None:
    assert earned(campaign(1)) == (Trophy("medal-every-level", date(2026, 11, 7)),)


def test_no_medal_on_one_level_earns_nothing() -> None:
    assert earned(campaign(0)) == ()  # margin 0 on level 7: no medal (R21: bronze from +1)


def test_an_assisted_game_earns_no_trophy() -> None:
    games = [*campaign(0)[:6], record(date(2026, 11, 7), 7, 30, assisted=True)]
    assert earned(games) == ()


def test_seven_daily_deals_in_a_row_earn_the_streak_on_the_seventh_and_six_do_not() -> None:
    assert earned(dailies(date(2026, 11, 20), 6)) == ()
    assert earned(dailies(date(2026, 11, 20), 7)) == (Trophy("daily-streak", date(2026, 11, 26)),)


def test_a_gap_breaks_the_streak() -> None:
    games = [*dailies(date(2026, 11, 1), 4), *dailies(date(2026, 11, 6), 4)]  # Nov 5 missing
    assert longest_streak(date.fromisoformat(g.daily or "") for g in games) == 4
    assert earned(games) == ()


def test_a_daily_mark_whose_seed_is_not_that_days_deal_does_not_count() -> None:
    games = dailies(date(2026, 11, 20), 7)
    forged = games[3]
    games[3] = GameRecord(**{f: getattr(forged, f) for f in forged.__struct_fields__ if f != "seed"}, seed=12345)
    assert earned(games) == ()


def test_the_current_streak_runs_to_today_or_yesterday() -> None:
    games = dailies(date(2026, 11, 20), 5)  # Nov 20-24
    assert current_streak(games, date(2026, 11, 24)) == 5
    assert current_streak(games, date(2026, 11, 25)) == 5  # today's not played yet
    assert current_streak(games, date(2026, 11, 26)) == 0


@pytest.fixture(params=["folder", "database"])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> list[str]:
    """The command line's options of a saves folder, or of a real PostgreSQL database (tests/pgserver.py)."""
    saves = ["--saves", str(tmp_path / "saves")]
    return [*saves, "--database", request.getfixturevalue("pg_url")] if request.param == "database" else saves


@pytest.fixture
def profiles(where: list[str]) -> Iterator[Profiles]:
    """The profiles of the store ``where`` names."""
    yield AppContext(Options(saves=where[1], database=where[3] if len(where) > 2 else None)).profiles


def test_each_store_marks_the_players_who_earned_trophies_and_no_other(profiles: Profiles) -> None:
    for game in [*campaign(25), *dailies(date(2026, 11, 20), 7)]:
        assert profiles.record("alice", game)
    for game in campaign(0):  # a medal on levels 1-6, none on 7
        assert profiles.record("bob", game)
    hall = profiles.hall()
    assert hall.trophies(["alice", "bob", "carol"]) == {
        "alice": (
            Trophy("king", date(2026, 11, 7)),
            Trophy("medal-every-level", date(2026, 11, 7)),
            Trophy("daily-streak", date(2026, 11, 26)),
        )
    }
    assert profiles.load("alice").trophies == hall.trophies(["alice"])["alice"]
    assert profiles.load("bob").trophies == ()


def test_progress_says_each_trophy_with_its_day_and_what_earns_the_others(
    profiles: Profiles, where: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    for game in [*campaign(1), *dailies(date(2026, 11, 20), 7)]:
        assert profiles.record("alice", game)
    assert main([*where[:2], "progress", *where[2:], "--profile", "alice"]) == 0
    lines = [line.rstrip() for line in capsys.readouterr().out.splitlines()]
    assert lines[lines.index("Not yet ♔ King of all Kings (platinum on level 7).") :][:6] == [
        "Not yet ♔ King of all Kings (platinum on level 7).",
        "Not yet ♛ tournament won (first in a tournament's standings).",
        "Trophy ✪ medal on every level, earned 2026-11-07 (a medal on all 7 levels).",
        "Trophy ⚑ 7 dailies in a row, earned 2026-11-26 (the daily deal 7 days running).",
        "Not yet ✦ 7 puzzles (7 days of the daily puzzle solved).",
        "Daily streak 0 days.",  # the last daily was Nov 26: long before today
    ]


def test_seven_daily_puzzles_solved_in_a_row_earn_the_puzzle_streak_and_a_miss_breaks_it() -> None:
    def tries(days: int, wrong_on: int | None = None) -> list[Try]:
        return [
            Try("ann", f"{i:016x}", (date(2026, 11, 20) + timedelta(days=i)).isoformat(), i != wrong_on, daily=True)
            for i in range(days)
        ]

    assert puzzle_trophies(tries(6), "ann") == ()
    assert puzzle_trophies(tries(7), "ann") == (Trophy("puzzle-streak", date(2026, 11, 26)),)
    assert puzzle_trophies(tries(8, wrong_on=3), "ann") == ()  # 3 then 4 days: no 7 in a row
    assert puzzle_trophies(tries(7), "bob") == ()
