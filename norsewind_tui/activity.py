"""What an app was doing when a key was slow (issue 28: tail latency explained).

Off unless the host's operator sets ``NORSEWIND_ACTIVITY`` to a folder (``bench/host.py`` does,
for the servers it starts): then each app writes ``<folder>/<player>.<pid>.log``, one line per
span of work that can hold a key up and took at least ``SHORTEST`` seconds:

    start end cpu what [task]

``start`` and ``end`` are ``time.monotonic()`` seconds, the clock every process of a Linux host
shares, so a benchmark matches them to the keys it sent; ``cpu`` is the CPU time the span's own
thread had in it (a draw of 900 ms with 40 ms of CPU waited for the processor, it did not work);
``what`` is one of ``KINDS`` (a ``loop`` span, an asyncio callback, also names its task).  A key
the app read, and a change made elsewhere that it saw, are lines whose start and end are that
moment (``key``, ``moved``).  When off, each hook costs one test of a global.

The module imports nothing of ours (it sits below every layer): the app marks its own spans.
``explain`` is the other end, for ``bench/host.py``: for each key slower than half a second, from
the moment it was written to the moment its first bytes came back, when the app read it (the time
before that, less any span the app was in meanwhile, since its reader thread waits for the
interpreter while the loop draws, went to the SSH server, the pty or a CPU queue) and the app's
spans inside its window, each with its CPU share; the largest part is the key's cause.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import gc
import os
import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, NamedTuple, TextIO

VARIABLE = "NORSEWIND_ACTIVITY"
SHORTEST = 0.005  # seconds: shorter spans are not written (a key's budget is 20 ms)
What = Literal["key", "moved", "loop", "draw", "gc", "save", "presence", "think"]
KINDS: tuple[What, ...] = ("key", "moved", "loop", "draw", "gc", "save", "presence", "think")
INSTANTS = ("key", "moved")  # a moment, not a span: a key read; a change made elsewhere seen
INSIDE_LOOP = ("draw", "save")  # made by the loop's own callbacks: a loop span holds them


class Recorder:
    """Appends spans to one file, from any thread (the key reader, workers, the loop)."""

    def __init__(
        self, out: TextIO, clock: Callable[[], float] = time.monotonic, cpu: Callable[[], float] = time.thread_time
    ) -> None:
        self._out = out
        self._clock, self._cpu = clock, cpu  # the collector's span is timed by these
        self._lock = threading.Lock()
        self._gc_started: tuple[float, float] | None = None

    def write(self, what: What, start: float, end: float, cpu: float, detail: str = "") -> None:
        if what not in INSTANTS and end - start < SHORTEST:
            return
        line = f"{start:.6f} {end:.6f} {cpu:.6f} {what} {' '.join(detail.split())}".rstrip()
        with self._lock, contextlib.suppress(OSError, ValueError):
            self._out.write(line + "\n")
            self._out.flush()

    def collected(self, phase: str, info: dict[str, int]) -> None:
        """``gc.callbacks``: a collection runs in whichever thread allocated, so its span is that thread's."""
        if phase == "start":
            self._gc_started = (self._clock(), self._cpu())
        elif self._gc_started is not None:
            start, cpu = self._gc_started
            self._gc_started = None
            self.write("gc", start, self._clock(), self._cpu() - cpu)

    def close(self) -> None:
        with self._lock, contextlib.suppress(OSError):
            self._out.close()


_recorder: Recorder | None = None


def start(player: str, environ: Any = os.environ) -> bool:
    """Start recording when ``NORSEWIND_ACTIVITY`` names a folder (True if it does and it could)."""
    global _recorder
    folder = environ.get(VARIABLE)
    if not folder or _recorder is not None:
        return _recorder is not None
    name = re.sub(r"[^A-Za-z0-9_-]", "_", player)[:40] or "player"
    try:
        out = (Path(folder) / f"{name}.{os.getpid()}.log").open("a", encoding="utf-8")
    except OSError:
        return False
    _recorder = Recorder(out)
    gc.callbacks.append(_recorder.collected)
    _record_loop()
    return True


def _record_loop() -> None:
    """Each callback of an asyncio loop (a task's step: a widget's message pump, a worker's end)
    that runs SHORTEST or longer becomes a ``loop`` span named after its task.  asyncio has no
    hook for it: ``Handle._run``, which every loop calls, is wrapped, once, only while recording."""
    run = asyncio.events.Handle._run
    if getattr(run, "recorded", False):
        return

    def timed(handle: asyncio.events.Handle) -> None:
        recorder = _recorder
        if recorder is None:
            return run(handle)
        start, cpu = time.monotonic(), time.thread_time()
        try:
            return run(handle)
        finally:
            end = time.monotonic()
            if end - start >= SHORTEST:
                callback = getattr(handle, "_callback", None)  # asyncio's own field: untyped
                owner = getattr(callback, "__self__", None)
                name = owner.get_name() if isinstance(owner, asyncio.Task) else repr(callback)[:60]
                recorder.write("loop", start, end, time.thread_time() - cpu, name)

    timed.recorded = True  # type: ignore[attr-defined]
    asyncio.events.Handle._run = timed  # type: ignore[method-assign, assignment]


def stop() -> None:
    global _recorder
    if _recorder is not None:
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(_recorder.collected)
        _recorder.close()
        _recorder = None


def mark(what: What) -> None:
    """An instant: ``key`` (read off the terminal), ``moved`` (a change made elsewhere seen)."""
    if _recorder is not None:
        now = time.monotonic()
        _recorder.write(what, now, now, 0.0)


@contextlib.contextmanager
def span(what: What) -> Iterator[None]:
    """Record the work inside the ``with`` as a span of kind ``what`` (nothing when off)."""
    recorder = _recorder
    if recorder is None:
        yield
        return
    start, cpu = time.monotonic(), time.thread_time()
    try:
        yield
    finally:
        recorder.write(what, start, time.monotonic(), time.thread_time() - cpu)


class Span(NamedTuple):
    start: float
    end: float
    cpu: float
    what: str
    detail: str = ""  # a loop span's task


def read(path: Path) -> list[Span]:
    """A recorder's file as spans; a torn last line is left out."""
    spans = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        parts = line.split()
        if len(parts) >= 4 and parts[3] in KINDS:
            with contextlib.suppress(ValueError):
                spans.append(Span(float(parts[0]), float(parts[1]), float(parts[2]), parts[3], " ".join(parts[4:])))
    return spans


# --------------------------------------------------------------------------- reading: a slow key explained

UNANSWERED = 10.0  # seconds: a key that drew nothing is looked at over this window
STARVED = 0.5  # a span whose thread was on a CPU for less than this share of it waited for one
BEFORE = "before the app"  # the key had not reached the app yet
ELSEWHERE = "another seat's move"  # the key drew nothing; what came back was another seat's move
UNRECORDED = "the app, waiting"  # in the app, in no span: its loop idle, awaiting a worker or a timer


@dataclass(frozen=True)
class Cause:
    what: str  # BEFORE, UNRECORDED or a span kind
    seconds: float  # of the key's time
    starved: bool  # the part had a CPU for less than STARVED of its time


@dataclass(frozen=True)
class Explained:
    latency: float | None  # None: nothing came back
    cause: Cause
    parts: tuple[Cause, ...]  # every part, largest first
    read: bool  # the app read the key within its window
    drew: bool  # the app drew after reading it (a draw span of SHORTEST or more)


def spans_by_player(folder: Path) -> dict[str, list[Span]]:
    """Every app's spans, by player (a player's apps, if several, together)."""
    found: dict[str, list[Span]] = collections.defaultdict(list)
    for path in sorted(folder.glob("*.log")):
        found[path.name.split(".", 1)[0]].extend(read(path))
    return found


def explain(sent: float, latency: float | None, spans: Iterable[Span]) -> Explained:
    """Split one key's time (``sent`` to its first bytes) into the parts its app recorded.

    A loop span counts without the draws and saves inside it (the same thread, the same time);
    each loop part is named after its task (``loop: message pump GameScreen()``).
    """
    end = sent + (latency if latency is not None else UNANSWERED)
    spans = list(spans)
    reads = [s.start for s in spans if s.what == "key" and sent - 0.002 <= s.start <= end]
    read_at = min(reads) if reads else end

    def overlap(s: Span, a: float, b: float) -> float:
        return max(0.0, min(b, s.end) - max(a, s.start))

    inner = [s for s in spans if s.what in INSIDE_LOOP]
    parts: dict[str, list[float]] = collections.defaultdict(lambda: [0.0, 0.0])  # name: wall, cpu
    covered = [0.0, 0.0]  # span time before the app read the key (its reader waited behind it), after
    for s in spans:
        if s.what in INSTANTS or overlap(s, sent, end) <= 0:
            continue
        held = [i for i in inner if s.what == "loop" and s.start <= i.start and i.end <= s.end]
        for side, (a, b) in enumerate(((sent, read_at), (read_at, end))):
            covered[side] += max(0.0, overlap(s, a, b) - sum(overlap(i, a, b) for i in held))
        wall = overlap(s, sent, end) - sum(overlap(i, sent, end) for i in held)
        share = overlap(s, sent, end) / (s.end - s.start) if s.end > s.start else 1.0
        cpu = s.cpu * share - sum(i.cpu * overlap(i, sent, end) / max(i.end - i.start, 1e-9) for i in held)
        name = f"loop: {s.detail}" if s.what == "loop" else s.what
        parts[name][0] += max(0.0, wall)
        parts[name][1] += max(0.0, cpu)
    causes = [Cause(BEFORE, max(0.0, read_at - sent - covered[0]), False)]
    causes += [Cause(what, wall, cpu < STARVED * wall) for what, (wall, cpu) in parts.items()]
    causes.append(Cause(UNRECORDED, max(0.0, end - read_at - covered[1]), False))
    causes.sort(key=lambda c: -c.seconds)
    moved = [s.start for s in spans if s.what == "moved" and read_at <= s.start <= end]
    # a key whose app drew nothing until the game changed elsewhere: what came back answered that
    drawn_before = moved and any(s.what == "draw" and read_at < s.end <= min(moved) for s in spans)
    if moved and not drawn_before:
        causes.insert(0, Cause(ELSEWHERE, end - min(moved), False))
    drew = any(s.what == "draw" and s.end > read_at for s in spans if s.start < end)
    return Explained(latency, causes[0], tuple(c for c in causes if c.seconds >= 0.001), bool(reads), drew)
