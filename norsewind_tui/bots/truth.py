"""The truth set (issue 43): decisions from real games, every candidate valued by long rollouts.

A truth decision is a position from a played game, the decision made there, and the analysis's
candidates (the hard search's plans and the decision made, ``tui/analysis.py``), each valued on
``DEALS`` shared deals sampled from what the seat saw, every candidate played to the game's end
by greedy players (``judge.weigh`` with ``TO_THE_END``): a candidate's *cost* is the truth's best
candidate minus it, deal by deal, with its 95 % half-width.  So the truth states its own error.

The file (``data/truth.json``) is data, not code: ``bench/truth.py`` makes it again with one
command (CPU-heavy: never in CI); ``bench/analysis.py --truth`` scores the analysis against it, and
the shipped puzzles (``puzzles.py``) are its decisions where one candidate is clearly best.
"""

from __future__ import annotations

import random
from functools import cache
from importlib import resources
from typing import Annotated

import msgspec

from ..rules.moves import Move
from ..rules.session import Session
from ..rules.state import GameConfig, State
from .judge import TO_THE_END, Estimate, candidates, difference, weigh
from .mcts import MCTSBot
from .registry import STEADY
from .view import decision_rng, public_state

TRUTH_FORMAT = 1
DEALS = 200  # shared deals per decision: every candidate plays every one
ROLLOUT_SEED = 1_000_003  # the rollouts' own stream: never the analysis' samples
KEEP = 3  # candidates valued (stated in docs/BOTS.md): made, hard's, the analysis's best and runner-up
CLEAR = 6.0  # points: a decision is clearly best when it beats the second by this, intervals apart


class Candidate(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    plan: tuple[Move, ...]  # the first decision and the rest of the turn the search had for it
    mean: float  # the seat's mean final margin over the deals
    cost: float  # the truth's best candidate minus this one, deal by deal (0 for the best)
    half: float  # the 95 % half-width of ``cost``

    @property
    def move(self) -> Move:
        return self.plan[0]


class TruthDecision(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: Annotated[str, msgspec.Meta(max_length=40)]  # "solo level 3", "3 players"
    player: Annotated[str, msgspec.Meta(max_length=40)]  # who made it: a level's name or "tutorial"
    config: GameConfig
    seed: int
    moves: tuple[Move, ...]  # the game's log up to the decision
    made: Move
    hard: Move  # the hard search's choice there
    candidates: tuple[Candidate, ...]  # best first
    deals: int

    def state(self) -> State:
        return Session.replay(self.config, self.seed, list(self.moves)).state

    def cost_of(self, move: Move) -> Candidate | None:
        return next((c for c in self.candidates if c.move == move), None)

    @property
    def best(self) -> Candidate:
        return self.candidates[0]

    @property
    def clear(self) -> bool:
        """One candidate clearly best: it beats the second by ``CLEAR`` points, their intervals apart."""
        if len(self.candidates) < 2:
            return False
        second = self.candidates[1]
        return second.cost >= CLEAR and second.cost - second.half > 0


class TruthSet(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    format: int
    command: str  # what made it
    seconds: float  # CPU-heavy: how long it took, and on what
    decisions: tuple[TruthDecision, ...]


def candidates_of(estimates: list[Estimate]) -> tuple[Candidate, ...]:
    """The estimates as candidates, best first, each with its cost against the best."""
    ranked = sorted(estimates, key=lambda e: -e.mean)
    best = ranked[0]
    out = []
    for e in ranked:
        cost, half = difference(best, e) if e is not best else (0.0, 0.0)
        out.append(Candidate(e.plan, round(e.mean, 2), round(cost, 2), round(half, 2)))
    return tuple(out)


def kept(estimates: list[Estimate], made: Move) -> list[Estimate]:
    """The made, hard's, then the analysis's best and runner-up (``KEEP`` at most); a candidate alike
    with one kept on every deal of the analysis (the same turn in effect) is left out."""
    ranked = sorted(estimates, key=lambda e: -e.mean)
    out = [next(e for e in estimates if e.move == made)]
    if estimates[0].move != made:
        out.append(estimates[0])
    for e in ranked:
        if len(out) >= KEEP:
            break
        if not any(e.move == o.move or e.margins == o.margins for o in out):
            out.append(e)
    return out


def judge_position(state: State, made: Move, deals: int = DEALS) -> tuple[Move, tuple[Candidate, ...]]:
    """The hard search's choice at ``state`` and the truth's candidates (best first): the search's
    plans and ``made``, pruned by the analysis's quick look (``kept``), valued on ``deals`` deals."""
    view = public_state(state)
    bot = MCTSBot(0, STEADY)
    choice = bot.decide(view)
    report = bot.last_search
    plans = candidates(report.plan or (choice,), report.visits, made)
    quick = weigh(view, plans, decision_rng(0, view))
    rng = random.Random(ROLLOUT_SEED + int.from_bytes(decision_rng(0, view).randbytes(4), "big"))
    truth = weigh(view, [e.plan for e in kept(quick, made)], rng, deals, TO_THE_END)
    return plans[0][0], candidates_of(truth)


def decode_truth(data: bytes) -> TruthSet:
    found = msgspec.json.decode(data, type=TruthSet)
    if found.format != TRUTH_FORMAT:
        raise ValueError(f"truth file of format {found.format}; this program reads {TRUTH_FORMAT}")
    return found


@cache
def shipped_truth() -> TruthSet | None:
    """The shipped truth set, or None when it is not there (made by ``bench/truth.py``)."""
    try:
        data = resources.files("norsewind_tui.bots").joinpath("data/truth.json").read_bytes()
    except FileNotFoundError:
        return None
    return decode_truth(data)
