"""One listening connection per host, shared by every app of its account (issue 25).

PostgreSQL's ``LISTEN`` needs a connection that stays open.  One per app would be one per
player, and a host of 100 players would hold 100 of PostgreSQL's default 100 connections.  So
the apps of one account on one host elect one of them, by ``flock`` on a lock file, to listen
for all: the elected app (the *leader*) holds the host's one listening connection and, for
each notification (a game's kind, generation and name), writes that game's *wake file* in a
folder of the host.  Every app follows its games by watching their wake files with inotify
(``FileWatch``, as the saves folder's tables are followed).  This works the same under
``norsewind serve`` (its apps are processes of one account) and under OpenSSH's forced command
(each login is a process of the account that the forced command runs as): no daemon to start.

- The folder is ``$TMPDIR/norsewind-<uid>/db-<hash of the URL>``, mode 0700: local to the
  host, private to the account.  A folder owned by somebody else is not trusted: its apps then
  poll the database (``why_polling`` says so).
- The leader leads while it follows a game.  When it stops following, exits or is killed, the
  kernel lets go of the lock; another app takes it within ``ELECT`` seconds, listens, and then
  touches every wake file (notifications sent while nobody listened are not known, so every
  follower looks at its game once).  The same after a lost connection, once it is back.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import stat
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

import psycopg

from ..watch import FileWatch, Watch
from .connect import DatabaseUnreachable, connect

CHANNEL = "norsewind_games"
ELECT = 0.25  # seconds between two tries of an app that does not lead to take the lead
RETRY = 0.5  # seconds between two tries of the leader to connect again
SETTLE = 2.0  # seconds a new watch waits at most for its process's first election
WAIT = 1.0  # seconds the leader waits for notifications before it looks at ``stop``
POLL = 2.0  # seconds between two looks at a game where its wake folder cannot be trusted
LOCK = "listen.lock"
Held = Callable[[], int | None] | None  # the generation a watch's follower holds (None: not known)
KEEP = 7 * 24 * 3600  # seconds: a wake file untouched for a week is removed when a leader starts


def wake_folder(url: str) -> Path:
    """This account's folder of wake files for the database at ``url`` (on this host)."""
    digest = hashlib.sha256(url.encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"norsewind-{os.getuid()}" / f"db-{digest}"


def wake_name(kind: str, name: str) -> str:
    """The wake file of one game (a digest: a game's name may be longer than a file's)."""
    return f"{kind}-{hashlib.sha256(name.encode()).hexdigest()[:24]}"


def private(folder: Path) -> str | None:
    """Make ``folder`` (and its parent) if needed; why it cannot be trusted, or None."""
    try:
        for part in (folder.parent, folder):
            part.mkdir(mode=0o700, exist_ok=True)
            info = part.lstat()
            if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077:
                return f"{part} is not a private folder of this account"
    except OSError as exc:
        return f"{folder}: {exc.strerror or exc}"
    return None


class _Election:
    """One thread's run for the lead: stopped when its process follows nothing any more."""

    def __init__(self) -> None:
        self.stop = threading.Event()
        self.settled = threading.Event()  # its first try is over: listening here, or elsewhere
        self.ended = threading.Event()


class Relay:
    """This process's part in its host's listening: it follows games and, when elected, leads."""

    def __init__(self, url: str, application: str) -> None:
        self.url = url
        self.application = application
        self.folder = wake_folder(url)
        self._lock = threading.Lock()
        self._following = 0
        self._election: _Election | None = None
        self.leading = threading.Event()  # set while this process holds the host's listening connection
        self.listening = threading.Event()  # set while it listens, once the wake files are touched

    def watch(self, kind: str, name: str, fallback: float, notify: bool, held: Held = None) -> Watch:
        """A watch woken by every change of the game (``fallback``: the longest without a look);
        ``held()``: the generation its follower holds (a wake for that one wakes nothing)."""
        why = private(self.folder) if notify else None
        if why is not None or not notify:
            # nothing wakes it: a look at the database every POLL seconds, not once a fallback period
            polled = FileWatch(self.folder, [wake_name(kind, name)], min(fallback, POLL), notify=False)
            watch = RelayWatch(self, polled)
            watch.why_polling = why
            return watch
        with contextlib.suppress(OSError):  # a leader that starts wakes the games whose files exist
            os.close(os.open(self.folder / wake_name(kind, name), os.O_WRONLY | os.O_CREAT | os.O_CLOEXEC, 0o600))
        with self._lock:
            self._following += 1
            if self._election is None:
                self._election = _Election()
                threading.Thread(
                    target=self._elect, args=(self._election,), name="norsewind-relay", daemon=True
                ).start()
            election = self._election
        # the host listens before the file is watched: what a new leader wakes at its start is not
        # this watch's change (its first wait returns at once anyway)
        election.settled.wait(SETTLE)
        watch = RelayWatch(self, FileWatch(self.folder, [wake_name(kind, name)], fallback), held)
        watch.counted = True
        return watch

    def unfollow(self) -> None:
        with self._lock:
            self._following -= 1
            if self._following <= 0:
                self._stop_following()

    def _stop_following(self) -> None:
        self._following = 0
        if self._election is not None:
            self._election.stop.set()  # its thread ends (and lets go of the lock) on its own
            self._election = None

    def close(self) -> None:
        with self._lock:
            election = self._election
            self._stop_following()
        if election is not None:
            election.ended.wait(WAIT + 1)

    # ------------------------------------------------------------------ the election

    def _elect(self, election: _Election) -> None:
        stop, fd = election.stop, -1
        try:
            fd = os.open(self.folder / LOCK, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
            while not stop.is_set():
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    election.settled.set()  # another app of the host listens
                    stop.wait(ELECT)
                    continue
                try:
                    self.leading.set()
                    self._lead(election)
                finally:
                    self.leading.clear()
                    fcntl.flock(fd, fcntl.LOCK_UN)
        except OSError:
            pass  # no lock file: the watches look after their fallback period
        finally:
            if fd >= 0:
                os.close(fd)
            election.settled.set()
            election.ended.set()

    def _lead(self, election: _Election) -> None:
        """Listen for the host until ``stop``; connect again after every loss."""
        stop, first = election.stop, True
        while not stop.is_set():
            try:
                conn = connect(self.url, autocommit=True, application=self.application)
            except DatabaseUnreachable:
                election.settled.set()  # the watches wait for their fallback meanwhile
                stop.wait(RETRY)
                continue
            try:
                conn.execute(f"LISTEN {CHANNEL}")
                self._wake_all(prune=first)
                first = False
                election.settled.set()
                self.listening.set()
                while not stop.is_set():
                    for note in conn.notifies(timeout=WAIT, stop_after=64):
                        self._wake(note.payload)
            except psycopg.Error:
                self.listening.clear()
                election.settled.set()
                stop.wait(RETRY)
            finally:
                self.listening.clear()
                with contextlib.suppress(Exception):
                    conn.close()

    def _wake(self, payload: str) -> None:
        kind, _, rest = payload.partition(" ")
        generation, _, name = rest.partition(" ")
        self._touch(self.folder / wake_name(kind, name), generation)

    @staticmethod
    def _touch(path: Path, what: str) -> None:
        """Say ``what`` in the wake file ``path``: written beside it and renamed onto it, so that a
        watch never reads it empty or half written (a truncation and a write in place are two events,
        which a loaded machine parts by more than a watch's ``GATHER``: the watch read "" or "125",
        took it for news and looked)."""
        temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        with contextlib.suppress(OSError):
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC | os.O_NOFOLLOW, 0o600)
            try:
                os.write(fd, what.encode())
            finally:
                os.close(fd)
            os.replace(temp, path)

    def _wake_all(self, prune: bool) -> None:
        now = time.time()
        with contextlib.suppress(OSError):
            for entry in os.scandir(self.folder):
                if entry.name.endswith(".lock") or not entry.is_file(follow_symlinks=False):
                    continue
                if prune and now - entry.stat(follow_symlinks=False).st_mtime > KEEP:
                    with contextlib.suppress(OSError):
                        os.unlink(entry.path)  # a table gone quiet, or a wake's temporary file left by a kill
                elif not entry.name.startswith("."):  # (dot files: a wake being written)
                    self._touch(Path(entry.path), "?")


class RelayWatch:
    """A ``FileWatch`` on one wake file, counted among its relay's follows while open.

    The wake file holds the generation the notification named (``?`` after a listener's start: not
    known).  A wake for the generation the follower holds (``held()``: its own write, or one it read
    already) is not news: the wait goes on, and the follower does not look (issue 42: a follower
    reads the database only when its game moved).  Any other generation is news, an older one too
    (a table removed and made again under its name).  The fallback period still ends a wait.
    """

    def __init__(self, relay: Relay, inner: FileWatch, held: Held = None) -> None:
        self.relay = relay
        self.inner = inner
        self.held = held
        self.counted = False
        self.period = inner.period
        self.why_polling: str | None = inner.why_polling
        self.skipped = 0  # wakes for the generation held: no look (the tests count them)
        self._started = False

    @property
    def notified(self) -> bool:
        return self.inner.notified

    def wait(self, stopped: Callable[[], bool] = lambda: False) -> bool:
        while True:
            changed = self.inner.wait(stopped)
            self.period = self.inner.period  # shorter once its notifications stopped
            self.why_polling = self.inner.why_polling or self.why_polling
            first, self._started = not self._started, True
            if first or not changed or self._news():
                return changed
            self.skipped += 1

    def _news(self) -> bool:
        """Does the wake file name a generation other than the one held?"""
        if self.held is None or (held := self.held()) is None:
            return True
        try:
            with open(self.inner.folder / next(iter(self.inner.names)), "rb") as f:
                said = f.read(32).strip()
        except OSError:
            return True
        return not said.isdigit() or int(said) != held

    def interrupt(self) -> None:
        self.inner.interrupt()

    def close(self) -> None:
        self.inner.close()
        if self.counted:
            self.counted = False
            self.relay.unfollow()

    def __enter__(self) -> Watch:
        return self

    def __exit__(self, t: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None) -> None:
        self.close()
