"""Memory and time of the app under a flood of keys in a terminal (issue 18).

    PYTHONPATH=. python bench/key_flood.py [--kb 100] [--limit 150]

Starts ``python -m norsewind_tui.cli`` on a pseudo-terminal (80x24) with an empty saves
folder, writes KB kilobytes of Enter at the title as fast as the terminal takes them, waits
until the app is idle, quits it with ctrl+c and prints its peak resident memory (the kernel's
figure), the seconds taken and the games created.  Goal: under 150 MB, at most one game.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from tests.tui.pty_flood import flood


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--kb", type=int, default=100)
    parser.add_argument("--limit", type=float, default=150.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        saves = Path(tmp) / "saves"
        saves.mkdir()
        idle = flood(saves, b"", limit=args.limit, repo=Path(__file__).resolve().parents[1])
        result = flood(saves, b"\r" * (args.kb * 1000), limit=args.limit, repo=Path(__file__).resolve().parents[1])
    print(f"idle at the title: peak {idle.peak_mb:.0f} MB")
    print(
        f"{args.kb} KB of Enter: peak {result.peak_mb:.0f} MB, {result.seconds:.1f} s, "
        f"{result.games} game(s), {'quit on ctrl+c' if result.exited else 'killed at the limit'}"
    )


if __name__ == "__main__":
    main()
