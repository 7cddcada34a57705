"""Solo campaign profiles: every finished solo game of a player, and the campaign table.

One file per player name in ``saves/profiles/NAME.json`` (default name: the
login name, so each user of a shared host has their own).  A profile records
games; everything else (best margins, medals, unlocked levels, the title) is
derived from the records by R21, so it cannot drift from them.

An assisted game (undone over a revealed card) is recorded with its scores but
earns no medal, does not count for a level's best margin and unlocks nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import msgspec

from ..rules.scoring import MEDALS, Medal, medal_for
from .atomic import FileLock, atomic_write, login_name, read_generation, remove_stale_temps, set_aside
from .errors import SaveError
from .format import CardsId, Int64, Stamp, Text, check_shape, decode_json, printable_problem
from .paths import BACKUP_SUFFIX, DAMAGED_SUFFIX, LOCK_SUFFIX, SUFFIX, ensure_dir, sanitise_name

PROFILE_FORMAT = 1
LEVELS = range(1, 8)
MEDAL_ORDER: tuple[Medal, ...] = tuple(reversed([m for _, m in MEDALS]))  # bronze .. platinum
TITLE = "King of all Kings"
LOCK_WAIT = 10.0  # seconds another process may hold a profile while it records a game


class GameRecord(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One finished solo game."""

    game: Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{32}$")]  # the save's game id (recorded once)
    date: Stamp
    level: Annotated[int, msgspec.Meta(ge=1, le=7)]
    score: Int64
    vikings: Int64
    margin: Int64  # score - vikings
    medal: Medal | None  # None when the margin earns none or the game was assisted
    seed: Int64
    assisted: bool = False
    save: Text = ""  # the save's name when it finished
    cards: CardsId | None = None

    def problem(self) -> str | None:
        if self.margin != self.score - self.vikings:
            return f"margin {self.margin} is not {self.score} - {self.vikings}"
        expected = None if self.assisted else medal_for(self.margin)
        if self.medal != expected:
            return f"medal {self.medal} does not go with margin {self.margin}" + (
                " in an assisted game" if self.assisted else ""
            )
        return None


class ProfileFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    format: int
    name: Text
    games: tuple[GameRecord, ...] = ()


class _Probe(msgspec.Struct):
    format: int


@dataclass(frozen=True)
class CampaignRow:
    """One row of the solo score pad."""

    level: int
    unlocked: bool
    medals: tuple[Medal, ...]  # the rewards checked on this row, bronze..platinum order
    best_margin: int | None  # over the games that count (not assisted)
    played: int  # every finished game on this level, assisted ones too

    @property
    def best_medal(self) -> Medal | None:
        return self.medals[-1] if self.medals else None


@dataclass(frozen=True)
class Profile:
    name: str
    games: tuple[GameRecord, ...]  # oldest first
    notice: str | None = None  # set when the backup had to be used

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

    def unlocked(self, level: int) -> bool:
        return any(r.level == level and r.unlocked for r in self.campaign())

    def recent(self, count: int = 10) -> list[GameRecord]:
        """The latest ``count`` games, newest first."""
        return list(reversed(self.games[-count:])) if count > 0 else []


def default_profile_name() -> str:
    """The login name (each user of a shared host has their own profile)."""
    return login_name()


def decode_profile(data: bytes, source: str) -> ProfileFile:
    check_shape(data, source)
    version = decode_json(data, _Probe, source).format
    if version != PROFILE_FORMAT:
        raise SaveError(f"{source}: $.format: unknown profile format {version} (this Norsewind reads {PROFILE_FORMAT})")
    prof = decode_json(data, ProfileFile, source)
    if (why := printable_problem(prof.name)) is not None:
        raise SaveError(f"{source}: $.name: {why}")
    for i, g in enumerate(prof.games):
        if (why := g.problem()) is not None:
            raise SaveError(f"{source}: $.games[{i}]: {why}")
    return prof


class ProfileStore:
    """The profiles in one folder (``saves/profiles``)."""

    default_profile_name = staticmethod(default_profile_name)

    def __init__(self, folder: Path) -> None:
        self.dir = Path(folder)

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

    def load(self, name: str | None = None) -> Profile:
        """The profile of ``name`` (the login name when None); empty when it has no file yet.

        Raises ``SaveError`` when the file and its backup are both broken.
        """
        name = name or default_profile_name()
        main, backup, _, _ = self._paths(name)
        gen = read_generation(main, backup, decode_profile)
        if gen is None:
            return Profile(name, ())
        return Profile(gen.value.name, gen.value.games, gen.notice)

    def names(self) -> list[str]:
        if not self.dir.is_dir():
            return []
        return sorted(p.name[: -len(SUFFIX)] for p in self.dir.glob("*" + SUFFIX) if not p.name.startswith("."))

    def record(self, name: str, game: GameRecord) -> bool:
        """Add a finished game to ``name``'s profile; False when that game is already there.

        Safe against concurrent recorders (a lock) and crashes (atomic write with backup).
        A profile whose file and backup are both broken is set aside (``.damaged``), not lost.
        """
        if (why := printable_problem(name)) is not None:
            raise SaveError(f"profile name {name!r} {why}")
        if (why := game.problem()) is not None:
            raise SaveError(f"not recording the game: {why}")
        ensure_dir(self.dir, private=True)
        main, backup, damaged, lockfile = self._paths(name)
        lock = FileLock(lockfile, f"the profile {main.name}")
        lock.acquire(timeout=LOCK_WAIT)
        try:
            remove_stale_temps(main)  # what a killed recorder left
            remove_stale_temps(backup)
            try:
                gen = read_generation(main, backup, decode_profile)
            except SaveError:
                set_aside(main, damaged)  # unreadable, backup too: keep it for a person, start anew
                gen = None
            if gen is not None and gen.damaged_main:
                set_aside(main, damaged)
            games = gen.value.games if gen is not None else ()
            if any(g.game == game.game for g in games):
                return False
            shown = gen.value.name if gen is not None else name[:64]
            data = msgspec.json.format(
                msgspec.json.encode(ProfileFile(PROFILE_FORMAT, shown, (*games, game))), indent=1
            )
            try:
                atomic_write(main, data, backup=backup)
            except OSError as exc:
                raise SaveError(f"{main}: cannot write: {exc.strerror or exc}") from None
            return True
        finally:
            lock.release()
