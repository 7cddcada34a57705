"""This app's presence (issue 13 "Play at your own pace"), and what it knows of the others.

``PresenceKeeper`` writes this process's record (``storage.presence``): in the app, at a
table, still here every ``HEARTBEAT`` seconds, away when it ends.  The writes run in short
worker threads, one at a time, in the order they were asked for, so the screen never waits on
the disk (and no worker outlives its write: a test may wait for the app's workers to finish);
``leave`` alone runs in the caller's thread, at the very end (after the game's own save),
and drops whatever was still queued.  A failing write is never fatal: the app says so once.

``look_around`` is what the app's slow look at the saves folder finds: every shared table
(whose turn, since when) and everyone's presence.  The app keeps the latest ``Around``; the
title, the lobby and the table read it.
"""

from __future__ import annotations

import contextlib
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from ..storage.context import AppContext
from ..storage.errors import StorageError
from ..storage.presence import Presence, PresenceHandle, PresenceStore, clock_words
from ..storage.tables import TableStore, TableSummary
from ..words import app as say
from .text import short_name

# seconds: the longest the app goes without a look at the tables and the presence records.  A look
# follows every change of a table's file and every move of a player (``AppContext.around_watch``);
# this period is the safety net, and what shows a killed app's player away (its record goes stale
# after ``STALE``, 60 s, with no file changing: seen away within 90 s).  Issue 28: it was 2 s.
AROUND_PERIOD = 30.0
AROUND_POLL = 2.0  # seconds between two looks where the saves folder cannot notify (a network file system)
LOOK_DELAY = 0.3  # seconds from a change to its look: a decision's own screens draw first (every app looks)
LOOK_GAP = 2.0  # seconds between two looks at least: a busy host's apps look no more than they used to
DATABASE_AROUND = 10.0  # seconds between two looks at the database's tables and presence (nothing notifies)
MAX_NAMED = 3  # tables named in the line before the app starts
Op = tuple[str, str]  # ("enter" | "app" | "table" | "beat", table name or "")


class PresenceKeeper:
    """This process's presence record, written in order by short worker threads."""

    def __init__(self, store: PresenceStore, identity: str) -> None:
        self.store = store
        self.identity = identity
        self.handle: PresenceHandle | None = None
        self._ops: queue.SimpleQueue[Op] = queue.SimpleQueue()
        self._lock = threading.Lock()  # one write at a time (the temporary file's name is per process)
        self._closed = False
        self._failed = False
        self.table: str | None = None  # where the last request put this process (None: in the app)

    def enter(self) -> None:
        self._ops.put(("enter", ""))

    def in_app(self) -> None:
        if self.table is not None:
            self.table = None
            self._ops.put(("app", ""))

    def at_table(self, name: str) -> None:
        if self.table != name:
            self.table = name
            self._ops.put(("table", name))

    def beat(self) -> None:
        self._ops.put(("beat", ""))

    def drain(self, failed: Callable[[str], object]) -> None:
        """Write what was asked, in order (a short worker's body: several may start, one writes)."""
        with self._lock:
            while not self._closed:
                try:
                    op, table = self._ops.get_nowait()
                except queue.Empty:
                    return
                try:
                    self._apply(op, table)
                except (OSError, StorageError) as exc:
                    if not self._failed:  # once: the next beat may well work
                        self._failed = True
                        failed(say.trouble("presence", exc))

    def _apply(self, op: str, table: str) -> None:
        if op == "enter":
            self.handle = self.store.enter(self.identity)
            return
        handle = self.handle
        if handle is None:
            return  # entering failed: nothing to refresh
        if op == "app":
            handle.in_app()
        elif op == "table":
            handle.at_table(table)
        else:
            handle.beat()

    def leave(self) -> None:
        """Away from now on (the app ends, or its terminal went away); in the caller's thread."""
        self._closed = True
        with self._lock:  # waits for the write under way, if any; later ones are dropped
            if self.handle is None:
                return
            with contextlib.suppress(OSError, StorageError):  # not said (the database is down): away after STALE
                self.handle.leave()


# --------------------------------------------------------------------------- what the others do


@dataclass(frozen=True)
class Around:
    """One look at the saves folder: the tables and everyone's presence, at ``now``."""

    now: datetime
    tables: tuple[TableSummary, ...] = ()
    presence: dict[str, Presence] = field(default_factory=dict)
    problems: tuple[str, ...] = ()
    blind: bool = False  # the look failed (the database is down): where each one is, nobody can tell

    def of(self, identity: str) -> Presence:
        return self.presence.get(identity) or Presence(identity, "away", None)

    def my_turns(self, identity: str) -> list[TableSummary]:
        """The tables where it is ``identity``'s turn, most recently changed first."""
        return [t for t in self.tables if is_turn_of(t, identity)]

    def same(self, other: Around | None) -> bool:
        """Nothing a screen shows differs (the day included: 'today' changes what is written)."""
        return (
            other is not None
            and other.tables == self.tables
            and other.presence == self.presence
            and other.blind == self.blind
            and other.now.date() == self.now.date()
        )


def is_turn_of(table: TableSummary, identity: str) -> bool:
    if table.error is not None or table.finished or not 0 <= table.current < len(table.seats):
        return False
    seat = table.seats[table.current]
    return seat.kind == "human" and seat.holder == identity


def turns_line(count: int) -> str:
    """'Your turn at 2 tables' ('' when it is your turn nowhere)."""
    return say.turns(count)


def turn_key(table: TableSummary) -> tuple[str, int, int]:
    """One turn of one table (a turn has several decisions; the round number and the seat name it)."""
    return table.name, table.turn, table.current


def turn_words(table: TableSummary, identity: str, now: datetime, name_w: int = 16) -> str:
    """'bob's turn since 10:42', 'your turn since Nov 29 10:42', 'finished', or '' (broken); names
    shortened to ``name_w`` cells.

    Since the seat to move got the turn (``TableSummary.turn_since``: the decision or undo that gave
    it; neither that seat's own later decisions nor a join move it).
    """
    if table.error is not None:
        return ""
    if table.finished or not 0 <= table.current < len(table.seats):
        return say.FINISHED
    when = clock_words(table.turn_since, True, now) if table.turn_since is not None else None
    seat = table.seats[table.current]
    if seat.kind == "computer":
        return say.whose_turn(short_name(seat.label, name_w), None, when)
    if seat.holder is None:
        return say.whose_turn(None, table.current, when)
    if seat.holder == identity:
        return say.whose_turn(None, None, when)
    return say.whose_turn(short_name(seat.holder, name_w), None, when)


def look_around(presence: PresenceStore, store: TableStore | None, problems: tuple[str, ...] = ()) -> Around:
    """What the app's slow look finds: the tables of ``store`` (None: no tables folder yet; the
    look creates none) and everyone's presence; ``problems``: the look's own so far."""
    now = presence.clock()
    tables = tuple(store.list()) if store is not None else ()
    holders = {seat.holder for t in tables for seat in t.seats if seat.holder}  # seen whatever the folder holds
    everyone = presence.all(holders)
    return Around(now, tables, everyone, problems + tuple(presence.problems))


def your_turn_line(context: AppContext) -> str:
    """The line said before the app starts over SSH: 'Your turn at 2 tables: friday, bob-table.'
    ('' when it is your turn nowhere, or the tables cannot be read: the title says why)."""
    try:
        store = context.own_tables()
        turns = [] if store is None else [t for t in store.list() if is_turn_of(t, context.identity)]
    except (OSError, StorageError):
        return ""
    if not turns:
        return ""
    names = [short_name(t.name, 24) for t in turns[:MAX_NAMED]]
    return say.turns_named(len(turns), names, len(turns) - MAX_NAMED)
