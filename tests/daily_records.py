"""Campaign records of the day a daily-deal test sets (the command line's tests and the app's)."""

from __future__ import annotations

import os
from datetime import UTC, date, datetime

from norsewind_tui.rules import medal_for
from norsewind_tui.storage.dailyseed import daily_seed
from norsewind_tui.storage.profiles import GameRecord

DAY = date(2026, 11, 30)


def record(level: int, margin: int, daily: bool = False, hour: int = 18, assisted: bool = False) -> GameRecord:
    """A finished solo game of ``DAY`` (the day's deal if ``daily``), its medal by its margin (R21)."""
    return GameRecord(
        game=os.urandom(16).hex(),
        date=datetime(DAY.year, DAY.month, DAY.day, hour, 0, tzinfo=UTC),
        level=level,
        score=60 + margin,
        vikings=60,
        margin=margin,
        medal=None if assisted else medal_for(margin),
        seed=daily_seed(DAY, level) if daily else 11,
        assisted=assisted,
        daily=DAY.isoformat() if daily else None,
    )
