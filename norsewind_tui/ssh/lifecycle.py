"""How a served app ends, and how a server runs until it is told to stop: the parts ``norsewind
serve`` and ``norsewind web`` share (no asyncssh here).

- ``hang_up(proc)``: SIGHUP (and SIGCONT) to the app's process group, as a terminal going away does,
  then SIGKILL ``HANGUP_GRACE`` seconds later if it is still there. The app saved the game at its
  last decision, so nothing is lost.
- ``run_until_signalled(server, ready)``: start a server, run until SIGINT or SIGTERM, close it.
- ``idle_message``: what a player hung up for idling is told; ``log_to_stderr``: a log line,
  stamped, in safe text.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import time
from collections.abc import Callable
from typing import Protocol, TypeVar

from ..safetext import safe_text

HANGUP_GRACE = 3.0  # seconds between SIGHUP and SIGKILL


def hang_up(proc: asyncio.subprocess.Process) -> None:
    """End a served app as a hangup does: SIGHUP now, SIGKILL after ``HANGUP_GRACE`` seconds."""
    if proc.returncode is not None:
        return
    for sig in (signal.SIGHUP, signal.SIGCONT):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, sig)
    asyncio.get_running_loop().call_later(HANGUP_GRACE, _kill, proc)


def _kill(proc: asyncio.subprocess.Process) -> None:
    if proc.returncode is None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)


class Server(Protocol):
    async def start(self) -> None: ...
    async def close(self) -> None: ...


S = TypeVar("S", bound=Server)


async def run_until_signalled(server: S, ready: Callable[[S], None] | None = None) -> None:
    """Start ``server``, tell ``ready``, run until SIGINT or SIGTERM, then close it (its apps hung up)."""
    await server.start()
    if ready is not None:
        ready(server)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)
        await server.close()


def idle_message(timeout: float) -> str:
    """What a player idled out is told: ``no key pressed for 30 minutes; ...``."""
    minutes = timeout >= 120 and timeout % 60 == 0
    how_long = f"{int(timeout // 60)} minutes" if minutes else f"{timeout:g} seconds"
    return f"norsewind: no key pressed for {how_long}; disconnected (your game is saved)"


def log_to_stderr(message: str) -> None:
    print(time.strftime("%Y-%m-%d %H:%M:%S ") + safe_text(message), file=sys.stderr, flush=True)
