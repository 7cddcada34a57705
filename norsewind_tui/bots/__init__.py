"""Computer players and hints.

    >>> from norsewind_tui.bots import make_bot
    >>> from norsewind_tui.rules import GameConfig, new_game, apply, outcome
    >>> bots = [make_bot("greedy", seed=1), make_bot("random", seed=2)]
    >>> state = new_game(GameConfig(players=("Ana", "Bo")), seed=3)
    >>> while outcome(state) is None:
    ...     state = apply(state, bots[state.current].decide(state))
    >>> outcome(state).winners
    (0,)

``view`` says what a seat may see and samples the unseen deck order; bots
never read the real one.
"""

from .base import Bot, BotBase, Hint
from .greedy import GreedyBot
from .hint import hint
from .mcts import MCTSBot, SearchConfig, SearchReport
from .random_bot import RandomBot
from .registry import STRENGTHS, bot_names, make_bot

__all__ = [
    "STRENGTHS",
    "Bot",
    "BotBase",
    "GreedyBot",
    "Hint",
    "MCTSBot",
    "RandomBot",
    "SearchConfig",
    "SearchReport",
    "bot_names",
    "hint",
    "make_bot",
]
