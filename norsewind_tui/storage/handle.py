"""What the app needs of an open game: the one interface of saved games and shared tables.

``SavedGame`` (a game of one terminal) and ``SharedTable`` (a game whose seats are
played from several terminals) both satisfy ``GameHandle``; the app holds only this and
asks it, never the game's type, what this terminal may do (``turn_problem``, ``seat``,
``shared``), who the computer plays (``computer_to_move``, ``computer_made``) and what
changed elsewhere (``watch``, ``changes``, ``adopt``): a game that cannot do something
says so (``watch`` is None when nobody else can change the game).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from ..rules.events import Event
from ..rules.moves import Move
from ..rules.session import Session
from ..rules.state import State
from .format import SaveMeta, SeatMeta
from .gamefile import Snapshot
from .problems import Parting, TurnProblem, UndoProblem
from .standin import StandIn
from .watch import Watch

Decide = Callable[[int, str, State], Move]  # (seat, bot name, state) -> the computer's decision


@dataclass(frozen=True)
class Change:
    """What a game's follower found or made (in a worker thread), for the app's thread to take on.

    ``view``: a newer generation of the game (someone decided elsewhere, or this process's
    computer wrote its decision): ``adopt`` it.  ``move``: a decision the computer made here for
    ``base`` and nobody wrote yet (a game of this terminal): ``push`` it if ``base`` is still the
    position.
    """

    base: State
    view: Snapshot | None = None
    move: Move | None = None


class GameHandle(Protocol):
    """An open game: its position, its seats, decisions, the undo policy, saving."""

    @property
    def name(self) -> str: ...

    @property
    def path(self) -> Path: ...

    @property
    def meta(self) -> SaveMeta: ...

    @property
    def view(self) -> Snapshot:
        """The generation shown now (a decision's ``seen``)."""
        ...

    @property
    def shared(self) -> bool:
        """Is the game played from several terminals (a table: presence, the lobby)?"""
        ...

    @property
    def seat(self) -> int | None:
        """The one seat this terminal plays (None: every person's seat, in turn, or none when watching)."""
        ...

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

    def turn_problem(self) -> TurnProblem | None:
        """Why this terminal may not take the decision to be made now (None: it may)."""
        ...

    def computer_to_move(self, *, standin: StandIn | None = None) -> tuple[int, str] | None:
        """(seat, bot) when a computer is to decide (a computer seat, or a stand-in for a person away)."""
        ...

    def computer_made(self) -> frozenset[int]:
        """The decisions of the log a computer made in a person's seat."""
        ...

    def watch(self) -> Watch | None:
        """What wakes a follower when the game changes elsewhere (None: nothing else changes it)."""
        ...

    def changes(self, latest: Snapshot, decide: Decide, pause: float, standin: StandIn | None) -> Iterator[Change]:
        """In a worker thread: what changed since ``latest`` (the newest generation the follower
        reported), and the computer's decision if it is to move (``pause``: at least this long)."""
        ...

    def adopt(self, view: Snapshot) -> Snapshot | None:
        """Make ``view`` current if it is newer; the view it replaced, or None."""
        ...

    def parting(self) -> Parting | None:
        """What the terminal says after the app about this game, as data (None: nothing, a game
        finished); ``Parting.said`` words it."""
        ...

    def push(self, move: Move, seen: Snapshot | None = None) -> list[Event]:
        """Make the decision ``move``; ``seen``: the generation the player saw when deciding
        (``TableMoved`` when another terminal decided since)."""
        ...

    def can_undo(self) -> bool: ...

    def undo_problem(self) -> UndoProblem | None:
        """Why ``undo`` takes nothing back now (None: it will, perhaps after a confirmation)."""
        ...

    def undo_needs_confirmation(self) -> bool: ...

    def undo(self, confirm: bool = False) -> bool: ...

    def can_redo(self) -> bool: ...

    def redo(self) -> bool: ...

    def save_as(self, name: str) -> GameHandle: ...

    def close(self) -> None: ...
