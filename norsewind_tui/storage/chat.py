"""A table's chat (issue 41.2): lines kept beside the table, never in its save file.

The table's document is the game (docs/SAVES.md); its chat is apart, so that a line said never
makes a new generation of the game (nor meets a decision's write) and the table's format stays
the game's.  Two *channels* per table, kept apart: the seated players' and the spectators' (a
spectator's line never reaches a player during play, nor a player's a spectator).

- **Files**: ``tables/NAME.chat`` (players) and ``tables/NAME.chat-watchers`` (spectators), one
  JSON object a line, appended under ``NAME.chat.lock``.  The folder's inotify wakes the others
  (``watch``), as a table's write does.
- **Database**: rows of ``chat_lines`` (migration 0005), inserted in a transaction that counts
  under an advisory lock; a trigger sends ``NOTIFY`` with the kind ``chat``, heard by the host's
  relay, which wakes the chat's own wake file.

Every line is checked at the store, whoever wrote it: its text is one line of at most ``LIMIT``
characters, safe (``safetext``: a control character or escape is refused, never stored), and a
player says at most ``RATE`` lines in ``WINDOW`` seconds and the channel holds at most ``KEEP``
lines: beyond that nothing is stored.  Lines are read strictly; one that does not decode (a file
edited by hand) is left out, never shown raw.  Each line names the table's id: a table removed
and opened again under its name starts a chat of its own.  Problems are typed (``ChatProblem``),
words are ``words/chat.py``'s.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Literal, Protocol

import msgspec

from ..safetext import first_unsafe
from .atomic import FileLock, read_limited, stamp_of
from .errors import SaveError
from .watch import FileWatch, Watch

Channel = Literal["players", "watchers"]
CHANNELS: tuple[Channel, ...] = ("players", "watchers")
LIMIT = 200  # characters in a line (a line of the app's chat box at 80 columns, twice)
RATE = 8  # lines a player may say ...
WINDOW = 30.0  # ... in this many seconds; a flood beyond is refused, nothing stored
KEEP = 500  # lines a channel keeps (a full chat refuses more; a game has ~100 decisions)
MAX_FILE = 512 * 1024  # bytes: KEEP lines of LIMIT characters, escaped, with their fields
LOCK_WAIT = 5.0
SUFFIXES: dict[Channel, str] = {"players": ".chat", "watchers": ".chat-watchers"}


class ChatLine(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One line said at a table: by whom, in which seat (-1: a spectator), after how many decisions."""

    game: str  # the table's id (SaveMeta.id)
    who: str  # the identity that said it
    seat: int  # -1 for a spectator
    decision: int  # the decisions made when it was said (the log's position)
    at: datetime
    text: str


@dataclass(frozen=True)
class ChatProblem:
    """Why a line was not kept (nothing stored): ``code`` and its numbers, worded by ``words/chat.py``."""

    code: Literal["empty", "long", "unsafe", "flood", "full", "unreachable"]
    limit: int = 0
    window: float = 0.0
    char: str = ""


def check_text(text: str) -> ChatProblem | None:
    """Why ``text`` may not be said (None: it may): empty, too long, or with a character a terminal
    would interpret (an escape, a control, a bidi override)."""
    if not text.strip():
        return ChatProblem("empty")
    if len(text) > LIMIT:
        return ChatProblem("long", limit=LIMIT)
    if (bad := first_unsafe(text)) is not None:
        return ChatProblem("unsafe", char=bad)
    return None


def admit(lines: list[ChatLine], line: ChatLine) -> ChatProblem | None:
    """Why ``line`` may not join the channel's ``lines`` now (the rate, the channel full), or None."""
    if len(lines) >= KEEP:
        return ChatProblem("full", limit=KEEP)
    since = line.at - timedelta(seconds=WINDOW)
    recent = sum(1 for old in lines if old.who == line.who and old.at > since)
    if recent >= RATE:
        return ChatProblem("flood", limit=RATE, window=WINDOW)
    return None


class ChatBook(Protocol):
    """One table's chat in one store."""

    def lines(self, channel: Channel, game: str) -> list[ChatLine]:
        """The channel's lines of the table ``game`` (its id), oldest first."""

    def add(self, channel: Channel, line: ChatLine) -> ChatProblem | None:
        """Keep ``line`` unless the text, the rate or the room refuses it (then nothing is stored)."""

    def stamp(self, channel: Channel) -> object:
        """What changes whenever the channel does (None: no line yet)."""

    def watch(self, channel: Channel, fallback: float) -> Watch:
        """Woken when a line is added to the channel (by any process of the host, or another host)."""

    def remove(self) -> None:
        """The chat goes with its table."""


_decode = msgspec.json.Decoder(ChatLine)
_encode = msgspec.json.Encoder()


def decode_lines(data: bytes, game: str) -> list[ChatLine]:
    """The lines of ``data`` (one JSON object a line) of the table ``game``; an undecodable line is left out."""
    out = []
    for raw in data.splitlines():
        try:
            line = _decode.decode(raw)
        except (msgspec.DecodeError, msgspec.ValidationError):
            continue
        if line.game == game and check_text(line.text) is None:
            out.append(line)
    return out


class FileChat:
    """A table's chat as two files beside the table's file."""

    def __init__(self, folder: Path, name: str) -> None:
        self.folder = folder
        self.name = name
        self.lock_path = folder / (name + ".chat.lock")

    def path(self, channel: Channel) -> Path:
        return self.folder / (self.name + SUFFIXES[channel])

    def _read(self, channel: Channel) -> bytes:
        try:
            return read_limited(self.path(channel), MAX_FILE, owned=True)
        except FileNotFoundError:
            return b""

    def lines(self, channel: Channel, game: str) -> list[ChatLine]:
        return decode_lines(self._read(channel), game)

    def add(self, channel: Channel, line: ChatLine) -> ChatProblem | None:
        if (problem := check_text(line.text)) is not None:
            return problem
        lock = FileLock(self.lock_path, f"the chat of the table {self.name}")
        lock.acquire(timeout=LOCK_WAIT)
        try:
            if (problem := admit(self.lines(channel, line.game), line)) is not None:
                return problem
            data = _encode.encode(line) + b"\n"
            flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC
            try:
                fd = os.open(self.path(channel), flags, 0o644)
                try:
                    os.write(fd, data)
                    os.fsync(fd)
                finally:
                    os.close(fd)
            except OSError as exc:
                raise SaveError(f"{self.path(channel)}: cannot write: {exc.strerror or exc}") from None
            return None
        finally:
            lock.release()

    def stamp(self, channel: Channel) -> object:
        return stamp_of(self.path(channel))

    def watch(self, channel: Channel, fallback: float) -> Watch:
        return FileWatch(self.folder, [self.path(channel).name], fallback)

    def remove(self) -> None:
        for path in (*(self.path(c) for c in CHANNELS), self.lock_path):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)


__all__ = [
    "CHANNELS",
    "KEEP",
    "LIMIT",
    "RATE",
    "WINDOW",
    "Channel",
    "ChatBook",
    "ChatLine",
    "ChatProblem",
    "FileChat",
    "admit",
    "check_text",
    "decode_lines",
]
