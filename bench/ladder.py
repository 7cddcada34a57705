"""The computer levels' ladder (issue 27): a round robin rated with OpenSkill (Plackett-Luce).

    python bench/ladder.py [--deals 4] [--sizes 2,3,4] [--levels random,easy,greedy,normal,hard]
                           [--engine 'CMD' ...] [--seed 0] [--jobs 2] [--write FILE]

Every group of levels of each size (2-, 3- and 4-player free-for-all) plays ``--deals`` deals, each
deal once per seat rotation (so no level profits from a seat).  The games are rated in the order
they were scheduled, every level starting at the model's prior, by finishing place: score, then
coins (the game's own tiebreak); an exact tie shares the place.  The same arguments give the same
games and the same figures (every game and every bot is seeded; ``--jobs`` changes nothing).

Printed: each level's rating (mu, sigma, the ordinal mu - 3 sigma and the display number the app
shows), its games and wins, and the 95 % interval of its mu; then the games per size.  ``--engine``
adds an outside engine (docs/ENGINE.md) as a level named ``engine1``, ``engine2``...

``--write FILE`` writes the ratings as the anchors file the app ships
(``norsewind_tui/storage/data/ratings.toml``; outside engines are left out of it).  Run the real
ladder on a quiet machine: with the default 4 deals and five levels it plays 440 games.
"""

from __future__ import annotations

import argparse
import itertools
import platform
import sys
import time
from collections import Counter
from pathlib import Path

from norsewind_tui.bots.engine import EngineSpec
from norsewind_tui.bots.registry import bot_names
from norsewind_tui.bots.tournament import BotGame, Task, run_tasks
from norsewind_tui.rules import default_cards
from norsewind_tui.storage.ratings import Anchors, Rating, anchors_toml, finishing_places, model

DEFAULT_LEVELS = ("random", "easy", "greedy", "normal", "hard", "expert")  # expert when the registry has it
ANCHORS_VERSION = 2  # 1: the provisional 70-game run; 2: the 600-game run with expert


def schedule(names: list[str], sizes: list[int], deals: int, seed: int) -> list[Task]:
    """Every group of ``names`` of each size, ``deals`` deals each, every seat rotation of each deal."""
    tasks = []
    deal = seed
    for size in sizes:
        for group in itertools.combinations(range(len(names)), size):
            for _ in range(deals):
                for shift in range(size):
                    entries = tuple(group[(i + shift) % size] for i in range(size))
                    tasks.append(Task(tuple(names[e] for e in entries), entries, deal, None))
                deal += 1
    return tasks


def rate(games: list[BotGame], count: int) -> list[Rating]:
    """Every entry's rating after the games, in order, from the model's prior."""
    m = model()
    ratings = [m.rating() for _ in range(count)]
    for game in games:
        places = finishing_places(game.scores, game.coins)
        out = m.rate([[ratings[e]] for e in game.bots], ranks=[float(p) for p in places])
        for e, (after,) in zip(game.bots, out, strict=True):
            ratings[e] = after
    return [Rating(r.mu, r.sigma) for r in ratings]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--levels", default=None, help="comma-separated levels (default: every level there is)")
    parser.add_argument("--engine", action="append", default=[], metavar="CMD", help="an outside engine (repeatable)")
    parser.add_argument("--engine-time", type=float, default=5.0, help="seconds an engine may take per answer")
    parser.add_argument("--sizes", default="2,3,4", help="players per game")
    parser.add_argument("--deals", type=int, default=4, help="deals per group of levels (each played every rotation)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--write", type=Path, default=None, help="write the levels' ratings as the anchors file")
    parser.add_argument("--final", action="store_true", help="with --write: the figures are not provisional")
    args = parser.parse_args(argv)
    known = bot_names()
    levels = args.levels.split(",") if args.levels else [n for n in DEFAULT_LEVELS if n in known]
    if unknown := [n for n in levels if n not in known]:
        print(f"ladder.py: unknown level {unknown[0]!r}; choose from {', '.join(known)}", file=sys.stderr)
        return 2
    engines = {f"engine{i + 1}": EngineSpec(cmd, move_s=args.engine_time) for i, cmd in enumerate(args.engine)}
    names = [*levels, *engines]
    sizes = [int(s) for s in args.sizes.split(",")]
    if bad := [s for s in sizes if not 2 <= s <= min(4, len(names))]:
        print(f"ladder.py: {bad[0]} players: a game has 2 to 4, from {len(names)} levels", file=sys.stderr)
        return 2
    tasks = schedule(names, sizes, args.deals, args.seed)
    if engines:
        from norsewind_tui.bots.tournament import with_engines

        tasks = with_engines(tasks, engines)
    print(
        f"# bench/ladder.py on {platform.python_implementation()} {platform.python_version()}, {platform.machine()}, "
        f"jobs {args.jobs}, seed {args.seed}, {args.deals} deals per group, sizes {args.sizes}: {len(tasks)} games"
    )
    for name, spec in engines.items():
        print(f"# {name}: {spec.command}")
    start = time.perf_counter()
    games = run_tasks(tasks, default_cards(), args.jobs)
    seconds = time.perf_counter() - start
    ratings = rate(games, len(names))
    played: Counter[int] = Counter()
    wins: Counter[int] = Counter()
    for game in games:
        for seat, e in enumerate(game.bots):
            played[e] += 1
            if seat in game.winners:
                wins[e] += 1
    head = f"{'level':<9} {'mu':>6} {'sigma':>6} {'ordinal':>8} {'shown':>6} {'games':>6} {'wins':>5}"
    print(f"{head}  95 % interval of mu")
    order = sorted(range(len(names)), key=lambda e: -ratings[e].ordinal)
    for e in order:
        r = ratings[e]
        low, high = r.interval
        print(
            f"{names[e]:<9} {r.mu:6.2f} {r.sigma:6.3f} {r.ordinal:8.2f} {r.display:6d} {played[e]:6d} {wins[e]:5d}  "
            f"[{low:.2f}, {high:.2f}]"
        )
    per_size = Counter(len(g.bots) for g in games)
    print("games per size: " + ", ".join(f"{k} players {per_size[k]}" for k in sizes) + f"  ({seconds:.0f} s)")
    if args.write is not None:
        anchors = Anchors(
            ANCHORS_VERSION,
            not args.final,
            {n: ratings[e] for e, n in enumerate(levels)},
            {n: played[e] for e, n in enumerate(levels)},
            f"bench/ladder.py --levels {','.join(levels)} --sizes {args.sizes} --deals {args.deals} "
            f"--seed {args.seed}: {len(games)} games",
        )
        comment = (
            "The computer levels' fixed ratings (OpenSkill Plackett-Luce): they anchor the people's ratings.\n"
            "Written by bench/ladder.py --write; see docs/BOTS.md."
        )
        args.write.write_text(anchors_toml(anchors, comment), encoding="utf-8")
        print(f"wrote {args.write}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
