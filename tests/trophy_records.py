"""Records that earn trophies, or just miss them (issue 44.3): the storage's tests and the app's."""

from __future__ import annotations

import os
from datetime import UTC, date, datetime, timedelta

from norsewind_tui.rules import medal_for
from norsewind_tui.storage.dailyseed import daily_seed
from norsewind_tui.storage.profiles import GameRecord

START = date(2026, 11, 1)


def record(
    day: date, level: int, margin: int, assisted: bool = False, daily: bool = False, seed: int = 7
) -> GameRecord:
    """A finished solo game of ``day`` (a daily deal's, with that day's seed, when ``daily``)."""
    return GameRecord(
        game=os.urandom(16).hex(),
        date=datetime(day.year, day.month, day.day, 18, 0, tzinfo=UTC),
        level=level,
        score=100 + margin,
        vikings=100,
        margin=margin,
        medal=None if assisted else medal_for(margin),
        seed=daily_seed(day, level) if daily else 7,
        assisted=assisted,
        daily=day.isoformat() if daily else None,
    )


def campaign(last_margin: int) -> list[GameRecord]:
    """Platinum on levels 1-6 on Nov 1-6, then level 7 with ``last_margin`` on Nov 7."""
    games = [record(START + timedelta(days=i), i + 1, 30) for i in range(6)]
    return [*games, record(START + timedelta(days=6), 7, last_margin)]


def dailies(first: date, days: int) -> list[GameRecord]:
    return [record(first + timedelta(days=i), 1, -5, daily=True) for i in range(days)]
