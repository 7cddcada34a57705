"""Train the expert level's evaluation by self-play (issue 27).

    python3 bench/train.py [--generations 3] [--games 600] [--solo-games 300] [--seed 0] [--jobs 2]
                           [--out norsewind_tui/bots/data/expert.json]

Generation 0 plays games between greedy players (a little noise on each option, so the games
differ); each later generation plays them with the greedy players judging turns by the model
the generation before fitted (self-play).  From every game, every few turn starts are kept: each
seat's ``learned.features`` and, once the game is over, its final score (solo: the margin over
the Vikings) and whether it won.  After each generation the model is fitted on all the games so
far: ridge least squares for the values, then the margin scale that best predicts the winners
(a grid search on the likelihood).  Every eighth deal is held out and printed: the error of the
learned value and of the heuristic ``evaluate`` against the final scores, and the log loss of
both as a chance to win.

The same arguments give the same model byte for byte (every game and every bot is seeded,
``--jobs`` changes nothing).  The model ships only when it wins its match against ``hard``
(``bench/match.py``).  numpy does the fitting; the program itself reads the model in plain Python.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import platform
import random
import sys
import time
from pathlib import Path

import msgspec
import numpy as np

from norsewind_tui.bots.evaluate import evaluate, projected_points, turns_left
from norsewind_tui.bots.greedy import GreedyBot
from norsewind_tui.bots.learned import FORMAT, NAMES_DUEL, NAMES_SOLO, Head, LearnedValue, Model, features
from norsewind_tui.rules.engine import apply, new_game
from norsewind_tui.rules.scoring import final_result
from norsewind_tui.rules.state import GameConfig, State

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "norsewind_tui" / "bots" / "data" / "expert.json"
NOISE = 1.5  # points of noise on each option while generating games (exploration)
KEEP_EVERY = 2  # keep every second turn start of a game
HOLD_OUT = 8  # every eighth deal is held out of the fit
RIDGE = 1e-2
MAX_DECISIONS = 5000


class Row(msgspec.Struct, array_like=True):
    seed: int
    position: int  # the kept turn start's number within its game (the seats of one position share it)
    players: int
    features: list[float]
    target: float  # final score (solo: margin)
    won: bool
    turns: float
    heuristic: float  # evaluate's value, for comparison (solo: its margin)
    heuristic_projection: float  # projected points (2-4 players): the heuristic's margin input


class LearnedGreedy(GreedyBot):
    """Greedy judging each end of turn by a learned model (self-play's later generations)."""

    def __init__(self, seed: int, learned: LearnedValue, noise: float) -> None:
        super().__init__(seed, noise=noise)
        self.learned = learned

    def value(self, state: State, seat: int) -> float:
        return self.learned.value(state, seat)


class Job(msgspec.Struct, frozen=True):
    seed: int
    players: int
    level: int
    model: bytes  # JSON of the model to play with ("" for generation 0)


def play(job: Job) -> list[Row]:
    """One self-play game; the kept turn starts of every seat with the game's result."""
    names = tuple(f"P{i + 1}" for i in range(job.players))
    state = new_game(GameConfig(players=names, level=job.level), job.seed)
    learned = LearnedValue(msgspec.json.decode(job.model, type=Model)) if job.model else None
    bots = [
        LearnedGreedy(job.seed * 16 + i, learned, NOISE) if learned else GreedyBot(job.seed * 16 + i, noise=NOISE)
        for i in range(job.players)
    ]
    keep = random.Random(job.seed)
    kept: list[tuple[int, int, list[float], float, float, float]] = []  # (position, seat, features, ...)
    decisions = 0
    last_turn = -1
    while state.phase != "over":
        if state.phase == "action" and state.turn != last_turn:
            last_turn = state.turn
            if keep.randrange(KEEP_EVERY) == 0:
                position = len(kept)
                for seat in range(job.players):
                    kept.append(
                        (
                            position,
                            seat,
                            features(state, seat),
                            turns_left(state, seat),
                            evaluate(state, seat),
                            projected_points(state, seat),
                        )
                    )
        state = apply(state, bots[state.current].decide(state))
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"game {job.seed} did not end")
    result = final_result(state)
    rows = []
    for position, seat, f, turns, heuristic, projection in kept:
        target = float(result.margin if state.solo and result.margin is not None else result.scores[seat])
        won = seat in result.winners
        rows.append(Row(job.seed, position, job.players, f, target, won, turns, heuristic, projection))
    return rows


def run(jobs: list[Job], workers: int) -> list[Row]:
    if workers <= 1:
        return [row for job in jobs for row in play(job)]
    with multiprocessing.Pool(workers) as pool:
        return [row for rows in pool.imap(play, jobs, chunksize=4) for row in rows]


def fit_weights(rows: list[Row]) -> np.ndarray:
    x = np.array([r.features for r in rows], dtype=np.float64)
    y = np.array([r.target for r in rows], dtype=np.float64)
    penalty = RIDGE * len(rows) * np.eye(x.shape[1])
    penalty[0, 0] = 0.0  # the bias is not shrunk
    result: np.ndarray = np.linalg.solve(x.T @ x + penalty, x.T @ y)
    return result


def margins(rows: list[Row], values: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per row: the predicted margin over the best other seat (solo: the value), the turns left, won."""
    if rows[0].players == 1:
        return values, np.array([r.turns for r in rows]), np.array([r.won for r in rows], dtype=np.float64)
    by_position: dict[tuple[int, int], list[int]] = {}
    for i, r in enumerate(rows):
        by_position.setdefault((r.seed, r.position), []).append(i)
    out = np.zeros(len(rows))
    for group in by_position.values():
        for i in group:
            others = [values[j] for j in group if j != i]
            out[i] = values[i] - max(others) if others else 0.0
    return out, np.array([r.turns for r in rows]), np.array([r.won for r in rows], dtype=np.float64)


def log_loss(m: np.ndarray, turns: np.ndarray, won: np.ndarray, scale: float, per_turn: float) -> float:
    p = 1.0 / (1.0 + np.exp(-np.clip(m / (scale + per_turn * turns), -30, 30)))
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(won * np.log(p) + (1 - won) * np.log(1 - p)))


def fit_scale(m: np.ndarray, turns: np.ndarray, won: np.ndarray) -> tuple[float, float]:
    best = (math.inf, 12.0, 0.0)
    for scale in (1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0, 12.0, 15.0, 20.0, 25.0, 30.0, 40.0):
        for per_turn in (0.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0):
            loss = log_loss(m, turns, won, scale, per_turn)
            if loss < best[0]:
                best = (loss, scale, per_turn)
    return best[1], best[2]


def fit_head(rows: list[Row], names: tuple[str, ...]) -> Head:
    weights = fit_weights(rows)
    values = np.array([r.features for r in rows]) @ weights
    scale, per_turn = fit_scale(*margins(rows, values))
    return Head(names, tuple(round(float(w), 6) for w in weights), scale, per_turn)


def report(label: str, rows: list[Row], head: Head) -> None:
    """Held-out figures: the learned value against the heuristic."""
    if not rows:
        return
    x = np.array([r.features for r in rows])
    y = np.array([r.target for r in rows])
    learned = x @ np.array(head.weights)
    heuristic = np.array([r.heuristic for r in rows])
    rmse = float(np.sqrt(np.mean((learned - y) ** 2)))
    rmse_h = float(np.sqrt(np.mean((heuristic - y) ** 2)))
    m, turns, won = margins(rows, learned)
    loss = log_loss(m, turns, won, head.scale, head.scale_per_turn)
    if rows[0].players == 1:  # the search's old solo reward: sigmoid(evaluate / 40)
        loss_h = log_loss(heuristic, turns, won, 40.0, 0.0)
    else:  # the old reward: sigmoid(projected margin / 12)
        mh, _, _ = margins(rows, np.array([r.heuristic_projection for r in rows]))
        loss_h = log_loss(mh, turns, won, 12.0, 0.0)
    print(
        f"  {label:<6} held out {len(rows):6d} positions: error {rmse:5.2f} points (heuristic {rmse_h:5.2f}); "
        f"win log loss {loss:.3f} (heuristic {loss_h:.3f}); scale {head.scale:g} + {head.scale_per_turn:g}/turn",
        flush=True,
    )


def schedule(generation: int, games: int, solo_games: int, seed: int, model: bytes) -> list[Job]:
    base = seed * 1_000_000 + generation * 10_000
    jobs = [Job(base + g, 2 + g % 3, 1, model) for g in range(games)]  # 2, 3, 4 players in turn
    jobs += [Job(base + 5_000 + g, 1, 1 + g % 7, model) for g in range(solo_games)]  # levels 1-7
    return jobs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--generations", type=int, default=3)
    parser.add_argument("--games", type=int, default=600, help="games of 2-4 players per generation")
    parser.add_argument("--solo-games", type=int, default=300, help="solo games per generation")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    print(f"python {platform.python_version()}, {args.jobs} jobs; {args.generations} generations", flush=True)
    start = time.perf_counter()
    duel_rows: list[Row] = []
    solo_rows: list[Row] = []
    model_json = b""
    model: Model | None = None
    for generation in range(args.generations):
        t0 = time.perf_counter()
        rows = run(schedule(generation, args.games, args.solo_games, args.seed, model_json), args.jobs)
        duel_rows += [r for r in rows if r.players > 1]
        solo_rows += [r for r in rows if r.players == 1]
        train_d = [r for r in duel_rows if r.seed % HOLD_OUT]
        train_s = [r for r in solo_rows if r.seed % HOLD_OUT]
        games = (generation + 1) * (args.games + args.solo_games)
        model = Model(
            format=FORMAT,
            version=f"seed{args.seed}-{generation + 1}gen-{games}g",
            trained=(
                f"bench/train.py --generations {args.generations} --games {args.games} "
                f"--solo-games {args.solo_games} --seed {args.seed}"
            ),
            duel=fit_head(train_d, NAMES_DUEL),
            solo=fit_head(train_s, NAMES_SOLO),
        )
        model_json = msgspec.json.encode(model)
        print(f"generation {generation}: {len(rows)} positions, {time.perf_counter() - t0:.0f} s", flush=True)
        report("duel", [r for r in duel_rows if not r.seed % HOLD_OUT], model.duel)
        report("solo", [r for r in solo_rows if not r.seed % HOLD_OUT], model.solo)
    assert model is not None
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(msgspec.json.format(msgspec.json.encode(model), indent=2) + b"\n")
    print(f"wrote {args.out} ({model.version}); training took {time.perf_counter() - start:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
