"""The hall of fame from the database: two indexed queries, never a read of every record (issue 25).

Each player's best game per level (assisted games apart) is one ``DISTINCT ON`` query along the
``game_records_best`` index; a day's deal is asked for when shown (``game_records_day``).  Rows
are checked as a profile file is (``record_of``, the daily seed): one that does not check is
left out with a one-line notice.  The answers are the file store's ``Hall`` answers.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from ..errors import SaveError, StorageError
from ..format import printable_problem
from ..halloffame import Entry, Hall, trusted_daily
from ..paths import sanitise_name
from .rows import COLUMNS, connect_to, record_of

_SELECT = "p.key, p.name, " + ", ".join(f"r.{c}" for c in COLUMNS.split(", "))
_BEST = (
    f"SELECT DISTINCT ON (r.level, r.assisted, r.profile) {_SELECT} "
    "FROM game_records r JOIN profiles p ON p.key = r.profile "
    "ORDER BY r.level, r.assisted, r.profile, r.margin DESC, r.date, r.seq"
)
_DAY = (
    f"SELECT {_SELECT} FROM game_records r JOIN profiles p ON p.key = r.profile "
    'WHERE r.daily = %s ORDER BY p.key COLLATE "C", r.seq'
)


@dataclass
class DbHall(Hall):
    """``Hall`` whose daily results are read from the database day by day, when asked for."""

    url: str = ""
    days: dict[date, list[Entry]] = field(default_factory=dict)

    def daily(self, day: date, level: int | None = None) -> list[Entry]:
        if day not in self.days:
            try:
                with connect_to(self.url) as conn:
                    rows = conn.execute(_DAY, (day.isoformat(),)).fetchall()
            except StorageError as exc:
                self.notices.append(_trouble(exc))
                return []
            self.days[day] = _entries(rows, self.notices)
        return Hall(self.days[day]).daily(day, level)


def read_db_hall(url: str) -> DbHall:
    """The hall of fame of the database at ``url``; never raises (a problem is a notice)."""
    hall = DbHall(url=url)
    try:
        with connect_to(url) as conn:
            rows = conn.execute(_BEST).fetchall()
    except StorageError as exc:
        hall.notices.append(_trouble(exc))
        return hall
    hall.entries = _entries(rows, hall.notices)
    return hall


def _trouble(exc: StorageError) -> str:
    return f"the hall of fame cannot be read: {exc}"


def _entries(rows: Iterable[Sequence[Any]], notices: list[str]) -> list[Entry]:
    """The rows that check, as entries; a notice for each profile whose rows do not."""
    entries = []
    dropped: dict[str, int] = {}
    for key, name, *columns in rows:
        if printable_problem(name) is not None or _safe_name(name) != key:
            if f"skipped {key}: its name does not match its key" not in notices:
                notices.append(f"skipped {key}: its name does not match its key")
            continue
        try:
            game = record_of(columns, f"skipped a record of {key}")
        except SaveError as exc:
            notices.append(str(exc))
            continue
        if trusted_daily(game):
            entries.append(Entry(name, game))
        else:
            dropped[key] = dropped.get(key, 0) + 1
    notices += [f"{key}: left out {n} daily result(s) with a seed not of that day" for key, n in dropped.items()]
    return entries


def _safe_name(name: str) -> str | None:
    try:
        return sanitise_name(name)
    except SaveError:
        return None
