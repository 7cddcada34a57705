"""Norsewind TV in lines (issue 44.2): ``norsewind tv --lines`` says the live table the rule picks,
a line per decision, and leaves on q; a replay steps back on b."""

from __future__ import annotations

import io
import os
import threading
from pathlib import Path

import pytest
from tv_tables import finish, table

from norsewind_tui.lines.io import LineIO
from norsewind_tui.lines.tv import run_tv
from norsewind_tui.options import Options
from norsewind_tui.storage.context import AppContext

WAIT = 60.0  # seconds at most for a line to be said on a loaded machine


class Heard(io.StringIO):
    """The lines said, and a wait for one that holds a text."""

    def __init__(self) -> None:
        super().__init__()
        self.changed = threading.Condition()

    def write(self, text: str) -> int:
        with self.changed:
            n = super().write(text)
            self.changed.notify_all()
            return n

    def wait_for(self, text: str, after: int = 0) -> None:
        with self.changed:
            if not self.changed.wait_for(lambda: text in self.getvalue()[after:], WAIT):
                raise AssertionError(f"never said {text!r}:\n{self.getvalue()}")


@pytest.fixture
def channel(saves: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Heard, int, threading.Thread, list[int]]:
    """``norsewind tv --lines`` for carol (a watcher) on its own thread: what it says, the pipe to type into."""
    monkeypatch.setenv("NORSEWIND_PLAYER", "carol")
    read, write = os.pipe()
    out = Heard()
    ended: list[int] = []
    context = AppContext(Options(saves=str(saves)))
    thread = threading.Thread(
        target=lambda: ended.append(run_tv(context, LineIO(os.fdopen(read, "rb"), out), pace=0.05)), daemon=True
    )
    return out, write, thread, ended


def test_the_line_mode_says_the_live_table_then_leaves_on_q(
    saves: Path, channel: tuple[Heard, int, threading.Thread, list[int]]
) -> None:
    out, typing, thread, ended = channel
    table(saves, "duel", "alice", "bob", 3)
    thread.start()
    out.wait_for("Norsewind TV, live at duel, turn 1: alice (1000) -23, bob (1000) -14")
    os.write(typing, b"q\n")
    thread.join(WAIT)
    assert ended == [0]
    lines = out.getvalue().splitlines()
    assert lines[:3] == [
        "f follows this table, b steps a replay back, Enter goes on, q leaves.",
        "Norsewind TV, live at duel, turn 1: alice (1000) -23, bob (1000) -14",
        lines[2],  # the third decision's words
    ]
    assert lines[2].startswith(("alice ", "bob "))


def test_the_line_mode_replays_a_finished_table_and_steps_it_back(
    saves: Path, channel: tuple[Heard, int, threading.Thread, list[int]]
) -> None:
    out, typing, thread, ended = channel
    table(saves, "duel", "alice", "bob", 3)
    finish(saves, "duel", "alice", "bob")
    thread.start()
    out.wait_for("Norsewind TV, replay of duel, decision 0 of 78")
    os.write(typing, b"f\n")  # followed: it stays on this replay
    out.wait_for("[following]")
    os.write(typing, b"b\n")
    out.wait_for("held")
    os.write(typing, b"q\n")
    thread.join(WAIT)
    assert ended == [0]
