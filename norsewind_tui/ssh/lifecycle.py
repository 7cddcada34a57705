"""How a served app ends, and how a server runs until it is told to stop: the parts ``norsewind
serve`` and ``norsewind web`` share (no asyncssh here).

- ``hang_up(proc)``: SIGHUP (and SIGCONT) to the app's process group, as a terminal going away does,
  then SIGKILL ``HANGUP_GRACE`` seconds later if it is still there. The app saved the game at its
  last decision, so nothing is lost.
- ``run_until_signalled(server, ready, hurry)``: start a server, run until SIGINT or SIGTERM, close
  it (a second signal while it closes: ``hurry``, the apps ended at once); the command around it
  is ``command.py``'s.
- ``hang_up_when_idle``: a session's watch on its player's keys; ``idle_message``: what a player
  hung up for idling is told; ``log_to_stderr``: a log line, stamped, in safe text.
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


def hang_up(proc: asyncio.subprocess.Process, grace: float = HANGUP_GRACE) -> None:
    """End a served app as a hangup does: SIGHUP now, SIGKILL after ``grace`` seconds."""
    if proc.returncode is not None:
        return
    for sig in (signal.SIGHUP, signal.SIGCONT):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, sig)
    asyncio.get_running_loop().call_later(grace, _kill, proc)


def kill_now(proc: asyncio.subprocess.Process) -> None:
    """End a served app at once (SIGKILL to its process group): the stop is hurried."""
    _kill(proc)


def _kill(proc: asyncio.subprocess.Process) -> None:
    if proc.returncode is None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)


class Server(Protocol):
    async def start(self) -> None: ...
    async def close(self) -> None: ...


S = TypeVar("S", bound=Server)


async def run_until_signalled(
    server: S, ready: Callable[[S], None] | None = None, hurry: Callable[[], None] | None = None
) -> int:
    """Start ``server``, tell ``ready``, run until SIGINT or SIGTERM, then close it (its apps hung up).

    With ``hurry``, a second SIGINT or SIGTERM while it closes calls it (the apps are to end at
    once) and the close goes on to its end; the status is then 128 + that signal (130 for Ctrl+C),
    else 0. Without it, the second signal interrupts the close (``KeyboardInterrupt``)."""
    await server.start()
    stop = asyncio.Event()
    hurried: list[int] = []
    loop = asyncio.get_running_loop()

    def signalled(sig: int) -> None:
        if not stop.is_set():
            stop.set()
        elif hurry is not None and not hurried:  # a third is one too many: the stop is already hurried
            hurried.append(sig)
            hurry()

    def forget_signals() -> None:
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)

    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, signalled, sig)
    try:
        if ready is not None:
            ready(server)  # after the handlers: a Ctrl+C as soon as the address is printed stops it cleanly
        await stop.wait()
    finally:
        if hurry is None:
            forget_signals()
        try:
            await server.close()
        finally:
            if hurry is not None:
                forget_signals()
    return 128 + hurried[0] if hurried else 0


def idle_message(timeout: float) -> str:
    """What a player idled out is told: ``no key pressed for 30 minutes; ...``."""
    minutes = timeout >= 120 and timeout % 60 == 0
    how_long = f"{int(timeout // 60)} minutes" if minutes else f"{timeout:g} seconds"
    return f"norsewind: no key pressed for {how_long}; disconnected (your game is saved)"


async def hang_up_when_idle(
    timeout: float, last_input: Callable[[], float], hangup: Callable[[str, str], None]
) -> None:
    """Call ``hangup("idle", idle_message(timeout))`` once ``timeout`` seconds have passed since
    ``last_input()`` (the ``time.monotonic()`` of the player's latest key), and end."""
    while True:
        left = last_input() + timeout - time.monotonic()
        if left <= 0:
            hangup("idle", idle_message(timeout))
            return
        await asyncio.sleep(left)


def log_to_stderr(message: str) -> None:
    print(time.strftime("%Y-%m-%d %H:%M:%S ") + safe_text(message), file=sys.stderr, flush=True)
