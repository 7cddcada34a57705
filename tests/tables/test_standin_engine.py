"""An outside engine as a table's stand-in (issue 29): the table names it, the host says what it runs.

The engines are real programs on real pipes (``examples/engine.py``, ``tests/fixtures/engines/broken.py``),
named in a real engines file of the saves folder (``storage/engines.py``) and run by the app's own
``Computer`` (``tui/computer.py``), as the table screen's driver runs them.  Time is a ``ManualClock``;
presence is the saves folder's ``PresenceStore``: bob is away from the start, so every decision of his
seat is the stand-in's.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from computer_turns import play_computer
from example_engine import BROKEN, EXAMPLE, example_moves

from norsewind_tui.bots.engine import EngineFault, fault_line
from norsewind_tui.bots.greedy import GreedyBot
from norsewind_tui.rules import legal_moves
from norsewind_tui.rules.session import Session
from norsewind_tui.storage import SaveError, decode_save
from norsewind_tui.storage.engines import ENGINES_FILE, HostEngines, load_engines
from norsewind_tui.storage.standin import standin_bot
from norsewind_tui.storage.tables import SharedTable, TableRefused
from norsewind_tui.tui.computer import Computer, bot_seed, unknown_engine_line

from .conftest import document, put_document
from .test_standin import World

SEED = 29


@pytest.fixture
def world(saves: Path) -> World:
    return World(saves)


def name_engines(saves: Path, engines: dict[str, tuple[str, float]]) -> HostEngines:
    """The host's engines file (the account's own, mode 600) naming ``engines``; as the app loads it."""
    lines = []
    for name, (command, seconds) in engines.items():
        lines += [f"[engines.{name}]", f"command = {json.dumps(command)}", f"time = {seconds}", ""]
    path = saves / ENGINES_FILE
    path.write_text("\n".join(lines), encoding="utf-8")
    os.chmod(path, 0o600)
    host = load_engines(saves)
    assert host.problem is None and host.names() == tuple(sorted(engines))
    return host


def bob_away(world: World, engine: str | None) -> tuple[SharedTable, SharedTable]:
    """alice opened a two-seat table (the stand-in after 5 minutes, ``engine`` standing in); bob joined,
    then quit at once; five minutes later only alice is here."""
    alice = world.store.create("alice", ["me", "open"], seed=SEED, name="friday", standin=5, standin_engine=engine)
    bob = world.store.open("friday", "bob")
    bob.join()
    alice.poll()
    world.back("alice")
    world.back("bob")
    world.away("bob")
    world.later(minutes=5)
    return alice, bob


def play_out(alice: SharedTable, computer: Computer, world: World) -> None:
    """alice takes her first legal choice; the stand-in plays bob's seat, as alice's app's driver does."""
    try:
        while not alice.finished:
            alice.poll()
            if alice.is_my_turn():
                alice.push(alice.legal_moves()[0])
            else:
                assert play_computer(alice, computer.decide, standin=world.standin)
    finally:
        computer.close()


def bobs_decisions(session: Session) -> Iterator[int]:
    return (i for i in range(session.position) if session.mover(i) == 1)


# --------------------------------------------------------------------------- the table names it


def test_a_table_names_its_standin_engine_and_the_computer_plays_it_as_engine_name(world: World) -> None:
    alice, _ = bob_away(world, "example")
    assert alice.view.standin_engine == "example"
    assert json.loads(document(world.store, "friday"))["meta"]["standin_engine"] == "example"
    assert world.store.list()[0].standin_engine == "example"
    while alice.is_my_turn():
        assert alice.computer_to_move(standin=world.standin) is None  # alice is here
        alice.push(alice.legal_moves()[0])
    assert alice.computer_to_move(standin=world.standin) == (1, "engine:example")
    assert standin_bot("example") == "engine:example" and standin_bot(None) == "normal"


def test_a_command_is_never_a_standin_engine_name(world: World) -> None:
    with pytest.raises(TableRefused) as refused:
        world.store.create("alice", ["me", "open"], seed=1, name="x", standin_engine="python3 evil.py")
    assert str(refused.value) == (
        "'python3 evil.py' is not an engine's name (a lower-case letter, then up to 31 of a-z, 0-9, - and _)"
    )
    assert not world.store.exists("x")


def test_a_table_file_naming_a_command_as_its_engine_is_refused_in_one_line(world: World) -> None:
    """A table edited by hand (or by another program) to hold a command where the name goes: not
    believed (one line), and the table is its backup, which names the engine."""
    bob_away(world, "example")
    doc = json.loads(document(world.store, "friday"))
    doc["meta"]["standin_engine"] = "sh -c 'rm -rf ~'"
    edited = json.dumps(doc).encode()
    with pytest.raises(SaveError) as refused:
        decode_save(edited, "friday.json")
    assert str(refused.value) == (
        "friday.json: $.meta.standin_engine: expected `str` matching regex '^[a-z][a-z0-9_-]{0,31}$'"
    )
    put_document(world.store, "friday", edited)
    alice = world.store.open("friday", "alice")
    assert alice.view.damaged_main and alice.view.standin_engine == "example"
    assert alice.notice == (
        f"{world.store.path('friday')}: $.meta.standin_engine: expected `str` matching regex "
        "'^[a-z][a-z0-9_-]{0,31}$': opened the backup friday.json.bak (the last decision may be lost)"
    )


# --------------------------------------------------------------------------- the example engine stands in


def test_the_example_engine_plays_every_decision_of_a_player_away_to_the_end(world: World) -> None:
    host = name_engines(world.saves, {"example": (EXAMPLE, 20)})
    alice, _ = bob_away(world, "example")
    computer = Computer(alice.session.seed, host=host)
    play_out(alice, computer, world)
    assert computer.notices() == []
    session = alice.view.session
    mine = list(bobs_decisions(session))
    assert len(mine) > 40 and alice.view.by_computer(1) == tuple(mine)  # each marked as the stand-in's
    assert [session.moves[i] for i in mine] == example_moves(session, mine)
    greedy = GreedyBot(bot_seed(SEED, 1))  # not what greedy (the fallback) would have played
    assert [session.moves[i] for i in mine] != [greedy.decide(session.states[i]) for i in mine]


# --------------------------------------------------------------------------- broken engines stand in


def fault_of(code: str, command: str, session: Session, asked: int, **values: Any) -> EngineFault:
    """The fault at bob's ``asked``-th decision with a choice (0-based)."""
    with_choice = [i for i in bobs_decisions(session) if len(legal_moves(session.states[i])) > 1]
    return EngineFault(code, command, 1, session.states[with_choice[asked]].turn, **values)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("mode", "answered", "code", "values"),
    [
        ("exit-after 3", 3, "exited", {"status": 4}),  # a crash after three answers
        ("garbage", 0, "garbage", {"line": "hello there"}),
        ("silent", 0, "late", {"limit_s": 1.0}),
    ],
)
def test_a_broken_standin_engine_is_one_line_and_greedy_plays_on_to_the_end(
    world: World, mode: str, answered: int, code: str, values: dict[str, Any]
) -> None:
    command = f"{BROKEN} {mode}"
    host = name_engines(world.saves, {"broken": (command, 1.0)})
    alice, _ = bob_away(world, "broken")
    computer = Computer(alice.session.seed, host=host)
    play_out(alice, computer, world)
    assert alice.finished  # the game went on
    session = alice.view.session
    assert computer.notices() == [fault_line(fault_of(code, command, session, answered, **values))]
    mine = list(bobs_decisions(session))
    assert alice.view.by_computer(1) == tuple(mine)
    with_choice = [i for i in mine if len(legal_moves(session.states[i])) > 1]
    greedy = GreedyBot(bot_seed(SEED, 1))
    played = [session.moves[i] for i in with_choice]
    assert played[:answered] == [legal_moves(session.states[i])[0] for i in with_choice[:answered]]
    assert played[answered:] == [greedy.decide(session.states[i]) for i in with_choice[answered:]]


# --------------------------------------------------------------------------- a host that does not name it


def test_an_app_whose_host_does_not_name_the_engine_has_greedy_stand_in_with_one_line(world: World) -> None:
    host = name_engines(world.saves, {"example": (EXAMPLE, 5)})
    alice, _ = bob_away(world, "deepblue")
    computer = Computer(alice.session.seed, host=host)
    play_out(alice, computer, world)
    assert computer.notices() == [unknown_engine_line(1, "deepblue", host)]
    assert unknown_engine_line(1, "deepblue", host) == (
        "the table's stand-in engine 'deepblue' is not one this host names in its engines file: greedy plays for seat 2"
    )
    session = alice.view.session
    greedy = GreedyBot(bot_seed(SEED, 1))
    mine = list(bobs_decisions(session))
    assert alice.view.by_computer(1) == tuple(mine)
    assert [session.moves[i] for i in mine] == [greedy.decide(session.states[i]) for i in mine]


def test_an_engines_file_others_may_write_names_nothing_and_the_line_says_why(world: World) -> None:
    name_engines(world.saves, {"example": (EXAMPLE, 5)})
    path = world.saves / ENGINES_FILE
    os.chmod(path, 0o666)
    host = load_engines(world.saves)
    assert host.engines == {}
    alice, _ = bob_away(world, "example")
    computer = Computer(alice.session.seed, host=host)
    alice.poll()
    while alice.is_my_turn():
        alice.push(alice.legal_moves()[0])
    assert play_computer(alice, computer.decide, standin=world.standin)
    computer.close()
    assert computer.notices() == [
        f"the table's stand-in engine 'example' is not one this host names in its engines file ({path}: mode 0666: "
        "other accounts may write it (chmod 600 it): this host names no outside engine): greedy plays for seat 2"
    ]
