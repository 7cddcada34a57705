"""Solo campaign profiles: every finished solo game of a player, and the campaign table.

One file per player name in ``saves/profiles/NAME.json`` (default name: the
player's identity, ``$NORSEWIND_PLAYER`` else the login name, so each player of a shared host,
or of one shared account with a name per key, has their own).  A profile records
games; everything else (best margins, medals, unlocked levels, the title) is
derived from the records by R21, so it cannot drift from them.

An assisted game (undone over a revealed card) is recorded with its scores but
earns no medal, does not count for a level's best margin and unlocks nothing.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import msgspec

from ..rules.cards import CardDB, default_cards
from ..rules.scoring import MEDALS, Medal
from ..rules.trophies import Trophy
from .atomic import (
    FileLock,
    Stamp,
    atomic_write,
    damaged_copies,
    read_limited,
    remove_stale_temps,
    set_aside,
    stamp_of,
)
from .errors import SaveError, SaveMismatch, StorageError
from .format import printable_problem
from .identity import player_identity
from .paths import BACKUP_SUFFIX, DAMAGED_SUFFIX, LOCK_SUFFIX, SUFFIX, ensure_dir, sanitise_name
from .ratings import Anchors, Ladder, LedgerRead, RatedGame, decode_ledger, encode_ledger, ledger_path, shipped_anchors
from .records import PROFILE_FORMAT, GameRecord, ProfileFile, decode_profile, salvage_records
from .recovery import harvest, merge
from .trophies import current_streak, earned

if TYPE_CHECKING:  # the hall of fame is read when asked for
    from .halloffame import Hall

__all__ = ["PROFILE_FORMAT", "CampaignRow", "GameRecord", "Profile", "ProfileStore", "Profiles", "decode_profile"]

LEVELS = range(1, 8)
MEDAL_ORDER: tuple[Medal, ...] = tuple(reversed([m for _, m in MEDALS]))  # bronze .. platinum
TITLE = "King of all Kings"
LOCK_WAIT = 10.0  # seconds another process may hold a profile while it records a game


@dataclass(frozen=True)
class CampaignRow:
    """One row of the solo score pad."""

    level: int
    unlocked: bool
    medals: tuple[Medal, ...]  # the rewards checked on this row, bronze..platinum order
    best_margin: int | None  # over the games that count (not assisted)
    played: int  # every finished game on this level, assisted ones too


@dataclass(frozen=True)
class Profile:
    name: str
    games: tuple[GameRecord, ...]  # oldest first
    notice: str | None = None  # set when the file was rebuilt or cannot be recorded into
    read_only: bool = False  # a newer Norsewind's profile: shown, never written by this version

    def campaign(self) -> list[CampaignRow]:
        rows = []
        unlocked = True  # level 1 always (R21)
        for level in LEVELS:
            games = [g for g in self.games if g.level == level]
            counting = [g for g in games if not g.assisted]
            won = {g.medal for g in counting if g.medal is not None}
            medals = tuple(m for m in MEDAL_ORDER if m in won)
            best = max((g.margin for g in counting), default=None)
            rows.append(CampaignRow(level, unlocked, medals, best, len(games)))
            unlocked = "platinum" in won  # level N+1 after a platinum on level N
        return rows

    @property
    def title(self) -> str | None:
        """R21: "King of all Kings" after a platinum on level 7."""
        rows = self.campaign()
        return TITLE if "platinum" in rows[-1].medals else None

    @property
    def trophies(self) -> tuple[Trophy, ...]:
        """Issue 44.3: found in the records each time, never stored (``storage.trophies``)."""
        return earned(self.games)

    def streak(self, today: date) -> int:
        """The daily deals played in a row up to ``today`` (or yesterday)."""
        return current_streak(self.games, today)

    def unlocked(self, level: int) -> bool:
        return any(r.level == level and r.unlocked for r in self.campaign())

    def recent(self, count: int = 10) -> list[GameRecord]:
        """The latest ``count`` games, newest first."""
        return list(reversed(self.games[-count:])) if count > 0 else []


def default_profile_name() -> str:
    """The player's identity (``$NORSEWIND_PLAYER``, else the login name): each player of a shared
    host, or of one shared account with a name per key (docs/SSH.md), has their own profile."""
    return player_identity()


def first_daily(games: Sequence[GameRecord], game: GameRecord) -> GameRecord:
    """``game``, or ``game`` without its daily mark when ``games`` hold that day's result on that
    level already: one attempt per player, day and level (the first one recorded is the day's)."""
    if game.daily is None or not any(g.daily == game.daily and g.level == game.level for g in games):
        return game
    return msgspec.structs.replace(game, daily=None)


class Profiles(Protocol):
    """What the app and the commands ask of the profiles, in a saves folder or a database."""

    def load(self, name: str | None = None) -> Profile:
        """``name``'s profile (the identity's when None): empty when it has no record yet."""
        ...

    def names(self) -> list[str]:
        """The profiles there, by name."""
        ...

    def record(self, name: str, game: GameRecord) -> bool:
        """Add a finished game; False when that game (its id) is in ``name``'s profile already."""
        ...

    def hall(self) -> Hall:
        """The hall of fame of every profile there; never raises (a problem is a notice)."""
        ...

    def rate(self, game: RatedGame) -> bool:
        """Count a finished game for the people's ratings; False when that game (its id) is counted
        already (``SaveError`` when the results cannot be read or written: nothing counted)."""
        ...

    def ladder(self, anchors: Anchors | None = None) -> Ladder:
        """Every person's rating (``anchors``: the computers', by default the shipped ones); never
        raises for a broken store: the ladder's ``notice`` says what could not be read."""
        ...


@dataclass(frozen=True)
class _OnDisk:
    """What one profile's files hold, read without writing anything."""

    name: str
    games: tuple[GameRecord, ...]
    known: frozenset[str]  # the game ids the files themselves hold (not the saves)
    notice: str | None = None
    rebuild: bool = False  # the main file is missing or broken: write the whole record anew
    broken: tuple[Path, ...] = ()  # set aside before that write
    newer: str | None = None  # a newer Norsewind's profile: the reason it is not written
    failed: SaveError | None = None  # nothing was readable: the error to show


def _read(path: Path) -> tuple[ProfileFile | None, SaveError | None]:
    """The strictly decoded file, or the error; (None, None) when it does not exist."""
    try:
        return decode_profile(read_limited(path), str(path)), None
    except FileNotFoundError:
        return None, None
    except SaveError as exc:
        return None, exc


def _salvage(path: Path) -> list[GameRecord]:
    try:
        return salvage_records(read_limited(path, cut=True))
    except (SaveError, FileNotFoundError):
        return []


def _listed(parts: list[str]) -> str:
    if not parts:
        return "nothing left"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _plural(n: int, what: str) -> str:
    return f"{n} {what}" + ("" if n == 1 else "s")


def rating_problem(profiles: Profiles, result: RatedGame | None) -> str | None:
    """Count a finished game's ``result`` for its people's ratings (None: one that counts for
    nobody); the one line saying why it could not be counted, else None."""
    if result is None:
        return None
    try:
        profiles.rate(result)
    except StorageError as exc:
        return f"the result could not be counted for the ratings: {exc}"
    return None


class ProfileStore:
    """The profiles in one folder (``saves/profiles``).

    A profile is never replaced by one that knows less: when its file is missing or broken,
    it is rebuilt from the backup, the readable records of the broken file and of every damaged
    copy, and the finished solo games in ``saves`` (by default the folder above, and its
    ``tables``), replayed with ``cards``.  Broken files are kept as numbered damaged copies.
    """

    default_profile_name = staticmethod(default_profile_name)

    def __init__(self, folder: Path, cards: CardDB | None = None, saves: Sequence[Path] | None = None) -> None:
        self.dir = Path(folder)
        self._cards = cards
        self.saves = tuple(saves) if saves is not None else (self.dir.parent, self.dir.parent / "tables")
        self._ladder_cache: tuple[Stamp, Ladder] | None = None

    def path(self, name: str) -> Path:
        return self.dir / (sanitise_name(name) + SUFFIX)

    def _paths(self, name: str) -> tuple[Path, Path, Path, Path]:
        base = self.dir / sanitise_name(name)
        return (
            base.with_name(base.name + SUFFIX),
            base.with_name(base.name + BACKUP_SUFFIX),
            base.with_name(base.name + DAMAGED_SUFFIX),
            base.with_name(base.name + LOCK_SUFFIX),
        )

    def _check_dir(self) -> bool:
        """True when the folder exists; ``SaveError`` naming it when it cannot be read."""
        try:
            st = os.stat(self.dir)
        except FileNotFoundError:
            return False
        except OSError as exc:
            why = (exc.strerror or str(exc)).lower()
            raise SaveError(f"{self.dir}: cannot read the profiles folder: {why}") from None
        if not stat.S_ISDIR(st.st_mode):
            raise SaveError(f"{self.dir}: is a file, not the profiles folder (move it away)")
        if not os.access(self.dir, os.R_OK | os.X_OK, effective_ids=os.access in os.supports_effective_ids):
            raise SaveError(f"{self.dir}: cannot read the profiles folder: permission denied")
        return True

    def _on_disk(self, name: str, adding: GameRecord | None = None) -> _OnDisk:
        main, backup, damaged, _ = self._paths(name)
        first, main_error = _read(main)
        if first is not None:
            return _OnDisk(first.name, first.games, frozenset(g.game for g in first.games))
        second, backup_error = _read(backup)
        newer = next((e for e in (main_error, backup_error) if isinstance(e, SaveMismatch)), None)
        if newer is not None:  # left as it is: only a newer Norsewind may write it
            games = merge(_salvage(main if main_error is newer else backup))
            return _OnDisk(
                name[:64],
                games,
                frozenset(g.game for g in games),
                notice=f"{newer}: shown read-only; this version cannot record games into it",
                newer=str(newer),
            )
        copies = damaged_copies(damaged)
        if main_error is None and second is None and backup_error is None and not copies:
            return _OnDisk(name[:64], (), frozenset())  # a new profile
        return self._rebuild(name, adding, second, copies, ((main, main_error), (backup, backup_error)))

    def _rebuild(
        self,
        name: str,
        adding: GameRecord | None,
        backup: ProfileFile | None,
        copies: list[Path],
        files: tuple[tuple[Path, SaveError | None], tuple[Path, SaveError | None]],
    ) -> _OnDisk:
        """Everything still known of a profile whose main file is missing or broken."""
        (main, main_error), (_, backup_error) = files
        broken = tuple(path for path, error in files if error is not None)
        kept = backup.games if backup is not None else ()
        salvaged = merge(*(_salvage(path) for path in (*broken, *copies)))
        from_files = merge(kept, salvaged)
        from_saves = harvest(self.saves, sanitise_name(name), self._cards or default_cards())
        games = merge(from_files, [adding] if adding else (), from_saves)
        used = ["the backup"] if backup is not None else []
        if found := len(from_files) - len(kept):
            used.append(f"{_plural(found, 'record')} of {_plural(len(broken) + len(copies), 'damaged file')}")
        if found := len({g.game for g in from_saves} - {g.game for g in from_files}):
            used.append(_plural(found, "finished saved game"))
        why = str(main_error) if main_error is not None else f"{main} is missing"
        failed = None  # nothing at all was readable: the error, as a sound file's load would give
        if not games and main_error is not None and backup is None:
            both = f"{main_error}; the backup is broken too ({backup_error})"
            failed = main_error if backup_error is None else SaveError(both)
        return _OnDisk(
            backup.name if backup is not None else name[:64],
            games,
            frozenset(g.game for g in from_files),
            notice=f"{why}: rebuilt from {_listed(used)} ({_plural(len(games), 'game')})",
            rebuild=True,
            broken=broken,
            failed=failed,
        )

    def load(self, name: str | None = None) -> Profile:
        """The profile of ``name`` (the identity's when None); empty when it has no file yet.

        A broken file is rebuilt in memory (nothing is written; ``notice`` says so).  Raises
        ``SaveError`` when its folder cannot be read, or nothing of it could be read.
        """
        name = name or default_profile_name()
        if not self._check_dir():
            return Profile(name, ())
        disk = self._on_disk(name)
        if disk.failed is not None:
            raise disk.failed
        return Profile(disk.name, disk.games, disk.notice, read_only=disk.newer is not None)

    def names(self) -> list[str]:
        """The profiles in the folder; ``SaveError`` when it cannot be read."""
        if not self._check_dir():
            return []
        return sorted(p.name[: -len(SUFFIX)] for p in self.dir.glob("*" + SUFFIX) if not p.name.startswith("."))

    def record(self, name: str, game: GameRecord) -> bool:
        """Add a finished game to ``name``'s profile; False when that game is already there.

        Safe against concurrent recorders (a lock) and crashes (atomic write with backup).
        A broken profile is rebuilt first (the broken files kept as damaged copies); a newer
        Norsewind's profile is not touched (``SaveMismatch``).
        """
        if (why := printable_problem(name)) is not None:
            raise SaveError(f"profile name {name!r} {why}")
        if (why := game.problem()) is not None:
            raise SaveError(f"not recording the game: {why}")
        with self._locked(name, adding=game) as disk:
            is_new = game.game not in disk.known
            if not is_new and not disk.rebuild:
                return False
            games = disk.games if disk.rebuild else (*disk.games, first_daily(disk.games, game))
            self._write(name, disk, games)
            return is_new

    def record_all(self, name: str, games: Sequence[GameRecord]) -> int:
        """Add finished games to ``name``'s profile in one write (``db export``); how many were new.

        As ``record`` (the lock, the rebuild, the newer profile left alone), for many games at once:
        a profile of N games is written once, not N times.
        """
        if (why := printable_problem(name)) is not None:
            raise SaveError(f"profile name {name!r} {why}")
        for game in games:
            if (why := game.problem()) is not None:
                raise SaveError(f"not recording the game {game.game}: {why}")
        with self._locked(name) as disk:
            held = list(disk.games)
            known = {g.game for g in held}
            for game in games:
                if game.game not in known:
                    held.append(first_daily(held, game))
                    known.add(game.game)
            added = len(held) - len(disk.games)
            if added or disk.rebuild:
                self._write(name, disk, tuple(held))
            return added

    @contextmanager
    def _locked(self, name: str, adding: GameRecord | None = None) -> Iterator[_OnDisk]:
        """``name``'s profile as on disk, under its lock (what a killed recorder left removed first);
        ``SaveMismatch`` for a newer Norsewind's profile, which is not touched."""
        ensure_dir(self.dir, private=True)
        main, backup, _, lockfile = self._paths(name)
        lock = FileLock(lockfile, f"the profile {main.name}")
        lock.acquire(timeout=LOCK_WAIT)
        try:
            remove_stale_temps(main)
            remove_stale_temps(backup)
            disk = self._on_disk(name, adding=adding)
            if disk.newer is not None:
                raise SaveMismatch(f"{disk.newer}: this version cannot record games into it (update Norsewind)")
            yield disk
        finally:
            lock.release()

    def _write(self, name: str, disk: _OnDisk, games: tuple[GameRecord, ...]) -> None:
        """Write ``games`` as ``name``'s profile (the caller holds its lock); broken files set aside."""
        main, backup, damaged, _ = self._paths(name)
        data = msgspec.json.format(msgspec.json.encode(ProfileFile(PROFILE_FORMAT, disk.name, games)), indent=1)
        try:
            for broken in disk.broken:
                set_aside(broken, damaged)
            atomic_write(main, data, backup=backup)
        except OSError as exc:
            raise SaveError(f"{main}: cannot write: {exc.strerror or exc}") from None

    def hall(self) -> Hall:
        """Every profile file of the folder, read as untrusted input (``read_hall``)."""
        from .halloffame import read_hall

        return read_hall(self.dir)

    # ------------------------------------------------------------------ the people's ratings

    def _ledger_paths(self) -> tuple[Path, Path, Path, Path]:
        main = ledger_path(self.dir)
        return (
            main,
            main.with_name(main.name[: -len(SUFFIX)] + BACKUP_SUFFIX),
            main.with_name(main.name[: -len(SUFFIX)] + DAMAGED_SUFFIX),
            main.with_name(main.name[: -len(SUFFIX)] + LOCK_SUFFIX),
        )

    def _read_ledger(self) -> LedgerRead:
        """The results counted so far: the main file, else its backup (with a notice); ``SaveError``
        when neither can be read (``SaveMismatch``: a newer Norsewind's)."""
        main, backup, _, _ = self._ledger_paths()
        try:
            return LedgerRead(decode_ledger(read_limited(main), str(main)).games)
        except FileNotFoundError:
            why = f"{main} is missing"
            broken = None
        except SaveMismatch:
            raise
        except SaveError as exc:
            why, broken = str(exc), main
        try:
            games = decode_ledger(read_limited(backup), str(backup)).games
        except FileNotFoundError:
            if broken is None:
                return LedgerRead(())  # no game counted yet
            raise SaveError(f"{why}; it has no backup: the ratings cannot be read") from None
        except SaveMismatch:
            raise
        except SaveError as exc:
            raise SaveError(f"{why}; the backup is broken too ({exc})") from None
        return LedgerRead(games, f"{why}: the ratings were read from the backup {backup.name}", broken)

    def results(self) -> tuple[RatedGame, ...]:
        """Every result counted so far, in order (``SaveError`` when the results cannot be read)."""
        return self._read_ledger().games

    def rate(self, game: RatedGame) -> bool:
        """Count ``game`` for the ratings once (by its id), under the ratings' lock, atomically with a
        backup; a broken main file is set aside as a damaged copy (its backup is the ratings)."""
        return self.rate_all([game]) == 1

    def rate_all(self, games: Sequence[RatedGame]) -> int:
        """Count ``games`` (in order) in one write, each once; how many were new (``db export``)."""
        for game in games:
            if (why := game.problem()) is not None:
                raise SaveError(f"not counting the game for the ratings: {why}")
        ensure_dir(self.dir, private=True)
        main, backup, damaged, lockfile = self._ledger_paths()
        lock = FileLock(lockfile, f"the ratings {main.name}")
        lock.acquire(timeout=LOCK_WAIT)
        try:
            remove_stale_temps(main)
            remove_stale_temps(backup)
            try:
                held = self._read_ledger()
            except SaveMismatch as exc:
                raise SaveMismatch(f"{exc}: this version cannot count games into it (update Norsewind)") from None
            known = {g.game for g in held.games}
            new = []
            for game in games:
                if game.game not in known:
                    new.append(game)
                    known.add(game.game)
            if not new:
                return 0
            try:
                if held.broken is not None:
                    set_aside(held.broken, damaged)
                atomic_write(main, encode_ledger((*held.games, *new)), backup=backup)
            except OSError as exc:
                raise SaveError(f"{main}: cannot write: {exc.strerror or exc}") from None
            return len(new)
        finally:
            lock.release()

    def ladder(self, anchors: Anchors | None = None) -> Ladder:
        """Every person's rating, replayed from the results (again only when the file changed)."""
        anchors = anchors or shipped_anchors()
        main = self._ledger_paths()[0]
        stamp = stamp_of(main)
        cached = self._ladder_cache
        if cached is not None and stamp is not None and cached[0] == stamp and cached[1].anchors is anchors:
            return cached[1]
        try:
            held = self._read_ledger()
        except SaveError as exc:
            return Ladder(anchors, notice=str(exc))
        ladder = Ladder.replay(held.games, anchors, held.notice)
        self._ladder_cache = (stamp, ladder) if stamp is not None and held.notice is None else None
        return ladder
