"""Benchmark of the saves: autosave cost per decision, save size, load-and-verify time.

    python bench/storage.py [--dir DIR] [--games N] [--repeat R]

It plays N random four-player games (random legal decisions) and keeps the longest, then,
in a temporary folder inside DIR (default: the saves folder, so on the disk players use):

- autosave cost per decision at the end of that game: the last 20 decisions are pushed
  through ``SavedGame.push`` (apply + encode + atomic write with backup + fsyncs), and the
  write alone is repeated R times on the final position;
- the save's size with its full history (every move since the start);
- load-and-verify: ``GameStore.open`` (read, decode, replay every move, compare the state
  digest, take the lock) and ``close``, R times.

Goals (issue 3): autosave <= 5 ms per decision, save <= 30 KB, load-and-verify <= 100 ms.
"""

from __future__ import annotations

import argparse
import platform
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from norsewind_tui.rules import GameConfig, Move, Session
from norsewind_tui.storage import GameStore, SeatMeta, decode_save, encode_save, resolve_saves_dir
from norsewind_tui.storage.atomic import fsync_dir, write_new

NAMES = ("Ana", "Bo", "Cy", "Di")
GOALS = {"autosave": 5.0, "size": 30 * 1024, "load": 100.0}


def longest_game(games: int) -> tuple[int, list[Move]]:
    config = GameConfig(players=NAMES)
    best: tuple[int, list[Move]] = (0, [])
    for seed in range(games):
        s = Session.start(config, seed)
        rng = random.Random(seed)
        while not s.state.is_over:
            s.push(rng.choice(s.legal_moves()))
        if len(s.moves) > len(best[1]):
            best = (seed, list(s.moves))
    return best


def ms(values: list[float]) -> str:
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(len(values) * 0.95))]
    return f"median {statistics.median(values) * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms, max {values[-1] * 1000:.2f} ms"


def verdict(ok: bool) -> str:
    return "OK" if ok else "OVER GOAL"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", help="where to write (default: the saves folder)")
    parser.add_argument("--games", type=int, default=30, help="random four-player games to pick the longest from")
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    base = Path(args.dir) if args.dir else resolve_saves_dir(None)
    base.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix=".bench-", dir=base))
    print(f"Python {platform.python_version()} on {platform.machine()}, writing in {folder}")
    try:
        seed, moves = longest_game(args.games)
        print(f"longest of {args.games} random four-player games: seed {seed}, {len(moves)} decisions")
        store = GameStore(folder)
        seats = [SeatMeta(n) if i == 0 else SeatMeta(n, "computer", "random") for i, n in enumerate(NAMES)]
        game = store.create(GameConfig(players=NAMES), seed, seats, name="long")
        tail = 20
        for move in moves[:-tail]:
            game.push(move)
        push_times = []
        for move in moves[-tail:]:
            t = time.perf_counter()
            game.push(move)
            push_times.append(time.perf_counter() - t)
        assert game.finished
        write_times, encode_times, fsync_times = [], [], []
        save, _ = decode_save(game.path.read_bytes(), str(game.path))
        for _ in range(args.repeat):
            t = time.perf_counter()
            game.save()
            write_times.append(time.perf_counter() - t)
            t = time.perf_counter()
            data = encode_save(save)
            encode_times.append(time.perf_counter() - t)
        probe = folder / "probe"
        for _ in range(min(args.repeat, 50)):
            t = time.perf_counter()
            write_new(probe, data)
            fsync_dir(folder)
            fsync_times.append(time.perf_counter() - t)
        size = game.path.stat().st_size
        game.close()
        load_times = []
        for _ in range(args.repeat):
            t = time.perf_counter()
            g = store.open("long")
            g.close()
            load_times.append(time.perf_counter() - t)
        verify_only = []
        for _ in range(args.repeat):
            t = time.perf_counter()
            store.verify_file(game.path)
            verify_only.append(time.perf_counter() - t)
        autosave = statistics.median(push_times) * 1000
        load = statistics.median(load_times) * 1000
        print()
        print(f"autosave per decision, last {tail} decisions (push = apply + write): {ms(push_times)}")
        print(f"  the write alone on the final position, {args.repeat}x: {ms(write_times)}")
        print(f"  of which encoding the save: {ms(encode_times)}")
        print(f"  of which disk (write + fsync file + fsync folder, measured apart): {ms(fsync_times)}")
        print(f"  goal <= {GOALS['autosave']:.0f} ms: {verdict(autosave <= GOALS['autosave'])}")
        print(
            f"save size with full history ({len(moves)} decisions): {size} bytes ({size / 1024:.1f} KB), "
            f"{size / len(moves):.1f} bytes per decision"
        )
        print(f"  goal <= 30 KB: {verdict(size <= GOALS['size'])}")
        print(f"load and verify (open + replay + digest + lock + close), {args.repeat}x: {ms(load_times)}")
        print(f"  without the lock (saves verify): {ms(verify_only)}")
        print(f"  goal <= {GOALS['load']:.0f} ms: {verdict(load <= GOALS['load'])}")
        ok = autosave <= GOALS["autosave"] and size <= GOALS["size"] and load <= GOALS["load"]
        return 0 if ok else 1
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
