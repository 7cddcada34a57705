"""Memory and time of the app under a flood of keys in a terminal (issue 18).

    PYTHONPATH=. python bench/key_flood.py [--kb 100] [--limit 150]

Starts ``python -m norsewind_tui.cli`` on a pseudo-terminal (80x24), writes KB kilobytes of
Enter at the title as fast as the terminal takes them, waits until the app is idle, quits it
with ctrl+c and prints its peak resident memory (the kernel's figure), the seconds taken and
the games in the folder.  Twice: an empty saves folder (the Enters open "New game"), and a
folder with the player's game (the Enters continue it and play it, a move saved per key: the
loop is busy while the keys arrive).  Goal: under 150 MB, at most one game.  The peak before
the bound depended on how far the terminal's reader ran ahead of a busy loop (49-151 MB here
under the same flood; 474-692 MB in the issue's runs).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parents[1] / "tests"))  # tests/procs.py, pty_flood's

from norsewind_tui.rules import GameConfig
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.format import SeatMeta
from tests.tui.pty_flood import PLAYER, flood


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--kb", type=int, default=100)
    parser.add_argument("--limit", type=float, default=150.0)
    args = parser.parse_args()
    repo = Path(__file__).resolve().parents[1]
    for what in ("idle at the title", "new game", "continued game"):
        with tempfile.TemporaryDirectory() as tmp:
            saves = Path(tmp) / "saves"
            saves.mkdir()
            if what == "continued game":
                context = AppContext.at(str(saves), profile=PLAYER)
                context.new_game(GameConfig(players=(PLAYER,), level=1), 5, [SeatMeta(PLAYER)]).close()
            keys = b"" if what.startswith("idle") else b"\r" * (args.kb * 1000)
            r = flood(saves, keys, limit=args.limit, repo=repo)
        print(
            f"{what}: {len(keys) // 1000} KB of Enter: peak {r.peak_mb:.0f} MB, {r.seconds:.1f} s, "
            f"{r.games} game(s) in the folder, {'quit on ctrl+c' if r.exited else 'killed at the limit'}"
        )


if __name__ == "__main__":
    main()
