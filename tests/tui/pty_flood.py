"""Run ``python -m norsewind_tui.cli`` in a pseudo-terminal and flood it with keys (issue 18).

``flood`` starts the app at 80x24 on a saves folder, waits until the title is drawn, writes the
keys as fast as the terminal takes them, then ctrl+c, and waits for the process to end: the
peak memory is the kernel's (``wait4``'s ``ru_maxrss``), not a sample.  Every wait is on the
terminal or the process, bounded by ``limit`` seconds; past it the app is killed and the
peak is read from ``/proc`` just before.  ``bench/key_flood.py`` prints its figures.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time
from dataclasses import dataclass
from pathlib import Path

from procs import cpu_seconds, kib

PLAYER = "flood"  # NORSEWIND_PLAYER of the app: a game of this profile is offered as "Continue"
TITLE_DRAWN = b"Solo campaign"  # a menu entry: the title screen is up and reading keys
CTRL_C = b"\x03"
QUIET = 1.0  # seconds of (nearly) no CPU use after the last key: the app has dealt with them


@dataclass
class Flooded:
    peak_mb: float  # the app process's peak resident memory
    exited: bool  # it quit on ctrl+c within the limit (else it was killed)
    seconds: float  # from the first key written to the end of the process
    games: int  # saved games in the folder afterwards


def _peak_kb(pid: int) -> int:
    """The app's own peak memory (VmHWM of its image after exec).

    Not ``ru_maxrss``: Linux carries the pre-exec image's peak into it, and the child of
    ``pty.fork`` starts as a copy of this test process (an xdist worker of 150 MB after many
    tests), so it measured the worker, not the app.  Likewise 0 until the exec happened.
    """
    try:
        if b"norsewind_tui.cli" not in Path(f"/proc/{pid}/cmdline").read_bytes():
            return 0
        return kib(pid, "status", "VmHWM")[0]
    except OSError:
        return 0


def flood(saves: Path, keys: bytes, limit: float = 120.0, repo: Path | None = None) -> Flooded:
    env = dict(os.environ, TERM="xterm-256color", NORSEWIND_PLAYER=PLAYER, COLUMNS="80", LINES="24")
    if repo is not None:
        env["PYTHONPATH"] = str(repo)
    pid, fd = pty.fork()
    if pid == 0:  # the child: the app on the pty
        try:
            os.execvpe(sys.executable, [sys.executable, "-m", "norsewind_tui.cli", "--saves", str(saves)], env)
        finally:
            os._exit(127)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    os.set_blocking(fd, False)
    deadline = time.monotonic() + limit
    seen = b""
    todo = b""
    started = 0.0
    peak = 0
    quitting = False
    idle_since, idle_cpu = 0.0, 0.0
    status: int | None = None
    try:
        while time.monotonic() < deadline:
            want_write = [fd] if todo else []
            readable, writable, _ = select.select([fd], want_write, [], 0.2)
            if readable:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:  # the app closed the terminal: it has ended
                    chunk = b""
                if not chunk:
                    break
                if not started:
                    seen = (seen + chunk)[-4096:]
                    if TITLE_DRAWN in seen:
                        started = time.monotonic()
                        todo = keys
            if writable and todo:
                with contextlib.suppress(BlockingIOError):
                    todo = todo[os.write(fd, todo[:4096]) :]
            peak = max(peak, _peak_kb(pid))
            if started and not todo and not quitting:
                # every key written: quit once the app has been idle for QUIET seconds
                now, cpu = time.monotonic(), cpu_seconds(pid)
                if cpu - idle_cpu > 0.05 * QUIET:
                    idle_since, idle_cpu = now, cpu
                elif now - idle_since >= QUIET:
                    todo, quitting = CTRL_C, True
            done, status, _ = os.wait4(pid, os.WNOHANG)
            if done:
                break
            status = None
        if status is None:
            peak = max(peak, _peak_kb(pid))
            if time.monotonic() >= deadline:
                os.kill(pid, signal.SIGKILL)
            _, status, _ = os.wait4(pid, 0)
    finally:
        os.close(fd)
    exited = os.WIFEXITED(status) and time.monotonic() < deadline
    games = len([p for p in saves.glob("*.json")])
    return Flooded(peak / 1024, exited, time.monotonic() - started if started else 0.0, games)
