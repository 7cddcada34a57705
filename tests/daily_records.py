"""Campaign records of the day a daily-deal test sets (the command line's tests, the storage's and the app's)."""

from __future__ import annotations

import os
from datetime import UTC, date, datetime

from norsewind_tui.rules import medal_for
from norsewind_tui.storage.dailyseed import daily_seed
from norsewind_tui.storage.profiles import GameRecord

DAY = date(2026, 11, 30)


def game_record(
    day: date,
    level: int,
    margin: int,
    *,
    vikings: int,
    seed: int,
    daily: bool = False,
    hour: int = 18,
    assisted: bool = False,
) -> GameRecord:
    """A finished solo game of ``day`` against ``vikings`` points (the day's deal, with that day's seed,
    when ``daily``; else ``seed``), its medal by its margin (R21) unless ``assisted``."""
    return GameRecord(
        game=os.urandom(16).hex(),
        date=datetime(day.year, day.month, day.day, hour, 0, tzinfo=UTC),
        level=level,
        score=vikings + margin,
        vikings=vikings,
        margin=margin,
        medal=None if assisted else medal_for(margin),
        seed=daily_seed(day, level) if daily else seed,
        assisted=assisted,
        daily=day.isoformat() if daily else None,
    )


def record(level: int, margin: int, daily: bool = False, hour: int = 18, assisted: bool = False) -> GameRecord:
    """A finished solo game of ``DAY`` (the day's deal if ``daily``), its medal by its margin (R21)."""
    return game_record(DAY, level, margin, vikings=60, seed=11, daily=daily, hour=hour, assisted=assisted)
