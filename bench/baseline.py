"""The working tree against a commit, by CPU time: ``--baseline COMMIT`` of ``bench/engine.py`` and
``bench/rollouts.py``.

The commit's ``norsewind_tui`` is extracted (``git archive``) into a temporary folder, and two worker
processes of the calling script (``SCRIPT --worker``), one importing each tree, do the *same* seeded
work in alternating rounds (baseline, tree, tree, baseline, ...), each timing its own by its own CPU
time, so the machine's load hits both alike.  A worker reads request lines ``players first count``
and answers each with ``cpu units sha256`` (its CPU seconds, a count of what it did, a digest of the
end states): the two trees must agree on the last two.
"""

from __future__ import annotations

import io
import os
import platform
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def _start_worker(script: str, root: Path) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(root))
    return subprocess.Popen(
        [sys.executable, script, "--worker"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        cwd=root,
    )


def _ask(proc: subprocess.Popen[str], n: int, first: int, count: int) -> tuple[float, int, str]:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(f"{n} {first} {count}\n")
    proc.stdin.flush()
    cpu, units, digest = proc.stdout.readline().split()
    return float(cpu), int(units), digest


def compare(
    script: str, commit: str, players: dict[int, str], rounds: int, count: int, what: str, unit: str
) -> float | None:
    """The lowest ratio (tree's rate over the baseline's) over ``players`` (player count: its label),
    each printed; None at the first player count whose end states differ."""
    archive = subprocess.run(
        ["git", "-C", str(HERE), "archive", "--format=tar", commit, "norsewind_tui"], check=True, capture_output=True
    ).stdout
    label = subprocess.run(
        ["git", "-C", str(HERE), "rev-parse", "--short", commit], check=True, capture_output=True, text=True
    ).stdout.strip()
    print(f"Python {platform.python_version()}: working tree vs {commit} ({label}), the same seeded {what},")
    print(f"{rounds} alternating rounds of {count} {what} per player count, each timed by its own CPU time")
    worst = float("inf")
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(tmp, filter="data")
        base, tree = _start_worker(script, Path(tmp)), _start_worker(script, HERE)
        try:
            for n, name in players.items():
                cpu = {"base": 0.0, "tree": 0.0}
                units = {"base": 0, "tree": 0}
                same = True
                for r in range(rounds):
                    order = [("base", base), ("tree", tree)] if r % 2 == 0 else [("tree", tree), ("base", base)]
                    digests = {}
                    for side, proc in order:
                        c, u, d = _ask(proc, n, r * count, count)
                        cpu[side] += c
                        units[side] += u
                        digests[side] = d
                    same &= digests["base"] == digests["tree"] and units["base"] == units["tree"]
                done = rounds * count
                rate = {k: done / cpu[k] for k in cpu}
                ratio = rate["tree"] / rate["base"]
                worst = min(worst, ratio)
                print(
                    f"\n{name}: {done} {what} ({units['tree']} {unit}) each"
                    f"\n  baseline {rate['base']:8.2f} {what}/CPU s   working tree {rate['tree']:8.2f} {what}/CPU s"
                    f"   ratio {ratio:.2f}x   same final states: {'yes' if same else 'NO'}"
                )
                if not same:
                    return None
        finally:
            for proc in (base, tree):
                assert proc.stdin is not None
                proc.stdin.close()
                proc.wait()
    return worst
