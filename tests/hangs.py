"""A test that hangs says where, and ends, instead of holding the whole suite for ever.

A loaded CI machine once sat for 80 minutes in one app test's idle event loop, with nothing to
show which await never came back.  ``run_bounded`` runs an async test body with a bound that no
healthy run comes near; past it, it prints where every task and thread waits (to the real
stderr, so it is seen even if what follows hangs too) and fails the test with the same report.
"""

from __future__ import annotations

import asyncio
import io
import sys
import threading
import traceback
from collections.abc import Coroutine
from typing import Any

HANG = 600.0  # seconds: the slowest app test takes a few dozen on a loaded 2-core machine


def where_everything_waits() -> str:
    """Each asyncio task's await chain and each thread's stack, as text."""
    out = io.StringIO()
    for task in asyncio.all_tasks():
        out.write(f"--- task {task.get_name()}\n")
        task.print_stack(file=out)
    frames = sys._current_frames()
    for thread in threading.enumerate():
        frame = frames.get(thread.ident or -1)
        if frame is not None:
            out.write(f"--- thread {thread.name}\n{''.join(traceback.format_stack(frame))}")
    return out.getvalue()


def run_bounded(body: Coroutine[Any, Any, None], limit: float = HANG) -> None:
    """``asyncio.run(body)``, failing with a report of every wait when it takes over ``limit`` seconds."""

    async def bounded() -> None:
        task = asyncio.ensure_future(body)
        done, _ = await asyncio.wait({task}, timeout=limit)
        if task in done:
            task.result()
            return
        report = where_everything_waits()
        print(f"\n=== a test hung for {limit:.0f} s; where it waits:\n{report}", file=sys.__stderr__, flush=True)
        task.cancel()
        await asyncio.wait({task}, timeout=10)
        raise AssertionError(f"the test did not end within {limit:.0f} s; where it waited:\n{report}")

    asyncio.run(bounded())
