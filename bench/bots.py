"""Benchmark of the computer players (issue 5): strength, thinking time, solo medals.

    python bench/bots.py [--games 200] [--solo-games 50] [--jobs 2] [--seed 0] [--only duels|solo]

Figures printed:

- greedy against random, 2 players, seats alternated: greedy's win rate (goal >= 95 %);
- hard against greedy, the same way (goal >= 65 % over 200 games);
- the hard bot's thinking time per decision that had a choice, median and worst
  (goal: within 2 s), and how many searches the time cap stopped (0 means every
  game replays exactly);
- easy and normal against greedy (the strengths' ladder);
- the hard bot alone against the Vikings on each solo level 1-7: win rate and
  medals (the card set should make level 1 a usual win and level 7 a rare one).

The machine has 2 cores shared with others: keep ``--jobs`` at 2 at most.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

from norsewind_tui.bots.tournament import EntryStats, duel_tasks, entry_stats, run_tasks, solo_tasks
from norsewind_tui.rules import default_cards


def _line(s: EntryStats, against: str) -> str:
    return (
        f"{s.name:>7} vs {against:<7} {s.games:4d} games  win {s.win_rate:6.1%} "
        f"[{s.win_low:.1%}-{s.win_high:.1%}]  mean score {s.mean_score:6.1f}  margin {s.mean_margin:+6.1f}"
    )


def duel(a: str, b: str, games: int, seed: int, jobs: int) -> EntryStats:
    start = time.perf_counter()
    results = run_tasks(duel_tasks([a, b], games, seed), default_cards(), jobs)
    stats = entry_stats(results, [a, b])[0]
    print(_line(stats, b) + f"  ({time.perf_counter() - start:.0f} s)", flush=True)
    return stats


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="games per duel (seats alternated)")
    parser.add_argument("--solo-games", type=int, default=50, help="solo games per level")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bot", default="hard", help="the bot measured (default hard)")
    parser.add_argument("--levels", default="1,2,3,4,5,6,7")
    parser.add_argument("--only", choices=("duels", "solo"), default=None)
    args = parser.parse_args(argv)
    print(
        f"# bench/bots.py on {platform.python_implementation()} {platform.python_version()}, "
        f"{platform.machine()}, jobs {args.jobs}, seed {args.seed}"
    )
    if args.only != "solo":
        duel("greedy", "random", args.games, args.seed, args.jobs)
        hard = duel(args.bot, "greedy", args.games, args.seed, args.jobs)
        print(
            f"{args.bot} thinking time per decision with a choice: median {hard.think_median:.3f} s, "
            f"worst {hard.think_worst:.3f} s over {hard.decisions} decisions; time cap hit {hard.capped} times",
            flush=True,
        )
        print("the players' strengths against greedy:")
        for name in ("easy", "normal"):
            duel(name, "greedy", args.games, args.seed, args.jobs)
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
