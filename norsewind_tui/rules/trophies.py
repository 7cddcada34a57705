"""The trophies of the campaign (issue 44.3), as data: their kinds, the order they are shown, and the
streak they count.  Pure: ``storage.trophies`` finds them in a profile's records, ``words.trophies``
words them.  Not in the rulebook (R21 gives the medals and the title; the trophies are the game's).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Literal

TrophyKind = Literal["medal-every-level", "king", "daily-streak"]
KINDS: tuple[TrophyKind, ...] = ("king", "medal-every-level", "daily-streak")  # the order they are shown
DAILY_STREAK = 7  # days in a row of the daily deal


@dataclass(frozen=True, slots=True)
class Trophy:
    kind: TrophyKind
    earned: date  # the day of the game that earned it


def longest_streak(days: Iterable[date]) -> int:
    """The most days in a row among ``days``.

    >>> longest_streak([date(2026, 1, 1), date(2026, 1, 2), date(2026, 1, 4), date(2026, 1, 3), date(2026, 1, 9)])
    4
    """
    best = run = 0
    previous: date | None = None
    for day in sorted(set(days)):
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best, previous = max(best, run), day
    return best
