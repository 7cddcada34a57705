"""The test suite on a loaded machine (issue 22 section 4): does it hold when the CPU is scarce?

    python3 bench/loaded_suite.py [--runs 5] [--loops 6] [PYTEST ARGS...]

Starts ``--loops`` busy loops (``python3 -c "while True: pass"``), runs the README's test
command (``python3 -m pytest``, with any further arguments) ``--runs`` times in a row, and
stops at the first failing run.  One line per run: passed and failed counts, wall time, and
the load average (the highest 1-minute figure seen during the run).  The busy loops are ended
by their PIDs whatever happens: a failure, Ctrl+C, SIGTERM.  Each run's output is kept in a
log file (named at the end) so that a failure can be read in full.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

REPO = Path(__file__).resolve().parents[1]
BUSY = "while True: pass"
COUNTS = re.compile(r"(\d+) (passed|failed|errors?|skipped|xfailed|xpassed)")


@dataclass
class Run:
    returncode: int
    counts: dict[str, int]
    seconds: float
    peak_load: float
    failures: list[str]


def start_loops(n: int) -> list[subprocess.Popen[bytes]]:
    return [subprocess.Popen([sys.executable, "-c", BUSY]) for _ in range(n)]


def stop_loops(loops: list[subprocess.Popen[bytes]]) -> None:
    """End each loop by its PID (never by name: other people's Python processes share the machine)."""
    for loop in loops:
        if loop.poll() is None:
            os.kill(loop.pid, signal.SIGKILL)
    for loop in loops:
        loop.wait()


def parse(output: str) -> tuple[dict[str, int], list[str]]:
    """pytest's last summary line as counts ("errors" as "error"), and its FAILED/ERROR lines."""
    counts: dict[str, int] = {}
    summary = [line for line in output.splitlines() if COUNTS.search(line) and " in " in line]
    for number, kind in COUNTS.findall(summary[-1] if summary else ""):
        counts[kind.rstrip("s") if kind.startswith("error") else kind] = int(number)
    failures = [line for line in output.splitlines() if line.startswith(("FAILED ", "ERROR "))]
    return counts, failures


def run_once(pytest_args: list[str], log: Path) -> Run:
    """One run of the suite, its output into ``log``; the load average sampled while it runs."""
    peak = [os.getloadavg()[0]]
    done = threading.Event()

    def sample() -> None:
        while not done.wait(2.0):
            peak[0] = max(peak[0], os.getloadavg()[0])

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    start = time.monotonic()
    with log.open("w", encoding="utf-8") as out:
        proc = subprocess.run([sys.executable, "-m", "pytest", *pytest_args], cwd=REPO, stdout=out, stderr=out)
    seconds = time.monotonic() - start
    done.set()
    sampler.join()
    peak[0] = max(peak[0], os.getloadavg()[0])
    counts, failures = parse(log.read_text(encoding="utf-8", errors="replace"))
    return Run(proc.returncode, counts, seconds, peak[0], failures)


def line(number: int, runs: int, run: Run) -> str:
    counts = ", ".join(f"{n} {kind}" for kind, n in run.counts.items()) or "no summary"
    verdict = "passed" if run.returncode == 0 else f"FAILED (exit {run.returncode})"
    return f"run {number}/{runs}: {verdict}: {counts}; {run.seconds:.0f} s; load average up to {run.peak_load:.1f}"


def installed_here() -> str | None:
    """Why the suite cannot run from this checkout, or None: its apps and servers are started as
    new processes outside the checkout, so the package must be installed from it (the README's
    command).  An install from another tree failed 29 tests of a 15-minute run for that alone."""
    found = subprocess.run(
        [sys.executable, "-c", "import norsewind_tui; print(norsewind_tui.__file__)"],
        cwd=tempfile.gettempdir(),
        capture_output=True,
        text=True,
    )
    where = Path(found.stdout.strip()).resolve() if found.returncode == 0 else None
    if where is not None and where.is_relative_to(REPO):
        return None
    return f"norsewind_tui is {'imported from ' + str(where) if where else 'not installed'}, not from {REPO}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], allow_abbrev=False)
    parser.add_argument("--runs", type=int, default=5, help="runs in a row (default 5)")
    parser.add_argument("--loops", type=int, default=6, help="busy loops while they run (default 6)")
    args, pytest_args = parser.parse_known_args(argv)
    if args.runs < 1 or args.loops < 0:
        parser.error("--runs must be 1 or more and --loops 0 or more")

    def terminated(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt  # so that the finally below ends the loops

    signal.signal(signal.SIGTERM, terminated)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl+C, even where started with it ignored
    wrong = installed_here()
    if wrong is not None:
        print(f"{wrong}: install it with the README's test command first", file=sys.stderr)
        return 2
    logs = Path(tempfile.mkdtemp(prefix="loaded-suite-"))
    cores = os.cpu_count() or 1
    print(f"{args.loops} busy loops on {cores} cores; python3 -m pytest {' '.join(pytest_args)}".rstrip(), flush=True)
    loops = start_loops(args.loops)
    results: list[Run] = []
    try:
        for number in range(1, args.runs + 1):
            run = run_once(pytest_args, logs / f"run-{number}.log")
            results.append(run)
            print(line(number, args.runs, run), flush=True)
            if run.returncode != 0:
                for failure in run.failures:
                    print("  " + failure, flush=True)
                break
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    finally:
        stop_loops(loops)
    passed = sum(r.returncode == 0 for r in results)
    if results:
        times = [r.seconds for r in results]
        print(
            f"summary: {passed} of {args.runs} runs passed in a row with {args.loops} busy loops; "
            f"wall time {min(times):.0f}-{max(times):.0f} s (mean {sum(times) / len(times):.0f} s); "
            f"load average up to {max(r.peak_load for r in results):.1f}; logs in {logs}"
        )
    return 0 if passed == args.runs else 1


if __name__ == "__main__":
    sys.exit(main())
