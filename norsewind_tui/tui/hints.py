"""Hints in the app: the hard computer player's choice for the decision awaited, in words.

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

from ..bots import MCTSBot
from ..bots.explain import explain_move
from ..bots.hint import HINT_SEED
from ..bots.hint import hint as bot_hint
from ..bots.registry import steady_hard_bot
from ..rules.cards import KINGDOM_NAMES, CardDB
from ..rules.engine import cards_for, is_legal
from ..rules.moves import (
    ChooseKingdom,
    Decline,
    Move,
    Pass,
    PickBuilding,
    PickCastle,
    PlaceCitizen,
    PlaceDisc,
    Refresh,
    TakeFrom,
)
from ..rules.queries import space_name
from ..rules.state import COLOUR_NAMES, DISCS, SIDE_NAMES, State


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


def ask(state: State, seat: int) -> HintAnswer:
    """The hint for ``seat``'s decision in ``state`` (slow: call it off the event loop).

    Raises ``ValueError`` when it is not ``seat``'s decision.
    """
    bot = steady_hard_bot(HINT_SEED)  # the same position, the same hint, however busy the machine
    found = bot_hint(state, seat, bot)
    plan: Sequence[Move] = bot.last_search.plan if isinstance(bot, MCTSBot) else ()
    db = cards_for(state)
    kept = tuple(plan) if plan and plan[0] == found.move else (found.move,)
    return HintAnswer(found.move, move_words(state, found.move, plan, db), _reason(found.move, found.reason), kept)


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
    rest = announced.plan[steps:]
    move = rest[0]
    db = cards_for(state)
    reason = _reason(move, explain_move(state, move, rest))
    return HintAnswer(move, move_words(state, move, rest, db), reason, rest)


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


def _next(plan: Sequence[Move], move: Move) -> Move | None:
    """The decision the plan makes after ``move`` (when the plan starts with it)."""
    if len(plan) > 1 and plan[0] == move:
        return plan[1]
    return None


def _holder(state: State, db: CardDB, row: int, holder: int) -> str:
    return space_name(db, state.players[state.current], row, holder)


def _where(state: State, db: CardDB, then: Move | None) -> str:
    """Where the plan puts what is taken: " into Wessex", " for the castle in Mercia"."""
    if isinstance(then, ChooseKingdom):
        return f" into {KINGDOM_NAMES[then.row]}"
    if isinstance(then, PlaceCitizen):
        return f" for {_holder(state, db, then.row, then.holder)}"
    if isinstance(then, PlaceDisc):
        return f" for {_holder(state, db, then.row, then.holder)}, {SIDE_NAMES[then.side]} side up"
    return ""


def move_words(state: State, move: Move, plan: Sequence[Move], db: CardDB) -> str:
    """``move`` in words, with where the rest of the turn (``plan``) would put it."""
    then = _next(plan, move)
    if isinstance(move, PickBuilding):
        card = state.market[move.slot]
        name = db.name(card) if card >= 0 else "building"
        return f"take the {name} in slot {move.slot + 1}{_where(state, db, then)}"
    if isinstance(move, PickCastle):
        cost = db.cost[state.display[move.index]]
        where = f" for {KINGDOM_NAMES[then.row]}" if isinstance(then, ChooseKingdom) else ""
        return f"buy castle {move.index + 1} (cost {cost}){where}"
    if isinstance(move, ChooseKingdom):
        kingdom = KINGDOM_NAMES[move.row]
        if state.phase == "place_start":
            return f"put your starting card in {kingdom}"
        if state.phase == "castle_kingdom":
            return f"put the castle in {kingdom}"
        held = db.name(state.held) if state.held >= 0 else "card"
        return f"build the {held} in {kingdom}"
    if isinstance(move, TakeFrom):
        kind = state.supply_kinds[move.supply]
        what = "an upgrade disc" if kind == DISCS else f"a {COLOUR_NAMES[kind]} citizen"
        return f"take {what}{_where(state, db, then)}"
    if isinstance(move, PlaceCitizen):
        colour = COLOUR_NAMES[state.taken] if 0 <= state.taken < DISCS else "neutral"
        if state.phase == "neutral_space":
            colour = "neutral"
        return f"put the {colour} citizen on {_holder(state, db, move.row, move.holder)}"
    if isinstance(move, PlaceDisc):
        where = _holder(state, db, move.row, move.holder)
        return f"put the disc {SIDE_NAMES[move.side]} side up on {where}"
    if isinstance(move, Decline):
        if state.phase == "reuse_disc":
            return "return the old castle's disc (d)"
        return "take nothing from the supplies (d)"
    if isinstance(move, Refresh):
        return "refresh the market (r)"
    if isinstance(move, Pass):
        return "pass (p)"
    return str(move)
