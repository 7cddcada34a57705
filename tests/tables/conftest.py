"""Fixtures of the shared-table tests: a table store, a deterministic computer (``saves``: tests/conftest.py)."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest

from norsewind_tui.bots.registry import make_bot
from norsewind_tui.rules.moves import Move
from norsewind_tui.rules.session import Session
from norsewind_tui.rules.state import State
from norsewind_tui.storage.gamefile import Listed
from norsewind_tui.storage.pg.games import DbPlace, database_place
from norsewind_tui.storage.standin import StandIn
from norsewind_tui.storage.tables import TABLES_DIR, SharedTable, TableStore


def decide(seat: int, bot: str, state: State) -> Move:
    """The computer's decision (the registry's bot, seeded by its seat: deterministic)."""
    return make_bot(bot, seed=seat).decide(state)


def to_move(*tables: SharedTable) -> SharedTable:
    """The one of ``tables`` whose turn it is (after each has polled)."""
    for table in tables:
        table.poll()
    movers = [t for t in tables if t.is_my_turn()]
    assert len(movers) == 1, [t.turn_problem() for t in tables]
    return movers[0]


@dataclass(frozen=True)
class Race:
    calls: list[str]  # who thought (entered the bot)
    results: dict[str, object]  # each process's computer_step result
    winner: str


def race_for_the_claim(first: SharedTable, second: SharedTable, standin: StandIn | None = None) -> Race:
    """Both processes take the computer's step at once.  The claim's winner is held inside the bot
    until the loser has given up: asserted here, that the loser wrote nothing while the winner
    thought; then the winner finishes."""
    calls: list[str] = []
    thinking = threading.Event()  # the claim's winner is in the bot
    gate = threading.Event()  # ... and stays there until the loser has given up

    def slow(who: str) -> Callable[[int, str, State], Move]:
        def think(seat: int, bot: str, state: State) -> Move:
            calls.append(who)
            thinking.set()
            gate.wait(30)
            return decide(seat, bot, state)

        return think

    results: dict[str, object] = {}
    threads = {
        t.identity: threading.Thread(
            target=lambda t=t: results.__setitem__(t.identity, t.computer_step(slow(t.identity), standin=standin))
        )
        for t in (first, second)
    }
    for thread in threads.values():
        thread.start()
    assert thinking.wait(30)
    winner = calls[0]
    loser = second.identity if winner == first.identity else first.identity
    threads[loser].join(30)  # the loser finds the claim taken while the winner still holds it
    assert not threads[loser].is_alive() and results == {loser: None}
    gate.set()
    threads[winner].join(30)
    return Race(calls, results, winner)


@pytest.fixture(params=["folder", "database"])
def store(request: pytest.FixtureRequest, saves: Path) -> TableStore:
    """The tables of the saves folder, or of a database (issue 25): every test of both behaves the same."""
    if request.param == "database":
        url: str = request.getfixturevalue("pg_url")
        return TableStore(saves, place=database_place(url, "table", saves / TABLES_DIR))
    return TableStore(saves)


@pytest.fixture
def pair(store: TableStore) -> tuple[SharedTable, SharedTable]:
    """alice opened a two-seat table and bob joined it."""
    return seated_pair(store)


def seated_pair(
    store: TableStore, players: tuple[str, str] = ("alice", "bob"), seed: int = 5, name: str | None = None
) -> tuple[SharedTable, SharedTable]:
    """The first player opens a two-seat table of ``store`` and the second joins it (``pair``,
    ``folder_pair``): both players' tables, each up to date."""
    first = store.create(players[0], ["me", "open"], seed=seed, name=name)
    second = store.open(first.name, players[1])
    assert second.join() == 1
    first.poll()
    return first, second


# --------------------------------------------------------------------------- either store


def on_database(store: TableStore) -> bool:
    return isinstance(store.place, DbPlace)


def document(store: TableStore, name: str) -> bytes:
    """The table's document as its store holds it (the file's bytes, or the row's)."""
    return store.place.data(Listed(name, store.path(name)))


def verified(store: TableStore, name: str) -> Session:
    """The table read afresh from its store, replayed and checked against its digest."""
    read = store.place.files(name).read(store.cards)
    assert read is not None
    return read.value.session


def put_document(store: TableStore, name: str, data: bytes) -> None:
    """Write ``data`` as the table ``name`` behind the program's back (a hand edit, a broken disk)."""
    if isinstance(store.place, DbPlace):
        try:  # the editor keeps the row's generation the document's, if it has one
            generation = int(json.loads(data)["generation"])
        except (ValueError, KeyError, TypeError):
            generation = 1
        sql = (
            "INSERT INTO games (kind, name, generation, document) VALUES ('table', %s, %s, %s)"
            " ON CONFLICT (kind, name) DO UPDATE SET generation = excluded.generation, document = excluded.document"
        )
        with psycopg.connect(store.place.home.url, autocommit=True) as conn:
            conn.execute(sql, (name, generation, data))
    else:
        store.path(name).write_bytes(data)


def same_place(store: TableStore, saves: Path) -> TableStore:
    """Another store of the same tables (what another process opens)."""
    return TableStore(saves, place=store.place if on_database(store) else None)


@pytest.fixture
def folder_store(saves: Path) -> TableStore:
    """The tables of the saves folder only: a test of files (backups, a broken file set aside)."""
    return TableStore(saves)


@pytest.fixture
def folder_pair(folder_store: TableStore) -> tuple[SharedTable, SharedTable]:
    """``pair`` at a table of the saves folder."""
    return seated_pair(folder_store)
