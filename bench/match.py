"""The top level's match against hard (issues 27 and 43): does it ship?

    python3 bench/match.py [--games 400] [--solo-games 200] [--levels 4,7] [--seed 0] [--jobs 2]
                           [--challenger expert] [--against hard] [--solo-alone] [--solo-start 0]

Prints, in one run:

- the 2-player duel, seats swapped on each deal: the challenger's win rate with its Wilson 95 %
  interval, mean score and margin (goal: >= 62 % over >= 400 games, the interval's lower bound
  above 55 %);
- both players' thinking time per decision with a choice (goal, issue 43: the challenger's CPU
  median within 1.2 times hard's);
- both alone against the Vikings on the same deals at each of ``--levels``: wins and platinum
  medals with Wilson 95 % intervals, mean margin and CPU median (goals, issue 43: platinum in at
  least 85 % of the deals at level 4, wins in at least 35 % at level 7); ``--solo-alone`` plays
  the challenger only (the budgets are iterations: hard's solo figures on the same deals do not
  change from run to run), ``--solo-start`` the first deal (to split a long run).

The verdict line says whether every goal was met.  Take the figures on a quiet machine.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

from norsewind_tui.bots.tournament import (
    BotGame,
    duel_tasks,
    entry_stats,
    run_tasks,
    solo_tasks,
    thinking,
    wilson,
)
from norsewind_tui.rules import default_cards

GOAL_RATE = 0.62
GOAL_LOW = 0.55
GOAL_CPU = 1.2  # the challenger's CPU median at most this many times hard's
GOAL_PLATINUM = 0.85  # share of level-4 deals with platinum
GOAL_LEVEL7 = 0.35  # share of level-7 deals won
GOAL_DEALS = 200  # solo deals a level's goal needs (fewer: not met, whatever the share)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400, help="2-player games (seats swapped on each deal)")
    parser.add_argument("--solo-games", type=int, default=200, help="solo deals per level (both players)")
    parser.add_argument("--solo-alone", action="store_true", help="the solo deals for the challenger only")
    parser.add_argument("--solo-start", type=int, default=0, help="the first solo deal (seed + this)")
    parser.add_argument("--levels", default="4,7")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--challenger", default="expert")
    parser.add_argument("--against", default="hard")
    args = parser.parse_args(argv)
    a, b = args.challenger, args.against
    print(f"# bench/match.py: {a} against {b}; python {platform.python_version()}, jobs {args.jobs}, seed {args.seed}")
    cards = default_cards()
    start = time.perf_counter()
    goals: list[bool] = []
    if args.games:
        tally = {"games": 0, "wins": 0.0}

        def progress(game: BotGame) -> None:  # a running count, so a long match shows where it stands
            tally["games"] += 1
            seat = game.bots.index(0)
            tally["wins"] += (1.0 / len(game.winners)) if seat in game.winners else 0.0
            if tally["games"] % 50 == 0:
                print(f"  {tally['games']} games: {a} won {tally['wins']:g}", flush=True)

        games = run_tasks(duel_tasks([a, b], args.games, args.seed), cards, args.jobs, progress)
        s = entry_stats(games, [a, b])[0]
        print(
            f"2 players: {a} won {s.wins:g} of {s.games} ({s.win_rate:.1%}, 95 % [{s.win_low:.1%}-{s.win_high:.1%}]); "
            f"mean score {s.mean_score:.1f}, margin {s.mean_margin:+.1f}  ({time.perf_counter() - start:.0f} s)",
            flush=True,
        )
        goals.append(s.win_rate >= GOAL_RATE and s.win_low > GOAL_LOW and s.games >= 400)
        think = thinking(games, [a, b])
        for t in think:
            print(
                f"  {t.name:>7} thinks: median {t.median * 1e3:.0f} ms, p95 {t.p95 * 1e3:.0f}, worst "
                f"{t.worst * 1e3:.0f}; CPU median {t.cpu_median * 1e3:.0f} ms; {t.iterations_per_s:.0f} iterations/s",
                flush=True,
            )
        goals.append(think[0].cpu_median <= think[1].cpu_median * GOAL_CPU)
    solo_names = [a] if args.solo_alone else [a, b]
    for level in (int(x) for x in args.levels.split(",") if x):
        t0 = time.perf_counter()
        tasks = solo_tasks(solo_names, args.solo_games, args.seed + args.solo_start, level)
        results = run_tasks(tasks, cards, args.jobs)
        for stats, thought in zip(entry_stats(results, solo_names), thinking(results, solo_names), strict=True):
            count = (stats.medals or {}).get("platinum", 0)
            low, high = wilson(count, stats.games)
            print(
                f"level {level}: {stats.name:>7} won {stats.wins:g} of {stats.games} "
                f"({stats.win_rate:.1%}, 95 % [{stats.win_low:.1%}-{stats.win_high:.1%}]), "
                f"platinum {count} ({count / max(stats.games, 1):.1%}, 95 % [{low:.1%}-{high:.1%}]), "
                f"margin {stats.mean_margin:+.1f}, CPU median {thought.cpu_median * 1e3:.0f} ms  "
                f"({time.perf_counter() - t0:.0f} s)",
                flush=True,
            )
            if stats.name == a and level == 7:
                goals.append(stats.win_rate >= GOAL_LEVEL7 and stats.games >= GOAL_DEALS)
            if stats.name == a and level == 4:
                goals.append(count >= GOAL_PLATINUM * stats.games and stats.games >= GOAL_DEALS)
    verdict = "met" if goals and all(goals) else "NOT met"
    print(f"goals {verdict} ({sum(goals)} of {len(goals)}); {time.perf_counter() - start:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
