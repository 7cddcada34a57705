"""The hall of fame from the database: indexed queries, never a read of every record (issue 25).

Each player's best game per level (assisted games apart) is a row of ``best_games``, which a
trigger keeps as games are recorded: the hall reads those rows; a day's deal is read when it
is shown (the ``game_records_day`` index).  Rows are checked as a profile file is
(``record_of``, the daily seed): one that does not check is left out with a one-line notice.
The answers are the file store's: ``DbHall`` is a ``Hall``, its ``best`` and ``daily`` the same code.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any

from ...rules.trophies import Trophy
from ..errors import SaveError, StorageError
from ..format import printable_problem
from ..halloffame import Entry, Hall, trusted_daily
from ..paths import sanitise_name
from .rows import AS_JSON, record_of_json

if TYPE_CHECKING:
    from .home import Home

_SELECT = f"p.key, p.name, {AS_JSON}"
_BEST = f"SELECT {_SELECT} FROM best_games b JOIN game_records r ON r.seq = b.seq JOIN profiles p ON p.key = b.profile"
_DAY = (
    f"SELECT {_SELECT} FROM game_records r JOIN profiles p ON p.key = r.profile "
    'WHERE r.daily = %s ORDER BY p.key COLLATE "C", r.seq'
)
_OF_PLAYERS = f"SELECT {_SELECT} FROM game_records r JOIN profiles p ON p.key = r.profile WHERE p.name = ANY(%s)"


@dataclass
class DbHall(Hall):
    """``Hall`` whose daily results are read from the database day by day, when asked for."""

    home: Home | None = None  # the database's (None: an empty hall)
    days: dict[date, list[Entry]] = field(default_factory=dict)
    earned: dict[str, tuple[Trophy, ...]] = field(default_factory=dict)  # by player, once read

    def trophies(self, players: Iterable[str]) -> dict[str, tuple[Trophy, ...]]:
        """The trophies of ``players`` from all their records: one query for those not read yet."""
        wanted = set(players)
        if (unread := sorted(wanted - self.earned.keys())) and self.home is not None:
            try:
                rows = self.home.run(lambda c: c.execute(_OF_PLAYERS, (unread,)).fetchall(), transaction=False)
            except StorageError as exc:  # asked again next time; said once
                if (line := _trouble(exc)) not in self.notices:
                    self.notices.append(line)
                return {}
            self.earned.update({name: () for name in unread})
            self.earned.update(Hall(_entries(rows, self.notices)).trophies(unread))
        return {name: self.earned[name] for name in sorted(wanted) if self.earned.get(name)}

    def daily(self, day: date, level: int | None = None) -> list[Entry]:
        if day not in self.days and self.home is not None:
            home, when = self.home, day.isoformat()
            try:
                rows = home.run(lambda c: c.execute(_DAY, (when,)).fetchall(), transaction=False)
            except StorageError as exc:  # asked again next time; said once
                if (line := _trouble(exc)) not in self.notices:
                    self.notices.append(line)
                return []
            self.days[day] = _entries(rows, self.notices)
        return Hall(self.days.get(day, [])).daily(day, level)


def read_db_hall(home: Home) -> DbHall:
    """The hall of fame of the database of ``home``; never raises (a problem is a notice)."""
    hall = DbHall(home=home)
    try:
        rows = home.run(lambda c: c.execute(_BEST).fetchall(), transaction=False)
    except StorageError as exc:
        hall.notices.append(_trouble(exc))
        return hall
    hall.entries = _entries(rows, hall.notices)
    return hall


def _trouble(exc: StorageError) -> str:
    return f"the hall of fame cannot be read: {exc}"


def _entries(rows: Iterable[Sequence[Any]], notices: list[str]) -> list[Entry]:
    """The rows that check, as entries; a notice (once) for each profile whose rows do not."""
    entries = []
    named: dict[tuple[str, str], bool] = {}  # a profile's name checked once, not once per row
    for key, name, text in rows:
        note = None
        if (fits := named.get((key, name))) is None:
            fits = named[key, name] = printable_problem(name) is None and _safe_name(name) == key
        if not fits:
            note = f"skipped {key}: its name does not match its key"
        else:
            try:
                game = record_of_json(text, f"skipped a record of {key}")
            except SaveError as exc:
                note = str(exc)
            else:
                if trusted_daily(game):
                    entries.append(Entry(name, game))
                    continue
                note = f"{key}: left out daily result(s) with a seed not of that day"
        if note not in notices:  # each query reads the rows it needs: a row may be read twice
            notices.append(note)
    return entries


def _safe_name(name: str) -> str | None:
    try:
        return sanitise_name(name)
    except SaveError:
        return None
