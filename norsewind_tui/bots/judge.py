"""One measure for the analysis (issue 27): the hard search's candidates and the move made,
valued on the same sampled deals.

``weigh`` takes a position as its seat saw it (``view.public_state``), the first decisions to
compare (each with the rest of the turn the search expects, or none: the turn is then finished
the greedy way) and a random stream.  It draws ``samples`` orders of the unseen decks from what
the seat saw (``view.determinise``), and on *each* sample plays *every* candidate: the turn, then
``rounds`` more rounds of every seat's best turn by the greedy player (in solo: the player's
next turns, with the Vikings' between; on to the game's end once the seat has ``ENDGAME`` turns
or fewer left), and reads the seat's expected margin in points (solo:
projected score minus the Vikings' projection; 2-4 players: projected score minus the best
other player's; a finished game: its real margin).  A candidate's value is its mean over the
samples; the difference of two candidates is taken sample by sample (common random numbers), so
its 95 % interval (``Estimate.spread``) is narrow even with few samples.

Nothing here reads the real deck order: every candidate sees the same sampled deals, and the
samples come from the caller's stream.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from ..rules.engine import apply, is_legal
from ..rules.moves import Move
from ..rules.scoring import final_result
from ..rules.state import State
from .evaluate import evaluate, projected_points, turns_left
from .turns import TurnEnd, best_turn
from .view import determinise

Plan = tuple[Move, ...]

CANDIDATES = 4  # the search's plans weighed, most visited first (the decision made joins them)
SAMPLES = 12  # sampled deals per position (each candidate plays every one)
TO_THE_END = 1000  # rounds: more than any game has (``line`` plays on to the end)
ROUNDS = 1  # rounds of greedy turns after the candidate's turn, before the margin is read
# Near the end the projection guesses most (when the deck runs out, what the last turns bring) and
# a play-out to the end costs least: with this many turns left or fewer, the line plays on to the
# end.  bench/analysis.py --planted: the flagged losses consistent with rollouts to the end went
# from 70 % to 85 % (12 games), the decisions the rollouts call costly flagged from 80 % to 94 %.
ENDGAME = 3.0
TURN_LIMIT = 400  # end states the greedy turns look at (a quick but full-width greedy player)
Z95 = 1.96


@dataclass(frozen=True)
class Estimate:
    """One candidate's expected margin over the samples, and each sample's margin."""

    move: Move
    plan: Plan
    mean: float
    margins: tuple[float, ...]


def margin(state: State, seat: int) -> float:
    """``seat``'s expected margin in points: over the Vikings in solo, over the best other player."""
    if state.phase == "over":
        result = final_result(state)
        if state.solo:
            assert result.margin is not None
            return float(result.margin)
        return float(result.scores[seat] - max(s for i, s in enumerate(result.scores) if i != seat))
    if state.solo:
        return evaluate(state, 0)
    values = [projected_points(state, i) for i in range(len(state.players))]
    return values[seat] - max(v for i, v in enumerate(values) if i != seat)


def _greedy_turn(state: State) -> State:
    done = TurnEnd(state)
    while not done(state):
        _, plan = best_turn(state, evaluate, TURN_LIMIT)
        for move in plan:
            state = apply(state, move)
            if done(state):
                break
    return state


def play_out_turn(state: State, plan: Plan) -> State:
    """``plan`` from ``state`` while it fits this sample, then the greedy way to the turn's end."""
    done = TurnEnd(state)
    for move in plan:
        if done(state) or not is_legal(state, move):
            break
        state = apply(state, move)
    return _greedy_turn(state) if not done(state) else state


def line(sample: State, plan: Plan, rounds: int = ROUNDS) -> State:
    """The candidate's turn on ``sample``, then ``rounds`` rounds of every seat's greedy turn, and
    on to the game's end once the seat has ``ENDGAME`` turns or fewer left."""
    seat = sample.current
    state = play_out_turn(sample, plan)
    played = 0
    while state.phase != "over" and (played < rounds * len(sample.players) or turns_left(state, seat) <= ENDGAME):
        state = _greedy_turn(state)
        played += 1
    return state


def weigh(
    view: State, candidates: Sequence[Plan], rng: random.Random, samples: int = SAMPLES, rounds: int = ROUNDS
) -> list[Estimate]:
    """Every candidate (its first decision and the rest of the turn) on the same ``samples`` deals."""
    seat = view.current
    deals = [determinise(view, rng) for _ in range(samples)]
    out = []
    for plan in candidates:
        margins = tuple(margin(line(deal, plan, rounds), seat) for deal in deals)
        out.append(Estimate(plan[0], plan, statistics.fmean(margins), margins))
    return out


def difference(better: Estimate, worse: Estimate) -> tuple[float, float]:
    """``better`` minus ``worse``, sample by sample: the mean and its 95 % half-width."""
    diffs = [a - b for a, b in zip(better.margins, worse.margins, strict=True)]
    mean = statistics.fmean(diffs)
    spread = Z95 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    return mean, spread


def candidates(report_plan: Plan, visits: dict[Plan, int], made: Move) -> list[Plan]:
    """The search's choice, its next plans by visits (``CANDIDATES`` in all), and the decision made
    (with the rest of the turn the search had for it, if it had one)."""
    ranked = sorted(visits, key=lambda p: -visits[p])  # stable: ties keep the greedy rank
    plans = [report_plan] if report_plan else []
    plans += [p for p in ranked if p not in plans][: CANDIDATES - len(plans)]
    if not any(p[0] == made for p in plans):
        plans.append(next((p for p in ranked if p[0] == made), (made,)))
    return plans
