"""``norsewind tournament`` (issue 44.1): create, join, start, show, leave and list on the command
line; each refusal one line, exit 2; ``show`` within 80 columns."""

from __future__ import annotations

from pathlib import Path

import pytest
from tournament_play import play_out

from norsewind_tui.cli import main
from norsewind_tui.options import Options
from norsewind_tui.storage.context import AppContext

LONG = "Bartholomew-Alexandrinus"  # 24 characters: the longest name the forms take


def run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, who: str, *argv: str
) -> tuple[int, list[str], str]:
    monkeypatch.setenv("NORSEWIND_PLAYER", who)
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def test_a_round_robin_of_two_people_and_two_computers_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    saves = ["--saves", str(tmp_path)]
    create = ["tournament", "create", "cup", "--computer", "greedy", "--computer", "easy", "--rounds", "2"]
    assert run(capsys, monkeypatch, "alice", *saves, *create, "--clock", "turn:1d/3d") == (
        0,
        ["cup is made: players join it (norsewind tournament join cup), then you start it."],
        "",
    )
    assert run(capsys, monkeypatch, LONG, *saves, "tournament", "join", "cup") == (
        0,
        ["You are in cup: its creator starts it."],
        "",
    )
    assert run(capsys, monkeypatch, LONG, *saves, "tournament", "show", "cup")[1] == [
        "Tournament cup, made by alice",
        "Round-robin, 2 players a table, 2 rounds of 24 h at most",
        "Its tables' clock: turn-based: 1 d a decision, up to 3 d",
        "Open: 4 players in; alice starts it.",
        f"Players: alice, greedy (computer), easy (computer), {LONG}",
    ]
    assert run(capsys, monkeypatch, LONG, *saves, "tournament", "start", "cup") == (
        2,
        [],
        "norsewind: only alice, who made cup, starts it\n",
    )
    assert run(capsys, monkeypatch, "alice", *saves, "tournament", "start", "cup") == (
        0,
        ["cup has started: its first round's tables are made."],
        "",
    )
    assert run(capsys, monkeypatch, "carol", *saves, "tournament", "join", "cup") == (
        2,
        [],
        "norsewind: cup has started: it takes no more players\n",
    )
    t = AppContext(Options(saves=str(tmp_path))).tournaments
    play_out(t, "cup", ["cup-r1-t1"], ["alice", LONG])
    play_out(t, "cup", ["cup-r2-t1", "cup-r2-t2"], ["alice", LONG])
    code, lines, err = run(capsys, monkeypatch, "alice", *saves, "tournament", "show", "cup")
    first, second = (r.deadline.strftime("%Y-%m-%d %H:%M") for r in t.look("cup").doc.made)
    assert (code, err) == (0, "")
    assert lines == [
        "Tournament cup, made by alice",
        "Round-robin, 2 players a table, 2 rounds of 24 h at most",
        "Its tables' clock: turn-based: 1 d a decision, up to 3 d",
        "Over after 2 rounds: easy (computer) won.",
        "",
        "  #  Player                    Points  Buchholz  Margin  Played",
        "  1  easy (computer)             2.00      1.00   +43.0       2",
        "  2  greedy (computer)           1.00      3.00   +41.0       2",
        "  3  Bartholomew-Alexandrinus    1.00      1.00   -36.5       2",
        "  4  alice                       0.00      3.00   -47.5       2",
        "Ties: Buchholz (the points of those met), then the margin over the mean.",
        "",
        f"Round 2 of 2, to be played by {second} UTC",
        "  Table cup-r2-t1: finished",
        "    alice                     0 points",
        "    easy (computer)           1 point",
        "  Table cup-r2-t2: finished",
        "    Bartholomew-Alexandrinus  0 points",
        "    greedy (computer)         1 point",
        "",
        f"Round 1 of 2, to be played by {first} UTC",
        "  Table cup-r1-t1: finished",
        "    alice                     0 points",
        "    Bartholomew-Alexandrinus  1 point",
        "  Table cup-r1-t2: finished",
        "    greedy (computer)         0 points",
        "    easy (computer)           1 point",
    ]
    assert max(len(line) for line in lines) <= 80
    assert run(capsys, monkeypatch, "alice", *saves, "tournament", "list")[1] == [
        "cup                                  round-robin  4 players  round 2 of 2"
    ]


def test_bad_input_on_the_command_line_gets_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    saves = ["--saves", str(tmp_path)]
    assert run(capsys, monkeypatch, "alice", *saves, "tournament", "create", "\x1b[31mcup\x1b]0;OWNED\x07") == (
        2,
        [],
        "norsewind: '31mcup-0-OWNED' would be its name: a tournament's name is letters, digits, - and _\n",
    )
    assert run(capsys, monkeypatch, "alice", *saves, "tournament", "create", "cup", "--computer", "zz") == (
        2,
        [],
        "norsewind: --computer 'zz' is no computer level: choose from random, greedy, easy, normal, hard, expert\n",
    )
    assert run(capsys, monkeypatch, "alice", *saves, "tournament", "create", "cup", "--seats", "5")[2] == (
        "norsewind: --seats must be 2 to 4\n"
    )
    assert run(capsys, monkeypatch, "alice", *saves, "tournament", "list")[1] == [
        "No tournament here yet: norsewind tournament create NAME makes one."
    ]
    run(capsys, monkeypatch, "alice", *saves, "tournament", "create", "cup", "--computer", "greedy")
    run(capsys, monkeypatch, "bob", *saves, "tournament", "join", "cup")
    run(capsys, monkeypatch, "alice", *saves, "tournament", "start", "cup")
    # bob leaves mid-round: said in one line; his table goes on (he loses it at its deadline)
    assert run(capsys, monkeypatch, "bob", *saves, "tournament", "leave", "cup") == (
        0,
        ["You left cup: a table you sit at goes on, and you are paired no more."],
        "",
    )
    assert run(capsys, monkeypatch, "bob", *saves, "tournament", "leave", "cup") == (
        2,
        [],
        "norsewind: you (bob) left cup already\n",
    )
    assert run(capsys, monkeypatch, "bob", *saves, "tournament", "show", "nope")[2] == (
        "norsewind: no tournament is called nope\n"
    )
    doc = AppContext(Options(saves=str(tmp_path))).tournaments.look("cup").doc
    assert ([e.key for e in doc.entrants], doc.withdrawn) == (["alice", "greedy (computer)", "bob"], ("bob",))
