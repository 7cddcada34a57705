"""This process's use of the database: short connections, leases for its locks, the host's listener.

A host must not hold a connection per player (issue 25: PostgreSQL's default is 100).  So an app
holds a connection only while it works: ``run`` opens one when none is open and the connection is
closed once it has been idle ``IDLE`` seconds (a burst of queries, a screen's reads, share it; a
player thinking holds none).  Work runs under a thread lock, one statement or one transaction at a
time (a write takes a millisecond).

- **Locks** (a saved game's writer, a table's computer seats) are leases, rows of ``holds`` that
  outlive a connection: taken by an ``INSERT``, renewed every ``RENEW`` seconds by a thread of the
  holder, free when not renewed for ``LEASE`` seconds, and free at once when their holder was a
  process of this host that no longer runs (a killed app's game is opened again at once on its
  host; on another host ``LEASE`` seconds later).  Writes never trust a lease alone: each is
  checked against the generation it read.
- **Notifications** come through the host's one listening connection (``relay.py``): the apps of
  an account on a host elect one of them to ``LISTEN`` and to wake the others' watches.

A lost connection is one ``DatabaseUnreachable``; the next use connects again.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import getpass
import os
import select
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import TypeVar

import psycopg

from ..errors import GameLocked
from ..watch import Watch
from .connect import CONNECT_TIMEOUT, DatabaseUnreachable, connect, reason_of
from .relay import Held, Relay, private
from .schema import check
from .url import shown_url, through_pooler

T = TypeVar("T")
LOST = "the database cannot be reached"
IDLE = 0.1  # seconds a connection stays open with nothing to do
# through a pooler (issue 42) a connection is the pooler's client, not a server process: kept longer
# (the pooler bounds the server connections, so the host's slots do not)
IDLE_POOLED = 10.0
LEASE = 15.0  # seconds a lock stays taken without its holder renewing it
RENEW = 4.0  # seconds between two renewals of this process's leases
# connections for work that the apps of one account on one host hold at once (the listening one is
# one more): a slot is an flock on one of SLOTS files of the host's wake folder (``relay.py``)
SLOTS = 8
SLOT_WAIT = 0.002  # seconds between two looks for a free slot

Conn = psycopg.Connection[tuple[object, ...]]


def lock_key(kind: str, name: str, what: str) -> str:
    return f"norsewind {what} {kind} {name}"


def _holder_name() -> str:
    """This process as a lease names it to a process refused it (63 bytes at most, as before)."""
    try:
        user = getpass.getuser()
    except Exception:
        user = f"uid{os.getuid()}"
    return f"norsewind {user} {os.getpid()} {socket.gethostname()}"[:63]


def parse_holder(text: str) -> GameLocked:
    """A lease's holder as the refusal that names it."""
    parts = text.split(" ")
    if len(parts) == 4 and parts[0] == "norsewind":
        return GameLocked("", parts[1], int(parts[2]) if parts[2].isdigit() else 0, parts[3])
    return GameLocked("", "?", 0, "?")


def gone(holder: GameLocked) -> bool:
    """Is the holder a process of this host that no longer runs?"""
    if not holder.pid or not holder.host or not socket.gethostname().startswith(holder.host):
        return False  # another host's, or unknown: its lease runs out by itself
    try:
        os.kill(holder.pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False
    return False


_TAKE = (
    "INSERT INTO holds (key, holder) VALUES (%s, %s)"
    " ON CONFLICT (key) DO UPDATE SET holder = EXCLUDED.holder, renewed = now()"
    " WHERE holds.renewed < now() - make_interval(secs => %s) OR holds.holder = EXCLUDED.holder"
    " RETURNING 1"
)


class _Lost(Exception):
    """The connection went away during a work (``Home.run`` decides whether to try once more)."""

    def __init__(self, error: psycopg.Error) -> None:
        super().__init__(str(error))
        self.error = error


def _spoken(conn: Conn) -> bool:
    """Has the other end spoken on this idle connection (its end, or a last word before it: a restart of
    PostgreSQL or of the pooler, issue 42)?  Nothing is sent: an idle connection has nothing to read."""
    try:
        return bool(select.select([conn.fileno()], [], [], 0)[0])
    except (OSError, ValueError, psycopg.Error):
        return True


class Home:
    """This process's way to the database at ``url`` (``home(url)`` gives the shared one)."""

    def __init__(self, url: str, pooler: str | None = None) -> None:
        self.url = url
        self.shown = shown_url(url)
        # the queries' way through the host's pooler (None: straight to the server, short connections
        # bounded by the host's slots); the listening connection goes straight to it in any case
        self.pooled = through_pooler(url, pooler)
        self.idle = IDLE_POOLED if self.pooled else IDLE
        self._fresh()

    def _fresh(self) -> None:
        """This process's state, none of it yet (a forked child starts it again: ``_forget_in_child``)."""
        self.holder = _holder_name()
        self._lock = threading.RLock()
        self._conn: Conn | None = None
        self._used = 0.0  # time.monotonic() of the last use of ``_conn``
        self._checked = False  # the schema was found right once: a process does not ask again
        self._held: set[str] = set()  # the leases of this process
        self._closer: threading.Thread | None = None
        self._renewer: threading.Thread | None = None
        self._closed = threading.Event()
        self.relay = Relay(self.url, self.holder)
        self._slots: list[int] | None = None  # the slot files' descriptors ([]: not bounded)
        self._slot: int | None = None  # the slot held with ``_conn``
        self.uses = 0  # the works run (each one statement or one transaction): the tests count looks

    # ------------------------------------------------------------------ the connection

    def open(self) -> None:
        """Connect now and check the schema (``DatabaseUnreachable``, ``SchemaProblem``: one line)."""
        self.run(lambda _conn: None, transaction=False)

    def _connection(self) -> Conn:
        if self._conn is not None and not self._conn.closed:
            if not _spoken(self._conn):
                return self._conn
            self._drop()  # closed by a restart of the server or the pooler: a new one, not a refused look
        self._take_slot()
        try:
            conn = connect(self.url, autocommit=True, application=self.holder, via=self.pooled)
        except BaseException:
            self._free_slot()
            raise
        try:
            if not self._checked:
                check(conn, self.url)
                self._checked = True
        except BaseException as exc:
            conn.close()
            self._free_slot()
            if isinstance(exc, psycopg.Error):
                raise _Lost(exc) from None  # lost while it checked: one line, as for any work
            raise
        self._conn = conn
        if self._closer is None or not self._closer.is_alive():
            self._closer = threading.Thread(target=self._close_when_idle, name="norsewind-idle", daemon=True)
            self._closer.start()
        return conn

    def _close_when_idle(self) -> None:
        """The closer thread: close the connection ``IDLE`` seconds after its last use; then end."""
        while not self._closed.is_set():
            with self._lock:
                if self._conn is None:
                    self._closer = None
                    return
                left = self._used + self.idle - time.monotonic()
                if left <= 0:
                    self._drop()
                    self._closer = None
                    return
            self._closed.wait(left)

    def _drop(self) -> None:
        with contextlib.suppress(Exception):
            if self._conn is not None:
                self._conn.close()
        self._conn = None
        self._free_slot()

    def _take_slot(self) -> None:
        """Wait for one of the host's ``SLOTS`` (``DatabaseUnreachable`` if none frees in time)."""
        if self._slots is None:
            self._slots = self._open_slots()
        if not self._slots:
            return
        deadline = time.monotonic() + CONNECT_TIMEOUT
        start = os.getpid() % len(self._slots)  # the host's apps try the slots in different orders
        while True:
            for i in range(len(self._slots)):
                fd = self._slots[(start + i) % len(self._slots)]
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    continue
                self._slot = fd
                return
            if time.monotonic() > deadline:
                raise DatabaseUnreachable(f"{LOST} ({self.shown}: this host's {SLOTS} connections stayed busy)")
            time.sleep(SLOT_WAIT)

    def _open_slots(self) -> list[int]:
        """The slot files, opened once (none through a pooler, which bounds the server's connections
        itself, nor where the wake folder is not private: no bound)."""
        folder = self.relay.folder
        if self.pooled or private(folder) is not None:
            return []
        fds: list[int] = []
        try:
            for i in range(SLOTS):
                fds.append(os.open(folder / f"slot-{i}.lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600))
        except OSError:
            for fd in fds:
                os.close(fd)
            return []
        return fds

    def _free_slot(self) -> None:
        slot, self._slot = self._slot, None
        if slot is not None:
            with contextlib.suppress(OSError):
                fcntl.flock(slot, fcntl.LOCK_UN)  # LOCK_UN: a forked child's copy of it lets go too

    def _lost(self, exc: psycopg.Error) -> DatabaseUnreachable:
        self._drop()
        return DatabaseUnreachable(f"{LOST} ({self.shown}: {reason_of(exc, self.url)})")

    def run(self, work: Callable[[Conn], T], transaction: bool = True) -> T:
        """``work(connection)`` under the lock, in one transaction; ``transaction=False``: a read, as is.

        ``DatabaseUnreachable`` when the connection is lost (the transaction is then rolled back
        by the server: nothing of it was written).  A kept connection lost before anything of the
        work could be written (a read, or the transaction's ``BEGIN``) is not a lost connection to
        the player: a restart of the server or the pooler closed it a moment before its use (the
        look ``_spoken`` gives before it cannot see that), so the work runs once more on a new one.
        """
        with self._lock:
            self.uses += 1
            kept = self._conn is not None
            began: list[bool] = []
            try:
                return self._once(work, transaction, began)
            except _Lost as lost:
                if not kept or began:
                    raise self._lost(lost.error) from None
                self._drop()
            try:
                return self._once(work, transaction, began)
            except _Lost as lost:
                raise self._lost(lost.error) from None

    def _once(self, work: Callable[[Conn], T], transaction: bool, began: list[bool]) -> T:
        conn = self._connection()
        try:
            if not transaction:
                return work(conn)
            with conn.transaction():
                began.append(True)
                return work(conn)
        except psycopg.OperationalError as exc:
            raise _Lost(exc) from None
        except psycopg.Error as exc:
            if conn.closed or conn.broken:
                raise _Lost(exc) from None
            raise DatabaseUnreachable(f"{self.shown}: {reason_of(exc, self.url)}") from None
        finally:
            self._used = time.monotonic()

    # ------------------------------------------------------------------ leases

    def try_lock(self, key: str) -> bool:
        """Take the lease ``key`` if nobody (no other process, no other thread here) holds it."""
        with self._lock:
            if key in self._held:
                return False

            def take(conn: Conn) -> bool:
                if conn.execute(_TAKE, (key, self.holder, LEASE)).fetchone() is not None:
                    return True
                row = conn.execute("SELECT holder FROM holds WHERE key = %s", (key,)).fetchone()
                if row is None or not gone(parse_holder(str(row[0]))):
                    return False
                conn.execute("DELETE FROM holds WHERE key = %s AND holder = %s", (key, row[0]))  # died here
                return conn.execute(_TAKE, (key, self.holder, LEASE)).fetchone() is not None

            if self.run(take):
                self._held.add(key)
                self._keep_renewing()
                return True
            return False

    def unlock(self, key: str) -> None:
        with self._lock:
            if key not in self._held:
                return
            self._held.discard(key)
            with contextlib.suppress(DatabaseUnreachable):  # not let go of: it runs out by itself
                self.run(lambda c: c.execute("DELETE FROM holds WHERE key = %s AND holder = %s", (key, self.holder)))

    def holder_of(self, key: str) -> GameLocked:
        """The refusal naming the process that holds ``key``."""
        with contextlib.suppress(DatabaseUnreachable):
            row = self.run(lambda c: c.execute("SELECT holder FROM holds WHERE key = %s", (key,)).fetchone(), False)
            if row is not None:
                return parse_holder(str(row[0]))
        return GameLocked("", "?", 0, "?")

    def _keep_renewing(self) -> None:
        if self._renewer is None or not self._renewer.is_alive():
            self._renewer = threading.Thread(target=self._renew, name="norsewind-leases", daemon=True)
            self._renewer.start()

    def _renew(self) -> None:
        """The renewer thread: every ``RENEW`` seconds, renew this process's leases (and take back one
        that ran out while the database could not be reached, if it is still free)."""
        while not self._closed.wait(RENEW):
            with self._lock:
                keys = sorted(self._held)
                if not keys:
                    self._renewer = None
                    return
                with contextlib.suppress(DatabaseUnreachable):
                    self.run(functools.partial(self._renew_now, keys=keys))

    def _renew_now(self, conn: Conn, keys: list[str]) -> None:
        sql = "UPDATE holds SET renewed = now() WHERE holder = %s AND key = ANY(%s) RETURNING key"
        kept = {str(r[0]) for r in conn.execute(sql, (self.holder, keys)).fetchall()}
        for key in set(keys) - kept:
            conn.execute(_TAKE, (key, self.holder, LEASE))

    # ------------------------------------------------------------------ notifications

    def watch(self, kind: str, name: str, fallback: float, notify: bool, held: Held = None) -> Watch:
        """A watch woken at each change of the game past ``held()``, through the host's listener (``relay.py``)."""
        return self.relay.watch(kind, name, fallback, notify, held)

    def close(self) -> None:
        self._closed.set()
        self.relay.close()
        with self._lock:
            held, self._held = sorted(self._held), set()
            if held:
                with contextlib.suppress(Exception):
                    self.run(lambda c: c.execute("DELETE FROM holds WHERE holder = %s", (self.holder,)))
            self._drop()
            for fd in self._slots or ():
                with contextlib.suppress(OSError):
                    os.close(fd)
            self._slots = None


_HOMES: dict[str, Home] = {}
_HOMES_LOCK = threading.Lock()
# a forked child must not use (nor close: closing says goodbye on the parent's socket) the parent's
# connections: it forgets them, kept referenced for ever so that nothing finalizes them; its homes
# start again in place, so that the stores a context handed them to (issue 40.4) go on in the child
_INHERITED: list[object] = []


def _forget_in_child() -> None:
    global _HOMES_LOCK
    for h in _HOMES.values():
        _INHERITED.append((h._conn, h.relay))
        for fd in h._slots or ():  # the child's copies: closing them lets go of none of the parent's locks
            with contextlib.suppress(OSError):
                os.close(fd)
        h._fresh()
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
