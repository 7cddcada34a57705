"""The greedy player: the best end of its own turn, by the heuristic evaluation.

A turn is several decisions (card, kingdom, supply, space), so greedy tries
every way to finish the turn and judges the state at its end with
``evaluate`` (projected points, kingdoms at risk, coins and the castles they
can buy).  It looks no further: not at the other players, not at later turns.

``noise`` (for the easy player) adds a random amount to each option's value,
so a weaker player sometimes prefers a worse move.
"""

from __future__ import annotations

import random

from ..rules.moves import Move
from ..rules.state import State
from .base import BotBase
from .evaluate import DEFAULT, Weights, evaluate
from .turns import bot_moves, turn_options
from .view import determinise


class GreedyBot(BotBase):
    name = "greedy"

    def __init__(self, seed: int = 0, weights: Weights = DEFAULT, noise: float = 0.0) -> None:
        super().__init__(seed)
        self.weights = weights
        self.noise = noise

    def value(self, state: State, seat: int) -> float:
        return evaluate(state, seat, self.weights)

    def options(self, state: State, rng: random.Random) -> list[tuple[float, Move, list[Move]]]:
        """Every legal decision with the value of the best turn after it, best first."""
        return turn_options(determinise(state, rng), self.value)

    def choose(self, state: State, rng: random.Random) -> Move:
        moves = bot_moves(state)
        if len(moves) == 1:
            return moves[0]
        options = self.options(state, rng)
        if self.noise > 0:
            noisy = [(v + rng.gauss(0.0, self.noise), i) for i, (v, _, _) in enumerate(options)]
            return options[max(noisy)[1]][1]
        return options[0][1]
