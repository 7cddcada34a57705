"""Benchmark of "where did I lose it?" (issue 12): the time to analyse a whole game.

    python bench/analysis.py [--seed 7]

Figures printed: for a solo game and a 2-player game (every decision taken at random, so
most of them are worth a look), the decisions analysed and the wall-clock time of the
analysis of the first seat with 1 and with 2 processes (goal: a solo game in under 60 s
with 2 jobs).  The machine has 2 cores shared with others: expect noise.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time

from norsewind_tui.rules import GameConfig, Session, default_cards
from norsewind_tui.tui.analysis import analyse, jobs_for


def random_game(players: tuple[str, ...], seed: int) -> Session:
    session = Session.start(GameConfig(players=players), seed)
    rng = random.Random(seed)
    while not session.state.is_over:
        session.push(rng.choice(session.legal_moves()))
    return session


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    digest = default_cards().digest
    print(f"python {platform.python_version()}, {os.cpu_count()} cores")
    for label, players in (("solo", ("Astrid",)), ("2 players", ("Astrid", "Bjorn"))):
        session = random_game(players, args.seed)
        decisions = len(jobs_for(session, 0))
        for jobs in (1, 2):
            start = time.perf_counter()
            found = analyse(session, 0, digest, jobs=jobs)
            elapsed = time.perf_counter() - start
            assert found is not None
            print(
                f"{label:<10} {len(session.moves):>3} decisions in the game, {decisions:>3} analysed, "
                f"{jobs} job{'s' if jobs > 1 else ' '}: {elapsed:6.1f} s ({found.summary()})"
            )


if __name__ == "__main__":
    main()
