"""The trophies of the campaign (issue 44.3), as data: their kinds, the order they are shown, and the
streak they count.  Pure: ``storage.trophies`` finds them in a profile's records, ``words.trophies``
words them.  Not in the rulebook (R21 gives the medals and the title; the trophies are the game's).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Literal

TrophyKind = Literal["medal-every-level", "king", "tournament", "daily-streak", "puzzle-streak"]
# the order they are shown
KINDS: tuple[TrophyKind, ...] = ("king", "tournament", "medal-every-level", "daily-streak", "puzzle-streak")
DAILY_STREAK = 7  # days in a row of the daily deal
PUZZLE_STREAK = 7  # days in a row of the daily puzzle, solved


@dataclass(frozen=True, slots=True)
class Trophy:
    kind: TrophyKind
    earned: date  # the day of the game that earned it


def streak_day(days: Iterable[date], length: int) -> date | None:
    """The first day that ends ``length`` days in a row among ``days`` (None: never).

    >>> streak_day([date(2026, 1, 1), date(2026, 1, 3), date(2026, 1, 4)], 2)
    datetime.date(2026, 1, 4)
    """
    run = 0
    previous: date | None = None
    for day in sorted(set(days)):
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        if run >= length:
            return day
        previous = day
    return None


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
