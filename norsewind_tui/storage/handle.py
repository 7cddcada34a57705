"""What the app needs of an open game: the one interface of saved games and shared tables.

``SavedGame`` (a game of one terminal) and ``SharedTable`` (a game whose seats are
played from several terminals) both satisfy ``GameHandle``; the app holds only this.
"""

from __future__ import annotations

from typing import Protocol

from ..rules.events import Event
from ..rules.moves import Move
from ..rules.session import Session
from ..rules.state import State
from .format import SeatMeta


class GameHandle(Protocol):
    """An open game: its position, its seats, decisions, the undo policy, saving."""

    @property
    def name(self) -> str: ...

    @property
    def read_only(self) -> bool: ...

    @property
    def state(self) -> State: ...

    @property
    def session(self) -> Session: ...

    @property
    def seats(self) -> tuple[SeatMeta, ...]: ...

    @property
    def assisted(self) -> bool: ...

    @property
    def finished(self) -> bool: ...

    @property
    def warning(self) -> str | None:
        """One line when the last write reached the file but the disk failed after it (else None)."""
        ...

    @property
    def branch_of(self) -> str | None:
        """The game this one plays on from (no medal, R25), or None."""
        ...

    def push(self, move: Move) -> list[Event]: ...

    def can_undo(self) -> bool: ...

    def undo_problem(self) -> str | None:
        """Why ``undo`` takes nothing back now, in words (None: it will, perhaps after a confirmation)."""
        ...

    def undo_needs_confirmation(self) -> bool: ...

    def undo(self, confirm: bool = False) -> bool: ...

    def can_redo(self) -> bool: ...

    def redo(self) -> bool: ...

    def save_as(self, name: str) -> GameHandle: ...

    def close(self) -> None: ...
