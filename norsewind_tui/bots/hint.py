"""Hints for the app: the move the hard bot would make, and why in a few words."""

from __future__ import annotations

from ..rules.state import State
from .base import Bot, Hint
from .explain import explain_move
from .mcts import MCTSBot
from .registry import steady_hard_bot

HINT_SEED = 0


def hint(state: State, seat: int, bot: Bot | None = None) -> Hint:
    """The hard bot's move for ``seat`` now, with a short reason ("+6 coins; Mercia stays safe").

    Raises ``ValueError`` when the game is over or it is not ``seat``'s decision.
    Deterministic: the same position always gets the same hint.
    """
    if state.phase == "over":
        raise ValueError("the game is over: no hint")
    if state.current != seat:
        raise ValueError(f"it is not seat {seat + 1}'s decision (waiting for seat {state.current + 1})")
    bot = bot if bot is not None else steady_hard_bot(HINT_SEED)
    move = bot.decide(state)
    plan = bot.last_search.plan if isinstance(bot, MCTSBot) else ()
    return Hint(move, explain_move(state, move, plan))
