"""The line mode's terminal: whole lines out (safe text, at most ``LONGEST`` characters each), whole
lines in (a reader thread, so a table's follower can wait for others and for the player at once).

Nothing is redrawn and no escape sequence is written unless colour was asked for (``--colour``).
The end of the input (Ctrl+D, a closed connection, a hang-up) is ``None`` from ``read``; a terminal
that can no longer be written to raises ``HangUp``: the game is saved at every decision already.
"""

from __future__ import annotations

import os
import queue
import re
import signal
import textwrap
import threading
from collections.abc import Callable
from types import FrameType
from typing import BinaryIO, Literal, TextIO

from ..safetext import printable, safe_text
from ..words.lines import LONGEST

Kind = Literal["info", "ask", "error", "event", "choice"]
COLOURS: dict[Kind, str] = {"ask": "\x1b[1m", "error": "\x1b[31m", "event": "\x1b[36m", "choice": "", "info": ""}
RESET = "\x1b[0m"
MAX_INPUT = 65536  # characters of one line typed: the rest is not read as the line


class HangUp(Exception):
    """The terminal went away (a hang-up, a closed connection): end quietly, the game is saved."""


SENTENCE_END = re.compile(r"(?<=[.!?])\s+")  # where a sentence ends and the next begins
CLAUSE_ENDS = (re.compile(r"(?<=;)\s+"), re.compile(r"(?<=[,:])\s+"))  # inside one, when it must
NUMBERED = re.compile(r" (?=\d)")  # "kingdom 1", "slot 4": a word and its number stay on one line
GLUE = "\x00"


def split(text: str, width: int = LONGEST) -> list[str]:
    """``text`` as lines of at most ``width`` characters, broken between sentences (issue 39.7);
    a sentence longer than a line is broken after a ``;``, else after a ``,`` or ``:``, else
    between words, never between a word and its number."""
    if len(text) <= width:
        return [text]
    return _pack([piece for s in SENTENCE_END.split(text) for piece in _fit(s, width, 0)], width)


def _fit(part: str, width: int, depth: int) -> list[str]:
    """``part`` in pieces of at most ``width`` characters, each broken at the coarsest boundary."""
    if len(part) <= width:
        return [part]
    if depth < len(CLAUSE_ENDS):
        pieces = [p for c in CLAUSE_ENDS[depth].split(part) for p in _fit(c, width, depth + 1)]
        return _pack(pieces, width)
    glued = NUMBERED.sub(GLUE, part)
    wrapped = textwrap.wrap(glued, width, break_long_words=True, break_on_hyphens=False) or [""]
    return [line.replace(GLUE, " ") for line in wrapped]


def _pack(pieces: list[str], width: int) -> list[str]:
    """Consecutive pieces joined on one line while it stays within ``width``."""
    lines: list[str] = []
    for piece in pieces:
        if lines and len(lines[-1]) + 1 + len(piece) <= width:
            lines[-1] += " " + piece
        else:
            lines.append(piece)
    return lines


class LineIO:
    """One player's lines: ``say`` writes, ``read`` waits for the next line typed (None at the end)."""

    def __init__(self, inp: BinaryIO, out: TextIO, colour: bool = False) -> None:
        self.inp = inp
        self.out = out
        self.colour = colour
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._reader: threading.Thread | None = None
        self._ended = False
        self.on_line: Callable[[], None] | None = None  # called from the reader when a line arrives

    # ------------------------------------------------------------------ out

    def say(self, text: str, kind: Kind = "info") -> None:
        """One line (or a few, when longer than ``LONGEST``): safe text, never an escape unless colour."""
        lines = split(safe_text(text.replace("\n", " ").replace("\r", " ")))
        start, end = (COLOURS[kind], RESET) if self.colour and COLOURS[kind] else ("", "")
        try:
            for line in lines:
                self.out.write(f"{start}{line}{end}\n")
            self.out.flush()
        except (OSError, ValueError) as exc:  # EIO on a pty whose other side closed, a closed pipe
            raise HangUp(str(exc)) from None

    def say_all(self, lines: list[str], kind: Kind = "info") -> None:
        for line in lines:
            if line.strip():
                self.say(line.strip(), kind)

    # ------------------------------------------------------------------ in

    def _read_loop(self) -> None:
        while True:
            try:
                raw = self.inp.readline()
            except (OSError, ValueError):  # EIO: the terminal hung up
                raw = b""
            if not raw:
                self._lines.put(None)
                self._wake()
                return
            line = printable(raw.decode("utf-8", errors="replace")[:MAX_INPUT]).strip()
            self._lines.put(line)
            self._wake()

    def _wake(self) -> None:
        on_line = self.on_line
        if on_line is not None:
            on_line()

    def _start(self) -> None:
        if self._reader is None:
            self._reader = threading.Thread(target=self._read_loop, name="lines-reader", daemon=True)
            self._reader.start()

    def pending(self) -> bool:
        """Has a line (or the end) arrived that ``read`` will return at once?"""
        self._start()
        return self._ended or not self._lines.empty()

    def read_within(self, timeout: float) -> tuple[bool, str | None]:
        """``(True, line)`` when a line (or the end: ``None``) arrives within ``timeout`` seconds,
        else ``(False, None)``: a channel that shows something between lines asks this way."""
        if self._ended:
            return True, None
        self._start()
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            return False, None
        if line is None:
            self._ended = True
        return True, line

    def read(self) -> str | None:
        """The next line typed, stripped (None once the input ended: always None from then on)."""
        if self._ended:
            return None
        self._start()
        line = self._lines.get()
        if line is None:
            self._ended = True
        return line


def on_hang_up() -> None:
    """A hang-up (SIGHUP, SIGTERM) ends the mode as the end of the input does: quietly, saved."""

    def hang_up(signum: int, frame: FrameType | None) -> None:
        raise HangUp(signal.Signals(signum).name)

    for sig in (signal.SIGHUP, signal.SIGTERM):
        if threading.current_thread() is threading.main_thread():
            signal.signal(sig, hang_up)


def stdio() -> tuple[BinaryIO, TextIO]:
    """The process's own terminal: binary stdin (read whole lines), text stdout (line-buffered)."""
    inp = os.fdopen(os.dup(0), "rb", buffering=0)
    out = os.fdopen(os.dup(1), "w", encoding="utf-8", errors="replace", buffering=1)
    return inp, out
