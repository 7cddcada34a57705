"""The undo policy of saved games and shared tables: which decisions a player may take back.

Undo never reveals or changes hidden information, and a finished game is final (R25).

- At one terminal (a saved game): one step takes back the last human decision together with
  the computer moves that followed it.  A step back over a card revealed from a hidden deck
  (``State.revealed`` grew) needs the player's confirmation and marks the game *assisted* for
  good.  With computer seats only, a step is one move.
- At a shared table: a player takes back only their own last decision, only while nobody else
  (computer seats included) has decided since, and never over a revealed card: everyone saw it.
- A decision a computer made in a person's seat while they were away (a stand-in, issue 13) is
  the computer's, not the person's: nobody takes it back, and it counts as someone else's
  decision for the players before it.
- Redo makes the next undone decision again (at one terminal with the computer moves after it;
  at a table only when that decision is the player's).

These functions decide; they change nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from ..rules.session import Session
from .format import SeatMeta
from .problems import UndoProblem, UndoWhy, Who


@dataclass(frozen=True)
class Seat:
    """The player at a shared table: the seat they hold (None: watching) and how to name them."""

    seat: int | None
    identity: str


@dataclass(frozen=True)
class UndoStep:
    """One undo or redo: the position it goes to, or why it may not be taken."""

    target: int = -1  # the position of the log to stand at; -1 when refused
    refused: UndoProblem | None = None  # why not (None: allowed)
    confirm: bool = False  # undo over a revealed card: only when confirmed, and it marks the game assisted

    @property
    def allowed(self) -> bool:
        return self.refused is None


def _no(why: UndoWhy, identity: str = "", who: Who | None = None, by_computer: bool = False) -> UndoStep:
    return UndoStep(refused=UndoProblem(why, identity, who, by_computer))


def _computer(seats: Sequence[SeatMeta], seat: int) -> bool:
    return 0 <= seat < len(seats) and seats[seat].kind == "computer"


def _seat_name(seat: int) -> Who:
    return Who("", seat, "open")


def undo_step(
    session: Session,
    seats: Sequence[SeatMeta],
    table: Seat | None = None,
    who: Callable[[int], Who] = _seat_name,
    by_computer: Collection[int] = (),
) -> UndoStep:
    """The next undo of ``session`` for a player at one terminal (``table`` None) or at a table.

    ``who(seat)`` names a seat in the reasons; ``by_computer``: the decisions a computer made in a
    person's seat at a table (stand-ins).
    """
    if session.state.is_over:
        return _no("finished")
    p = session.position
    if table is not None:
        return _table_undo(session, table, who, by_computer)
    while p > 0 and _computer(seats, session.mover(p - 1)):
        p -= 1
    if p > 0:
        target = p - 1  # the human decision before the computer moves
    elif session.position > 0 and not any(seat.kind == "human" for seat in seats):
        target = session.position - 1  # computers only: one move at a time
    else:
        return _no("nothing")
    return UndoStep(target, confirm=session.states[target].revealed < session.state.revealed)


def _table_undo(session: Session, table: Seat, who: Callable[[int], Who], by_computer: Collection[int]) -> UndoStep:
    mine = table.seat
    if mine is None:
        return _no("watching", table.identity)
    p = session.position
    if p == 0:
        return _no("nothing")
    last = session.mover(p - 1)
    if last == mine and p - 1 in by_computer:
        return _no("standin")
    if last != mine:
        if any(session.mover(i) == mine and i not in by_computer for i in range(p - 1)):
            return _no("decided_since", who=who(last), by_computer=p - 1 in by_computer)
        return _no("none_of_yours")
    if session.states[p - 1].revealed < session.state.revealed:
        return _no("revealed")
    return UndoStep(p - 1)


def redo_step(
    session: Session, seats: Sequence[SeatMeta], table: Seat | None = None, by_computer: Collection[int] = ()
) -> UndoStep:
    """The next redo of ``session`` (see ``undo_step``)."""
    if session.state.is_over:
        return _no("finished")
    if not session.can_redo():
        return _no("nothing_to_redo")
    p = session.position + 1
    if table is not None:
        if session.mover(session.position) != table.seat or session.position in by_computer:
            return _no("redo_not_yours")
        return UndoStep(p)
    while p < len(session.moves) and _computer(seats, session.mover(p)):
        p += 1  # the computer moves that followed it come back with it
    return UndoStep(p)
