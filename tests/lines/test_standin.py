"""Stand-ins in line mode (issue 29): when the person to move is away, the waiting player is told
since when and when the computer plays for them, once; the stand-in's decisions are told as the
computer's for that person.  Time is a ``ManualClock`` and presence the real ``PresenceStore``
(each player's process has its own record), so "away for 5 minutes" is reached by moving the clock."""

from __future__ import annotations

import io
from datetime import UTC, datetime
from pathlib import Path
from typing import BinaryIO

from norsewind_tui.computer import Computer
from norsewind_tui.lines.conversation import Conversation
from norsewind_tui.lines.io import LineIO
from norsewind_tui.lines.tables import presence_lines, standin_line, standin_of
from norsewind_tui.storage.clock import ManualClock
from norsewind_tui.storage.presence import PresenceStore, clock_words
from norsewind_tui.storage.tables import TableStore

START = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def test_the_standin_line_then_the_computer_plays_for_the_person_away(tmp_path: Path, no_input: BinaryIO) -> None:
    clock = ManualClock(START)
    store = TableStore(tmp_path, clock=clock)
    alice = store.create("alice", ["me", "open"], seed=7, name="friday", standin=5)
    bob = store.open("friday", "bob")
    bob.join()
    alice.poll()
    here = {who: PresenceStore(tmp_path, clock).enter(who) for who in ("alice", "bob")}
    for handle in here.values():
        handle.at_table("friday")
    while alice.state.current != 1 or alice.session.position == 0:  # the first choices, to bob's turn
        mover = alice if alice.is_my_turn() else bob
        mover.push(mover.legal_moves()[0])
        alice.poll()
        bob.poll()
    presence = PresenceStore(tmp_path, clock)  # what alice's process reads
    assert presence_lines(alice, presence, clock()) == ["Seat 2, bob: at this table."]

    here["bob"].leave()  # bob's terminal goes away
    standin = standin_of(alice, clock)
    since = clock_words(START, True, clock())
    assert standin_line(alice, standin, clock) == f"bob is away since {since}; the computer plays for bob in 5 minutes."
    assert presence_lines(alice, presence, clock()) == [f"Seat 2, bob: away since {since}."]

    out = io.StringIO()
    conv = Conversation(alice, LineIO(no_input, out), Computer(7), standin=lambda: standin)
    position = alice.session.position
    assert not conv.follow()  # not yet: bob has been away for no time
    clock.advance(minutes=6)
    here["alice"].beat()
    assert standin_line(alice, standin, clock) == f"bob is away since {since}; the computer plays for bob."
    assert conv.follow()  # the computer played bob's decision, written to the table
    assert alice.session.position == position + 1
    conv.tell()
    told = out.getvalue().splitlines()
    assert told and all(line.startswith("Computer for bob: ") or " was revealed " in line for line in told)
    assert alice.view.computer_made() == frozenset({position})
