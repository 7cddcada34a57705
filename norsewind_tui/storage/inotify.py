"""Linux's inotify through ``ctypes``: a file descriptor that becomes readable when a folder changes.

A follower that waits on it with ``select`` spends nothing while nothing happens (issue 28: "waiting
costs nothing"); ``watchfiles`` looks for events every few milliseconds instead.  Only the folder is
watched (an atomic write replaces the file: a watch on the file would see its first write alone), and
events name the file they concern, so a follower keeps those of its own files.  ``Inotify.open``
returns None where there is no inotify (not Linux, no libc symbol); ``OSError`` when the kernel
refuses (the user's inotify instances or watches used up).
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import errno
import os
import struct
import sys
from pathlib import Path

IN_MODIFY = 0x00000002
IN_ATTRIB = 0x00000004
IN_CLOSE_WRITE = 0x00000008
IN_MOVED_FROM = 0x00000040
IN_MOVED_TO = 0x00000080
IN_CREATE = 0x00000100
IN_DELETE = 0x00000200
IN_DELETE_SELF = 0x00000400
IN_MOVE_SELF = 0x00000800
IN_Q_OVERFLOW = 0x00004000
IN_IGNORED = 0x00008000
IN_ONLYDIR = 0x01000000
IN_NONBLOCK = 0o4000
IN_CLOEXEC = 0o2000000
# a file written, replaced (renamed over), created, removed or touched
CHANGES = IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE
GONE = IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED  # the folder itself went away
# a file replaced (renamed over: an atomic write's one event, where the others are its temporary
# file's) or removed: enough for a folder whose files are only ever written that way
REPLACED = IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE
OVERFLOW = "*"  # the name reported when the kernel's queue overflowed: anything may have changed
_EVENT = struct.Struct("iIII")  # wd, mask, cookie, len (then len bytes of name)


class FolderGone(OSError):
    """The watched folder was removed or moved: nothing more will be reported."""


def _libc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.inotify_init1.argtypes = [ctypes.c_int]
        libc.inotify_add_watch.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_uint32]
    except (OSError, AttributeError):
        return None
    return libc


_LIBC = _libc()


class Inotify:
    """One folder's inotify descriptor (``fd``, non-blocking): ``names()`` reads what changed."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    @classmethod
    def open(cls, folder: Path, mask: int = CHANGES) -> Inotify | None:
        """A descriptor reporting ``mask``'s events (``CHANGES``: every change) of ``folder``'s files."""
        if _LIBC is None:
            return None
        fd = _LIBC.inotify_init1(IN_NONBLOCK | IN_CLOEXEC)
        if fd < 0:
            code = ctypes.get_errno()
            raise OSError(code, os.strerror(code))
        if _LIBC.inotify_add_watch(fd, os.fsencode(folder), mask | GONE | IN_ONLYDIR) < 0:
            code = ctypes.get_errno()
            os.close(fd)
            raise OSError(code, f"{os.strerror(code)}: {folder}")
        return cls(fd)

    def names(self) -> set[str]:
        """The names of the files whose events are waiting (none: nothing waits); ``OVERFLOW`` among
        them when events were lost.  ``FolderGone`` when the folder itself went away."""
        found: set[str] = set()
        while True:
            try:
                data = os.read(self.fd, 65536)
            except BlockingIOError:
                return found
            except OSError as exc:
                if exc.errno == errno.EINTR:
                    continue
                raise
            offset = 0
            while offset + _EVENT.size <= len(data):
                _wd, mask, _cookie, length = _EVENT.unpack_from(data, offset)
                name = data[offset + _EVENT.size : offset + _EVENT.size + length].rstrip(b"\0")
                offset += _EVENT.size + length
                if mask & IN_Q_OVERFLOW:
                    found.add(OVERFLOW)
                elif mask & GONE and not name:
                    raise FolderGone("the watched folder went away")
                elif name:
                    found.add(os.fsdecode(name))

    def close(self) -> None:
        with contextlib.suppress(OSError):
            os.close(self.fd)
