"""One way to take a turn, whatever the screen (issue 40): the play controller.

The app, the line mode and the browser (through the app) take a decision, undo, step back and redo
through ``Play``, and only render what it answers. Its answers are data, as python-chess's
``Board.push`` and ``outcome`` answer with ``Outcome`` and ``Termination``: an ``Outcome`` says what
happened (done, with the rules' events), or why nothing did (refused by the rules, not this
terminal's decision, the game moved on since the view, a confirmation needed, nothing to undo, a
write that failed). ``words.play`` words each one, once, for every front end.

The ladder of an undo lives here alone: finished (R25) -> read-only or nothing of this player's ->
a confirmation over a revealed card -> the undo -> a write that failed -> done.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .rules import IllegalMove
from .rules.cards import CardDB
from .rules.events import Event
from .rules.moves import Move
from .rules.refusals import Refusal
from .storage import StorageError
from .storage.gamefile import Snapshot
from .storage.handle import GameHandle
from .storage.problems import Since, TurnProblem, UndoProblem
from .storage.tables import TableMoved
from .words import play as say
from .words.play import Kind, LookBack

Act = Literal["decide", "undo", "step back", "redo"]


@dataclass(frozen=True, slots=True)
class Done:
    """The change is made and saved. ``events``: what the rules did (a decision's); ``assisted``: an
    undo over a revealed card marked the game assisted for good; ``warning``: saved, but the disk
    failed right after (one line to show)."""

    act: Act
    events: tuple[Event, ...] = ()
    assisted: bool = False
    warning: str | None = None


@dataclass(frozen=True, slots=True)
class Refused:
    """The rules refuse the decision (nothing changed)."""

    refusal: Refusal


@dataclass(frozen=True, slots=True)
class NotYours:
    """This terminal is not asked the decision now: ``problem`` says why (bob's turn; None when the
    game is over or nobody is asked)."""

    problem: TurnProblem | None
    over: bool = False


@dataclass(frozen=True, slots=True)
class MovedOn:
    """Another terminal decided since the view the player decided on (``since``: alice decided)."""

    since: Since | None


@dataclass(frozen=True, slots=True)
class NeedsConfirmation:
    """The undo goes back over a card revealed from the deck: ask, then ``undo(confirmed=...)``."""

    act: Act


@dataclass(frozen=True, slots=True)
class NotDone:
    """Nothing changed, and why: the game is finished (R25), there is nothing to take back or make
    again (``problem``: storage's reason, when it has one), the player said no to the question, or
    a step back would cross a revealed card (``u`` asks first)."""

    act: Act
    why: Literal["finished", "nothing", "declined", "revealed"]
    problem: UndoProblem | None = None


@dataclass(frozen=True, slots=True)
class Failed:
    """The write failed: nothing changed (``problem``: the store's one line)."""

    act: Act
    problem: str


Outcome = Done | Refused | NotYours | MovedOn | NeedsConfirmation | NotDone | Failed


class Play:
    """A game's decisions, undo and redo, for one terminal (the app's screen or the line mode)."""

    def __init__(self, game: GameHandle) -> None:
        self.game = game

    def asked(self) -> bool:
        """Is this terminal asked the decision to be made now?"""
        return not self.game.state.is_over and self.game.turn_problem() is None

    def not_asked(self) -> NotYours:
        """Why this terminal is not asked now (the game over: an empty problem)."""
        if self.game.state.is_over:
            return NotYours(None, over=True)
        return NotYours(self.game.turn_problem())

    def decide(self, move: Move, seen: Snapshot | None) -> Outcome:
        """Make ``move``, decided on the view ``seen`` (the caller asked ``asked()`` first, or it is
        the computer's decision in a game of this terminal; a table refuses another's seat itself)."""
        try:
            events = self.game.push(move, seen=seen)
        except IllegalMove as exc:
            return Refused(exc.refusal)
        except TableMoved as exc:  # decided elsewhere since the key was typed
            return MovedOn(exc.since)
        except StorageError as exc:  # a save that cannot be written: the move was taken back
            return Failed("decide", str(exc))
        return Done("decide", tuple(events), warning=self.game.warning)

    def undo(self, confirmed: bool | None = None) -> Outcome:
        """Take back this player's last decision. ``confirmed``: None when nobody was asked yet
        (a step over a revealed card answers ``NeedsConfirmation``); the player's answer after."""
        game = self.game
        if game.finished:  # R25: the result is recorded; nothing takes it back
            return NotDone("undo", "finished")
        problem = game.undo_problem()
        if problem is not None:
            return NotDone("undo", "nothing", problem)
        confirm = False
        if game.undo_needs_confirmation():
            if confirmed is None:
                return NeedsConfirmation("undo")
            if not confirmed:
                return NotDone("undo", "declined")
            confirm = True
        return self._undo("undo", confirm)

    def step_back(self) -> Outcome:
        """Esc within a turn: take back the turn's last decision, never over a revealed card."""
        if self.game.undo_needs_confirmation():
            return NotDone("step back", "revealed")
        return self._undo("step back", False)

    def _undo(self, act: Act, confirm: bool) -> Outcome:
        try:
            done = self.game.undo(confirm=confirm)
        except StorageError as exc:  # the save could not be written (or the table refused): nothing changed
            return Failed(act, str(exc))
        if not done:
            return NotDone(act, "declined" if confirm else "nothing")
        return Done(act, assisted=confirm, warning=self.game.warning)

    def redo(self) -> Outcome:
        """Make again the next undone decision, if it is this player's."""
        game = self.game
        if game.finished:
            return NotDone("redo", "finished")
        if not game.can_redo():
            return NotDone("redo", "nothing")
        try:
            done = game.redo()
        except StorageError as exc:
            return Failed("redo", str(exc))
        if not done:
            return NotDone("redo", "nothing")
        return Done("redo", warning=game.warning)


def said(outcome: Outcome, db: CardDB, look: LookBack) -> tuple[str, Kind] | None:
    """What to tell the player of ``outcome`` (None: a decision made, which each front end tells by
    its events). ``look``: how this front end's player looks at the log."""
    match outcome:
        case Done(act="decide"):
            return None
        case Done(warning=str() as warning):  # saved, but the disk failed right after
            return warning, "error"
        case Done(act=act, assisted=assisted):
            return say.done(act, assisted), "info"
        case Refused(refusal=why):
            return say.not_allowed(why, db), "error"
        case NotYours(problem=problem, over=over):
            return say.not_yours(str(problem or ""), over), "error"
        case MovedOn(since=since):
            return say.moved_on(str(since or "")), "error"
        case NeedsConfirmation():
            return say.UNDO_QUESTION, "info"
        case NotDone(act=act, why="finished"):
            return say.finished_refusal("redone" if act == "redo" else "undone", look), "error"
        case NotDone(why="revealed"):
            return say.NO_STEP_BACK, "error"
        case NotDone(act="redo"):
            return say.NOTHING_TO_REDO, "error"
        case NotDone(problem=UndoProblem() as problem):
            return say.not_undone(str(problem)), "error"
        case NotDone():
            return say.NOTHING_UNDONE, "error"
        case Failed(problem=problem):
            return say.not_done(problem), "error"
