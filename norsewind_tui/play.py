"""One way to take a turn, whatever the screen (issue 40): the play controller.

The app, the line mode and the browser (through the app) take a decision, undo, step back and redo
through ``Play``, and only render what it answers. Its answers are data, as python-chess's
``Board.push`` and ``outcome`` answer with ``Outcome`` and ``Termination``: an ``Outcome`` says what
happened (done, with the rules' events), or why nothing did (refused by the rules, not this
terminal's decision, the game moved on since the view, a confirmation needed, nothing to undo, a
write that failed). ``words.play`` words each one, once, for every front end.

The ladder of an undo lives here alone: finished (R25) -> read-only or nothing of this player's ->
a confirmation over a revealed card -> the undo -> a write that failed -> done.

A hint is asked the same way (``Play.hint``): refused (``NoHint``), the announced plan's next step at
once (``HintAnswer``), or a question to work out off the event loop (``HintQuestion``, answered by
``answer_hint``). A hint never plays anything and never marks a game as assisted.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .bots.explain import explain_move
from .bots.hint import HINT_SEED, TurnSoFar, turn_so_far
from .bots.hint import hint as bot_hint
from .bots.registry import HINT_GIVER, steady_bot
from .rules import IllegalMove
from .rules.cards import CardDB
from .rules.engine import cards_for, is_legal
from .rules.events import Event
from .rules.moves import ChooseKingdom, Move, PickBuilding, PickCastle
from .rules.queries import revealed_between
from .rules.refusals import Refusal
from .rules.session import Session
from .rules.state import State
from .storage import StorageError
from .storage.gamefile import Snapshot
from .storage.handle import GameHandle
from .storage.problems import Since, TurnProblem, UndoProblem
from .storage.tables import TableMoved
from .words import move_words
from .words import play as say
from .words.nouns import player_names
from .words.play import Kind, LookBack, NoHintWhy

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


class Showing:
    """What a front end reads of the game it shows (the app's game screen, the line mode's
    conversation, both mix it in): its state, and its players' names as the game writes them."""

    game: GameHandle

    @property
    def state(self) -> State:
        return self.game.state

    @property
    def names(self) -> tuple[str, ...]:
        return player_names(self.state)


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

    def hint(self, giver: str = HINT_GIVER, announced: Announced | None = None) -> HintOutcome:
        """A hint for the decision awaited: refused, the ``announced`` plan's next step at once (the
        player followed it), or the question to work out (``answer_hint``, slow: off the event loop).
        ``giver``: the computer player whose choice it is (the player's setting)."""
        game, state = self.game, self.game.state
        if state.is_over:
            return NoHint("over")
        if game.read_only:
            return NoHint("watching")
        seats = game.seats
        if 0 <= state.current < len(seats) and seats[state.current].kind == "computer":
            return NoHint("computer", player_names(state)[state.current])
        if not self.asked():
            return NoHint("not yours")
        followed = follow_announced(announced, game.session) if announced is not None else ""
        if isinstance(followed, HintAnswer):
            return followed
        # no plan announced in this turn (a resume, or a first hint mid-turn): the turn's own plan
        turn = None if followed else turn_so_far(game.session)
        return HintQuestion(state, state.current, giver, turn, followed)


# ---------------------------------------------------------------------- hints


@dataclass(frozen=True)
class HintAnswer:
    """A computer player's choice for the decision awaited, in words; nothing is played."""

    move: Move
    words: str  # the move in words
    reason: str  # why, in a few words
    plan: tuple[Move, ...] = ()  # the rest of the turn the hint has in mind, starting with ``move``
    changed: str = ""  # why this hint is not the next step of the one before in this turn

    @property
    def text(self) -> str:
        return say.hint_line(self.words, self.reason, self.changed)


@dataclass(frozen=True, slots=True)
class NoHint:
    """No hint now, and why (``who``: the computer player to move, when it is one)."""

    why: NoHintWhy
    who: str = ""


@dataclass(frozen=True, slots=True)
class HintQuestion:
    """A hint to work out for ``seat`` in ``state`` (``answer_hint``: up to ~2 s). ``turn``: the turn
    so far, whose plan a hint continues; ``changed``: why the plan announced before no longer holds."""

    state: State
    seat: int
    giver: str = HINT_GIVER
    turn: TurnSoFar | None = None
    changed: str = ""


@dataclass(frozen=True, slots=True)
class HintFailed:
    """The computer player failed to answer (a failing bot must not take the game down)."""

    problem: str


HintOutcome = HintAnswer | NoHint | HintQuestion | HintFailed


@dataclass(frozen=True)
class Announced:
    """The plan a hint announced: from which position (``position`` in the game's moves), which moves."""

    position: int
    seat: int
    turn: int
    plan: tuple[Move, ...]


def answer_hint(question: HintQuestion) -> HintAnswer | HintFailed:
    """Work the hint out (slow: a front end with an event loop calls it in a worker thread)."""
    try:
        answer = ask(question.state, question.seat, question.turn, question.giver)
    except Exception as exc:  # a failing bot must not take the game down
        return HintFailed(str(exc))
    return dataclasses.replace(answer, changed=question.changed)


def ask(state: State, seat: int, turn: TurnSoFar | None = None, giver: str = HINT_GIVER) -> HintAnswer:
    """The hint for ``seat``'s decision in ``state`` (slow: call it off the event loop).

    ``turn``: the turn so far (``bots.hint.turn_so_far``); when the player has followed the plan a
    hint gives at the turn's start, the hint is that plan's next step (issue 27: a hint asked in the
    middle of a turn, after a resume too, continues the turn's plan).
    Raises ``ValueError`` when it is not ``seat``'s decision.
    """
    found = bot_hint(state, seat, steady_bot(giver, HINT_SEED), turn)  # the same answer however busy the machine
    words = move_words(state, found.move, found.plan, cards_for(state))
    return HintAnswer(found.move, words, _reason(found.move, found.reason), found.plan)


def announce(answer: HintAnswer, session: Session) -> Announced:
    """The plan ``answer`` announces, from the position it was given at."""
    state = session.state
    return Announced(session.position, state.current, state.turn, answer.plan)


def follow_announced(announced: Announced, session: Session) -> HintAnswer | str:
    """The announced plan's next step, else why it no longer holds ("" for another turn)."""
    if session.position < announced.position:
        return ""
    played = session.moves[announced.position : session.position]
    revealed = bool(revealed_between(session.events[announced.position : session.position]))
    return follow_plan(announced, session.state, played, revealed)


def follow_plan(announced: Announced, state: State, played: Sequence[Move], revealed: bool) -> HintAnswer | str:
    """The next step of an announced plan, when the player followed it so far and nothing new came to light.

    ``played``: the moves made since the plan was announced; ``revealed``: a card was revealed meanwhile.
    Returns the hint, else why a fresh one is needed ("" when the plan does not apply: another turn).
    """
    if state.current != announced.seat or state.turn != announced.turn:
        return ""
    steps = len(played)
    if tuple(played) != announced.plan[:steps]:
        return say.HINT_CHOSE_DIFFERENTLY
    if revealed:
        return say.HINT_REVEALED
    if steps >= len(announced.plan) or not is_legal(state, announced.plan[steps]):
        return say.HINT_PLAN_ENDS
    rest = announced.plan[steps:]
    move = rest[0]
    reason = _reason(move, explain_move(state, move, rest))
    return HintAnswer(move, move_words(state, move, rest, cards_for(state)), reason, tuple(rest))


def next_planned(announced: Announced | None, session: Session) -> Move | None:
    """After a hinted step was followed: the plan's next step (for the cursor), else None."""
    if announced is None or session.position <= announced.position:
        return None
    played = session.moves[announced.position : session.position]
    steps = len(played)
    if tuple(played) != announced.plan[:steps] or steps >= len(announced.plan):
        return None
    return announced.plan[steps]


def _reason(move: Move, reason: str) -> str:
    """The bots' reason without the part the move's words already say ("take the Church")."""
    parts = [p for p in reason.split("; ") if p]
    if isinstance(move, PickBuilding):
        parts = [p for p in parts if not p.startswith("take the ")]
    elif isinstance(move, PickCastle):
        parts = [p for p in parts if not p.startswith("castle for ")]
    elif isinstance(move, ChooseKingdom):
        parts = [p for p in parts if not (p.startswith("the ") and " fits " in p)]
    return "; ".join(parts) if parts else reason


def hint_said(outcome: HintOutcome, choice: int | None = None) -> tuple[str, Literal["hint", "error"]]:
    """What to tell the player of a hint asked (``choice``: the hinted move's number, where the front
    end numbers its choices)."""
    match outcome:
        case NoHint(why=why, who=who):
            return say.no_hint(why, who), "error"
        case HintQuestion(giver=giver):
            return say.thinking_of_hint(giver), "hint"
        case HintFailed(problem=problem):
            return say.hint_failed(problem), "error"
        case HintAnswer(words=words, reason=reason, changed=changed):
            return say.hint_line(words, reason, changed, choice), "hint"


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
