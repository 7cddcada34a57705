"""Waiting costs nothing (issue 28): an app at the title or at a table sets nothing on a short clock.

Checked without timing anything: the timers the app and every widget have running once it waits
(none repeats more often than the presence heartbeat), what wakes its look at the tables (a
watch on the folders with a 30 s safety period), when the terminal reader's wait has a timeout
(only while a begun sequence is held), and, in a real terminal, that the reader sleeps in
``select`` with no timeout at all, and that Esc, keys and ctrl+c still work.
"""

from __future__ import annotations

import contextlib
import gc
import os
import select
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest
from textual import constants, events
from textual._xterm_parser import XTermParser
from textual.timer import Timer

from norsewind_tui.storage.clock import ManualClock
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.presence import HEARTBEAT
from norsewind_tui.storage.tables import TableStore
from norsewind_tui.tui.app import FULL_DUE, FULL_LOOK, NO_AUTOMATIC_FULL, NorsewindApp
from norsewind_tui.tui.paste import PasteParser
from norsewind_tui.tui.presence import AROUND_PERIOD
from norsewind_tui.tui.quietinput import due_in
from norsewind_tui.tui.widgets.prompt import PromptLine

from .helpers import PROFILE, aio
from .pty_app import LIMIT, app_on_pty
from .tables_at import table_at_turn_of
from .waits import until

START = datetime(2026, 11, 30, 10, 0, tzinfo=UTC)


def running_timers(app: NorsewindApp) -> list[tuple[str, float]]:
    """(name, interval) of every timer still running in the app, its screens and their widgets; a
    paused one (a screen's update timer between refreshes) waits on an event, not on the clock."""
    nodes = [app, *(node for screen in app.screen_stack for node in (screen, *screen.walk_children()))]
    found: list[tuple[str, float]] = []
    for node in nodes:
        timers: set[Timer] = set(node._timers)
        for timer in timers:
            task = timer._task
            if task is not None and not task.done() and timer._active.is_set():
                found.append((timer.name, float(timer._interval)))
    return found


def quiet(app: NorsewindApp) -> None:
    """Nothing wakes the app more often than the heartbeat; its look waits on the folders."""
    timers = running_timers(app)
    assert all(interval >= HEARTBEAT for _, interval in timers), timers
    watch = app._around_watch
    assert watch is not None and watch.notified and watch.period == AROUND_PERIOD


@aio
async def test_an_app_waiting_at_the_title_or_a_table_has_no_short_timer(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NORSEWIND_PLAYER", "alice")
    table_at_turn_of(saves, "friday", "bob")  # alice waits for bob
    app = NorsewindApp(AppContext.at(str(saves), profile=PROFILE, clock=ManualClock(START)), seed=5, theme="norsewind")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.session.around is not None, "the first look")
        await until(pilot, lambda: not app.workers, "the start's workers")
        assert type(app.screen).__name__ == "TitleScreen"
        quiet(app)
        app.open_table(TableStore(saves).open("friday", "alice"))
        await until(pilot, lambda: type(app.screen).__name__ == "TableScreen" and app.screen.is_mounted, "the table")
        await until(pilot, lambda: "Waiting for bob" in app.screen.query_one(PromptLine).prompt, "waiting")
        quiet(app)
    assert app._around_watch is None  # stopped with the app


def test_the_reader_waits_for_a_key_unless_a_sequence_is_begun() -> None:
    """``due_in``: None (no timeout) with nothing held; at most the Esc delay once an Esc came
    (a key alone, or the start of an arrow's sequence, or of a paste's marker)."""
    ours = PasteParser()
    assert due_in(ours) is None
    assert list(ours.feed("\x1b")) == []  # held: it may begin the paste marker
    left = due_in(ours)
    assert left is not None and 0 <= left <= constants.ESCAPE_DELAY
    keys = list(ours.feed("[A"))  # the rest of an arrow's sequence
    assert [k.key for k in keys if isinstance(k, events.Key)] == ["up"]
    assert due_in(ours) is None
    textuals = XTermParser()
    assert due_in(textuals) is None
    assert list(textuals.feed("\x1b")) == []
    left = due_in(textuals)
    assert left is not None and 0 <= left <= constants.ESCAPE_DELAY


PSELECT6 = {"x86_64": 270, "aarch64": 72}  # the system call Python's select.select makes on Linux


def _calls(pid: int) -> list[list[str]]:
    """The system call each thread of ``pid`` is in (``/proc``: its number and arguments)."""
    found = []
    for task in os.listdir(f"/proc/{pid}/task"):
        with contextlib.suppress(OSError):
            found.append(Path(f"/proc/{pid}/task/{task}/syscall").read_text().split())
    return found


def test_in_a_terminal_the_reader_sleeps_in_select_without_a_timeout(saves: Path) -> None:
    """The app on a pseudo-terminal, at the title: a thread of it (the terminal reader: the other
    selects, the look's, have a period; the hang-up guard polls) is blocked in pselect6 with no
    timeout (its fifth argument, a null pointer); a lone Esc still steps back, ctrl+c still quits."""
    machine = os.uname().machine
    assert machine in PSELECT6, f"no pselect6 number known for {machine}"
    with app_on_pty(saves, "alice") as app:
        app.read_until(b"Solo campaign")
        deadline = time.monotonic() + LIMIT
        # pselect6(n, readfds, writefds, exceptfds, timeout, sigmask): a null timeout blocks until a key
        forever = [str(PSELECT6[machine]), "0x0"]
        while forever not in [[call[0], call[5]] for call in _calls(app.pid) if len(call) > 5]:
            assert time.monotonic() < deadline, f"no thread waits for a key without a timeout: {_calls(app.pid)}"
            select.select([], [], [], 0.05)  # a thread may be busy still (the first look, a write)
        app.write(b"n")
        app.read_until(b"Solo level")
        app.write(b"\x1b")  # a lone Esc: a key once the Esc delay passed, back to the title
        app.read_until(b"Solo campaign")
        app.write(b"\x03")
        app.read_until(b"\x1b[?1049l")  # the alternate screen left
        app.ends_well()


@aio
async def test_a_full_collection_is_timed_only_once_the_collector_calls_for_one(saves: Path) -> None:
    """With automatic full collections off (``run_app``), the app sets no timer for them while the
    count is low; once middle-generation collections make one due, a one-shot timer runs it."""

    before = gc.get_threshold()
    app = NorsewindApp(AppContext.at(str(saves), profile=PROFILE, clock=ManualClock(START)), seed=5, theme="norsewind")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: app.session.around is not None, "the first look")
            gc.collect()
            gc.set_threshold(before[0], before[1], NO_AUTOMATIC_FULL)
            assert not app._full_armed
            assert "full collection" not in [name for name, _ in running_timers(app)]
            while gc.get_count()[2] < FULL_DUE:
                gc.collect(1)
            assert app._full_armed  # the callback of the collection that made it due
            await until(pilot, lambda: ("full collection", FULL_LOOK) in running_timers(app), "its timer")
            await until(pilot, lambda: not app._full_armed, "the full collection")
            assert gc.get_count()[2] < FULL_DUE
    finally:
        gc.set_threshold(*before)
