"""The hall of fame: the best games of every profile in a saves folder, and each day's deal.

Profiles are files other people of the host can write: each is read as
untrusted input, strictly (size limit, no symbolic links, the strict decoder),
and without writing anything (no rebuild, no lock).  A profile that does not
load, or whose name does not fit its file's name, is skipped with a one-line
notice; a record of a daily deal whose seed is not that day's is left out.
Names are returned as written: whoever shows them escapes them and cuts them
(``NAME_WIDTH``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from ..rules.trophies import Trophy
from .atomic import read_limited
from .dailyseed import trusted_daily as trusted_daily  # where the hall's readers have taken it from
from .errors import SaveError
from .listing import list_noting
from .paths import SUFFIX, sanitise_name
from .records import GameRecord, decode_profile
from .trophies import earned

MAX_PROFILES = 2000  # profiles read from one folder (by name; junk names do not count), with a notice
NAME_WIDTH = 20  # the columns a player's name may take in a listing


@dataclass(frozen=True)
class Entry:
    """One game in the hall of fame."""

    player: str
    game: GameRecord


@dataclass
class Hall:
    """What the hall of fame shows, and the profiles it skipped (one notice each)."""

    entries: list[Entry] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)

    def best(self, level: int, assisted: bool = False) -> list[Entry]:
        """Each player's best game on ``level`` (assisted ones apart), best margin first."""
        top: dict[str, Entry] = {}
        for e in self.entries:
            if e.game.level != level or e.game.assisted != assisted:
                continue
            held = top.get(e.player)
            if held is None or (e.game.margin, -e.game.date.timestamp()) > (
                held.game.margin,
                -held.game.date.timestamp(),
            ):
                top[e.player] = e
        return sorted(top.values(), key=_rank)

    def trophies(self, players: Iterable[str]) -> dict[str, tuple[Trophy, ...]]:
        """The trophies of each of ``players`` (by name as written) who has any, from their records
        here (a saves folder's hall holds every record of every profile)."""
        wanted = set(players)
        games: dict[str, list[GameRecord]] = {}
        for e in self.entries:
            if e.player in wanted:
                games.setdefault(e.player, []).append(e.game)
        return {name: found for name, found in ((n, earned(g)) for n, g in games.items()) if found}

    def daily(self, day: date, level: int | None = None) -> list[Entry]:
        """The results of ``day``'s deal (on ``level``, or every level), by level then margin."""
        wanted = day.isoformat()
        found = [e for e in self.entries if e.game.daily == wanted and (level is None or e.game.level == level)]
        return sorted(found, key=lambda e: (e.game.level, e.game.assisted, *_rank(e)))


def _rank(e: Entry) -> tuple[int, float, str]:
    return (-e.game.margin, e.game.date.timestamp(), e.player)


def read_hall(profiles: Path) -> Hall:
    """Every profile file in ``profiles`` (``saves/profiles``), read as untrusted input; never raises."""
    hall = Hall()
    listing = list_noting(
        profiles,
        _is_profile_name,
        MAX_PROFILES,
        "profiles",
        hall.notices,
        lambda exc: f"{profiles}: cannot read the profiles folder: {(exc.strerror or str(exc)).lower()}",
    )
    if listing is None:
        return hall
    for entry in listing.entries:
        file_name = entry.name
        path = profiles / file_name
        try:
            prof = decode_profile(read_limited(path), file_name)
        except FileNotFoundError:
            continue  # removed while listing
        except SaveError as exc:
            hall.notices.append(f"skipped {str(exc).replace(str(path), file_name, 1)}")  # short: the file's name
            continue
        if _safe_name(prof.name) != file_name[: -len(SUFFIX)]:
            hall.notices.append(f"skipped {file_name}: its name does not match the file's name")
            continue
        dropped = 0
        for game in prof.games:
            if trusted_daily(game):
                hall.entries.append(Entry(prof.name, game))
            else:
                dropped += 1
        if dropped:
            hall.notices.append(f"{file_name}: left out {dropped} daily result(s) with a seed not of that day")
    return hall


def _is_profile_name(file_name: str) -> bool:
    """A name ``ProfileStore`` writes (temporary files, backups and junk are no profiles)."""
    stem = file_name[: -len(SUFFIX)]
    return file_name.endswith(SUFFIX) and not file_name.startswith(".") and _safe_name(stem) == stem


def _safe_name(name: str) -> str | None:
    try:
        return sanitise_name(name)
    except SaveError:
        return None
