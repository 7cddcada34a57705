"""Shared tables in line mode: the lobby as a numbered list, a new table, joining a seat, presence.

A table is played through its ``SharedTable`` handle as the app's table screen plays it: the
conversation follows its ``watch`` (another terminal's write wakes it), a stand-in plays for a
person away as long as the table's option says, and this process's presence record says it is at
the table (a heartbeat thread keeps it fresh; it reads as away once the mode ends).
"""

from __future__ import annotations

import contextlib
import random
import threading
from collections.abc import Callable
from datetime import datetime

from ..bots.registry import STRENGTHS
from ..storage.clock import Clock, system_clock
from ..storage.context import AppContext
from ..storage.errors import StorageError, StoreUnreachable
from ..storage.presence import HEARTBEAT, NEVER_SEEN, PresenceHandle, PresenceStore, clock_words
from ..storage.standin import StandIn
from ..storage.tableclock import parse_clock
from ..storage.tables import SharedTable, TableSummary
from ..words import clock as clock_say
from ..words import lines as say
from .io import LineIO

MAX_SEED = 2**31


class Heartbeat:
    """This process's presence at one table, refreshed every ``HEARTBEAT`` seconds by a thread."""

    def __init__(self, store: PresenceStore, identity: str, table: str) -> None:
        self.handle: PresenceHandle | None = None
        self._stop = threading.Event()
        try:
            self.handle = store.enter(identity)
            self.handle.at_table(table)
        except (OSError, StorageError):
            self.handle = None  # never fatal: the others read this player as away
            return
        self._thread = threading.Thread(target=self._beat, name="lines-presence", daemon=True)
        self._thread.start()

    def _beat(self) -> None:
        while not self._stop.wait(HEARTBEAT):
            handle = self.handle
            if handle is None:
                return
            with contextlib.suppress(OSError, StorageError):
                handle.beat()

    def leave(self) -> None:
        self._stop.set()
        handle, self.handle = self.handle, None
        if handle is not None:
            with contextlib.suppress(OSError, StorageError):
                handle.leave()


def standin_of(table: SharedTable, clock: Clock = system_clock) -> StandIn:
    """Who is away at this table, and for how long (what a stand-in computer waits on)."""
    return StandIn(table.store.presence(clock).away_since, clock, NEVER_SEEN)


def presence_lines(table: SharedTable, store: PresenceStore, now: datetime) -> list[str]:
    """Where each other person at the table is: at the table, in the app, away since when (one line
    saying it cannot tell when a record cannot be read: never "nobody" while the seats are held)."""
    out = []
    others: dict[int, str] = {}
    for seat in range(len(table.seats)):
        holder = table.holder(seat)
        if holder is not None and holder != table.identity:
            others[seat] = holder
    try:
        each = store.of_each(set(others.values()))  # one read for them all (issue 42)
    except StoreUnreachable:
        return [say.cannot_tell(say.NO_DATABASE)]
    except (OSError, StorageError) as exc:
        return [say.cannot_tell(str(exc))]
    for seat, holder in others.items():
        presence = each[holder]
        here = presence.where == "table" and presence.table == table.name
        out.append(say.presence_line(seat, holder, presence.words(now, local=True), here))
    return out


def standin_line(table: SharedTable, standin: StandIn, clock: Clock = system_clock) -> str | None:
    """When the person to move (not this player) is away and a computer will stand in: since when, and
    in how long (None otherwise)."""
    holder = table.holder(table.state.current)
    if holder is None or holder == table.identity or table.view.standin <= 0 or table.state.is_over:
        return None
    try:
        left = table.standin_in(standin)
        since = standin.away_since(holder)
    except (OSError, StorageError):  # not known now (the database is down): the look says Trouble
        return None
    if left is None or since is None:
        return None
    when = None if since == NEVER_SEEN else clock_words(since, True, clock())
    return say.standin_wait(holder, when, left)


def clock_line(table: SharedTable) -> str | None:
    """The table's clock in words: whose clock runs and what is left (None: no clock)."""
    spec = table.view.meta.clock
    if spec is None:
        return None
    words = clock_say.clock_words(spec.kind, spec.start, spec.add, spec.cap)
    try:
        left = table.clock_left()
    except (OSError, StorageError) as exc:
        return say.cannot(str(exc))
    if left is None:
        return clock_say.clock_idle(words)
    holder = table.holder(table.state.current) or ""
    line = f"{clock_say.clock_line(holder, left, True)} ({words})"
    return f"{line} {clock_say.UNSEALED}" if table.clock_unsealed() else line


def my_clock(table: SharedTable) -> int | None:
    """Seconds left on this player's clock while it is their turn (None: no clock, or not their turn)."""
    if not table.is_my_turn():
        return None
    try:
        return table.clock_left()
    except (OSError, StorageError):
        return None


class Lobby:
    """The tables of the saves folder (or the database), for one identity."""

    def __init__(
        self, context: AppContext, io: LineIO, ask: Callable[[str, list[str], int | None], int], seed: int | None
    ) -> None:
        self.context = context
        self.seed = seed
        self.io = io
        self.pick = ask
        self.identity = context.identity

    def choose(self) -> SharedTable | None:
        """A table to play (joined when a seat was open and the player chose it), or None: back."""
        try:
            tables = [t for t in self.context.tables.list() if t.error is None and not t.finished]
        except StorageError as exc:
            self.io.say(say.cannot(str(exc)), "error")
            return None
        options = [say.table_line(t.name, [s.text for s in t.seats], t.whose_turn(self.identity)) for t in tables]
        options += [say.TABLE_NEW, say.MENU_BACK]
        index = self.pick(say.TABLES_TITLE, options, None)
        if index == len(tables):
            return self.create()
        if index > len(tables):
            return None
        return self.sit(tables[index])

    def sit(self, summary: TableSummary) -> SharedTable | None:
        try:
            table = self.context.tables.open(summary.name, self.identity)
        except StorageError as exc:
            self.io.say(say.cannot(str(exc)), "error")
            return None
        if table.view.seat_of(self.identity) is not None:
            return table
        free = summary.open_seats
        if not free:
            self.io.say(say.WATCHING)
            return table
        options = [say.join_seat(seat) for seat in free] + [say.WATCH]
        index = self.pick(say.JOIN_TITLE, options, 1)
        if index == len(free):
            return table
        try:
            seat = table.join(free[index])
        except StorageError as exc:
            self.io.say(say.cannot(str(exc)), "error")
            return None
        self.io.say(say.joined(seat))
        return table

    def create(self) -> SharedTable | None:
        count = self.pick(say.SEATS_QUESTION, say.SEAT_COUNTS, 1) + 2
        kinds = [say.OPEN_SEAT, *(say.computer_label(b) for b in STRENGTHS)]
        seats = ["me"]
        for seat in range(1, count):
            picked = self.pick(say.seat_question(seat), kinds, 1)
            seats.append("open" if picked == 0 else STRENGTHS[picked - 1])
        clock = parse_clock(clock_say.CLOCK_SPECS[self.pick(clock_say.CLOCK_QUESTION, clock_say.CLOCK_CHOICES, 1)])
        watching = clock_say.WATCH_VALUES[self.pick(clock_say.WATCH_QUESTION, clock_say.WATCH_CHOICES, 1)]
        seed = self.seed if self.seed is not None else random.SystemRandom().randrange(1, MAX_SEED)
        try:
            table = self.context.tables.create(self.identity, seats, seed, clock=clock, watching=watching)
        except StorageError as exc:
            self.io.say(say.cannot(str(exc)), "error")
            return None
        self.io.say(say.table_opened(table.name))
        return table


def my_turns(context: AppContext) -> list[str]:
    """The tables where it is this player's turn, most recently changed first (none: no tables yet)."""
    try:
        store = context.own_tables()
        tables = [] if store is None else store.list()
    except (OSError, StorageError):
        return []
    out = []
    for table in tables:
        if table.error is not None or table.finished or not 0 <= table.current < len(table.seats):
            continue
        seat = table.seats[table.current]
        if seat.kind == "human" and seat.holder == context.identity:
            out.append(table.name)
    return out
