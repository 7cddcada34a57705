"""A table's clock in line mode (issue 41.1): the prompt says the time left, ``clock`` says whose clock
runs, and when a clock runs out the stand-in decides (told as the computer's for that person); the
player then decides again themselves.  Time is a ``ManualClock`` shared by both players' stores."""

from __future__ import annotations

import io
from datetime import UTC, datetime
from pathlib import Path
from typing import BinaryIO

from seat_turns import bob_on_the_clock

from norsewind_tui.computer import Computer
from norsewind_tui.lines.conversation import Conversation
from norsewind_tui.lines.io import LineIO
from norsewind_tui.lines.tables import clock_line, my_clock
from norsewind_tui.storage.clock import ManualClock
from norsewind_tui.storage.tableclock import EMPTY_BANK
from norsewind_tui.storage.tables import SharedTable, TableStore

START = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def conversation(table: SharedTable, out: io.StringIO, no_input: BinaryIO) -> Conversation:
    return Conversation(
        table,
        LineIO(no_input, out),
        Computer(7),
        clock=lambda: my_clock(table),
        clock_line=lambda: clock_line(table),
    )


def test_the_clock_word_the_prompt_and_the_standin_when_it_runs_out(tmp_path: Path, no_input: BinaryIO) -> None:
    clock = ManualClock(START)
    alice, bob = bob_on_the_clock(tmp_path, clock)
    bank = bob.clock_left()
    assert bank is not None and bank >= 600
    out = io.StringIO()
    conv = conversation(alice, out, no_input)
    conv.cmd_clock("")
    clock.advance(seconds=bank - 65)
    conv.cmd_clock("")
    minutes, seconds = divmod(bank, 60)
    assert out.getvalue().splitlines() == [
        f"Clock: bob has {minutes}:{seconds:02d} left. (live: 10 min + 5 s a decision)",
        "Clock: bob has 1:05 left. (live: 10 min + 5 s a decision)",
    ]
    assert not conv.follow()  # bob has time left: nothing plays for him
    clock.advance(seconds=65)
    position = alice.session.position
    assert conv.follow()  # out of time: the stand-in decided for bob, from alice's terminal
    assert alice.view.by_computer(1) == (position,)
    out.truncate(0)
    out.seek(0)
    conv.tell()
    told = out.getvalue().splitlines()
    assert told and told[0].startswith("Computer for bob: ")
    bob.poll()
    while not bob.is_my_turn():  # bob's next decision is his own, with the empty bank's time
        alice.push(alice.legal_moves()[0])
        bob.poll()
    mine = io.StringIO()
    bobs = conversation(bob, mine, no_input)
    bobs.ask()
    prompt = f"(0:{EMPTY_BANK} left on your clock), or type a word (help lists them):"
    assert mine.getvalue().splitlines()[-1].endswith(prompt)


def test_the_clock_word_at_a_table_without_one_and_in_a_game_of_ones_own(tmp_path: Path, no_input: BinaryIO) -> None:
    alice = TableStore(tmp_path).create("alice", ["me", "greedy"], seed=7, name="friday")
    out = io.StringIO()
    conversation(alice, out, no_input).cmd_clock("")
    Conversation(alice, LineIO(no_input, out), Computer(7)).cmd_clock("")
    assert out.getvalue().splitlines() == [
        "This table has no clock: a player takes the time they need.",
        "clock is for shared tables: this game has no clock.",
    ]
