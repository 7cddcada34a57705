"""The one place where the app meets the saves (``norsewind_tui.storage``).

The app talks to a ``Library`` (create, open, list games; the campaign table)
and to a game handle with the ``SavedGame`` interface (``state``, ``push``,
``undo``...).  When the storage package is available every decision is
autosaved through it; otherwise a ``LocalGame`` keeps the game in memory with
the same undo policy, and saving says it is unavailable.
"""

from __future__ import annotations

import builtins
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..rules import GameConfig, Session
from ..rules.cards import CardDB
from ..rules.events import Event
from ..rules.moves import Move
from ..rules.state import State


class GameHandle(Protocol):
    """What the game screen needs of a game (the storage API's ``SavedGame``)."""

    name: str
    read_only: bool

    @property
    def state(self) -> State: ...

    @property
    def session(self) -> Session: ...

    @property
    def seats(self) -> Any: ...

    @property
    def assisted(self) -> bool: ...

    def push(self, move: Move) -> list[Event]: ...

    def can_undo(self) -> bool: ...

    def undo_needs_confirmation(self) -> bool: ...

    def undo(self, confirm: bool = False) -> bool: ...

    def can_redo(self) -> bool: ...

    def redo(self) -> None: ...

    def save_as(self, name: str) -> GameHandle: ...

    def close(self) -> None: ...


class SavesUnavailable(Exception):
    """Saving is not possible in this build (no storage package)."""


@dataclass(frozen=True)
class Seat:
    """A seat at the table (mirrors ``storage.SeatMeta``)."""

    name: str
    kind: str = "human"  # "human" or "computer"
    bot: str | None = None


def seat_kind(seats: Any, index: int) -> str:
    try:
        return str(seats[index].kind)
    except (IndexError, AttributeError, TypeError):
        return "human"


def seat_bot(seats: Any, index: int) -> str | None:
    try:
        bot = seats[index].bot
    except (IndexError, AttributeError, TypeError):
        return None
    return None if bot is None else str(bot)


class LocalGame:
    """A game held in memory, with the saves' undo policy."""

    def __init__(self, session: Session, seats: tuple[Seat, ...], name: str) -> None:
        self._session = session
        self._seats = seats
        self.name = name
        self.path: Path | None = None
        self.read_only = False
        self._assisted = False

    @property
    def session(self) -> Session:
        return self._session

    @property
    def state(self) -> State:
        return self._session.state

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self._seats

    @property
    def assisted(self) -> bool:
        return self._assisted

    def push(self, move: Move) -> list[Event]:
        return self._session.push(move)

    def _undo_target(self) -> int:
        """The position one human decision back (computer moves go with it)."""
        s = self._session
        pos = s.position - 1
        while pos > 0 and seat_kind(self._seats, s.states[pos].current) == "computer":
            pos -= 1
        return max(pos, 0)

    def can_undo(self) -> bool:
        return self._session.can_undo()

    def undo_needs_confirmation(self) -> bool:
        s = self._session
        return s.states[self._undo_target()].revealed != s.state.revealed

    def undo(self, confirm: bool = False) -> bool:
        if not self.can_undo():
            return False
        if self.undo_needs_confirmation():
            if not confirm:
                return False
            self._assisted = True
        target = self._undo_target()
        while self._session.position > target:
            self._session.undo()
        return True

    def can_redo(self) -> bool:
        return self._session.can_redo()

    def redo(self) -> None:
        self._session.redo()
        while self._session.can_redo() and seat_kind(self._seats, self._session.state.current) == "computer":
            self._session.redo()

    def save_as(self, name: str) -> LocalGame:
        raise SavesUnavailable("saving is not available in this build")

    def close(self) -> None:
        return None


@dataclass
class CampaignRow:
    level: int
    unlocked: bool
    best_margin: int | None = None
    medals: tuple[str, ...] = ()


@dataclass
class GameSummary:
    name: str
    mode: str
    players: str
    turn: int
    updated: str
    finished: bool = False
    error: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def _storage() -> Any | None:
    try:
        from .. import storage
    except ImportError:  # pragma: no cover - the package is part of the project
        return None
    return storage if hasattr(storage, "GameStore") else None


class Library:
    """Games and profiles: storage-backed when available."""

    def __init__(self, saves: str | None = None, cards: CardDB | None = None, profile: str | None = None) -> None:
        self.cards = cards
        self._storage = _storage()
        self._store: Any = None
        self._profiles: Any = None
        self.saves_dir: Path | None = None
        self.problem = ""
        if self._storage is not None:
            try:
                self.saves_dir = self._storage.resolve_saves_dir(saves)
                self._store = self._storage.GameStore(self.saves_dir, cards)
                self._profiles = self._storage.ProfileStore(self.saves_dir / "profiles")
            except Exception as exc:  # a one-line notice; the game still plays in memory
                self.problem = f"saves unavailable: {exc}"
                self._store = None
        self.profile_name = profile or self._default_profile()
        self._counter = 0

    @property
    def available(self) -> bool:
        return self._store is not None

    def _default_profile(self) -> str:
        if self._profiles is not None:
            try:
                return str(self._profiles.default_profile_name())
            except Exception:
                pass
        return os.environ.get("USER") or "player"

    def seat(self, name: str, kind: str = "human", bot: str | None = None) -> Any:
        if self._storage is not None and hasattr(self._storage, "SeatMeta"):
            return self._storage.SeatMeta(name=name, kind=kind, bot=bot)
        return Seat(name, kind, bot)

    def create(self, config: GameConfig, seed: int, seats: list[Any], name: str | None = None) -> GameHandle:
        if self._store is not None:
            # solo results go to this app's profile (the login name unless --profile), whatever the typed name
            profile = self.profile_name if config.solo else None
            game: GameHandle = self._store.create(config, seed, seats, name=name, profile=profile)
            return game
        self._counter += 1
        session = Session.start(config, seed, self.cards)
        return LocalGame(session, tuple(seats), name or f"game-{self._counter}")

    def open(self, name: str, read_only: bool = False) -> GameHandle:
        if self._store is None:
            raise SavesUnavailable(self.problem or "saving is not available in this build")
        game: GameHandle = self._store.open(name, read_only=read_only)
        return game

    def list(self) -> list[GameSummary]:
        if self._store is None:
            return []
        out = []
        for s in self._store.list():
            updated = getattr(s, "updated", "")
            if hasattr(updated, "strftime"):
                updated = updated.strftime("%Y-%m-%d %H:%M")
            players = getattr(s, "players", "")
            if isinstance(players, (list, tuple)):
                players = ", ".join(str(p) for p in players)
            out.append(
                GameSummary(
                    name=str(getattr(s, "name", "?")),
                    mode=str(getattr(s, "mode", "")),
                    players=str(players),
                    turn=int(getattr(s, "turn", 0) or 0),
                    updated=str(updated)[:16],
                    finished=bool(getattr(s, "finished", False)),
                    error=str(getattr(s, "error", "") or ""),
                )
            )
        return out

    def identity(self) -> str:
        """Who plays in this app (the lobby's identity): ``$NORSEWIND_PLAYER``, else the login name."""
        if self._storage is not None and self._store is not None:
            try:
                from ..storage.tables import player_identity

                return str(player_identity())
            except Exception:
                pass
        return os.environ.get("NORSEWIND_PLAYER", "").strip() or os.environ.get("USER") or "player"

    def continuable(self, identity: str | None = None) -> GameSummary | None:
        """The most recently updated unfinished game of this player, or None.

        A game is the player's when a person's seat is named after them or its
        profile is theirs (shared tables are not in the saves list: the lobby has them).
        """
        if self._store is None:
            return None
        who = identity if identity is not None else self.identity()
        try:
            rows = self._store.list()  # newest first
        except Exception:
            return None
        for s in rows:
            if getattr(s, "error", None) is not None or getattr(s, "finished", True):
                continue
            humans = {str(seat.name) for seat in getattr(s, "seats", ()) if getattr(seat, "kind", "human") == "human"}
            if who not in humans and getattr(s, "profile", None) != who:
                continue
            updated: Any = getattr(s, "updated", None)
            stamp = updated.strftime("%Y-%m-%d %H:%M") if hasattr(updated, "strftime") else ""  # as Resume shows it
            return GameSummary(
                name=str(s.name),
                mode=str(getattr(s, "mode", "")),
                players=", ".join(str(p) for p in getattr(s, "players", ())),
                turn=int(getattr(s, "turn", 0) or 0),
                updated=stamp,
            )
        return None

    def latest(self) -> str | None:
        if self._store is None:
            return None
        latest: str | None = self._store.latest()
        return latest

    def remove(self, name: str) -> None:
        if self._store is not None:
            self._store.remove(name)

    def campaign(self) -> tuple[builtins.list[CampaignRow], str | None, builtins.list[Any]]:
        """The level table, the title (or None) and the recent games of the profile."""
        rows = [CampaignRow(level, level == 1) for level in range(1, 8)]
        if self._profiles is None:
            return rows, None, []
        try:
            profile = self._profiles.load(self.profile_name)
            raw = profile.campaign()
        except Exception as exc:
            self.problem = f"profile unavailable: {exc}"
            return rows, None, []
        out = []
        for r in raw:
            medals = getattr(r, "medals", ())
            out.append(
                CampaignRow(
                    level=int(r.level),
                    unlocked=bool(r.unlocked),
                    best_margin=getattr(r, "best_margin", None),
                    medals=tuple(str(m) for m in medals),
                )
            )
        return out or rows, getattr(profile, "title", None), list(getattr(profile, "games", []))
