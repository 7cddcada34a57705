"""The random player: any legal decision, uniformly."""

from __future__ import annotations

import random

from ..rules.engine import legal_moves
from ..rules.moves import Move
from ..rules.state import State
from .base import BotBase


class RandomBot(BotBase):
    name = "random"

    def choose(self, state: State, rng: random.Random) -> Move:
        return rng.choice(legal_moves(state))
