"""This process's one connection to the database: its writes, its locks and its notifications.

A host must not hold a connection per player (issue 25): every store of a process shares one
``Home`` per database, so an app holds exactly one connection whatever it shows.  Work runs
under a thread lock, one statement or one transaction at a time (a write takes a millisecond).
The same connection ``LISTEN``s: a listener thread waits on its socket without the lock and,
when something arrives, takes the lock to read it; psycopg hands every notification, also
those that arrive during another thread's query, to ``_notified``, which wakes the watches of
that game.  Advisory locks (a saved game's writer, a table's write and its computer seats) are
session locks of this connection, so they go with it when the process dies.

A lost connection is one ``DatabaseUnreachable``; the next use connects again, takes the
advisory locks again, and wakes every watch (notifications sent meanwhile were lost, so every
follower looks at its game once).
"""

from __future__ import annotations

import contextlib
import getpass
import os
import select
import socket
import threading
from collections.abc import Callable, Iterator
from typing import TypeVar

import psycopg

from ..errors import GameLocked
from .connect import DatabaseUnreachable, connect, reason_of
from .schema import check
from .url import shown_url

T = TypeVar("T")
CHANNEL = "norsewind_games"
RETRY = 0.5  # seconds between two attempts of the listener to connect again
LOST = "the database cannot be reached"

Conn = psycopg.Connection[tuple[object, ...]]


def lock_key(kind: str, name: str, what: str) -> str:
    return f"norsewind {what} {kind} {name}"


def _holder_name() -> str:
    """This process as ``pg_stat_activity`` shows it to a process refused its lock (63 bytes at most)."""
    try:
        user = getpass.getuser()
    except Exception:
        user = f"uid{os.getuid()}"
    return f"norsewind {user} {os.getpid()} {socket.gethostname()}"[:63]


class Subscription:
    """A watch's link to the notifications of one game: ``event`` is set by each of them."""

    def __init__(self, key: tuple[str, str]) -> None:
        self.key = key
        self.event = threading.Event()


class Home:
    """The connection of this process to the database at ``url`` (``home(url)`` gives the shared one)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.shown = shown_url(url)
        self._lock = threading.RLock()
        self._conn: Conn | None = None
        self._held: dict[str, int] = {}  # advisory locks of this process: key -> local owners (1)
        self._subs: dict[tuple[str, str], set[Subscription]] = {}
        self._listener: threading.Thread | None = None
        self._closed = threading.Event()

    # ------------------------------------------------------------------ the connection

    def open(self) -> None:
        """Connect now and check the schema (``DatabaseUnreachable``, ``SchemaProblem``: one line)."""
        with self._lock:
            self._connection()

    def _connection(self) -> Conn:
        if self._conn is not None and not self._conn.closed:
            return self._conn
        conn = connect(self.url, autocommit=True)
        try:
            check(conn, self.url)
            conn.execute("SELECT set_config('application_name', %s, false)", (_holder_name(),))
            conn.add_notify_handler(self._notified)
            conn.execute(f"LISTEN {CHANNEL}")
            for key in self._held:  # held before the connection was lost: ours again if still free
                conn.execute("SELECT pg_try_advisory_lock(hashtextextended(%s, 0))", (key,))
        except BaseException:
            conn.close()
            raise
        self._conn = conn
        self._wake_all()  # what was notified while there was no connection is not known
        return conn

    def _lost(self, exc: psycopg.Error) -> DatabaseUnreachable:
        with contextlib.suppress(Exception):
            if self._conn is not None:
                self._conn.close()
        self._conn = None
        return DatabaseUnreachable(f"{LOST} ({self.shown}: {reason_of(exc, self.url)})")

    def run(self, work: Callable[[Conn], T], transaction: bool = True) -> T:
        """``work(connection)`` under the lock, in one transaction unless told otherwise.

        ``DatabaseUnreachable`` when the connection is lost (the transaction is then rolled back
        by the server: nothing of it was written).
        """
        with self._lock:
            conn = self._connection()
            try:
                if not transaction:
                    return work(conn)
                with conn.transaction():
                    return work(conn)
            except psycopg.OperationalError as exc:
                raise self._lost(exc) from None
            except psycopg.Error as exc:
                if conn.closed or conn.broken:
                    raise self._lost(exc) from None
                raise DatabaseUnreachable(f"{self.shown}: {reason_of(exc, self.url)}") from None

    # ------------------------------------------------------------------ advisory locks

    def try_lock(self, key: str) -> bool:
        """Take the advisory lock ``key`` if nobody (no other process, no other thread here) holds it."""
        with self._lock:
            if key in self._held:
                return False

            def take(conn: Conn) -> bool:
                row = conn.execute("SELECT pg_try_advisory_lock(hashtextextended(%s, 0))", (key,)).fetchone()
                return bool(row and row[0])

            if self.run(take, transaction=False):
                self._held[key] = 1
                return True
            return False

    def unlock(self, key: str) -> None:
        with self._lock:
            if self._held.pop(key, None) is None:
                return
            with contextlib.suppress(DatabaseUnreachable):  # a lost connection released it already
                self.run(lambda c: c.execute("SELECT pg_advisory_unlock(hashtextextended(%s, 0))", (key,)), False)

    def holder_of(self, key: str) -> GameLocked:
        """The refusal naming the process that holds ``key`` (as its ``application_name`` says)."""

        def who(conn: Conn) -> str:
            row = conn.execute(
                "WITH k AS (SELECT hashtextextended(%s, 0) AS v)"
                " SELECT a.application_name FROM k, pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
                " WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1"
                " AND l.classid::bigint = ((k.v >> 32) & 4294967295) AND l.objid::bigint = (k.v & 4294967295)"
                " LIMIT 1",
                (key,),
            ).fetchone()
            return str(row[0]) if row else ""

        with contextlib.suppress(DatabaseUnreachable):
            parts = self.run(who, transaction=False).split(" ")
            if len(parts) == 4 and parts[0] == "norsewind":
                user, pid, host = parts[1], int(parts[2]) if parts[2].isdigit() else 0, parts[3]
                return GameLocked("", user, pid, host)
        return GameLocked("", "?", 0, "?")

    # ------------------------------------------------------------------ notifications

    def subscribe(self, kind: str, name: str) -> Subscription:
        """Wake ``Subscription.event`` at each change of the game; ``DatabaseUnreachable`` is not raised
        (the listener connects when it can, and wakes every watch then)."""
        sub = Subscription((kind, name))
        with self._lock:
            self._subs.setdefault(sub.key, set()).add(sub)
            if self._listener is None or not self._listener.is_alive():
                self._closed.clear()
                self._listener = threading.Thread(target=self._listen, name="norsewind-listen", daemon=True)
                self._listener.start()
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        with self._lock:
            subs = self._subs.get(sub.key)
            if subs is not None:
                subs.discard(sub)
                if not subs:
                    del self._subs[sub.key]

    def _notified(self, note: psycopg.Notify) -> None:
        kind, _, rest = note.payload.partition(" ")
        _generation, _, name = rest.partition(" ")
        for sub in list(self._subs.get((kind, name), ())):
            sub.event.set()

    def _wake_all(self) -> None:
        for subs in list(self._subs.values()):
            for sub in list(subs):
                sub.event.set()

    def _listen(self) -> None:
        """The listener thread: wait on the socket, read what came (psycopg calls ``_notified``)."""
        while not self._closed.is_set():
            with self._lock:
                if not self._subs:
                    self._listener = None
                    return
                try:
                    fd = self._connection().fileno()
                except (DatabaseUnreachable, psycopg.Error):
                    fd = -1
            if fd < 0:
                self._closed.wait(RETRY)
                continue
            try:
                ready, _, _ = select.select([fd], [], [], 1.0)
            except (OSError, ValueError):  # the connection was closed by another thread meanwhile
                continue
            if ready:
                with contextlib.suppress(DatabaseUnreachable):
                    self.run(lambda c: c.execute("SELECT 1"), transaction=False)  # reads the notifications

    def close(self) -> None:
        self._closed.set()
        with self._lock:
            self._held.clear()
            self._subs.clear()
            if self._conn is not None:
                with contextlib.suppress(Exception):
                    self._conn.close()
            self._conn = None


_HOMES: dict[str, Home] = {}
_HOMES_LOCK = threading.Lock()
# a forked child must not use (nor close: closing says goodbye on the parent's socket) the parent's
# connections: it forgets them, kept referenced for ever so that nothing finalizes them
_INHERITED: list[Home] = []


def _forget_in_child() -> None:
    global _HOMES_LOCK
    _INHERITED.extend(_HOMES.values())
    _HOMES.clear()
    _HOMES_LOCK = threading.Lock()


os.register_at_fork(after_in_child=_forget_in_child)


def home(url: str) -> Home:
    """The one ``Home`` of this process for ``url``."""
    with _HOMES_LOCK:
        found = _HOMES.get(url)
        if found is None:
            found = _HOMES[url] = Home(url)
        return found


def close_all() -> None:
    """Close every connection of this process (a test's end; a command done)."""
    with _HOMES_LOCK:
        homes = list(_HOMES.values())
        _HOMES.clear()
    for h in homes:
        h.close()


@contextlib.contextmanager
def locked(h: Home, key: str) -> Iterator[bool]:
    """``try_lock`` for a ``with`` block: True when taken (released at the end)."""
    taken = h.try_lock(key)
    try:
        yield taken
    finally:
        if taken:
            h.unlock(key)
