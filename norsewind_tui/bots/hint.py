"""Hints for the app: the move the hard bot would make, and why in a few words.

A turn is several decisions, and the hint for each comes from one plan for the whole turn:
``turn_plan`` works it out from the position where the turn began, which the game's own record
holds (``Session.states``), so a hint asked in the middle of a turn, after a resume or when ``h``
is first pressed there, continues the turn's plan whenever the player has followed it and no card
was revealed since; only then is a fresh search made.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..rules.engine import is_legal
from ..rules.moves import Move
from ..rules.queries import revealed_between
from ..rules.session import Session
from ..rules.state import State
from .base import Bot, Hint
from .explain import explain_move
from .mcts import MCTSBot
from .registry import steady_hard_bot

HINT_SEED = 0


def hint(state: State, seat: int, bot: Bot | None = None, turn: TurnSoFar | None = None) -> Hint:
    """The hard bot's move for ``seat`` now, with a short reason ("+6 coins; Mercia stays safe")
    and the rest of the turn it plans.  ``turn`` (``turn_so_far``): when the player has followed
    the plan a hint gives at the turn's start, the hint is that plan's next step.

    Raises ``ValueError`` when the game is over or it is not ``seat``'s decision.
    Deterministic: the same position always gets the same hint.
    """
    if state.phase == "over":
        raise ValueError("the game is over: no hint")
    if state.current != seat:
        raise ValueError(f"it is not seat {seat + 1}'s decision (waiting for seat {state.current + 1})")
    bot = bot if bot is not None else steady_hard_bot(HINT_SEED)
    rest = _planned_step(state, turn, bot)
    if rest:
        return Hint(rest[0], explain_move(state, rest[0], rest), rest)
    move, plan = _search(state, bot)
    return Hint(move, explain_move(state, move, plan), plan)


def _search(state: State, bot: Bot) -> tuple[Move, tuple[Move, ...]]:
    """The bot's move and the plan it came from (the move alone when it has none)."""
    move = bot.decide(state)
    plan = bot.last_search.plan if isinstance(bot, MCTSBot) else ()
    return move, (tuple(plan) if plan and plan[0] == move else (move,))


def turn_start(states: Sequence[State], position: int) -> int:
    """The position where the turn being played at ``states[position]`` began."""
    state = states[position]
    seat = state.current
    i = position
    while i > 0:
        before = states[i - 1]
        if before.current != seat or before.players[seat].turns != state.players[seat].turns:
            break
        i -= 1
    return i


def turn_plan(start: State, played: Sequence[Move], revealed: bool, bot: Bot) -> tuple[Move, ...]:
    """The rest of the plan a hint gives at ``start`` (the turn's first decision), when the
    player has made its first ``played`` moves and nothing was revealed since; () otherwise."""
    if revealed or start.phase == "over":
        return ()
    _, plan = _search(start, bot)
    steps = len(played)
    if tuple(played) != plan[:steps] or steps >= len(plan):
        return ()
    return plan[steps:]


def continues_plan(state: State, rest: Sequence[Move]) -> bool:
    """The plan's next step is still a decision of ``state``."""
    return bool(rest) and state.phase != "over" and is_legal(state, rest[0])


@dataclass(frozen=True)
class TurnSoFar:
    """The turn being played: where it began, the decisions made since, whether a card was revealed."""

    start: State
    played: tuple[Move, ...]
    revealed: bool


def turn_so_far(session: Session) -> TurnSoFar | None:
    """The current turn from the game's record; None at the turn's first decision."""
    position = session.position
    start = turn_start(session.states, position)
    if start == position:
        return None
    played = tuple(session.moves[start:position])
    return TurnSoFar(session.states[start], played, bool(revealed_between(session.events[start:position])))


def _planned_step(state: State, turn: TurnSoFar | None, bot: Bot) -> tuple[Move, ...]:
    """The rest of the turn's plan from ``state`` when the player has followed it (its first move is
    the hint); () when a fresh search is needed (a first decision, another choice, a card revealed)."""
    if turn is None:
        return ()
    rest = turn_plan(turn.start, turn.played, turn.revealed, bot)
    return rest if continues_plan(state, rest) else ()
