"""A table's chat kept beside the table in both stores (issue 41.2): what is kept, who reads it,
what wakes the others, and the bad input (escapes, a flood) that keeps nothing."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from computer_turns import finish_table
from tables.conftest import decide

from norsewind_tui.cli import main
from norsewind_tui.options import Options
from norsewind_tui.storage.chat import RATE
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.tables import SharedTable, TableStore
from norsewind_tui.talk import NotSaid, Quiet, Said, Talk, line_words, spoken

WAIT = 30.0


def three(tmp_path: Path, url: str | None) -> tuple[SharedTable, SharedTable, SharedTable]:
    """alice's table of two, bob in seat 2, carol watching."""
    tables = AppContext(Options(saves=str(tmp_path / "saves"), database=url)).tables
    alice = tables.create("alice", ["me", "open"], seed=5)
    bob = tables.open(alice.name, "bob")
    assert bob.join() == 1
    alice.poll()
    return alice, bob, tables.open(alice.name, "carol")


def test_a_players_line_reaches_the_other_player_and_wakes_them_never_a_spectator(
    tmp_path: Path, store_url: str | None
) -> None:
    alice, bob, carol = three(tmp_path, store_url)
    a, b, c = Talk(alice), Talk(bob), Talk(carol)
    assert b.news() == [] and c.news() == []  # the first look: nothing before counts as new
    woke = threading.Event()
    with b.book.watch("players", fallback=WAIT) as watch:
        assert watch.wait() is True  # the first wait returns at once

        def follow() -> None:
            if watch.wait():
                woke.set()

        thread = threading.Thread(target=follow)
        thread.start()
        assert isinstance(a.say("well played"), Said)
        assert woke.wait(WAIT)
        thread.join(WAIT)
    assert [line_words(line) for line in b.news()] == ["alice: well played"]
    assert isinstance(c.say("nice game"), Said)
    assert c.news() == []  # carol reads the spectators' channel: not alice's line
    assert b.news() == [] and [line_words(x) for x in b.lines()] == ["alice: well played"]
    assert [line_words(x) for x in c.lines()] == ["carol (watching): nice game"]
    line = b.lines()[0]
    assert (line.who, line.seat, line.decision) == ("alice", 0, 0)


def test_escapes_and_a_flood_keep_nothing_and_say_one_line(tmp_path: Path, store_url: str | None) -> None:
    alice, bob, _ = three(tmp_path, store_url)
    a = Talk(alice)
    out = a.say("hi \x1b[2J\x1b]0;owned\x07 \u202e there")
    assert isinstance(out, NotSaid)
    assert spoken(out) == "Not said: the line holds \\x1b, a control character or escape; type plain text."
    assert spoken(a.say("x" * 201)) == "Not said: a chat line has at most 200 characters."
    answers = [a.say(f"line {n}") for n in range(10_000)]
    kept = [x for x in answers if isinstance(x, Said)]
    told = [spoken(x) for x in answers if isinstance(x, NotSaid)]
    assert len(kept) == RATE
    assert told == ["Not said: at most 8 lines in 30 seconds; the rest was not kept. Wait a moment."]
    assert sum(isinstance(x, Quiet) for x in answers) == 10_000 - RATE - 1
    assert [x.text for x in Talk(bob).lines()] == [f"line {n}" for n in range(RATE)]
    bob.poll()
    assert bob.generation == alice.generation == 2  # the table itself: created, joined, nothing more


def test_the_text_export_marks_each_line_by_who_said_it_and_after_which_decision(
    saves: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tables = TableStore(saves)
    table = tables.create("alice", ["me", "greedy"], seed=5, name="evening")
    assert isinstance(Talk(table).say("good luck"), Said)
    if table.is_my_turn():
        table.push(table.legal_moves()[0])
    else:
        table.adopt(table.computer_step(decide) or table.view)
    assert table.session.position == 1
    carol = Talk(tables.open("evening", "carol"))
    assert isinstance(carol.say("watching you"), Said)
    finish_table(table)
    assert isinstance(Talk(table).say("well played"), Said)
    assert main(["--saves", str(saves), "export", "evening", "--table"]) == 0
    out = capsys.readouterr().out.splitlines()
    chat = [line.strip() for line in out if "Chat, " in line]
    assert chat == [
        "Chat, before the first decision: alice: good luck",
        "Chat, after decision 1: carol (watching): watching you",
        f"Chat, after decision {table.session.position}: alice: well played",
    ]
    first = next(i for i, line in enumerate(out) if line.strip().startswith("Turn  1    1."))
    assert out[first - 1].strip() == chat[0] and out[first + 1].strip() == chat[1]
