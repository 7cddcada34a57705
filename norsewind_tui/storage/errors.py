"""The errors of the storage layer: every message is one printable line."""

from __future__ import annotations

from ..safetext import one_line
from ..words import storage as say

MAX_MESSAGE = 400


def clean(text: str, limit: int = MAX_MESSAGE) -> str:
    """``text`` made safe for a terminal line: control and format characters escaped, shortened.

    Save files come from users and from other programs; a field name or a value
    quoted in an error message must never move the cursor or retitle a window.
    """
    return one_line(text, limit)


class StorageError(Exception):
    """Base of the storage errors; ``str()`` is a one-line message for the user."""

    def __init__(self, message: str) -> None:
        super().__init__(clean(message))

    @property
    def message(self) -> str:
        return str(self.args[0])


class SaveError(StorageError):
    """A save or profile that cannot be read, verified or written; the message names the file."""


class FileTooBig(SaveError):
    """A file over its size limit (``read_limited``): read, as far as it goes, but refused."""


class SaveMismatch(SaveError):
    """A sound file this program cannot use (another card set, a newer format): no backup helps."""


class ReadOnlyGame(SaveError):
    """A change was asked of a game opened read-only."""


class SaveConflict(SaveError):
    """The file on disk changed since this process read or wrote it: it is not overwritten."""


class StoreUnreachable(SaveError):
    """The store cannot be reached (a database that does not answer): nothing was read or written."""


# what a player is told when the database is lost as they decide (issue 25): the game stays on screen
NOT_TAKEN = say.NOT_TAKEN


class GameLocked(SaveError):
    """Another process holds the game; ``user``, ``pid``, ``host`` and ``since`` say who."""

    def __init__(self, message: str, user: str = "", pid: int = 0, host: str = "", since: str = "") -> None:
        super().__init__(message)
        self.user = user
        self.pid = pid
        self.host = host
        self.since = since
