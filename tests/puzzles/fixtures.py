"""A truth decision made by hand from a real position: three candidates, the first clearly best."""

from __future__ import annotations

from norsewind_tui.bots.truth import Candidate, TruthDecision
from norsewind_tui.rules import GameConfig, Session
from norsewind_tui.rules.engine import legal_moves

CONFIG = GameConfig(players=("Astrid",), level=2)


def decision(seed: int, second: float = 8.0, half: float = 2.0) -> TruthDecision:
    session = Session.start(CONFIG, seed)
    moves = legal_moves(session.state)
    costs = (0.0, second, second + 5)
    candidates = tuple(Candidate((m,), 10.0 - c, c, half if c else 0.0) for m, c in zip(moves, costs, strict=False))
    return TruthDecision("solo level 2", "easy", CONFIG, seed, (), moves[1], moves[0], candidates, 200)
