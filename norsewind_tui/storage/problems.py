"""What storage answers a player in play, as data (issue 40 §3): ``words.storage`` words it.

A game says why this terminal may not decide (``TurnProblem``), why an undo or a redo takes nothing
(``UndoProblem``), what became of a seat left (``SeatChange``), what the game left says of itself
(``Parting``) and what happened since a view (``Since``): a ``Literal`` code and the names and seats
that go with it, as the rules' ``Refusal`` is. Each front end (the app, the line mode, the browser
through the app) words the same data through ``words``, never a sentence of storage's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..words import storage as say


@dataclass(frozen=True, slots=True)
class Who:
    """A seat as a message names it: its person, its computer player (``name``: the rules' player
    name), or nobody yet (``kind`` "open")."""

    name: str
    seat: int
    kind: Literal["human", "computer", "open"] = "human"

    def __str__(self) -> str:
        return say.who(self.name, self.seat, self.kind)


TurnWhy = Literal[
    "over",  # the game is over
    "watching",  # this identity holds no seat (identity)
    "computer",  # a computer seat is to decide (who)
    "open",  # the seat to decide is open, waiting for a player (who.seat)
    "other",  # another person's turn (who; identity and mine: this player and their seat)
    "not_yours",  # a game of one terminal: a computer's decision, or the game open read-only
]


@dataclass(frozen=True, slots=True)
class TurnProblem:
    """Why this terminal may not take the decision to be made now."""

    why: TurnWhy
    who: Who | None = None
    identity: str = ""
    mine: int = -1

    def __str__(self) -> str:
        seat = self.who.seat if self.who is not None else -1
        return say.turn_problem(self.why, str(self.who or ""), self.identity, self.mine, seat)


UndoWhy = Literal[
    "finished",  # R25: the result is recorded
    "read_only",  # the game is open read-only here
    "nothing",  # nothing to undo
    "watching",  # this identity holds no seat at the table (identity)
    "standin",  # their last decision was a computer's, standing in while they were away
    "decided_since",  # someone decided after their last decision (who; by_computer: standing in)
    "none_of_yours",  # the decisions before are not theirs
    "revealed",  # at a table: their last decision revealed a card to everyone
    "nothing_to_redo",
    "redo_not_yours",  # at a table: the next undone decision is another's
]


@dataclass(frozen=True, slots=True)
class UndoProblem:
    """Why an undo or a redo takes nothing back (or makes nothing again) now."""

    why: UndoWhy
    identity: str = ""
    who: Who | None = None
    by_computer: bool = False

    def __str__(self) -> str:
        return say.undo_problem(self.why, self.identity, str(self.who or ""), self.by_computer)


@dataclass(frozen=True, slots=True)
class SeatChange:
    """What became of a seat its person left, was removed from, declined (a rematch) or never sat in
    (``why`` "absent"):
    ``bot`` plays it from now on, or (None) it is open again (nobody decided anything yet)."""

    who: str
    seat: int
    why: Literal["left", "declined", "absent"] = "left"
    bot: str | None = None

    def __str__(self) -> str:
        return say.seat_change(self.who, self.seat, self.why, self.bot)


@dataclass(frozen=True, slots=True)
class Parting:
    """What the terminal says after the app of a game left unfinished: saved as ``name`` (a table:
    ``shared``, and it stays at the table)."""

    name: str
    shared: bool = False

    def said(self, come_back: str | None = None) -> str:
        """The line; ``come_back`` replaces the command that brings the game back."""
        return say.parting(self.name, self.shared, come_back)


@dataclass(frozen=True, slots=True)
class Since:
    """What happened to a table since a player's view: ``who`` decided (None: a decision was undone)."""

    who: Who | None = None

    def __str__(self) -> str:
        return say.since(str(self.who) if self.who is not None else None)
