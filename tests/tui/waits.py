"""Waiting on what the app does, never on the clock.

``Seen`` is a ``run_test(message_hook=...)``: it counts the messages the app
dispatches and lets a test await the next one of a kind (a computer's move, a
hint's answer); it keeps the notifications too (Textual drops a notification
from ``app._notifications`` once its few seconds are up: on a loaded machine
that can be before the test looks).  ``until`` is the one polling helper, for
the few changes that come with no message (a poll timer reloading a watched
game, another process's screen or file): it lets the app (or the event loop)
run until the condition holds, and fails after ``WAIT`` seconds, a bound that no
healthy run comes near, so a loaded machine makes the test slower, never red.

``Gate`` holds each computer decision in its worker thread until the test
lets it through, so "the computer is thinking" is a state the test is in, not
a moment it has to hit.  ``Returns`` reports each return of a function a worker
calls, so that "the app looked and did nothing" is checked after the look,
while the test holds back what would let it act.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from textual.message import Message
from textual.notifications import Notify
from textual.pilot import Pilot

from norsewind_tui.rules.moves import Move
from norsewind_tui.rules.state import State
from norsewind_tui.tui.computer import Computer

WAIT = 30.0  # seconds at most for anything the app does on a loaded 2-core machine
# One step of CPU-bound work (a decision's analysis: the hard search, then rollouts to the end for a
# costly one) takes up to ~6 s on a quiet core; beside six busy loops and a second test worker a
# process gets about a fifth of a core, so one step may take 30 s and more (issue 40's loaded run 3).
CPU_WAIT = 150.0


class Seen:
    """Counts the dispatched messages of the given types; ``next`` waits for one more of a type."""

    def __init__(self, *kinds: type[Message]) -> None:
        self.kinds = kinds
        self.counts: Counter[type[Message]] = Counter()
        self._waiting: list[tuple[type[Message], int, asyncio.Future[None]]] = []
        self._seen: dict[int, Message] = {}  # held, so that an id is not reused
        self.notified: list[str] = []  # the text of every notification (count Notify to keep them)

    def __call__(self, message: Message) -> None:
        if type(message) not in self.kinds or id(message) in self._seen:
            return  # the same message bubbling up to the app
        self._seen[id(message)] = message
        if isinstance(message, Notify):
            self.notified.append(message.notification.message)
        self.counts[type(message)] += 1
        for kind, count, done in self._waiting:
            if self.counts[kind] >= count and not done.done():
                done.set_result(None)

    async def next(self, pilot: Pilot[Any], kind: type[Message], after: int) -> None:
        """Wait until a ``kind`` message beyond the first ``after`` ones is handled, and drawn."""
        assert kind in self.kinds, f"{kind.__name__} is not counted"
        if self.counts[kind] <= after:
            done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            entry = (kind, after + 1, done)
            self._waiting.append(entry)
            try:
                await asyncio.wait_for(done, WAIT)
            finally:
                self._waiting.remove(entry)
        await pilot.pause()  # the handler has run; let the screen catch up


async def until(
    pilot: Pilot[Any] | None,
    done: Callable[[], object],
    what: str,
    show: Callable[[], object] | None = None,
    progress: Callable[[], object] | None = None,
    wait: float = WAIT,
) -> None:
    """Let the app (``pilot``; None: just the event loop) run until ``done()`` holds; fail after
    ``wait`` seconds (counted again whenever ``progress()`` changes: a long burst of work that is
    still moving on), saying ``what`` was awaited and ``show()`` (default: the app's screen)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + wait
    last = progress() if progress is not None else None
    while not done():
        if progress is not None and (now := progress()) != last:
            last, deadline = now, loop.time() + wait
        if loop.time() >= deadline:
            seen = show() if show is not None else screen_of(pilot) if pilot is not None else ""
            raise AssertionError(f"timed out waiting for {what}:\n{seen}")
        if pilot is not None:
            await pilot.pause(0.02)
        else:
            await asyncio.sleep(0.02)


def shows_latest(app: Any) -> bool:
    """The game screen has drawn its game's latest view, so a key from now on decides on it: a key
    that arrives before a change from elsewhere is drawn decides nothing (issue 24.4), so a test
    that answers a change waits for this, not only for the handle to hold it."""
    view = app.screen.game.view
    return any(seen is view for _, seen in app.screen.shown.views)


def screen_of(pilot: Pilot[Any]) -> str:
    try:
        return "\n".join(strip.text for strip in pilot.app.screen._compositor.render_strips())
    except Exception as exc:  # no screen to show (the app has ended)
        return f"(no screen: {exc!r})"


Decide = Callable[[Computer, int, str, State], Move]


class Gate:
    """A spy around ``Computer.decide``: each call reports its position, then waits to be let through."""

    def __init__(self) -> None:
        self._asked: list[State] = []
        self._asking = threading.Condition()
        self._through = threading.Semaphore(0)

    def wrap(self, decide: Decide) -> Decide:
        def held(computer: Computer, seat: int, name: str, state: State) -> Move:
            with self._asking:
                self._asked.append(state)
                self._asking.notify_all()
            if not self._through.acquire(timeout=WAIT):
                raise TimeoutError("the test never let the computer's decision through")
            return decide(computer, seat, name, state)

        return held

    async def asked(self) -> State:
        """The position of the next decision held at the gate (waits for the worker to get there)."""

        def take() -> State:
            with self._asking:
                if not self._asking.wait_for(lambda: bool(self._asked), WAIT):
                    raise TimeoutError("no computer decision reached the gate")
                return self._asked.pop(0)

        return await asyncio.to_thread(take)

    def release(self) -> None:
        """Let one held decision through."""
        self._through.release()

    def open(self) -> None:
        """Let every decision through from now on (so no worker is left waiting)."""
        self._through.release(10_000)


class Returns:
    """A spy around a function a worker thread calls: each value it returns, in order, for the test."""

    def __init__(self) -> None:
        self.values: list[Any] = []
        self._returned = threading.Condition()

    def wrap(self, function: Callable[..., Any]) -> Callable[..., Any]:
        def spied(*args: Any, **kwargs: Any) -> Any:
            value = function(*args, **kwargs)
            with self._returned:
                self.values.append(value)
                self._returned.notify_all()
            return value

        return spied

    async def next(self, after: int) -> Any:
        """The value of the call after the first ``after`` ones (waits for it to return)."""

        def take() -> Any:
            with self._returned:
                if not self._returned.wait_for(lambda: len(self.values) > after, WAIT):
                    raise TimeoutError(f"no return beyond the first {after}")
                return self.values[after]

        return await asyncio.to_thread(take)


def progressing(position: Callable[[], int], target: int, done: Callable[[], bool] = lambda: False) -> int:
    """Block (threads, processes) until ``position()`` reaches ``target`` or ``done()``; give up only
    when ``WAIT`` seconds pass without it moving on, so a slow machine is never a failure.  The last
    position seen (the caller asserts on it)."""
    last, since = position(), time.monotonic()
    while last < target and not done():
        time.sleep(0.05)
        now = position()
        if now > last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since > WAIT:
            break
    return last
