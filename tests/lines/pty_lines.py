"""The line mode as a screen reader's user meets it: the command on a pty, read as lines only.

``LinePty`` starts ``norsewind play --lines`` (or any argv) on a pseudo-terminal and keeps every
byte it writes.  ``expect`` waits for a line (never a sleep: ``select`` on the pty until the line
is there, within a generous deadline for a loaded machine); ``send`` types a line.
"""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from child_env import app_env

APP = [sys.executable, "-m", "norsewind_tui.cli"]
WAIT = 120.0  # seconds for one line to come, at most (a loaded machine; a hard computer player)
ASK = re.compile(r"^Choose 1( to (\d+))?, or type a word")
CHOICE = re.compile(r"^(\d+)\. (.*)$")


def line_env(saves: Path, player: str, **extra: str) -> dict[str, str]:
    return app_env(saves, player, **{"TERM": "dumb", **extra})


class LinePty:
    """A line-mode process on a pty: its output as lines, its input typed a line at a time."""

    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        self.master, slave = os.openpty()
        self.proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
        os.close(slave)
        self.raw = bytearray()
        self.lines: list[str] = []  # every whole line read so far
        self.read_to = 0  # lines before this one were matched by an ``expect`` already
        self._partial = b""

    def _pump(self, deadline: float) -> bool:
        """Read what is there (waiting until ``deadline``); False at the end of the output."""
        left = deadline - time.monotonic()
        assert left > 0, f"no line in time; the last lines: {self.lines[-12:]} {self._partial!r}"
        ready, _, _ = select.select([self.master], [], [], left)
        if not ready:
            return True
        try:
            data = os.read(self.master, 65536)
        except OSError:  # EIO: the process closed its side
            return False
        if not data:
            return False
        self.raw += data
        *whole, self._partial = (self._partial + data).split(b"\n")
        self.lines += [line.rstrip(b"\r").decode("utf-8") for line in whole]
        return True

    def expect(self, match: Callable[[str], bool], what: str, wait: float = WAIT) -> int:
        """Wait for the next line (after those matched before) that ``match``es; its index."""
        deadline = time.monotonic() + wait
        while True:
            for index in range(self.read_to, len(self.lines)):
                if match(self.lines[index]):
                    self.read_to = index + 1
                    return index
            assert self._pump(deadline), f"the output ended before {what}; the last lines: {self.lines[-12:]}"

    def expect_text(self, start: str, wait: float = WAIT) -> int:
        return self.expect(lambda line: line.startswith(start), repr(start), wait)

    def ask(self) -> tuple[int, list[str], int]:
        """The next decision: (index of its first line, its numbered choices, how many it says)."""
        at = self.expect(lambda line: bool(ASK.match(line)), "a decision's question")
        found = ASK.match(self.lines[at])
        assert found is not None
        count = int(found.group(2) or 1)
        start = at
        while start > 0 and not self.lines[start - 1].startswith("Turn "):
            start -= 1
        choices = [line for line in self.lines[start:at] if CHOICE.match(line)]
        return start - 1, choices, count

    def send(self, line: str) -> None:
        os.write(self.master, line.encode() + b"\n")

    def talk(self, *steps: tuple[str, str]) -> None:
        """For each (prompt, answer): wait for a line that starts with the prompt, then type the answer."""
        for prompt, answer in steps:
            self.expect_text(prompt)
            self.send(answer)

    def end_input(self) -> None:
        """Ctrl+D at the start of a line: the end of the input, as a screen reader's user ends it."""
        os.write(self.master, b"\x04")

    def finish(self, wait: float = WAIT) -> int:
        """Read to the end of the output; the exit status."""
        deadline = time.monotonic() + wait
        while self._pump(deadline):
            pass
        return self.proc.wait(timeout=wait)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        os.close(self.master)

    def __enter__(self) -> LinePty:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def resumed_one_decision(pty: LinePty, name: str) -> None:
    """A resumed game (``name``) in the line mode: its first line, one decision (choice 1), the next
    decision asked, then the end of the input (the game is saved: the caller reads what it said)."""
    pty.expect_text(f"Resuming {name} at turn ")
    pty.ask()
    pty.send("1")
    pty.ask()
    pty.end_input()


OVER = "Final scores:"


def play_together(ptys: list[LinePty], choose: Callable[[LinePty, int], str], wait: float = WAIT) -> list[int]:
    """Several line-mode players at one table until each has said the game is over: whoever is asked
    a decision answers ``choose(pty, count)``.  Waits on the ptys' output alone (``select``), each
    step within ``wait``; how many decisions each one made."""
    made = [0] * len(ptys)
    over = [False] * len(ptys)
    while not all(over):
        deadline = time.monotonic() + wait
        asked = False
        for i, pty in enumerate(ptys):
            for index in range(pty.read_to, len(pty.lines)):
                line = pty.lines[index]
                if line == OVER:
                    over[i] = True
                    pty.read_to = index + 1
                    break
                found = ASK.match(line)
                if found:
                    pty.read_to = index + 1
                    pty.send(choose(pty, int(found.group(2) or 1)))
                    made[i] += 1
                    asked = True
                    break
        if asked or all(over):
            continue
        left = deadline - time.monotonic()
        ready, _, _ = select.select([p.master for i, p in enumerate(ptys) if not over[i]], [], [], left)
        assert ready, f"nobody was asked anything in {wait} s; the last lines: {[p.lines[-8:] for p in ptys]}"
        for pty in ptys:
            if pty.master in ready:
                assert pty._pump(time.monotonic() + wait), f"the output ended early: {pty.lines[-12:]}"
    return made
