"""Hints in the app: a computer player's choice for the decision awaited, in words (the expert's,
unless the player's settings name hard).

``ask(state, seat)`` runs the bots' ``hint`` (up to ~2 s: the game screen calls
it in a worker thread) and returns the move, the move in words ("take the Ship
in slot 4 into Wessex") and the reason ("+6 coins; Mercia stays safe").  The
words use the rest of the turn the search expects (its plan) to say where a
card or a figure would go; the hint itself is always the one decision awaited.
A hint never plays anything and never marks a game as assisted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..bots.explain import explain_move
from ..bots.hint import HINT_SEED, TurnSoFar, turn_so_far
from ..bots.hint import hint as bot_hint
from ..bots.registry import HINT_GIVER, steady_bot
from ..rules.engine import cards_for, is_legal
from ..rules.moves import ChooseKingdom, Move, PickBuilding, PickCastle
from ..rules.state import State
from ..words import move_words


@dataclass(frozen=True)
class HintAnswer:
    move: Move
    words: str  # the move in words
    reason: str  # why, in a few words
    plan: tuple[Move, ...] = ()  # the rest of the turn the hint has in mind, starting with ``move``
    changed: str = ""  # why this hint is not the next step of the one before in this turn

    @property
    def text(self) -> str:
        text = f"Hint: {self.words}: {self.reason}." if self.reason else f"Hint: {self.words}."
        return f"{text} ({self.changed})" if self.changed else text


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


@dataclass(frozen=True)
class Announced:
    """The plan a hint announced: from which position (``position`` in the game's moves), which moves."""

    position: int
    seat: int
    turn: int
    plan: tuple[Move, ...]


def follow_plan(announced: Announced, state: State, played: Sequence[Move], revealed: bool) -> HintAnswer | str:
    """The next step of an announced plan, when the player followed it so far and nothing new came to light.

    ``played``: the moves made since the plan was announced; ``revealed``: a card was revealed meanwhile.
    Returns the hint, else why a fresh one is needed ("" when the plan does not apply: another turn).
    """
    if state.current != announced.seat or state.turn != announced.turn:
        return ""
    steps = len(played)
    if tuple(played) != announced.plan[:steps]:
        return "you chose differently, so the plan is worked out again"
    if revealed:
        return "a card was revealed since the last hint, so the plan is worked out again"
    if steps >= len(announced.plan) or not is_legal(state, announced.plan[steps]):
        return "the last hint's plan ends here, so the rest is worked out now"
    return _step(state, announced.plan[steps:])


def _step(state: State, rest: Sequence[Move]) -> HintAnswer:
    """The hint that is a plan's next step ``rest[0]``, in words with its reason."""
    move = rest[0]
    reason = _reason(move, explain_move(state, move, rest))
    return HintAnswer(move, move_words(state, move, rest, cards_for(state)), reason, tuple(rest))


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


__all__ = ["Announced", "HintAnswer", "TurnSoFar", "ask", "follow_plan", "turn_so_far"]
