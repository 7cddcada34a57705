"""Crash-safe files: atomic replacement with a backup generation, bounded reads, locks.

``atomic_write`` never leaves a half-written file under the real name: the
data goes to a temporary file in the same folder (created 0600), is flushed
and fsynced, the current file is hard-linked to the backup name, the
temporary file replaces the current one (``os.replace``) and the folder is
fsynced.  At every instant the real name holds a complete generation, and the
backup name the one before.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import getpass
import os
import socket
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Generic, TypeVar

import msgspec

from .errors import FileTooBig, GameLocked, SaveError, SaveMismatch
from .paths import FILE_MODE
from .trust import account_name, not_ours

MAX_FILE = 4 * 1024 * 1024  # no save or profile comes near this: bigger files are refused unread
MAX_DAMAGED = 1000  # damaged copies of one file kept side by side


def _tmp_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


def fsync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_new(path: Path, data: bytes) -> None:
    """Write ``data`` to a new file ``path`` (0600, no symlink followed), flushed to disk."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_CLOEXEC, FILE_MODE)
    try:
        os.fchmod(fd, FILE_MODE)  # the umask cut the mode given to open (to 0000 with umask 777)
        view = memoryview(data)
        while view:
            n = os.write(fd, view)
            view = view[n:]
        os.fsync(fd)
    finally:
        os.close(fd)


def atomic_write(path: Path, data: bytes, backup: Path | None = None, mtime_ns: int | None = None) -> None:
    """Replace ``path`` by ``data`` atomically; the old generation becomes ``backup``.

    ``mtime_ns``: the new file's modification time (a presence record's: when it was seen).
    Raises ``OSError`` (the caller words it); the real file is then unchanged.
    """
    tmp = _tmp_name(path)
    try:
        write_new(tmp, data)
        if mtime_ns is not None:
            os.utime(tmp, ns=(mtime_ns, mtime_ns), follow_symlinks=False)
        if backup is not None:
            _keep_backup(path, backup)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(path.parent)


def write_exclusive(path: Path, data: bytes) -> None:
    """Write ``data`` as the new file ``path``, whole, or raise ``OSError`` with nothing left behind.

    Never replaces anything: ``FileExistsError`` when the name is taken (by a file, a folder, a
    symbolic link, even a dangling one) at the moment it is created, so a file made after any
    check is not overwritten either.  The data goes to a temporary file first and is hard-linked
    under the name (a link never replaces); where links fail, an ``O_EXCL`` file is written in place.
    """
    tmp = _tmp_name(path)
    try:
        try:
            write_new(tmp, data)
        except OSError as exc:
            if exc.errno != errno.ENAMETOOLONG:
                raise
            _write_excl(path, data)  # a name the system takes, but not with the temporary name's additions
        else:
            try:
                os.link(tmp, path, follow_symlinks=False)
            except OSError as exc:
                if exc.errno not in (errno.EPERM, errno.EXDEV, errno.EMLINK, errno.ENOTSUP, errno.EOPNOTSUPP):
                    raise
                _write_excl(path, data)  # no hard links here
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
    fsync_dir(path.parent)


def _write_excl(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, FILE_MODE)
    try:
        try:
            os.fchmod(fd, FILE_MODE)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(path)  # this file is ours (O_EXCL made it): no half-written file under the name
        raise


def _keep_backup(path: Path, backup: Path) -> None:
    """Make ``backup`` the current generation of ``path`` (a hard link; a copy where links fail)."""
    link = _tmp_name(backup)
    with contextlib.suppress(FileNotFoundError):
        os.unlink(link)
    try:
        os.link(path, link, follow_symlinks=False)
    except FileNotFoundError:
        return  # no current generation yet
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.EXDEV, errno.EMLINK, errno.ENOTSUP, errno.EOPNOTSUPP):
            raise
        try:
            data = read_limited(path)
        except FileNotFoundError:
            return
        write_new(link, data)
    os.replace(link, backup)
    # rename() between two links of one file does nothing (POSIX): after a writer was killed
    # between making the backup and replacing the main file, both names are one file and
    # the temporary link would stay behind.
    with contextlib.suppress(FileNotFoundError):
        os.unlink(link)


def remove_stale_temps(path: Path) -> None:
    """Delete temporary files a killed writer left for ``path`` (call with its lock held)."""
    prefix = f".{path.name}."
    with contextlib.suppress(OSError):
        for entry in os.scandir(path.parent):
            if entry.name.startswith(prefix) and entry.name.endswith(".tmp"):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


def read_limited(
    path: Path, limit: int = MAX_FILE, follow: bool = False, cut: bool = False, owned: bool = False
) -> bytes:
    """The bytes of the regular file ``path``; ``SaveError`` when it is too big or no regular file.

    Symbolic links are refused unless ``follow``; a FIFO or device never blocks the caller.
    ``FileNotFoundError`` passes through so callers can tell "missing" from "broken".
    ``cut``: a bigger file gives its first ``limit`` bytes (to salvage what is readable).
    ``owned``: a file the running account does not own is refused (``trust.NotOwned``).
    """
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | (0 if follow else os.O_NOFOLLOW)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise SaveError(f"{path}: is a symbolic link; refusing to follow it") from None
        raise SaveError(f"{path}: cannot read: {exc.strerror or exc}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise SaveError(f"{path}: not a regular file")
        if owned and (foreign := not_ours(path, st)) is not None:
            raise foreign
        if st.st_size > limit and not cut:
            raise FileTooBig(f"{path}: {st.st_size} bytes is too big for a save (limit {limit})")
        chunks = []
        total = 0
        while True:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            total += len(chunk)
            if total > limit:
                if cut:
                    chunks.append(chunk[: len(chunk) - (total - limit)])
                    break
                raise FileTooBig(f"{path}: too big for a save (limit {limit} bytes)")
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise SaveError(f"{path}: cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


class Holder(msgspec.Struct, frozen=True):
    """Who holds a lock (written into the lock file for the next one to read)."""

    user: str = "?"
    pid: int = 0
    host: str = "?"
    since: str = ""


def _own_mode(fd: int) -> None:
    """A lock file we created under a umask that cut its mode gets 0600 (another's stays as it is)."""
    with contextlib.suppress(OSError):
        st = os.fstat(fd)
        if st.st_uid == os.geteuid() and stat.S_IMODE(st.st_mode) != FILE_MODE:
            os.fchmod(fd, FILE_MODE)


def login_name() -> str:
    try:
        return getpass.getuser()
    except Exception:  # no passwd entry, no variables: still a name
        return f"uid{os.getuid()}"


def _me() -> Holder:
    now = datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")
    return Holder(user=login_name(), pid=os.getpid(), host=socket.gethostname(), since=now)


class FileLock:
    """An exclusive ``flock`` on a side file ``NAME.json.lock`` that names its holder.

    The kernel drops the lock when the holder exits or is killed, so a crash
    never leaves a game locked.  Lock files are never deleted while in use.

    The lock is taken on a read-only descriptor, so an attempt that fails changes nothing a
    watcher sees: a descriptor opened for writing wakes every watcher when it is closed (inotify's
    close-after-write), and the followers of a table, each failing in turn while one of them
    played the computer seats, woke one another some 500 times a second.  Only the holder opens the
    file for writing (to describe itself) and keeps that descriptor until it lets go, so the
    watchers wake when the holder lets go or dies.
    """

    def __init__(self, path: Path, what: str) -> None:
        self.path = path
        self.what = what  # how messages name the locked thing
        self._fd: int | None = None  # the read-only descriptor that holds the flock
        self._out: int | None = None  # the holder's writing descriptor (its description)

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self, timeout: float = 0.0) -> None:
        """Take the lock, waiting up to ``timeout`` seconds; ``GameLocked`` names who holds it."""
        if self._fd is not None:
            return
        flags = os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK  # non-blocking: a FIFO put there never hangs us
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_CREAT | flags, FILE_MODE)
        except PermissionError:
            raise self._foreign() from None
        except OSError as exc:
            raise SaveError(f"{self.path}: cannot create the lock file: {exc.strerror or exc}") from None
        kind = stat.S_IFMT(os.fstat(fd).st_mode)
        if kind != stat.S_IFREG:  # a folder opens read-only, where it never opened for writing
            os.close(fd)
            why = os.strerror(errno.EISDIR) if kind == stat.S_IFDIR else "not a regular file"
            raise SaveError(f"{self.path}: cannot create the lock file: {why}")
        _own_mode(fd)  # first: a file just made under umask 777 has mode 0000
        if not os.access(self.path, os.W_OK, follow_symlinks=False):  # not ours to write: another account's
            os.close(fd)
            raise self._foreign()
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    holder = self._read_holder(fd)
                    os.close(fd)
                    raise GameLocked(
                        f"{self.what} is in use by {holder.user} (pid {holder.pid} on {holder.host}"
                        + (f", since {holder.since}" if holder.since else "")
                        + "); open it read-only to watch",
                        holder.user,
                        holder.pid,
                        holder.host,
                        holder.since,
                    ) from None
                time.sleep(0.01)
            except OSError as exc:
                os.close(fd)
                raise SaveError(f"{self.path}: cannot lock: {exc.strerror or exc}") from None
        out = None
        with contextlib.suppress(OSError):  # the lock is ours; only the holder's description may be missing
            out = os.open(self.path, os.O_WRONLY | flags)
            os.ftruncate(out, 0)
            os.pwrite(out, msgspec.json.encode(_me()), 0)
        self._fd, self._out = fd, out

    def _foreign(self) -> SaveError:
        """The lock file cannot be opened: say whose it is (another account holds the game)."""
        try:
            st = os.stat(self.path, follow_symlinks=False)
        except FileNotFoundError:  # the folder refuses new files
            return SaveError(f"{self.path}: cannot create the lock file: permission denied")
        except OSError as exc:
            return SaveError(f"{self.path}: cannot create the lock file: {(exc.strerror or str(exc)).lower()}")
        if st.st_uid == os.geteuid():
            return SaveError(f"{self.path}: cannot open the lock file (mode {stat.S_IMODE(st.st_mode):04o})")
        owner = account_name(st.st_uid)
        holder = None
        with contextlib.suppress(OSError):  # readable when its owner's umask let it be
            fd = os.open(self.path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
            try:
                holder = self._read_holder(fd)
            finally:
                os.close(fd)
        who = owner
        if holder is not None and holder.pid:
            who += f" (pid {holder.pid} on {holder.host}" + (f", since {holder.since})" if holder.since else ")")
        return SaveError(
            f"{self.what} is held by another account, {who}: its lock file {self.path} is not yours to open "
            "(use your own --saves)"
        )

    @staticmethod
    def _read_holder(fd: int) -> Holder:
        try:
            return msgspec.json.decode(os.pread(fd, 4096, 0), type=Holder)
        except (OSError, msgspec.MsgspecError):
            return Holder()  # the holder is still writing its description

    def release(self) -> None:
        fd, self._fd = self._fd, None
        out, self._out = self._out, None
        if out is not None:
            with contextlib.suppress(OSError):
                os.ftruncate(out, 0)  # before the flock goes: never another holder's description
        if fd is not None:
            os.close(fd)  # closing drops the flock
        if out is not None:
            os.close(out)  # after the flock went: the watchers woken by it find the lock free

    def __enter__(self) -> FileLock:
        self.acquire()
        return self

    def __exit__(self, t: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None) -> None:
        self.release()


# --------------------------------------------------------------------------- generations

T = TypeVar("T")
Stamp = tuple[int, int, int]


def stamp_of(path: Path) -> Stamp | None:
    """What identifies one generation on disk (inode, size, mtime); None when missing.

    None too when it cannot be looked at (a folder of mode 0000, a file where a folder should
    be): the read or write that follows says what is wrong, in one line.
    """
    try:
        st = os.stat(path, follow_symlinks=False)
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


@dataclass
class Generation(Generic[T]):
    """A file read with its backup as the fallback."""

    value: T
    notice: str | None  # for the user when the backup was used
    damaged_main: bool  # the main file exists but is broken: set it aside before the next write
    stamp: Stamp | None  # of the main file as read (None when it was missing)
    from_backup: bool


def read_generation(
    path: Path, backup: Path, decode: Callable[[bytes, str], T], owned: bool = False
) -> Generation[T] | None:
    """Decode ``path``; when it is missing or broken, its backup (saying so).  None if neither exists.

    ``decode(data, source)`` raises ``SaveError`` for a broken file; ``SaveMismatch`` (a sound
    file this program cannot use) is raised at once, as the backup cannot be better.  When
    both are broken, the main file's error is raised.  Nothing is written.  ``owned``: files of
    another account are broken (``read_limited``).
    """
    stamp = stamp_of(path)
    try:
        value = decode(read_limited(path, owned=owned), str(path))
        return Generation(value, None, False, stamp, False)
    except FileNotFoundError:
        main_error: SaveError | None = None
    except SaveMismatch:
        raise
    except SaveError as exc:
        main_error = exc
    try:
        value = decode(read_limited(backup, owned=owned), str(backup))
    except FileNotFoundError:
        if main_error is None:
            return None
        raise main_error from None
    except SaveError as exc:
        if main_error is None:
            raise
        raise SaveError(f"{main_error}; the backup is broken too ({exc})") from None
    if main_error is None:
        notice = f"{path.name} is missing: opened its backup {backup.name}"
    else:
        notice = f"{main_error}: opened the backup {backup.name} (the last decision may be lost)"
    return Generation(value, notice, main_error is not None, stamp, True)


def damaged_name(damaged: Path, n: int) -> Path:
    return damaged if n == 0 else damaged.with_name(f"{damaged.name}.{n}")


def set_aside(path: Path, damaged: Path) -> Path | None:
    """Keep a broken file as ``damaged``, else ``damaged.1``, ``damaged.2``...: the first free name.

    A damaged copy is never overwritten nor deleted (it may hold the only copy of something);
    the next write then spares the backup.  Returns the name used (None when ``path`` is gone).
    """
    for n in range(MAX_DAMAGED):
        target = damaged_name(damaged, n)
        try:
            os.link(path, target, follow_symlinks=False)  # fails on an existing name: nothing overwritten
        except FileExistsError:
            continue
        except FileNotFoundError:
            return None
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.EXDEV, errno.EMLINK, errno.ENOTSUP, errno.EOPNOTSUPP):
                raise
            if os.path.lexists(target):  # no hard links here: rename to a name seen free
                continue
            os.rename(path, target)
            return target
        os.unlink(path)
        return target
    raise OSError(errno.EEXIST, f"{MAX_DAMAGED} damaged copies of {path.name} already: move some away")


def damaged_copies(damaged: Path) -> list[Path]:
    """The damaged copies kept under ``damaged`` (``.damaged``, ``.damaged.1``...), by number."""
    found: list[tuple[int, Path]] = []
    prefix = damaged.name + "."
    with contextlib.suppress(OSError):
        for entry in os.scandir(damaged.parent):
            if entry.name == damaged.name:
                found.append((0, Path(entry.path)))
            elif entry.name.startswith(prefix) and entry.name[len(prefix) :].isdecimal():
                found.append((int(entry.name[len(prefix) :]), Path(entry.path)))
    return [path for _, path in sorted(found)]
