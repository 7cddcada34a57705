"""The one place where the app meets the saves folder (``norsewind_tui.storage``).

The app talks to a ``Library``: create, open, list and remove saved games, and
read the solo campaign table of its profile.  An open game is a
``storage.handle.GameHandle``: every decision is autosaved through it.
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from datetime import UTC, datetime

from ..options import Options
from ..rules import GameConfig
from ..storage import (
    CampaignRow,
    GameRecord,
    SavedGame,
    SaveSummary,
    SeatMeta,
    StorageError,
)
from ..storage.clock import Clock, system_clock
from ..storage.context import AppContext
from ..storage.format import SeatKind
from ..storage.handle import GameHandle

STAMP = "%Y-%m-%d %H:%M"  # how the saves list shows when a game was saved


@dataclass
class GameSummary:
    """One saved game as the Resume screen and the title's "Continue" show it."""

    name: str
    mode: str
    players: str
    turn: int
    updated: str
    finished: bool = False
    error: str = ""
    branch_of: str = ""  # played on from this game (issue 12)
    names: tuple[str, ...] = ()  # the players one by one (``players`` is them in one line)


def _updated(s: SaveSummary) -> str:
    """When the game was saved; a broken file has no date inside: its file time, else "unknown"."""
    if s.updated is not None:
        return s.updated.strftime(STAMP)  # as saved (UTC)
    if s.mtime_ns:
        return datetime.fromtimestamp(s.mtime_ns / 1e9, UTC).strftime(STAMP)
    return "unknown"


def _summary(s: SaveSummary) -> GameSummary:
    return GameSummary(
        name=s.name,
        mode=s.mode,
        players=", ".join(s.players),
        turn=s.turn,
        updated=_updated(s),
        finished=s.finished,
        error=s.error or "",
        branch_of=s.branch_of or "",
        names=tuple(s.players),
    )


class Library:
    """The saved games and the campaign profile of one app, over its context's stores."""

    def __init__(self, context: AppContext) -> None:
        self.context = context
        self.problem = ""  # a one-line notice for the pages (an unreadable profile)

    @classmethod
    def at(
        cls, saves: str | None = None, profile: str | None = None, clock: Clock = system_clock, cards: str | None = None
    ) -> Library:
        """The library of the saves folder ``saves`` (``StorageError`` in one line when it cannot be used)."""
        return cls(AppContext(Options(saves=saves, profile=profile, cards=cards), clock))

    def seat(self, name: str, kind: SeatKind = "human", bot: str | None = None) -> SeatMeta:
        return SeatMeta(name=name, kind=kind, bot=bot)

    def create(
        self, config: GameConfig, seed: int, seats: builtins.list[SeatMeta], name: str | None = None
    ) -> SavedGame:
        # solo results go to this app's profile (the identity unless --profile), whatever the typed name
        profile = self.context.profile_name if config.solo else None
        return self.context.games.create(config, seed, seats, name=name, profile=profile)

    def branch(self, game: GameHandle, position: int, name: str | None = None) -> SavedGame:
        """Play on from ``game`` after ``position`` decisions as a new game (no medal, R25)."""
        return self.context.games.branch(game, position, name)

    def open(self, name: str, read_only: bool = False) -> SavedGame:
        return self.context.games.open(name, read_only=read_only)

    def list(self) -> builtins.list[GameSummary]:
        return [_summary(s) for s in self.context.own_games()]

    def continuable(self, identity: str | None = None) -> GameSummary | None:
        """The most recently updated unfinished game of this player, or None.

        A game is the player's when a person's seat is named after them or its
        profile is theirs (shared tables are not in the saves list: the lobby has them).
        """
        who = identity if identity is not None else self.context.identity
        for s in self.context.own_games():  # newest first
            if s.error is not None or s.finished:
                continue
            humans = {seat.name for seat in s.seats if seat.kind == "human"}
            if who in humans or s.profile == who:
                return _summary(s)
        return None

    def has_finished_game(self) -> bool:
        """Whether this player finished a game (the title then no longer leads with the tutorial)."""
        try:
            if self.context.profiles.load(self.context.profile_name).games:
                return True
        except StorageError:
            pass
        who = self.context.identity
        return any(
            s.finished and (s.profile == who or who in {m.name for m in s.seats}) for s in self.context.games.list()
        )

    def remove(self, name: str) -> None:
        self.context.games.remove(name)

    def campaign(self) -> tuple[builtins.list[CampaignRow], str | None, builtins.list[GameRecord]]:
        """The level table, the title (or None) and the games of the profile, oldest first."""
        try:
            profile = self.context.profiles.load(self.context.profile_name)
        except StorageError as exc:
            self.problem = f"profile unavailable: {exc}"
            rows = [CampaignRow(level, level == 1, (), None, 0) for level in range(1, 8)]
            return rows, None, []
        return profile.campaign(), profile.title, builtins.list(profile.games)
