"""Tournaments in the line mode (issue 44.1): the main menu's entry 8, a tournament made, joined,
started, a round's table sat at, played to the end and its standings said; bad input one line."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from tournament_play import play_out

from lines.test_tv import Heard
from norsewind_tui.lines.io import LineIO
from norsewind_tui.lines.menu import Menu
from norsewind_tui.options import Options
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.handle import GameHandle


class Player:
    """One player's line mode (its main menu) on a thread: what it says, and a line typed."""

    def __init__(self, saves: Path, who: str, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("NORSEWIND_PLAYER", who)
        read, self.typing = os.pipe()
        self.out = Heard()
        self.heard = 0
        self.got: list[GameHandle | None] = []
        menu = Menu(AppContext(Options(saves=str(saves))), LineIO(os.fdopen(read, "rb"), self.out))
        self.thread = threading.Thread(target=lambda: self.got.append(menu.main()), daemon=True)
        self.thread.start()

    def answer(self, question: str, line: str) -> None:
        """Wait for ``question`` (said after the last answer), then type ``line``."""
        self.out.wait_for(question, self.heard)
        self.heard = self.out.getvalue().index(question, self.heard) + len(question)
        os.write(self.typing, line.encode() + b"\n")

    def said(self) -> list[str]:
        return self.out.getvalue()[self.heard :].splitlines()


def after_choice(said: list[str]) -> str:
    """The line said after the answer to a question (its "Choose ..." line)."""
    return said[next(i for i, line in enumerate(said) if line.startswith("Choose ")) + 1]


def test_a_tournament_in_lines_from_making_it_to_its_standings(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bob = Player(saves, "bob", monkeypatch)
    bob.answer("Choose 1 to 10:", "9")
    bob.answer("Choose 1 to 2:", "1")  # none here yet: make one
    bob.answer("Its name", "\x1b[31mcup")
    bob.out.wait_for("Choose 1 to 2:", bob.heard)  # refused in one line: the list again
    assert bob.said()[1:2] == ["Not done: '31mcup' would be its name: a tournament's name is letters, digits, - and _"]
    bob.answer("Choose 1 to 2:", "1")
    bob.answer("Its name", "cup")
    for question, line in (
        ("How are players paired?", "1"),
        ("How many players a table?", "1"),
        ("How many rounds?", "2"),
        ("How long may a round take?", "1"),
        ("Enter a computer level too?", "3"),  # greedy
        ("Enter a computer level too?", "4"),  # easy
        ("Enter a computer level too?", "1"),
        ("Which clock?", "1"),
    ):
        bob.answer(question, line)
    bob.out.wait_for("Open: 3 players in; bob starts it.", bob.heard)
    t = AppContext(Options(saves=str(saves))).tournaments
    t.join("cup", "alice")
    bob.answer("What now?", "3")  # look again: alice is in
    bob.out.wait_for("Open: 4 players in; bob starts it.", bob.heard)
    bob.answer("What now?", "1")  # start it
    bob.out.wait_for("  Table cup-r1-t1: playing (your seat)", bob.heard)
    bob.answer("What now?", "1")  # sit at your table
    bob.thread.join(60)
    (table,) = bob.got
    assert table is not None and table.name == "cup-r1-t1"
    table.close()
    play_out(t, "cup", ["cup-r1-t1"], ["bob", "alice"])
    play_out(t, "cup", ["cup-r2-t1", "cup-r2-t2"], ["bob", "alice"])
    again = Player(saves, "bob", monkeypatch)
    again.answer("Choose 1 to 10:", "9")
    again.answer("Choose 1 to 3:", "1")
    again.out.wait_for("What now?", again.heard)
    said = again.said()[1:]
    assert said[0] == "Tournament cup, made by bob"
    assert said[3].startswith("Over after 2 rounds: ")
    assert said[4] == "  #  Player                    Points  Buchholz  Margin  Played"
    look = t.look("cup")
    assert [line.split()[1] for line in said[5:9]] == [s.entrant.split()[0] for s in look.standings]


def test_a_join_after_the_start_and_a_leave_mid_round_each_say_one_line(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = AppContext(Options(saves=str(saves))).tournaments
    t.create("alice", "cup", computers=["greedy"])
    t.join("cup", "bob")
    carol = Player(saves, "carol", monkeypatch)
    carol.answer("Choose 1 to 10:", "9")
    carol.answer("Choose 1 to 3:", "1")
    carol.out.wait_for("What now?", carol.heard)
    t.start("cup", "alice")  # while carol reads the page
    carol.answer("What now?", "1")  # join it
    carol.out.wait_for("What now?", carol.heard)
    assert after_choice(carol.said()) == "Not done: cup has started: it takes no more players"
    bob = Player(saves, "bob", monkeypatch)
    bob.answer("Choose 1 to 10:", "9")
    bob.answer("Choose 1 to 3:", "1")
    bob.answer("What now?", "2")  # leave it (1: sit at his table)
    bob.out.wait_for("What now?", bob.heard)
    assert after_choice(bob.said()) == "You left cup: a table you sit at goes on, and you are paired no more."
    assert t.look("cup").doc.withdrawn == ("bob",)
