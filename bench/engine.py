"""Benchmark of the rules engine: full random games per second, moves per second, per-call costs.

    python bench/engine.py [--seconds S] [--profile] [--players 1 2 4]
    python bench/engine.py --baseline COMMIT [--rounds R] [--games G] [--players 2 4]

For each player count (solo, 2, 4) it plays full random games for S seconds: every game is set
up with ``new_game`` and, at every decision, picks uniformly among ``legal_moves`` and calls
``apply`` (so move generation is part of the cost).  Then, on recorded games, it times single
calls: ``legal_moves``, ``apply`` (right after ``legal_moves``, as in play; and cold, where
``apply`` must validate on its own), ``apply_logged``, ``Session.push``, ``Session.undo`` and
``Session.redo``.  ``--cpu`` times the full games by CPU time (a loaded machine makes the
wall clock swing by a factor of two).  Goals on one core: >= 500 two-player games/s, >= 200 four-player games/s,
>= 60,000 moves/s.  ``--profile`` adds a cProfile of two-player games (top 25 by own time).

``--baseline COMMIT`` compares the working tree with a commit instead, in one run: the commit's
``norsewind_tui`` is extracted (``git archive``) into a temporary folder, and two worker
processes, one importing each tree, play the *same* seeded random games in alternating rounds
(baseline, tree, baseline, ...), each timing its own games by its own CPU time, so the machine's
load hits both alike.  It prints games per CPU second for each and their ratio, and checks that
both ended every game in the same final state (a digest of all the final states).
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import hashlib
import platform
import pstats
import random
import sys
import time
from collections.abc import Callable

import baseline  # bench/baseline.py: --baseline's two trees

from norsewind_tui.rules import GameConfig, Move, Session, State, apply, apply_logged, legal_moves, new_game

NAMES = ("Ana", "Bo", "Cy", "Di")
GOALS = {2: 500.0, 4: 200.0}
MOVES_GOAL = 60_000.0
LABEL = {1: "solo", 2: "2 players", 3: "3 players", 4: "4 players"}


def play(config: GameConfig, seed: int) -> int:
    """One full random game; returns its number of moves."""
    state = new_game(config, seed)
    choose = random.Random(seed).choice
    moves = 0
    while state.phase != "over":
        state = apply(state, choose(legal_moves(state)))
        moves += 1
    return moves


def record(config: GameConfig, seed: int) -> tuple[list[State], list[Move]]:
    state = new_game(config, seed)
    choose = random.Random(seed).choice
    states, moves = [], []
    while state.phase != "over":
        move = choose(legal_moves(state))
        states.append(state)
        moves.append(move)
        state = apply(state, move)
    return states, moves


def games_per_second(config: GameConfig, seconds: float, clock: Callable[[], float]) -> tuple[int, int, float]:
    games = moves = 0
    start = clock()
    deadline = start + seconds
    while True:
        moves += play(config, games)
        games += 1
        now = clock()
        if now >= deadline:
            return games, moves, now - start


def call_costs(config: GameConfig, seconds: float) -> dict[str, float]:
    """Mean cost in microseconds of single calls, over recorded random games."""
    totals: dict[str, float] = {}
    counts: dict[str, int] = {}

    def add(name: str, ns: float) -> None:
        totals[name] = totals.get(name, 0.0) + ns
        counts[name] = counts.get(name, 0) + 1

    clock = time.perf_counter_ns
    deadline = time.perf_counter() + seconds
    seed = 10_000
    while time.perf_counter() < deadline:
        t = clock()
        new_game(config, seed)
        add("new_game", clock() - t)
        states, moves = record(config, seed)
        for state, move in zip(states, moves, strict=True):
            t = clock()
            legal_moves(state)
            add("legal_moves", clock() - t)
            t = clock()
            apply(state, move)  # validated against the list legal_moves just built
            add("apply", clock() - t)
        for state, move in zip(states, moves, strict=True):
            t = clock()
            apply(state, move)  # cold: apply generates the legal moves itself to validate
            add("apply (cold)", clock() - t)
            legal_moves(state)
            t = clock()
            apply_logged(state, move)
            add("apply_logged", clock() - t)
        session = Session.start(config, seed)
        for move in moves:
            session.legal_moves()
            t = clock()
            session.push(move)
            add("Session.push", clock() - t)
        while session.can_undo():
            t = clock()
            session.undo()
            add("Session.undo", clock() - t)
        while session.can_redo():
            t = clock()
            session.redo()
            add("Session.redo", clock() - t)
        seed += 1
    return {name: totals[name] / counts[name] / 1000 for name in totals}


def profile(seconds: float, top: int) -> None:
    config = GameConfig(NAMES[:2])
    prof = cProfile.Profile(time.process_time)  # CPU time: the machine may be shared
    deadline = time.perf_counter() + seconds
    seed = 0
    prof.enable()
    while time.perf_counter() < deadline:
        play(config, seed)
        seed += 1
    prof.disable()
    print(f"\ncProfile of {seed} two-player games (top {top} by own time):")
    pstats.Stats(prof, stream=sys.stdout).strip_dirs().sort_stats("tottime").print_stats(top)


def worker() -> int:
    """``--worker``: play the games each request names; answer CPU seconds, games, moves, digest.

    A request is a line ``players first_seed count``; the answer a line
    ``cpu_seconds moves sha256`` of those games' final states (msgspec JSON, in seed order).
    """
    import msgspec

    play(GameConfig(NAMES[:2]), 0)  # warm up: load the card set, build the tables
    for line in sys.stdin:
        n, first, count = (int(x) for x in line.split())
        config = GameConfig(NAMES[:n])
        digest = hashlib.sha256()
        moves = 0
        gc.collect()
        start = time.process_time()
        for seed in range(first, first + count):
            state = new_game(config, seed)
            choose = random.Random(seed).choice
            while state.phase != "over":
                state = apply(state, choose(legal_moves(state)))
                moves += 1
            digest.update(msgspec.json.encode(state))
        cpu = time.process_time() - start
        print(f"{cpu} {moves} {digest.hexdigest()}", flush=True)
    return 0


def compare(commit: str, players: list[int], rounds: int, games: int) -> int:
    """The working tree against ``commit``: the same games, alternating, by CPU time."""
    worst = baseline.compare(__file__, commit, {n: LABEL[n] for n in players}, rounds, games, "games", "moves")
    if worst is None:
        return 2
    print(f"\nlowest ratio: {worst:.2f}x (goal >= 1.2x)")
    return 0 if worst >= 1.2 else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds of play per player count (default 3)")
    parser.add_argument(
        "--players",
        type=int,
        nargs="+",
        choices=[1, 2, 3, 4],
        help="player counts (default 1 2 4; 2 4 with --baseline)",
    )
    parser.add_argument("--profile", action="store_true", help="also print a cProfile of two-player games")
    parser.add_argument("--top", type=int, default=25, help="profile entries to print")
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="time the full games by this process's CPU time, not the wall clock (on a shared, loaded machine)",
    )
    parser.add_argument("--baseline", metavar="COMMIT", help="compare the working tree with this git commit")
    parser.add_argument("--rounds", type=int, default=10, help="alternating rounds with --baseline (default 10)")
    parser.add_argument("--games", type=int, default=100, help="games per round with --baseline (default 100)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker()
    if args.baseline:
        return compare(args.baseline, args.players or [2, 4], args.rounds, args.games)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    clock = time.process_time if args.cpu else time.perf_counter
    what = "CPU" if args.cpu else "wall-clock"
    print(f"Python {platform.python_version()} on {platform.machine()}, one core; {args.seconds:g} {what} s per count")
    play(GameConfig(NAMES[:2]), 0)  # warm up: load the card set, build the tables
    all_ok = True
    for n in args.players or [1, 2, 4]:
        config = GameConfig(NAMES[:n])
        gc.collect()
        games, moves, elapsed = games_per_second(config, args.seconds, clock)
        gps, mps = games / elapsed, moves / elapsed
        costs = call_costs(config, max(0.5, args.seconds / 3))
        goal = GOALS.get(n)
        verdict = ""
        if goal is not None:
            ok = gps >= goal and mps >= MOVES_GOAL
            all_ok &= ok
            verdict = f"   goal {goal:.0f} games/s and {MOVES_GOAL:,.0f} moves/s: {'met' if ok else 'NOT met'}"
        print(f"\n{LABEL[n]}: {games} games, {moves} moves in {elapsed:.2f} s{verdict}")
        print(f"  {gps:10.1f} games/s   {mps:10,.0f} moves/s   {moves / games:6.1f} moves/game")
        for name, us in costs.items():
            print(f"  {name:<14} {us:8.2f} µs")
    if args.profile:
        profile(args.seconds, args.top)
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
