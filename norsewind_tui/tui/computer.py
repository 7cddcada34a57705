"""Computer players for the app: the bots' registry behind one small interface.

The app never runs a bot on its event loop: ``GameScreen`` asks ``decide`` in
a worker thread, and the worker posts the move back as a message.
"""

from __future__ import annotations

from ..bots import Bot, make_bot
from ..rules.moves import Move
from ..rules.state import State

LABELS = {
    "easy": "Computer (easy)",
    "normal": "Computer (normal)",
    "hard": "Computer (hard)",
    "random": "Computer (random)",
    "greedy": "Computer (greedy)",
}


def bot_seed(game_seed: int, seat: int) -> int:
    return (game_seed * 31 + seat * 7919 + 17) % (2**31)


class Computer:
    """The bots of one game, made on first use."""

    def __init__(self, game_seed: int) -> None:
        self.game_seed = game_seed
        self._bots: dict[tuple[int, str], Bot] = {}

    def decide(self, seat: int, name: str, state: State) -> Move:
        key = (seat, name)
        bot = self._bots.get(key)
        if bot is None:
            bot = self._bots[key] = make_bot(name, seed=bot_seed(self.game_seed, seat))
        return bot.decide(state)
