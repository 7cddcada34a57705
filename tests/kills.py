"""Killing a writer at a random moment (the SIGKILL tests of the files and of the database): the
writer runs in a forked child and reports each acknowledged write on a pipe."""

from __future__ import annotations

import os
import signal
import struct
import sys
import time
from collections.abc import Callable


def fork(body: Callable[[int], None]) -> tuple[int, int]:
    """Run ``body(write_fd)`` in a child process; returns (pid, read_fd)."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        code = 0
        try:
            body(w)
        except BaseException as exc:
            sys.stderr.write(f"writer failed: {type(exc).__name__}: {exc}\n")
            code = 3
        os._exit(code)
    os.close(w)
    return pid, r


def kill_and_collect(pid: int, r: int, delay: float) -> list[int]:
    time.sleep(delay)  # the random moment of the kill is what these tests are about
    os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, f"writer exited by itself: {status}"
    data = b""
    while chunk := os.read(r, 65536):
        data += chunk
    os.close(r)
    return [v for (v,) in struct.iter_unpack("Q", data[: len(data) // 8 * 8])]
