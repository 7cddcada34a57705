"""The app on a real pseudo-terminal: startup time and the bytes a keypress writes.

    python bench/tui.py [--runs 5] [--size 80x24] [--keys 60]
    python bench/tui.py --floor [--runs 9] [--baseline COMMIT]

Starts ``norsewind`` on a pty of the given size (TERM=xterm-256color), and
prints:

- startup: time from spawning the command to the first complete frame of the
  title screen (its menu and footer on the terminal), median and worst of
  ``--runs`` starts;
- bytes per keypress in a solo game: after each key, everything the app writes
  until the terminal has been quiet for 150 ms; median and worst, for cursor
  moves (arrows) and for decisions (Enter) separately;
- the time from a key to the first byte of the app's answer.

``--floor`` instead measures the first frame against the framework's floor: a minimal Textual
app (a ``Static`` and a ``Footer``, the command palette on, like ``norsewind``) and ``norsewind``
are started alternately on the same pty, ``--runs`` times each (default 9), and it prints both
medians and their ratio (issue 16: goal <= 1.2), so the machine's load hits both alike; and the
CPU time each app used up to its first frame (which the load hardly changes).  Each tree's
``norsewind_tui`` is byte-compiled first, as an installed copy (and Textual) is.  ``--baseline
COMMIT`` adds that commit's ``norsewind`` to the rotation, for a before/after in the same run.

Figures, not pass/fail: nothing here is a test.
"""

from __future__ import annotations

import argparse
import compileall
import contextlib
import io
import os
import pty
import select
import shutil
import statistics
import struct
import subprocess
import sys
import tarfile
import tempfile
import termios
import time
from collections.abc import Iterator
from fcntl import ioctl
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parents[1] / "tests"))
from procs import cpu_ns, end_child  # tests/procs.py: shared with the tests

QUIET = 0.15  # seconds without output that end a keypress's answer


class Terminal:
    """``norsewind`` on a pseudo-terminal."""

    def __init__(self, args: list[str], width: int, height: int, saves: str, tree: str | None = None) -> None:
        env = dict(os.environ, TERM="xterm-256color", COLORTERM="truecolor", NORSEWIND_SAVES=saves)
        env.pop("NO_COLOR", None)
        if tree is not None:  # run the package found in ``tree`` (``-m`` puts the working folder first)
            env["PYTHONPATH"] = tree
        self.start = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # the child: the app
            if tree is not None:
                os.chdir(tree)
            os.execvpe(args[0], args, env)
        self.pid, self.fd = pid, fd
        ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
        self.output = bytearray()
        self.last_latency = 0.0

    def read(self, timeout: float) -> bytes:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return b""
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            return b""
        self.output += data
        return data

    def wait_for(self, needle: bytes, timeout: float = 10.0) -> float:
        """Seconds since the start until ``needle`` has appeared in the output."""
        deadline = time.perf_counter() + timeout
        while needle not in self.output:
            if time.perf_counter() > deadline:
                raise TimeoutError(f"{needle!r} did not appear within {timeout} s")
            self.read(0.05)
        return time.perf_counter() - self.start

    def cpu(self) -> float:
        """CPU seconds the app has used so far, all its threads (Linux: /proc/PID/task/*/schedstat)."""
        return cpu_ns(self.pid) / 1e9

    def settle(self) -> int:
        """Bytes written until the app is quiet for ``QUIET`` seconds."""
        total = 0
        while True:
            data = self.read(QUIET)
            if not data:
                return total
            total += len(data)

    def key(self, keys: bytes) -> int:
        """Send ``keys``; the bytes of the answer (``last_latency``: seconds to its first byte)."""
        start = time.perf_counter()
        os.write(self.fd, keys)
        first = self.read(2.0)
        self.last_latency = time.perf_counter() - start if first else -1.0  # -1: nothing to redraw
        return len(first) + self.settle() if first else 0

    def close(self) -> None:
        end_child(self.pid, self.fd)


def command() -> list[str]:
    script = shutil.which("norsewind")
    return [script, "--seed", "1"] if script else [sys.executable, "-m", "norsewind_tui.cli", "--seed", "1"]


def startup(runs: int, width: int, height: int) -> list[float]:
    compiled(str(Path(__file__).resolve().parent.parent))
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as saves:
            term = Terminal(command(), width, height, saves)
            try:
                # the footer is drawn last: when it is there the whole first frame is
                times.append(term.wait_for(b"palette"))
            finally:
                term.close()
    return times


MINIMAL_APP = """
from textual.app import App
from textual.widgets import Footer, Static

class Minimal(App[None]):
    def compose(self):
        yield Static("Norsewind")
        yield Footer()

Minimal().run()
"""


def compiled(tree: str) -> str:
    """``tree`` with its ``norsewind_tui`` byte-compiled, as an installed copy is (Textual is): with
    ``PYTHONDONTWRITEBYTECODE`` set, or right after an edit or a checkout, every start would
    otherwise compile the changed modules again (several ms each), which players do not pay."""
    compileall.compile_dir(str(Path(tree) / "norsewind_tui"), quiet=1)
    return tree


def floor(runs: int, width: int, height: int, baseline: str | None) -> dict[str, list[float]]:
    """Seconds to the first full frame, and the CPU seconds the app used for it, alternately of the
    minimal app, ``norsewind`` and (with ``baseline``, a folder holding an older ``norsewind_tui``) the
    older ``norsewind``."""
    here = compiled(str(Path(__file__).resolve().parent.parent))
    # all by the same interpreter, directly (an installed script may be a slow shim, e.g. pyenv's)
    ours = [sys.executable, "-m", "norsewind_tui.cli", "--seed", "1"]
    apps: list[tuple[str, list[str], str | None]] = [
        ("minimal", [sys.executable, "-c", MINIMAL_APP], None),
        ("ours", ours, here),
    ]
    if baseline is not None:
        apps.append(("baseline", ours, compiled(baseline)))
    times: dict[str, list[float]] = {}
    for _ in range(runs):
        for name, args, tree in apps:
            with tempfile.TemporaryDirectory() as saves:
                term = Terminal(args, width, height, saves, tree)
                try:
                    times.setdefault(name, []).append(term.wait_for(b"palette"))
                    times.setdefault(f"{name} cpu", []).append(term.cpu())
                finally:
                    term.close()
    return times


@contextlib.contextmanager
def checkout(commit: str) -> Iterator[str]:
    """A temporary folder holding ``commit``'s ``norsewind_tui`` (``git archive``)."""
    here = Path(__file__).resolve().parent.parent
    archive = subprocess.run(
        ["git", "-C", str(here), "archive", "--format=tar", commit, "norsewind_tui"], check=True, capture_output=True
    ).stdout
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(tmp, filter="data")
        yield tmp


ARROWS = [b"\x1b[C", b"\x1b[D", b"\x1b[B", b"\x1b[A"]


def keypresses(count: int, width: int, height: int) -> tuple[list[int], list[int], list[float]]:
    moves: list[int] = []
    decisions: list[int] = []
    latencies: list[float] = []
    with tempfile.TemporaryDirectory() as saves:
        term = Terminal(command(), width, height, saves)
        try:
            term.wait_for(b"palette")
            term.settle()
            term.key(b"n")
            term.key(b"\x13")  # ctrl+s: start the solo game
            term.wait_for(b"Turn 1")
            term.settle()
            i = 0
            while len(moves) + len(decisions) < count:
                moves.append(term.key(ARROWS[i % 4]))
                latencies.append(term.last_latency)
                moves.append(term.key(ARROWS[(i + 1) % 4]))
                latencies.append(term.last_latency)
                decisions.append(term.key(b"\r"))
                latencies.append(term.last_latency)
                i += 1
        finally:
            term.close()
    return moves, decisions, latencies


def describe(values: list[float] | list[int], unit: str, scale: float = 1.0) -> str:
    med = statistics.median(values) * scale
    worst = max(values) * scale
    return f"median {med:,.0f} {unit}, worst {worst:,.0f} {unit} ({len(values)} samples)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--keys", type=int, default=60)
    parser.add_argument("--floor", action="store_true", help="the first frame against a minimal Textual app's")
    parser.add_argument("--baseline", metavar="COMMIT", help="with --floor: also start this commit's norsewind")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.split("x"))
    if args.floor:
        runs = args.runs if "--runs" in sys.argv else 9
        print(f"first full frame on a {width}x{height} pty, {runs} starts each, alternating")
        with contextlib.ExitStack() as stack:
            base = stack.enter_context(checkout(args.baseline)) if args.baseline else None
            t = floor(runs, width, height, base)
        med = {k: statistics.median(v) for k, v in t.items()}
        labels = {"minimal": "minimal Textual app (Static + Footer)", "ours": "norsewind (working tree)"}
        labels["baseline"] = f"norsewind ({args.baseline})"
        for name in ("minimal", "ours", "baseline"):
            if name in t:
                cpu = med[name + " cpu"] * 1000
                print(f"{labels[name]:<38} {describe(t[name], 'ms', 1000)}; CPU median {cpu:,.0f} ms")
        for name in ("ours", "baseline"):
            if name in t:
                print(
                    f"ratio to the minimal app, {labels[name]}: wall-clock medians {med[name] / med['minimal']:.2f}"
                    f" (goal <= 1.2), CPU medians {med[name + ' cpu'] / med['minimal cpu']:.2f}"
                )
        return 0
    print(f"norsewind on a {width}x{height} pty, TERM=xterm-256color")
    times = startup(args.runs, width, height)
    print(f"startup to the first full frame: {describe(times, 'ms', 1000)}")
    moves, decisions, latencies = keypresses(args.keys, width, height)
    answered = [t for t in latencies if t >= 0]
    print(f"time from a key to the first byte of its answer: {describe(answered, 'ms', 1000)}")
    print(f"bytes written per cursor move (arrow): {describe(moves, 'bytes')}")
    print(f"bytes written per decision (Enter):    {describe(decisions, 'bytes')}")
    print(f"bytes written per keypress, all:       {describe(moves + decisions, 'bytes')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
