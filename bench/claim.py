"""What the followers of a shared table spend while one of them plays the computer seat.

    python bench/claim.py [--turns 5] [--pause 0.6] [--baseline COMMIT]

A table of alice, bob and a computer seat (random), in a temporary saves folder.  Whenever the
computer is to move, alice holds the computer seats' claim for ``--pause`` seconds, as an app
playing it does (``SharedTable.computer_step``) while it decides and pauses (the pause an app gives a
computer move, 0.6 s); bob and carol (a spectator) follow the table meanwhile, each in a thread
as an app's driver does: wait on the table's watch, then look (``SharedTable.changes``).  It
prints, per computer turn, how often each follower woke and the CPU time its thread used
(``time.thread_time``), median and worst over ``--turns`` turns.

``--baseline COMMIT`` runs the same with that commit's ``norsewind_tui`` (``git archive``, as
bench/engine.py) in a child process and prints both.  Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tui import checkout  # bench/tui.py: a commit's norsewind_tui in a temporary folder


class Follower(threading.Thread):
    """One app's driver: wait on the table's watch, look, again; counting wake-ups and CPU."""

    def __init__(self, table: Any, decide: Any) -> None:
        super().__init__(daemon=True)
        self.table, self.decide = table, decide
        self.watch = table.watch(fallback=30.0)
        self.stop = threading.Event()
        self.wakes = 0
        self.cpu = 0.0
        self.counting = threading.Event()

    def run(self) -> None:
        latest = self.table.view
        while not self.stop.is_set():
            start = time.thread_time()  # the wait's own work (reading the events) counts too
            self.watch.wait(self.stop.is_set)
            for change in self.table.changes(latest, self.decide, 0.0, None):
                if change.view is not None:
                    latest = change.view
            if self.counting.is_set():
                self.wakes += 1
                self.cpu += time.thread_time() - start

    def take(self) -> tuple[int, float]:
        out = self.wakes, self.cpu
        self.wakes, self.cpu = 0, 0.0
        return out

    def end(self) -> None:
        self.stop.set()
        self.watch.interrupt()
        self.join(30)
        self.watch.close()


def run(turns: int, pause: float) -> dict[str, list[list[float]]]:
    from norsewind_tui.rules import legal_moves
    from norsewind_tui.storage.tables import TableStore

    def decide(seat: int, bot: str, state: Any) -> Any:
        return legal_moves(state)[0]

    with tempfile.TemporaryDirectory() as tmp:
        store = TableStore(Path(tmp))
        alice = store.create("alice", ["me", "open", "random"], seed=3, name="bench")
        bob = store.open(alice.name, "bob")
        bob.join()
        carol = store.open(alice.name, "carol")
        # alice's app holds the claim (it thinks for the computer) from before the computer's turn
        claim = store.place.files(alice.name).claim("the bench's computer")
        claim.acquire()
        followers = {"bob": Follower(bob, decide), "carol (watching)": Follower(carol, decide)}
        for f in followers.values():
            f.start()
        figures: dict[str, list[list[float]]] = {name: [] for name in followers}
        done = 0
        while done < turns and not alice.finished:
            alice.poll()
            if alice.computer_to_move() is None:  # a person's decision, made at once by its holder
                mover = alice if alice.is_my_turn() else bob
                mover.poll()
                mover.push(mover.legal_moves()[0])
                continue
            for f in followers.values():
                f.take()
                f.counting.set()
            time.sleep(pause)
            for name, f in followers.items():
                f.counting.clear()
                wakes, cpu = f.take()
                figures[name].append([wakes, cpu * 1000])
            claim.release()  # and lets go without a decision: a follower plays it
            while alice.computer_to_move() is not None:
                time.sleep(0.01)
                alice.poll()
            claim.acquire(timeout=10.0)
            done += 1
        claim.release()
        for f in followers.values():
            f.end()
        return figures


def report(label: str, figures: dict[str, list[list[float]]], pause: float) -> None:
    for name, rows in figures.items():
        wakes = [w for w, _ in rows]
        cpu = [c for _, c in rows]
        print(
            f"{label}: {name:<17} per computer turn ({len(rows)} turns of {pause:g} s): "
            f"wake-ups median {statistics.median(wakes):.0f} (worst {max(wakes):.0f}), "
            f"CPU median {statistics.median(cpu):.1f} ms (worst {max(cpu):.1f} ms)"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--turns", type=int, default=5)
    parser.add_argument("--pause", type=float, default=0.6)
    parser.add_argument("--baseline", metavar="COMMIT")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.json:
        print(json.dumps(run(args.turns, args.pause)))
        return 0
    if args.baseline:
        with checkout(args.baseline) as tree:
            argv = [
                sys.executable,
                str(Path(__file__).resolve()),
                "--turns",
                str(args.turns),
                "--pause",
                str(args.pause),
            ]
            env = dict(os.environ, PYTHONPATH=tree)
            done = subprocess.run([*argv, "--json"], env=env, cwd=tree, capture_output=True, text=True)
            if done.returncode:
                raise SystemExit(f"bench/claim.py: the run at {args.baseline} failed:\n{done.stderr[-2000:]}")
            report(args.baseline[:7], json.loads(done.stdout), args.pause)
    report("working tree", run(args.turns, args.pause), args.pause)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
