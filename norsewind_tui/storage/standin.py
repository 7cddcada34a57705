"""Seats that never stall a table (issue 13): a computer plays for a person who is away.

A table's ``standin`` option (minutes: 0 for off, 5, 15 or 60; chosen when the table is
opened) says how long a person may be away before a computer plays their seat: only on
that seat's turn, only while they stay away, with the table's default bot
(``STANDIN_BOT``), or the outside engine the table names (``standin_engine``, issue 29: a name
the host gave it in ``engines.py``'s file; the bot is then ``engine:NAME``, ``standin_bot``).
Being present (in the app or at a table) means no stand-in: the player takes the seat back by
sitting down again, at once.

The storage layer does not know presence: the caller passes ``away_since`` (an identity
to None while it is here, else when it went away; ``PresenceStore.away_since`` in the
app) and a ``Clock``, so tests can let days pass.  The decisions a stand-in makes are
marked per seat in the save (``SaveMeta.by_computer``): this module keeps those marks
consistent when the log changes.

>>> from datetime import UTC, datetime
>>> from .clock import ManualClock
>>> clock = ManualClock(datetime(2026, 11, 30, 10, 0, tzinfo=UTC))
>>> rule = StandIn(lambda who: datetime(2026, 11, 30, 9, 50, tzinfo=UTC), clock)
>>> rule.due(15, "bob"), rule.seconds_left(15, "bob")
(False, 300.0)
>>> clock.advance(minutes=5)
>>> rule.due(15, "bob")
True
>>> default_standin(2), default_standin(3)
(0, 15)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from ..words.storage import standin_words as standin_words  # where the app imports it
from .clock import Clock, system_clock
from .format import STANDIN_CHOICES
from .format import StandIn as Minutes

STANDIN_BOT = "normal"  # the table's default bot: the one computer seats play when they name none
ENGINE_BOT = "engine:"  # the bot of a stand-in engine: "engine:NAME" (NAME: the host's, engines.py)
AwaySince = Callable[[str], "datetime | None"]  # identity -> None (here) or when it went away

__all__ = [
    "ENGINE_BOT",
    "STANDIN_BOT",
    "STANDIN_CHOICES",
    "AwaySince",
    "Marks",
    "StandIn",
    "default_standin",
    "engine_of",
    "standin_bot",
    "standin_words",
]

Marks = tuple[tuple[int, ...], ...]  # per seat, the log indices of decisions a computer made for a person


def default_standin(seats: int) -> Minutes:
    """Off for two players (one waits for the other), 15 minutes for three and four."""
    return 0 if seats <= 2 else 15


def standin_bot(engine: str | None) -> str:
    """The bot that stands in at a table naming ``engine`` (None: the table's default bot).

    >>> standin_bot(None), standin_bot("example")
    ('normal', 'engine:example')
    """
    return STANDIN_BOT if engine is None else ENGINE_BOT + engine


def engine_of(bot: str) -> str | None:
    """The engine's name in a stand-in engine's bot (None: a bot of ours)."""
    return bot.removeprefix(ENGINE_BOT) if bot.startswith(ENGINE_BOT) else None


@dataclass(frozen=True)
class StandIn:
    """Who is away, and for how long, as the caller knows it."""

    away_since: AwaySince
    clock: Clock = system_clock
    # what ``away_since`` answers for an identity never seen here (``presence.NEVER_SEEN``): no
    # stand-in for it (its app may predate presence records), though it may be removed
    unknown: datetime | None = None

    def away_for(self, identity: str) -> timedelta | None:
        """How long ``identity`` has been away (None: here now)."""
        since = self.away_since(identity)
        if since is None:
            return None
        return max(self.clock() - since, timedelta(0))

    def due(self, minutes: int, identity: str) -> bool:
        """Does a computer play for ``identity`` now (the table's option is ``minutes``)?"""
        if minutes <= 0:
            return False
        since = self.away_since(identity)
        if since is None or since == self.unknown:
            return False
        away = max(self.clock() - since, timedelta(0))
        return away is not None and away >= timedelta(minutes=minutes)

    def seconds_left(self, minutes: int, identity: str) -> float | None:
        """Seconds until a computer plays for ``identity`` if it stays away (None: off, or here)."""
        since = self.away_since(identity)
        if minutes <= 0 or since is None or since == self.unknown:
            return None
        away = max(self.clock() - since, timedelta(0))
        return max((timedelta(minutes=minutes) - away).total_seconds(), 0.0)


def marks_cut(marks: Marks, seats: int, position: int) -> Marks:
    """The marks once the log is cut at ``position`` (a decision there replaces the redo tail)."""
    if not marks:
        return ()
    return tuple(tuple(i for i in seat if i < position) for seat in _padded(marks, seats))


def marks_add(marks: Marks, seats: int, seat: int, index: int) -> Marks:
    """The marks with decision ``index`` (made at the end of the log, cut there) marked for ``seat``."""
    cut = _padded(marks_cut(marks, seats, index), seats)
    return tuple((*s, index) if i == seat else s for i, s in enumerate(cut))


def marks_problem(marks: Marks, movers: list[int], seats: int) -> str | None:
    """Why ``marks`` cannot be this log's (``movers[i]``: the seat of decision i), or None."""
    if marks and len(marks) != seats:
        return f"{len(marks)} seat lists for {seats} players"
    for seat, indices in enumerate(marks):
        if list(indices) != sorted(set(indices)):
            return f"[{seat}]: not in increasing order"
        for i in indices:
            if i >= len(movers):
                return f"[{seat}]: decision {i} is past the end of the log ({len(movers)} moves)"
            if movers[i] != seat:
                return f"[{seat}]: decision {i} was made by seat {movers[i] + 1}"
    return None


def _padded(marks: Marks, seats: int) -> Marks:
    return marks if len(marks) == seats else tuple(marks[i] if i < len(marks) else () for i in range(seats))
