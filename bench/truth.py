"""Build the truth set (issue 43): ``norsewind_tui/bots/data/truth.json``.

    nice -n 19 python bench/truth.py [--per-game 24] [--deals 200] [--jobs 2] [--seed 43]

CPU-heavy, never in CI: about 27 s of CPU a decision on the first run (3 candidates of 200 deals
each, played to the end, and the analysis's look), some 70 minutes for the 306 decisions with 2 jobs
on 2 free cores; since the faster rollouts of issue 43.3 the last 37 took 6.5 s a decision with 1 job
on the loaded machine; hours on a shared machine under ``nice -n 19``.  Games of every kind
are played (solo levels 1-7, 2-4 players, by random, easy, greedy, normal, hard and expert players,
and the tutorial's scripted game); from each, ``--per-game`` decisions that had a choice are taken,
evenly spread (a quarter of that from 3- and 4-player games, whose rollouts cost the most).  At each,
the analysis's candidates (the hard search's plans and the decision made) are valued on ``--deals``
shared deals, each played to the game's end by greedy players (``bots/truth.py``).

Candidates kept (stated in docs/BOTS.md): the decision made, the hard search's choice, the
analysis's best and its runner-up (3 at most), and of candidates the analysis's deals cannot tell
apart (the same margin on every one of its deals: the same turn in effect) only the first.

Each finished decision is appended to ``--log`` (JSON lines) as it comes, so a run stopped midway
resumes where it was (``--resume``, which also keeps the decisions of a partial ``--out``); the data
file is written at the end, or from the log alone with ``--partial`` (its command says how many of
how many decisions it holds).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from itertools import zip_longest
from pathlib import Path

import msgspec

from norsewind_tui.bots import MCTSBot, make_bot
from norsewind_tui.bots.judge import TO_THE_END, Estimate, candidates, weigh
from norsewind_tui.bots.registry import STEADY
from norsewind_tui.bots.truth import (
    ROLLOUT_SEED,
    TRUTH_FORMAT,
    TruthDecision,
    TruthSet,
    candidates_of,
    decode_truth,
    kept,
)
from norsewind_tui.bots.view import decision_rng, public_state
from norsewind_tui.lessons.model import load_lessons
from norsewind_tui.rules import GameConfig, Session
from norsewind_tui.rules.engine import legal_moves
from norsewind_tui.rules.moves import Move
from norsewind_tui.rules.state import State

OUT = Path(__file__).resolve().parent.parent / "norsewind_tui" / "bots" / "data" / "truth.json"

# (kind, the players' levels): every kind of game, every level, and the tutorial's scripted player
GAMES: tuple[tuple[str, tuple[str, ...], int], ...] = (
    ("solo level 1", ("random",), 1),
    ("solo level 2", ("easy",), 2),
    ("solo level 3", ("greedy",), 3),
    ("solo level 4", ("normal",), 4),
    ("solo level 5", ("hard",), 5),
    ("solo level 6", ("expert",), 6),
    ("solo level 7", ("easy",), 7),
    ("solo level 7", ("hard",), 7),
    ("2 players", ("random", "hard"), 4),
    ("2 players", ("easy", "expert"), 4),
    ("2 players", ("normal", "greedy"), 4),
    ("3 players", ("easy", "hard", "random"), 4),
    ("4 players", ("greedy", "random", "normal", "easy"), 4),
)
NAMES = ("Astrid", "Bjorn", "Cnut", "Dagny")

Task = tuple[str, str, GameConfig, int, tuple[Move, ...], Move, int]


def played(levels: tuple[str, ...], level: int, seed: int) -> Session:
    session = Session.start(GameConfig(players=NAMES[: len(levels)], level=level), seed)
    bots = [make_bot(name, seed * 8 + i) for i, name in enumerate(levels)]
    while not session.state.is_over:
        state = session.state
        session.push(bots[state.current].decide(public_state(state)))
    return session


def _play(args: tuple[str, tuple[str, ...], int, int]) -> tuple[str, tuple[str, ...], Session]:
    kind, levels, level, seed = args
    return kind, levels, played(levels, level, seed)


def tasks(per_game: int, seed: int, jobs: int) -> list[Task]:
    """The decisions to value, taken in turn from each game (a run stopped midway covers every kind)."""
    lessons = load_lessons()
    tutorial = Session.replay(lessons.config, lessons.seed, list(lessons.moves))
    games: list[tuple[str, tuple[str, ...], Session]] = [("tutorial", ("tutorial",), tutorial)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for kind, levels, session in pool.map(_play, [(k, lv, lev, seed + g) for g, (k, lv, lev) in enumerate(GAMES)]):
            games.append((kind, levels, session))
            print(f"played {kind} ({', '.join(levels)})", flush=True)
    rng = random.Random(seed)
    each: list[list[Task]] = []
    for kind, levels, session in games:
        chances = [d for d in range(len(session.moves)) if len(legal_moves(session.states[d])) > 1]
        want = per_game if len(levels) < 3 else max(1, per_game // 4 * (2 if kind == "3 players" else 1))
        mine = []
        for d in sorted(rng.sample(chances, min(want, len(chances)))):
            player = levels[session.states[d].current]
            mine.append((kind, player, session.config, session.seed, tuple(session.moves[:d]), session.moves[d], d))
        each.append(mine)
    return [t for row in zip_longest(*each) for t in row if t is not None]


def first_look(state: State, made: Move) -> list[Estimate]:
    """The candidates as the analysis weighed them when the truth set was begun (kept so that the set
    is made the same way to its end): the hard search's plans and the decision made, 12 deals of one
    round then the projection, or, where that found a loss of 3 or more, 24 deals to the game's end."""
    view = public_state(state)
    bot = MCTSBot(0, STEADY)
    choice = bot.decide(view)
    plans = candidates(bot.last_search.plan or (choice,), bot.last_search.visits, made)
    estimates = weigh(view, plans, decision_rng(0, view))
    best = max(estimates, key=lambda e: e.mean)
    mine = next(e for e in estimates if e.move == made)
    if best.move != made and best.mean - mine.mean >= 3.0:
        estimates = weigh(view, plans, decision_rng(1, view), 24, TO_THE_END)
    return estimates


def build(task: Task, deals: int) -> TruthDecision:
    kind, player, config, seed, moves, made, _ = task
    state = Session.replay(config, seed, list(moves)).state
    estimates = first_look(state, made)
    plans = [e.plan for e in kept(estimates, made)]
    view = public_state(state)
    rng = random.Random(ROLLOUT_SEED + int.from_bytes(decision_rng(0, view).randbytes(4), "big"))
    truth = weigh(view, plans, rng, deals, TO_THE_END)
    return TruthDecision(kind, player, config, seed, moves, made, estimates[0].move, candidates_of(truth), deals)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-game", type=int, default=24)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=43)
    parser.add_argument("--log", type=Path, default=Path("/tmp/norsewind-truth.jsonl"))
    parser.add_argument("--resume", action="store_true", help="keep the decisions already in --log")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--partial", action="store_true", help="value nothing: write --out from what --log holds")
    args = parser.parse_args()
    start = time.perf_counter()
    cached = args.log.with_suffix(".tasks")
    if args.resume and cached.exists():  # the games are not played again
        work = msgspec.json.decode(cached.read_bytes(), type=list[Task])
    else:
        work = tasks(args.per_game, args.seed, args.jobs)
        cached.write_bytes(msgspec.json.encode(work))
    done: dict[tuple[str, int, int], TruthDecision] = {}
    if (args.resume or args.partial) and args.out.exists():  # a partial file shipped: a checkpoint too
        for t in decode_truth(args.out.read_bytes()).decisions:
            done[(t.kind, t.seed, len(t.moves))] = t
    if (args.resume or args.partial) and args.log.exists():
        for line in args.log.read_bytes().splitlines():
            t = msgspec.json.decode(line, type=TruthDecision)
            done[(t.kind, t.seed, len(t.moves))] = t
    else:
        args.log.write_bytes(b"")
    todo = [t for t in work if (t[0], t[3], len(t[4])) not in done and not args.partial]
    print(f"{len(work)} decisions, {len(todo)} to value, {args.deals} deals each, {args.jobs} jobs", flush=True)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool, args.log.open("ab") as log:
        futures = {pool.submit(build, t, args.deals): t for t in todo}
        for n, future in enumerate(as_completed(futures), start=1):
            t = future.result()
            done[(t.kind, t.seed, len(t.moves))] = t
            log.write(msgspec.json.encode(t) + b"\n")
            log.flush()
            c = t.candidates
            print(
                f"{n}/{len(todo)} {time.perf_counter() - start:6.0f} s  {t.kind:<13} {t.player:<8} "
                f"{len(c)} candidates, second costs {c[1].cost if len(c) > 1 else 0:+.1f}",
                flush=True,
            )
    ordered = tuple(done[k] for t in work if (k := (t[0], t[3], len(t[4]))) in done)
    seconds = round(time.perf_counter() - start)
    command = "python bench/truth.py " + " ".join(sys.argv[1:])
    if len(ordered) < len(work):
        command += f" (partial: {len(ordered)} of {len(work)} decisions; --resume goes on)"
    where = f"{os.cpu_count()} cores, {args.jobs} jobs"
    truth = TruthSet(TRUTH_FORMAT, command, seconds, ordered)
    args.out.write_bytes(msgspec.json.format(msgspec.json.encode(truth), indent=0) + b"\n")
    print(f"wrote {args.out}: {len(ordered)} decisions in {seconds} s ({where})")


if __name__ == "__main__":
    main()
