"""The time the store reads: the system's, or one the caller controls.

Presence ("away since 10:42"), whose turn since when, and a computer standing in
for a player away for N minutes all depend on the time. They take a ``Clock``
instead of calling ``datetime.now`` so that a test (or a replay) can move time
on by two days without waiting for it.

>>> clock = ManualClock(datetime(2026, 11, 30, 10, 42, tzinfo=UTC))
>>> clock.advance(minutes=15)
>>> clock().isoformat()
'2026-11-30T10:57:00+00:00'
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

Clock = Callable[[], datetime]  # an aware UTC datetime, whole seconds


def system_clock() -> datetime:
    """Now, in UTC, to the second (the precision every stamp in the store has)."""
    return datetime.now(UTC).replace(microsecond=0)


class ManualClock:
    """A clock that moves only when told to (tests, simulations of days of play)."""

    def __init__(self, start: datetime) -> None:
        if start.tzinfo is None:
            raise ValueError("ManualClock needs an aware datetime (UTC)")
        self._now = start.astimezone(UTC).replace(microsecond=0)

    def __call__(self) -> datetime:
        return self._now

    def advance(self, *, days: int = 0, hours: int = 0, minutes: int = 0, seconds: int = 0) -> None:
        step = timedelta(days=days, hours=hours, minutes=minutes, seconds=seconds)
        if step < timedelta(0):
            raise ValueError("time does not go backwards")
        self._now += step
