"""The wait for a screen fed by a connection to fall quiet: one copy for tests/ssh/helpers.py and
bench/ssh.py."""

from __future__ import annotations

import asyncio
import time


async def until_quiet(changed: asyncio.Event, gap: float, timeout: float) -> None:
    """Return once ``changed`` has not been set for ``gap`` seconds (or ``timeout`` seconds have passed)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        changed.clear()
        try:
            await asyncio.wait_for(changed.wait(), gap)
        except TimeoutError:
            return
