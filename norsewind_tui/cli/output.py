"""The commands' standard output: when it fails (a full disk, an I/O error), one line and exit 1.

Every command prints through ``sys.stdout`` (``print``, ``sys.stdout.write``, rich's consoles,
which look it up at each write).  For the command's run, ``guarded_stdout`` puts a thin
wrapper there that turns a failed write or flush of that stream into ``OutputFailed``, so
that it is told apart from any other file's ``OSError``, and flushes it before the command
returns (a short output is otherwise written only at exit, where a failure is a traceback).
A broken pipe ends the command quietly, exit 1 (as rich's consoles did already).
"""

from __future__ import annotations

import contextlib
import os
import sys
import textwrap
from collections.abc import Iterator
from typing import Any, TextIO, cast

from ..safetext import safe_text


class OutputFailed(Exception):
    """Standard output refused a write; ``error`` is the system's error."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


class _Guarded:
    """``stream``, with its write failures raised as ``OutputFailed``; every other attribute its own."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except OSError as exc:
            raise OutputFailed(exc) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as exc:
            raise OutputFailed(exc) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextlib.contextmanager
def guarded_stdout() -> Iterator[None]:
    """Run the block with a guarded ``sys.stdout``, flushed at its end, also when it exits
    (``--help``, ``SystemExit``): an ``OutputFailed`` then replaces what ended it."""
    real = sys.stdout
    sys.stdout = cast(TextIO, _Guarded(real))
    try:
        yield
    finally:
        try:
            sys.stdout.flush()
        finally:
            sys.stdout = real


def cannot_write(failed: OutputFailed) -> int:
    """Say why the output failed, once, on stderr; what is still buffered is dropped (exit status 1).

    A broken pipe says nothing: the reader went away (``norsewind saves | head -1``), as rich does.
    """
    with contextlib.suppress(OSError, ValueError):  # no file descriptor (a test's captured stream)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # the interpreter's flush at exit must not fail again
        os.close(devnull)
    if isinstance(failed.error, BrokenPipeError):
        return 1
    reason = failed.error.strerror or str(failed.error)
    with contextlib.suppress(OSError):
        print(f"norsewind: cannot write the output: {reason}", file=sys.stderr)
    return 1


def error_lines(message: str, stream: TextIO | None = None) -> str:
    """``norsewind: message`` for ``stream`` (standard error): one line for a file or a pipe;
    on a terminal wrapped at words to its width (issue 39: the card-set refusal of an old save,
    about 200 characters, was wrapped by the terminal in the middle of words at 80 columns),
    where a line break in ``message`` starts a new line (not a visible ``\\x0a``)."""
    stream = stream if stream is not None else sys.stderr
    lines = [safe_text(line) for line in message.splitlines() or [""]]
    try:
        width = os.get_terminal_size(stream.fileno()).columns if stream.isatty() else 0
    except (OSError, ValueError, AttributeError):
        width = 0
    if width < 20:
        return "norsewind: " + safe_text(message)  # a file, a pipe: one line, as ever
    out: list[str] = []
    for i, line in enumerate(lines):
        first = "norsewind: " if i == 0 else "  "
        out += textwrap.wrap(line, width - 1, initial_indent=first, subsequent_indent="  ", break_on_hyphens=False)
    return "\n".join(out)
