"""Benchmark of the greedy rollouts the analysis and the computer players spend their CPU in.

    python bench/rollouts.py [--players 1 2 4] [--count N] [--profile]
    python bench/rollouts.py --baseline COMMIT [--rounds R] [--count N] [--players 1 2 4]

A rollout is ``judge.line`` to the game's end: from a position of a seeded random game, a deal
sampled from what the player to move saw (``view.determinise``), then every seat's greedy turn
(``best_turn(state, evaluate, 400)``) until the game is over.  Rollout ``i`` of a player count
starts at position ``7 + 13 * (i % 8)`` of random game ``i // 8`` (fewer if the game is shorter),
so the positions run from the opening to the late game.

Alone it prints rollouts per CPU second per player count (``--profile``: a cProfile of them, top
``--top`` by own time).  ``--baseline COMMIT`` compares the working tree with a commit, as
``bench/engine.py --baseline`` does: the commit's ``norsewind_tui`` is extracted (``git archive``)
into a temporary folder, and two worker processes, one importing each tree, play the *same*
rollouts in alternating rounds (baseline, tree, baseline, ...), each timing its own by its own CPU
time, so the machine's load hits both alike.  It prints rollouts per CPU second for each, their
ratio, and whether both ended every rollout in the same final state with the same margin (a
digest of them all).
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

import baseline  # bench/baseline.py: --baseline's two trees
import msgspec

from norsewind_tui.bots.judge import TO_THE_END, line, margin
from norsewind_tui.bots.view import determinise, public_state
from norsewind_tui.rules import GameConfig, State, apply, legal_moves, new_game

NAMES = ("Ana", "Bo", "Cy", "Di")
LABEL = {1: "solo (level 4)", 2: "2 players", 3: "3 players", 4: "4 players"}
PER_GAME = 8  # rollouts from each random game


def config_for(players: int) -> GameConfig:
    return GameConfig(NAMES[:players], level=4)


def start(players: int, index: int) -> State:
    """Rollout ``index``'s sampled deal (see the module's doc)."""
    game, nth = divmod(index, PER_GAME)
    state = new_game(config_for(players), 3000 + game)
    choose = random.Random(game).choice
    for _ in range(7 + 13 * nth):
        if state.phase == "over":
            break
        nxt = apply(state, choose(legal_moves(state)))
        if nxt.phase == "over":
            break
        state = nxt
    return determinise(public_state(state), random.Random(index))


def rollouts(players: int, first: int, count: int) -> tuple[float, int, str]:
    """Play rollouts ``first`` .. ``first + count - 1``; their CPU seconds, moves and digest."""
    starts = [start(players, i) for i in range(first, first + count)]  # set-up: not timed
    digest = hashlib.sha256()
    ends = []
    gc.collect()
    begin = time.process_time()
    for deal in starts:
        ends.append(line(deal, (), TO_THE_END))
    cpu = time.process_time() - begin
    turns = 0
    for deal, end in zip(starts, ends, strict=True):
        turns += sum(p.turns for p in end.players) - sum(p.turns for p in deal.players)
        digest.update(msgspec.json.encode(end))
        digest.update(repr(margin(end, deal.current)).encode())
    return cpu, turns, digest.hexdigest()


def worker() -> int:
    """``--worker``: a request line ``players first count``, an answer line ``cpu turns sha256``."""
    rollouts(2, 0, 1)  # warm up: load the card set, build the tables
    for request in sys.stdin:
        n, first, count = (int(x) for x in request.split())
        cpu, turns, digest = rollouts(n, first, count)
        print(f"{cpu} {turns} {digest}", flush=True)
    return 0


def compare(commit: str, players: list[int], rounds: int, count: int) -> int:
    """The working tree against ``commit``: the same rollouts, alternating, by CPU time."""
    worst = baseline.compare(
        __file__, commit, {n: LABEL[n] for n in players}, rounds, count, "rollouts", "greedy turns"
    )
    if worst is None:
        return 2
    print(f"\nlowest ratio: {worst:.2f}x")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", choices=[1, 2, 3, 4], default=[1, 2, 4])
    parser.add_argument("--count", type=int, default=16, help="rollouts per round and player count (default 16)")
    parser.add_argument("--rounds", type=int, default=6, help="alternating rounds with --baseline (default 6)")
    parser.add_argument("--profile", action="store_true", help="a cProfile of the rollouts instead")
    parser.add_argument("--top", type=int, default=30, help="profile entries to print")
    parser.add_argument("--baseline", metavar="COMMIT", help="compare the working tree with this git commit")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.count <= 0 or args.rounds <= 0:
        parser.error("--count and --rounds must be positive")
    if args.worker:
        return worker()
    if args.baseline:
        return compare(args.baseline, args.players, args.rounds, args.count)
    rollouts(2, 0, 1)  # warm up
    print(f"Python {platform.python_version()}: {args.count} greedy rollouts to the end per player count, CPU time")
    prof = cProfile.Profile(time.process_time) if args.profile else None
    for n in args.players:
        if prof is not None:
            prof.enable()
        cpu, turns, digest = rollouts(n, 0, args.count)
        if prof is not None:
            prof.disable()
        print(f"{LABEL[n]}: {args.count / cpu:7.2f} rollouts/CPU s, {turns / cpu:8.1f} turns/CPU s  {digest[:12]}")
    if prof is not None:
        print(f"\ncProfile (process time) of the rollouts above (top {args.top} by own time):")
        pstats.Stats(prof, stream=sys.stdout).strip_dirs().sort_stats("tottime").print_stats(args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
