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
import io
import os
import platform
import pstats
import random
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

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


def _start_worker(root: Path) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(root))
    return subprocess.Popen(
        [sys.executable, __file__, "--worker"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        cwd=root,
    )


def _ask(proc: subprocess.Popen[str], n: int, first: int, count: int) -> tuple[float, int, str]:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(f"{n} {first} {count}\n")
    proc.stdin.flush()
    cpu, turns, digest = proc.stdout.readline().split()
    return float(cpu), int(turns), digest


def compare(commit: str, players: list[int], rounds: int, count: int) -> int:
    """The working tree against ``commit``: the same rollouts, alternating, by CPU time."""
    here = Path(__file__).resolve().parent.parent
    archive = subprocess.run(
        ["git", "-C", str(here), "archive", "--format=tar", commit, "norsewind_tui"], check=True, capture_output=True
    ).stdout
    label = subprocess.run(
        ["git", "-C", str(here), "rev-parse", "--short", commit], check=True, capture_output=True, text=True
    ).stdout.strip()
    print(f"Python {platform.python_version()}: working tree vs {commit} ({label}), same greedy rollouts to the end,")
    print(f"{rounds} alternating rounds of {count} rollouts per player count, each timed by its own CPU time")
    worst = float("inf")
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(tmp, filter="data")
        base, tree = _start_worker(Path(tmp)), _start_worker(here)
        try:
            for n in players:
                cpu = {"base": 0.0, "tree": 0.0}
                turns = {"base": 0, "tree": 0}
                same = True
                for r in range(rounds):
                    order = [("base", base), ("tree", tree)] if r % 2 == 0 else [("tree", tree), ("base", base)]
                    digests = {}
                    for name, proc in order:
                        c, t, d = _ask(proc, n, r * count, count)
                        cpu[name] += c
                        turns[name] += t
                        digests[name] = d
                    same &= digests["base"] == digests["tree"] and turns["base"] == turns["tree"]
                played = rounds * count
                rate = {k: played / cpu[k] for k in cpu}
                ratio = rate["tree"] / rate["base"]
                worst = min(worst, ratio)
                print(
                    f"\n{LABEL[n]}: {played} rollouts ({turns['tree']} greedy turns) each"
                    f"\n  baseline {rate['base']:7.2f} rollouts/CPU s   working tree {rate['tree']:7.2f} rollouts/CPU s"
                    f"   ratio {ratio:.2f}x   same final states: {'yes' if same else 'NO'}"
                )
                if not same:
                    return 2
        finally:
            for proc in (base, tree):
                assert proc.stdin is not None
                proc.stdin.close()
                proc.wait()
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
