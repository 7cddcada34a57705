"""Waking the followers of a file when another process changes it (shared tables, issue 16).

A ``FileWatch`` watches some files of one folder.  ``wait`` returns as soon as one of
them changes (True), or when ``period`` seconds passed without a notification (False),
so a follower that then reads the file can never miss a change for longer than the
period, whatever happened to the notifications.

- **Notified** (the usual case): on Linux, inotify's own descriptor (``inotify.py``),
  waited on with ``select``: a waiting follower spends nothing at all, and a change wakes
  it at once (issue 28).  Elsewhere ``watchfiles`` (the Rust ``notify`` crate), which
  looks for events every ``STEP``.  Both watch the *folder*, because an atomic write
  replaces the file (a new inode) and a watch on the old file would see nothing after
  the first write.  The period is ``FALLBACK`` (30 s).
- **Network file systems** (NFS, SMB/CIFS, sshfs and other FUSE network mounts, 9p,
  AFS, Ceph, GlusterFS, Lustre...): inotify reports only the changes made *by this
  machine*, never those of another host writing the same folder.  The folder's file
  system type is looked up in ``/proc/self/mounts``; on those, nothing is watched and
  ``wait`` is a plain poll every ``NETWORK_POLL`` seconds (as every table was before).
- **No notification available** (not Linux with inotify, the user's inotify instances
  used up, ``watchfiles`` failing): the same poll every ``NETWORK_POLL`` seconds.

Blocking; meant for a worker thread.  ``interrupt`` (any thread) ends a wait at once;
``stopped`` is looked at when the wait begins and whenever it wakes, never on a clock: whoever
makes it true calls ``interrupt`` (the table's driver does, ``tui/driver.py``).  So a notified
follower wakes only for a change of its files, an interrupt, or once a ``FALLBACK`` period, the
safety net for notifications lost (issue 28: an app waiting at a table wakes twice a minute,
not ten times a second).  The watch is open from the constructor to ``close``: changes made
while the follower reads the file are kept for its next wait.
"""

from __future__ import annotations

import contextlib
import os
import select
import threading
import time
from collections.abc import Callable, Collection, Generator
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Protocol

from .inotify import CHANGES, OVERFLOW, REPLACED, Inotify

if TYPE_CHECKING:
    from watchfiles import Change

    Changes = Generator[set[tuple[Change, str]], None, None]

# seconds: the longest a notified follower goes without looking at the file (a safety net: a local
# folder's inotify loses nothing but on an overflow, which it reports; a waiting app wakes this often)
FALLBACK = 30.0
NETWORK_POLL = 0.25  # seconds between two looks where notification cannot work
# seconds: how often a wait checks for notifications and for ``stopped``.  A change is seen 1.5
# steps after its last event on average (watchfiles yields once a step passes without a new one):
# 2 ms wakes a follower ~5 ms sooner than 5 ms did, for ~0.7% of a core per waiting app, not 0.3%.
STEP = 0.002
GROUP = 0.02  # seconds: the most a wait spends gathering the events of one write (watchfiles)
GATHER = 0.002  # seconds: the same with inotify (the events of one write come within microseconds)
# seconds: how long watchfiles waits before it hands back "nothing yet", so that a wait sees its
# deadline and ``stopped`` (watchfiles' own stop event would end the watch, not one wait)
SLICE = 0.02
NETWORK_FILE_SYSTEMS = frozenset(
    {
        "nfs",
        "nfs4",
        "cifs",
        "smb3",
        "smbfs",
        "ncpfs",
        "9p",
        "afs",
        "ceph",
        "glusterfs",
        "lustre",
        "gpfs",
        "beegfs",
        "davfs",
        "fuse.sshfs",
        "fuse.glusterfs",
        "fuse.cephfs",
        "fuse.rclone",
        "fuse.s3fs",
        "fuse.davfs2",
    }
)


class Watch(Protocol):
    """What a follower waits on (a ``FileWatch``, or the database's notifications: ``storage/pg``)."""

    def wait(self, stopped: Callable[[], bool] = ...) -> bool:
        """Until the game changes (True), the fallback period passes or ``stopped()`` (False); the
        first call returns True at once."""

    def close(self) -> None: ...

    def interrupt(self) -> None:
        """End the current wait (or the next) at once, from any thread: it returns False."""

    @property
    def notified(self) -> bool:
        """Does a change wake ``wait`` (else ``wait`` only returns after ``period``)?"""

    period: float  # seconds: the longest ``wait`` goes without returning
    why_polling: str | None  # why nothing notifies (None: notified, or not asked to)

    def __enter__(self) -> Watch: ...

    def __exit__(self, t: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None) -> None: ...


def _unescape(field: str) -> str:
    """``/proc/mounts`` writes a space as ``\\040`` (and tab, newline, backslash likewise)."""
    for code, char in (("\\040", " "), ("\\011", "\t"), ("\\012", "\n"), ("\\134", "\\")):
        field = field.replace(code, char)
    return field


def file_system_type(folder: Path, mounts: str | None = None) -> str | None:
    """The type of the file system ``folder`` is on (``ext4``, ``nfs4``...), None when unknown.

    ``mounts``: the text of ``/proc/self/mounts`` (read when None).
    """
    if mounts is None:
        try:
            mounts = Path("/proc/self/mounts").read_text(encoding="utf-8", errors="replace")
        except OSError:
            return None
    try:
        where = os.path.realpath(folder)
    except OSError:
        return None
    best, kind = -1, None
    for line in mounts.splitlines():
        fields = line.split()
        if len(fields) < 3:
            continue
        point = _unescape(fields[1])
        inside = where == point or where.startswith(point.rstrip("/") + "/")
        if inside and len(point) >= best:  # the last mount on a point hides the earlier ones
            best, kind = len(point), fields[2]
    return kind


def notification_works(folder: Path, mounts: str | None = None) -> bool:
    """False where inotify cannot see other machines' changes (a network file system)."""
    return file_system_type(folder, mounts) not in NETWORK_FILE_SYSTEMS


class _WakePipe:
    """An ``interrupt``'s wake-up: a pipe, waited on beside the watch, that any thread may write."""

    def __init__(self) -> None:
        self.r, self.w = os.pipe()
        os.set_blocking(self.r, False)
        os.set_blocking(self.w, False)

    def wake(self) -> None:
        with contextlib.suppress(OSError):
            os.write(self.w, b"!")

    def drain(self) -> bool:
        """Read the wake-ups: was there any?"""
        try:
            return bool(os.read(self.r, 4096))
        except OSError:
            return False

    def close(self) -> None:
        for fd in (self.r, self.w):
            with contextlib.suppress(OSError):
                os.close(fd)
        self.r = self.w = -1


class FileWatch:
    """Wakes a follower when one of ``names`` in ``folder`` changes; at the latest every ``period`` s.

    ``notify=False`` watches nothing: ``wait`` returns after ``fallback`` seconds, as a
    notified watch does when its notifications are lost.  ``interrupt`` (from any thread) ends
    the current or next wait at once.
    """

    def __init__(self, folder: Path, names: Collection[str], fallback: float = FALLBACK, notify: bool = True) -> None:
        self.folder = Path(folder)
        self.names = frozenset(names)
        self.period = fallback
        self.why_polling: str | None = None  # why nothing is watched (None: notified, or notify=False)
        self._inotify: Inotify | None = None  # Linux: a descriptor to wait on, nothing spent meanwhile
        self._notify: Changes | None = None  # elsewhere: watchfiles, which looks every STEP
        self._closing = threading.Event()  # watchfiles' stop event: set by close() alone
        self._started = False  # the first wait returns at once: the file may have changed before the watch
        self._wake = _WakePipe()
        if not notify:
            return
        if not notification_works(self.folder):
            self._poll_fast(f"{self.folder} is on a network file system ({file_system_type(self.folder)})")
            return
        try:
            self._inotify = Inotify.open(self.folder)
            if self._inotify is None:
                self._notify = self._start()
                # watchfiles starts watching at the generator's first step: taken here (one SLICE at
                # most), so the watch is set when the constructor returns; what it yields does not
                # matter (the first wait returns at once)
                next(self._notify)
        except (ImportError, OSError, RuntimeError, TypeError, StopIteration) as exc:  # inotify limits, no folder
            self._notify = None
            self._poll_fast(f"no file-change notification for {self.folder}: {exc or type(exc).__name__}")

    def _start(self) -> Changes:
        from watchfiles import watch  # deferred: only where there is no inotify

        names = self.names
        return watch(
            self.folder,
            watch_filter=lambda _change, path: os.path.basename(path) in names,
            debounce=round(GROUP * 1000),
            step=round(STEP * 1000),
            stop_event=self._closing,
            rust_timeout=round(SLICE * 1000),
            yield_on_timeout=True,  # an empty set every SLICE: the wait looks at its deadline
            debug=False,
            raise_interrupt=False,
            force_polling=False,  # the network file systems are found above; elsewhere inotify works
            recursive=False,
            ignore_permission_denied=False,
        )

    def _poll_fast(self, why: str) -> None:
        self.why_polling = why
        self.period = min(self.period, NETWORK_POLL)

    @property
    def notified(self) -> bool:
        """Does a change wake ``wait`` (else ``wait`` only returns after ``period``)?"""
        return self._inotify is not None or self._notify is not None

    def interrupt(self) -> None:
        """End the current wait now, or the next one if none is under way (it returns False)."""
        self._wake.wake()

    def wait(self, stopped: Callable[[], bool] = lambda: False) -> bool:
        """Until one of the files changes (True), ``period`` passes, or an ``interrupt`` (False).
        ``stopped`` is looked at first and at every wake-up (an event, an interrupt): whoever makes
        it true must ``interrupt`` too; meanwhile nothing wakes the wait.

        The first call returns True at once (what changed before the watch began is not known).
        """
        if not self._started:
            self._started = True
            return True
        deadline = time.monotonic() + self.period
        while not stopped() and not self._closing.is_set():
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            if self._notify is not None:
                if self._wake.drain():
                    return False
                try:
                    if next(self._notify):  # only changes of ``names`` pass the filter
                        return True
                except (OSError, RuntimeError, StopIteration) as exc:  # the folder went away: poll
                    self._stop_notifications(exc)
                    return False
                continue
            inotify = self._inotify
            try:
                ready, _, _ = select.select([self._wake.r] + ([inotify.fd] if inotify else []), [], [], left)
            except (OSError, ValueError):  # closed by another thread meanwhile
                return False
            if self._wake.r in ready and self._wake.drain():
                return False
            if inotify is not None and inotify.fd in ready:
                if self._changed(inotify):
                    return True
                if self._inotify is None:  # its notifications stopped: look now, poll from now on
                    return False
        return False

    def _changed(self, inotify: Inotify) -> bool:
        """Did the events waiting concern ``names``?  The events of one write come together: those
        that follow within ``GROUP`` seconds are read with them (one wake-up per write)."""
        try:
            names = inotify.names()
            if not (OVERFLOW in names or names & self.names):
                return False
            if select.select([inotify.fd], [], [], GATHER)[0]:
                inotify.names()
            return True
        except (OSError, ValueError) as exc:  # the folder went away: poll
            self._stop_notifications(exc)
            return False

    def _stop_notifications(self, exc: BaseException) -> None:
        self._release()
        self._poll_fast(f"file-change notification stopped for {self.folder}: {exc or type(exc).__name__}")

    def _release(self) -> None:
        notify, self._notify = self._notify, None
        inotify, self._inotify = self._inotify, None
        if notify is not None:
            self._closing.set()
            with contextlib.suppress(Exception):
                notify.close()  # the generator's exit closes watchfiles' watcher
        if inotify is not None:
            inotify.close()

    def close(self) -> None:
        self._closing.set()
        self.interrupt()  # a wait under way in another thread returns
        self._release()
        self._wake.close()

    def __enter__(self) -> FileWatch:
        return self

    def __exit__(self, t: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


class LookWatch:
    """Wakes the app's look at its folders (``folders``, subfolders of ``root``: the presence records
    and the tables) when a file there changes in a way ``wanted(folder, names)`` says may show;
    at the latest every ``period`` seconds, the safety net (a killed app's record goes stale with
    no file changing).  A folder not made yet is waited for on ``root`` (only while one is
    missing: the saves folder's own files change with every solo decision).

    In the ``replaced`` folders only a file renamed over or removed is seen (what an atomic write
    does: one wake-up per write, where its temporary file's creation, writes and close would be four
    more).  Where nothing notifies (a network file system, no inotify), ``wait`` is a poll every ``poll``
    seconds, as every look was before issue 28.  Blocking; meant for one thread of its own;
    ``interrupt`` and ``close`` (any thread) end a wait at once.
    """

    def __init__(
        self,
        root: Path,
        folders: Collection[str],
        wanted: Callable[[str, set[str]], bool],
        period: float,
        poll: float,
        replaced: Collection[str] = (),
    ) -> None:
        self.root = Path(root)
        self.folders = tuple(folders)
        self.replaced = frozenset(replaced)  # folders whose files are only replaced or removed
        self.wanted = wanted
        self.period = period
        self.poll = poll
        self.why_polling: str | None = None
        self._watches: dict[str, Inotify] = {}  # by folder name ("" for the root)
        self._closed = False
        self._wake = _WakePipe()
        if not notification_works(self.root):
            self.why_polling = f"{self.root} is on a network file system ({file_system_type(self.root)})"
        else:
            self._open_missing()

    @property
    def notified(self) -> bool:
        return self.why_polling is None

    def _open(self, key: str, folder: Path) -> bool:
        try:  # a folder of replaced files: one event per write, not five (its temporary file's)
            watch = Inotify.open(folder, REPLACED if key in self.replaced else CHANGES)
        except FileNotFoundError:
            return False
        except OSError as exc:  # the user's inotify instances used up
            self._stop(f"no file-change notification for {folder}: {exc}")
            return False
        if watch is None:
            self._stop("no file-change notification on this system")
            return False
        self._watches[key] = watch
        return True

    def _open_missing(self) -> None:
        """Watch every folder that exists now; the root while one does not."""
        for name in self.folders:
            if self.notified and name not in self._watches:
                self._open(name, self.root / name)
        missing = any(name not in self._watches for name in self.folders)
        if self.notified and missing and "" not in self._watches:
            self._open("", self.root)
        elif not missing and "" in self._watches:
            self._watches.pop("").close()

    def _stop(self, why: str) -> None:
        self.why_polling = why
        for watch in self._watches.values():
            watch.close()
        self._watches.clear()

    def interrupt(self) -> None:
        self._wake.wake()

    def wait(self, timeout: float | None = None) -> bool:
        """Until a wanted change (True), the period (``poll`` where nothing notifies), ``timeout``
        seconds (the sooner) or an ``interrupt`` (False)."""
        period = self.period if self.notified else self.poll
        deadline = time.monotonic() + (period if timeout is None else min(period, timeout))
        while not self._closed:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            by_fd = {watch.fd: key for key, watch in self._watches.items()}
            try:
                ready, _, _ = select.select([self._wake.r, *by_fd], [], [], left)
            except (OSError, ValueError):  # closed by another thread meanwhile
                return False
            # the changes first: an interrupt that comes with one still brings the look it calls for
            if any(self._changed(by_fd[fd]) for fd in ready if fd in by_fd):
                return True
            if self._wake.r in ready:
                self._wake.drain()
                return False
        return False

    def _changed(self, key: str) -> bool:
        watch = self._watches[key]
        try:
            names = watch.names()
        except OSError:  # the folder went away (FolderGone): its absence is seen by the look
            self._watches.pop(key).close()
            self._open_missing()
            return True
        if key == "":  # the root: a folder made (or replaced)
            made = names & set(self.folders) or OVERFLOW in names
            if made:
                self._open_missing()
            return bool(made)
        return OVERFLOW in names or self.wanted(key, names)

    def close(self) -> None:
        self._closed = True
        self.interrupt()
        for watch in self._watches.values():
            watch.close()
        self._watches.clear()
        self._wake.close()

    def __enter__(self) -> LookWatch:
        return self

    def __exit__(self, t: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


__all__ = [
    "FALLBACK",
    "NETWORK_FILE_SYSTEMS",
    "NETWORK_POLL",
    "FileWatch",
    "LookWatch",
    "Watch",
    "file_system_type",
    "notification_works",
]
