"""Benchmark of the computer players (issue 5): strength, thinking time, solo medals.

    python bench/bots.py [--games 200] [--solo-games 50] [--jobs 2] [--seed 0] [--only duels|solo|think]

Figures printed:

- greedy against random, 2 players, seats alternated: greedy's win rate (goal >= 95 %);
- hard against greedy, the same way (goal >= 65 % over 200 games);
- easy and normal against greedy (the strengths' ladder);
- every level's thinking time per decision that had a choice, from those games: median,
  95th percentile and worst in wall-clock seconds (what a player waits), the median in
  CPU seconds of the deciding thread (what the machine's load does not change), the
  search's iterations per CPU second, and how many searches a safety cap stopped (0
  means every game replays exactly from its seed; ``--only think`` prints this table
  alone, from each level's games against greedy);
- the hard bot alone against the Vikings on each solo level 1-7: win rate and
  medals (the card set should make level 1 a usual win and level 7 a rare one).

The machine has 2 cores shared with others: keep ``--jobs`` at 2 at most.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

from norsewind_tui.bots.tournament import (
    EntryStats,
    Thinking,
    duel_tasks,
    entry_stats,
    run_tasks,
    solo_tasks,
    thinking,
)
from norsewind_tui.rules import default_cards


def _line(s: EntryStats, against: str) -> str:
    return (
        f"{s.name:>7} vs {against:<7} {s.games:4d} games  win {s.win_rate:6.1%} "
        f"[{s.win_low:.1%}-{s.win_high:.1%}]  mean score {s.mean_score:6.1f}  margin {s.mean_margin:+6.1f}"
    )


def duel(a: str, b: str, games: int, seed: int, jobs: int, quiet: bool = False) -> tuple[EntryStats, Thinking]:
    start = time.perf_counter()
    results = run_tasks(duel_tasks([a, b], games, seed), default_cards(), jobs)
    stats = entry_stats(results, [a, b])[0]
    if not quiet:
        print(_line(stats, b) + f"  ({time.perf_counter() - start:.0f} s)", flush=True)
    return stats, thinking(results, [a, b])[0]


def think_table(rows: list[Thinking]) -> None:
    print("thinking time per decision with a choice, ms (wall clock; CPU of the deciding thread):")
    print(f"{'level':>7} {'decisions':>9} {'median':>8} {'p95':>8} {'worst':>8} {'CPU med':>8} {'iter/s':>7} capped")
    for t in rows:
        rate = f"{t.iterations_per_s:7.0f}" if t.iterations_per_s else f"{'-':>7}"
        print(
            f"{t.name:>7} {t.decisions:9d} {t.median * 1e3:8.1f} {t.p95 * 1e3:8.1f} {t.worst * 1e3:8.1f} "
            f"{t.cpu_median * 1e3:8.1f} {rate} {t.capped:6d}",
            flush=True,
        )


LEVELS = ("random", "greedy", "easy", "normal", "hard")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="games per duel (seats alternated)")
    parser.add_argument("--solo-games", type=int, default=50, help="solo games per level")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bot", default="hard", help="the bot measured (default hard)")
    parser.add_argument("--levels", default="1,2,3,4,5,6,7")
    parser.add_argument("--only", choices=("duels", "solo", "think"), default=None)
    args = parser.parse_args(argv)
    print(
        f"# bench/bots.py on {platform.python_implementation()} {platform.python_version()}, "
        f"{platform.machine()}, jobs {args.jobs}, seed {args.seed}"
    )
    if args.only == "think":
        rows = [duel(name, "greedy", args.games, args.seed, args.jobs, quiet=True)[1] for name in LEVELS]
        think_table(rows)
        return 0
    if args.only != "solo":
        _, random_think = duel("random", "greedy", args.games, args.seed, args.jobs, quiet=True)
        _, greedy_think = duel("greedy", "random", args.games, args.seed, args.jobs)
        _, hard_think = duel(args.bot, "greedy", args.games, args.seed, args.jobs)
        print("the players' strengths against greedy:")
        easy = duel("easy", "greedy", args.games, args.seed, args.jobs)[1]
        normal = duel("normal", "greedy", args.games, args.seed, args.jobs)[1]
        think_table([random_think, greedy_think, easy, normal, hard_think])
    if args.only != "duels":
        print(
            f"{args.bot} alone against the Vikings, {args.solo_games} games per level "
            "(medals: none/bronze/silver/gold/platinum)"
        )
        for level in (int(x) for x in args.levels.split(",")):
            start = time.perf_counter()
            results = run_tasks(solo_tasks([args.bot], args.solo_games, args.seed, level), default_cards(), args.jobs)
            s = entry_stats(results, [args.bot])[0]
            medals = s.medals or {}
            print(
                f"level {level}: win {s.win_rate:6.1%} [{s.win_low:.1%}-{s.win_high:.1%}]  "
                f"score {s.mean_score:5.1f}  Vikings {s.mean_vikings or 0:5.1f}  margin {s.mean_margin:+6.1f}  "
                f"medals {'/'.join(str(medals.get(m, 0)) for m in ('none', 'bronze', 'silver', 'gold', 'platinum'))}"
                f"  think worst {s.think_worst:.2f} s  ({time.perf_counter() - start:.0f} s)",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
