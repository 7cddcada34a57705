"""The real app on a pseudo-terminal of 80x24, for the tests that need a terminal of its own."""

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
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from child_env import ROOT, app_env

LIMIT = 120.0  # seconds at most for a real app on a busy 2-core machine


@dataclass
class PtyApp:
    pid: int
    fd: int
    seen: bytearray = field(default_factory=bytearray)  # every byte the app wrote so far

    def read_until(self, needle: bytes) -> None:
        """Read what the app writes until ``needle`` comes (fails after ``LIMIT`` seconds)."""
        deadline = time.monotonic() + LIMIT
        start = len(self.seen)
        while needle not in self.seen[start:]:
            if time.monotonic() > deadline:
                raise AssertionError(f"{needle!r} never came: {bytes(self.seen[-2000:])!r}")
            if select.select([self.fd], [], [], 1.0)[0]:
                try:
                    self.seen += os.read(self.fd, 65536)
                except OSError as exc:
                    raise AssertionError(f"the app ended: {bytes(self.seen[-2000:])!r}") from exc

    def write(self, keys: bytes) -> None:
        os.write(self.fd, keys)

    def ends_well(self) -> None:
        """Wait for the app to end (it was asked to) and check that it ended with status 0."""
        deadline, done, status = time.monotonic() + LIMIT, 0, -1
        while not done and time.monotonic() < deadline:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if not done:
                select.select([self.fd], [], [], 0.2)
        assert done and os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, bytes(self.seen[-2000:])


@contextlib.contextmanager
def app_on_pty(saves: Path, player: str, **env: str) -> Iterator[PtyApp]:
    """``norsewind --saves SAVES`` as ``player`` on its own terminal (``env``: more variables);
    killed on the way out if it has not ended."""
    pid, fd = pty.fork()
    if pid == 0:
        try:
            argv = [sys.executable, "-m", "norsewind_tui.cli", "--saves", str(saves)]
            os.execvpe(sys.executable, argv, app_env(saves, player, PYTHONPATH=str(ROOT), **env))
        finally:
            os._exit(127)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    try:
        yield PtyApp(pid, fd)
    finally:
        with contextlib.suppress(ProcessLookupError, ChildProcessError):
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        os.close(fd)
