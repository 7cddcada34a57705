"""Records that earn trophies, or just miss them (issue 44.3): the storage's tests and the app's."""

from __future__ import annotations

from datetime import date, timedelta

from daily_records import game_record

from norsewind_tui.storage.profiles import GameRecord

START = date(2026, 11, 1)


def record(
    day: date, level: int, margin: int, assisted: bool = False, daily: bool = False, seed: int = 7
) -> GameRecord:
    """A finished solo game of ``day`` (a daily deal's, with that day's seed, when ``daily``)."""
    return game_record(day, level, margin, vikings=100, seed=seed, daily=daily, assisted=assisted)


def campaign(last_margin: int) -> list[GameRecord]:
    """Platinum on levels 1-6 on Nov 1-6, then level 7 with ``last_margin`` on Nov 7."""
    games = [record(START + timedelta(days=i), i + 1, 30) for i in range(6)]
    return [*games, record(START + timedelta(days=6), 7, last_margin)]


def dailies(first: date, days: int) -> list[GameRecord]:
    return [record(first + timedelta(days=i), 1, -5, daily=True) for i in range(days)]
