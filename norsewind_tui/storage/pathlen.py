"""File names longer than the system allows: one line naming the limit, not an ``OSError``.

The kernel answers such a name with ``ENAMETOOLONG`` only when the file is
touched, and by then a 10,000-character name makes the message useless (it is
cut before the reason).  Arguments are checked before any file is opened.
"""

from __future__ import annotations

import os

from .errors import StorageError

DEFAULT_NAME_MAX = 255  # POSIX systems that cannot say (pathconf fails) use these
DEFAULT_PATH_MAX = 4096
PREVIEW = 40


class NameTooLong(StorageError):
    """A path with a name (or a whole path) longer than the system allows."""


def _limits(path: str) -> tuple[int, int]:
    """``(NAME_MAX, PATH_MAX)`` of the file system the path would live on (its folder, else ``/``)."""
    for folder in (os.path.dirname(os.path.abspath(path)), os.sep):
        try:
            return os.pathconf(folder, "PC_NAME_MAX"), os.pathconf(folder, "PC_PATH_MAX")
        except (OSError, ValueError):
            continue
    return DEFAULT_NAME_MAX, DEFAULT_PATH_MAX


def _preview(path: str) -> str:
    return path if len(path) <= PREVIEW else path[:PREVIEW] + f"... ({len(path)} characters)"


def check_length(path: str) -> None:
    """Raise ``NameTooLong`` when ``path`` or one of its names is longer than the system allows."""
    raw = os.fsencode(path)
    if len(raw) <= DEFAULT_NAME_MAX:  # the common case needs no system call
        return
    name_max, path_max = _limits(path)
    longest = max(len(part) for part in raw.split(b"/"))
    if longest > name_max:
        raise NameTooLong(
            f"{_preview(path)}: a name of {longest} bytes is longer than this system allows "
            f"({name_max} bytes per file name)"
        )
    if len(raw) >= path_max:  # PATH_MAX counts the terminating NUL
        raise NameTooLong(
            f"{_preview(path)}: a path of {len(raw)} bytes is longer than this system allows "
            f"({path_max - 1} bytes per path)"
        )
