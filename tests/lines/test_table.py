"""A shared table in line mode (issue 29): alice opens it and bob joins it from the menu, each in a
line-mode process on a pty of their own; they play it to the end, each told once what the other did.
A stand-in line and presence: ``who`` says where the other player is."""

from __future__ import annotations

import random
from pathlib import Path

from norsewind_tui.options import Options
from norsewind_tui.rules.engine import cards_for
from norsewind_tui.storage.context import AppContext
from norsewind_tui.words import past

from .pty_lines import APP, LinePty, line_env, play_together


def _alice_opens(saves: Path) -> LinePty:
    alice = LinePty([*APP, "play", "--lines", "--seed", "9"], line_env(saves, "alice"))
    alice.expect_text("6. Shared tables")
    alice.expect_text("Choose 1 to 10")
    alice.send("6")
    alice.expect_text("1. Open a new table.")
    alice.expect_text("Choose 1 to 2")
    alice.send("1")
    alice.expect_text("How many seats?")
    alice.expect_text("Choose 1 to 3 (Enter: 1)")
    alice.send("1")  # two
    alice.expect_text("Who plays seat 2?")
    alice.expect_text("Choose 1 to 5 (Enter: 1)")  # open, or one of four computer players
    alice.send("")  # open, for bob
    alice.expect_text("Which clock?")
    alice.expect_text("Choose 1 to 5 (Enter: 1)")  # none, two live clocks, two turn-based ones
    alice.send("")  # none
    alice.expect_text("Who may watch?")
    alice.expect_text("Choose 1 to 3 (Enter: 1)")
    alice.send("")  # anyone on this host
    alice.expect_text("The table alice-table is open")
    alice.expect_text("At the table alice-table, seat 1.")
    return alice


def _bob_joins(saves: Path) -> LinePty:
    bob = LinePty([*APP, "play", "--lines"], line_env(saves, "bob"))
    bob.expect_text("6. Shared tables")
    bob.expect_text("Choose 1 to 10")
    bob.send("6")
    bob.expect_text("1. alice-table: alice, open; ")
    bob.expect_text("Choose 1 to 3")
    bob.send("1")
    bob.expect_text("1. Join seat 2.")
    bob.expect_text("Choose 1 to 2 (Enter: 1)")
    bob.send("")
    bob.expect_text("You sit at seat 2.")
    bob.expect_text("At the table alice-table, seat 2.")
    bob.expect_text("Seat 1, alice: at this table.")  # presence: alice's line mode is there
    return bob


def test_two_line_mode_players_at_one_table_to_the_end(saves: Path) -> None:
    alice = _alice_opens(saves)
    bob = None
    try:
        bob = _bob_joins(saves)
        rng = random.Random(4)
        made = play_together([alice, bob], lambda pty, count: str(rng.randint(1, count)))
        for pty in (alice, bob):
            winner = pty.expect(
                lambda line: " wins with " in line or " share the victory" in line or " tie " in line, "the verdict"
            )
            assert pty.lines[winner]
            assert pty.finish() == 0
            assert b"\x1b" not in pty.raw
            assert max(len(line) for line in pty.lines) <= 200
    finally:
        alice.close()
        if bob is not None:
            bob.close()
    context = AppContext(Options(saves=str(saves)))
    with_table = context.tables.open("alice-table", "alice")
    assert with_table.state.is_over
    session = with_table.session
    movers = [session.mover(i) for i in range(session.position)]
    assert made == [movers.count(0), movers.count(1)]  # each decision typed by its seat's player, once
    # what each decided is told to the other once, in order, as the log says it
    db = cards_for(with_table.state)
    names = ("alice", "bob")
    assert alice.lines.count("bob sits at seat 2.") == 1  # told once, when her next decision was made
    for pty, other in ((alice, 1), (bob, 0)):
        end = pty.lines.index("Final scores:")
        told = [line for line in pty.lines[:end] if line.startswith(names[other] + " ") and "sits at seat" not in line]
        expected = [
            past(e, names, db)
            for i in range(session.position)
            if movers[i] == other
            for e in session.events[i]
            if e.player == other
        ]
        assert told == expected
        assert len(told) > 20
