"""The tests' PostgreSQL server does not outlive a test process that is killed (tests/pgserver.py's
keeper): a SIGKILLed pytest left its server running, and its folder in /tmp, for ever."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

WAIT = 60.0  # seconds: the bound on the wait (initdb and a stop on a loaded machine)
TESTS = Path(__file__).resolve().parents[1]
OWNER = "import sys; from pgserver import PgServer; print(PgServer.start().root, flush=True); sys.stdin.read()"


def test_a_killed_test_process_leaves_no_server_behind() -> None:
    owner = subprocess.Popen(
        [sys.executable, "-c", OWNER],
        cwd=TESTS,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")])},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert owner.stdout is not None
    root = Path(owner.stdout.readline().strip())
    postmaster = int((root / "data" / "postmaster.pid").read_text().split()[0])
    assert Path(f"/proc/{postmaster}").exists(), "the server runs"
    os.kill(owner.pid, signal.SIGKILL)
    owner.wait()
    deadline = time.monotonic() + WAIT
    while root.exists() or Path(f"/proc/{postmaster}").exists():  # the keeper stops it, removes its folder
        assert time.monotonic() < deadline, f"{root} or the server {postmaster} is still there"
        time.sleep(0.05)
