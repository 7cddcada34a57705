"""Killing a writer at a random moment (the SIGKILL tests of the files and of the database): the
writer runs in a forked child and reports each acknowledged write on a pipe."""

from __future__ import annotations

import os
import random
import signal
import struct
import sys
import time
from collections.abc import Callable
from typing import NoReturn

from norsewind_tui.storage.saves import SavedGame


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


def kill_at_random(body: Callable[[int], None], delay: float, acked: int) -> int:
    """Run ``body`` as a writer (``fork``) and SIGKILL it after ``delay`` seconds: the last generation
    it reported written, else ``acked`` (the last acknowledged before it)."""
    pid, r = fork(body)
    reported = kill_and_collect(pid, r, delay)
    return reported[-1] if reported else acked


def write_at_random(game: SavedGame, w: int) -> NoReturn:
    """Decide at random, undo now and then, rewrite a finished game, for ever: a writer's ``body``;
    each generation written is reported on ``w``."""
    rng = random.Random(os.getpid())
    while True:
        if game.finished:  # R25: a finished game is final; rewriting it still makes generations
            game.save()
        elif rng.random() < 0.1 and game.can_undo():
            game.undo(confirm=True)
        else:
            game.push(rng.choice(game.legal_moves()))
        os.write(w, struct.pack("Q", game.generation))
