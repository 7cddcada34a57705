"""A clock per table and who may watch it (issue 41.1, 41.3), in both stores.

Time is a ``ManualClock`` given to each process's store: a clock runs out by moving it, never by
waiting.  Each player's process is its own ``TableStore`` of the same tables (``same_place``)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import msgspec
import pytest
from seat_turns import to_seat

from norsewind_tui.lines.tables import clock_line
from norsewind_tui.storage.clock import ManualClock
from norsewind_tui.storage.format import SaveMeta, TableClock
from norsewind_tui.storage.pg.games import database_place
from norsewind_tui.storage.standin import STANDIN_BOT
from norsewind_tui.storage.tableclock import EMPTY_BANK, parse_clock
from norsewind_tui.storage.tables import TABLES_DIR, SharedTable, TableRefused, TableStore
from norsewind_tui.words.clock import UNSEALED

from .conftest import decide, document, put_document

START = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
LIVE = TableClock("live", start=600, add=5)


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(START)


@pytest.fixture(params=["folder", "database"])
def stores(request: pytest.FixtureRequest, saves: Path, clock: ManualClock) -> tuple[TableStore, TableStore]:
    """Two processes' stores of the same tables (alice's, bob's), both on ``clock``."""
    if request.param == "database":
        url: str = request.getfixturevalue("pg_url")
        return (
            TableStore(saves, clock=clock, place=database_place(url, "table", saves / TABLES_DIR)),
            TableStore(saves, clock=clock, place=database_place(url, "table", saves / TABLES_DIR)),
        )
    return TableStore(saves, clock=clock), TableStore(saves, clock=clock)


def at_table(stores: tuple[TableStore, TableStore], clock: TableClock | None = LIVE) -> tuple[SharedTable, SharedTable]:
    alice = stores[0].create("alice", ["me", "open"], seed=5, name="friday", clock=clock)
    bob = stores[1].open("friday", "bob")
    bob.join()
    alice.poll()
    return alice, bob


def test_out_of_time_the_standin_decides_then_the_player_takes_the_seat_back(
    stores: tuple[TableStore, TableStore], clock: ManualClock
) -> None:
    alice, bob = at_table(stores)
    to_seat((alice, bob), 1)
    banks = bob.view.meta.clock_left  # 600 each, + 5 for each decision made (no time passed)
    assert bob.clock_left() == banks[1] == alice.clock_left() and banks[1] % 5 == 0 and banks[1] >= 600
    clock.advance(seconds=banks[1] - 60)
    assert bob.clock_left() == 60 and alice.computer_to_move() is None  # bob is here: nothing else stands in
    clock.advance(minutes=1)
    assert bob.clock_left() == 0
    assert alice.computer_to_move() == (1, STANDIN_BOT)  # whoever sees it first plays it, bob's own app too
    position = alice.session.position
    played = alice.computer_step(decide)
    assert played is not None and alice.adopt(played) is not None
    assert alice.view.by_computer(1) == (position,)  # marked as the stand-in's decision
    # alice spent nothing; bob's empty bank gets one decision's time
    assert alice.view.meta.clock_left == (banks[0], EMPTY_BANK)
    bob.poll()
    to_seat((alice, bob), 1)
    assert bob.is_my_turn() and bob.clock_left() == EMPTY_BANK
    clock.advance(seconds=20)
    bob.push(bob.legal_moves()[0])  # bob takes the seat back: his own decision
    assert bob.view.meta.clock_left[1] == EMPTY_BANK - 20 + 5
    assert bob.view.by_computer(1) == (position,)


def test_a_clock_counts_only_its_own_seats_decisions(stores: tuple[TableStore, TableStore], clock: ManualClock) -> None:
    day = 86400
    alice, bob = at_table(stores, TableClock("turn", start=day, add=day, cap=3 * day))
    to_seat((alice, bob), 1)
    before = bob.view.meta.clock_left
    clock.advance(hours=5)
    bob.push(bob.legal_moves()[0])
    assert bob.view.meta.clock_left == (before[0], min(before[1] - 5 * 3600 + day, 3 * day))  # banked up to the cap
    to_seat((alice, bob), 0)
    banks = alice.view.meta.clock_left
    clock.advance(days=2)
    bob.poll()
    assert alice.clock_left() == banks[0] - 2 * day  # alice's clock runs on her turn ...
    assert bob.view.meta.clock_left[1] == banks[1]  # ... and bob's does not


def test_the_clock_survives_a_restart(stores: tuple[TableStore, TableStore], saves: Path, clock: ManualClock) -> None:
    alice, bob = at_table(stores)
    to_seat((alice, bob), 1)
    bank = bob.clock_left()
    assert bank is not None
    clock.advance(minutes=4)
    again = TableStore(saves, clock=clock, place=stores[0].place)  # a new process of the same host
    assert again.open("friday", "alice").clock_left() == bank - 240


def forged(table: SharedTable, **fields: object) -> bytes:
    doc = json.loads(document(table.store, table.name))
    doc["meta"].update(fields)
    doc["generation"] += 1  # as an edit that wants to be read
    return json.dumps(doc).encode()


def test_a_forged_or_future_stamp_never_runs_a_clock_out(
    stores: tuple[TableStore, TableStore], clock: ManualClock
) -> None:
    alice, bob = at_table(stores)
    to_seat((alice, bob), 1)
    put_document(alice.store, "friday", forged(alice, clock_since="2000-01-01T00:00:00Z"))
    clock.advance(minutes=3)
    alice.poll()
    assert alice.clock_left() == 600 and alice.computer_to_move() is None  # not believed: a full bank from now
    said = clock_line(alice)
    assert said is not None and said.endswith(") " + UNSEALED)  # told in one line, the clock word's
    assert alice.clock_unsealed() and alice.session.position == bob.session.position  # nothing played
    clock.advance(minutes=3)
    assert alice.clock_left() == 420  # ... counted from when this process first saw it
    put_document(alice.store, "friday", forged(alice, clock_left=[600, 1]))
    alice.poll()
    assert alice.clock_left() == 600  # a forged bank is not believed either
    # a stamp in the future, sealed by this very host (its clock stepped back): no time spent
    doc = json.loads(document(alice.store, "friday"))
    doc["generation"] += 1
    doc["meta"]["clock_left"] = [600, 500]
    future = (clock() + timedelta(days=30)).isoformat().replace("+00:00", "Z")
    doc["meta"]["clock_since"] = future
    meta = msgspec.convert(doc["meta"], SaveMeta)
    doc["meta"]["clock_seal"] = alice.store.clocks.seal(meta, doc["position"])
    put_document(alice.store, "friday", json.dumps(doc).encode())
    alice.poll()
    assert alice.clock_left() == 500 and alice.computer_to_move() is None
    assert not alice.clock_unsealed() and UNSEALED not in (clock_line(alice) or "")  # this host's seal


@pytest.mark.parametrize(
    ("watching", "carol", "dave"),
    [
        ("anyone", None, None),
        ("players", None, "friday: this table is not open to watchers: only its players may watch it"),
        ("nobody", "friday: this table is not open to watchers: nobody may watch it", "same"),
    ],
)
def test_who_may_watch_is_enforced_by_the_store(
    stores: tuple[TableStore, TableStore], watching: str, carol: str | None, dave: str | None
) -> None:
    """carol left the table (a player of it); dave never sat at it."""
    alice = stores[0].create("alice", ["me", "open", "open"], seed=5, name="friday", watching=watching)
    stores[1].open("friday", "dave")  # an open seat: anyone may come to sit down
    for who in ("bob", "carol"):
        stores[1].open("friday", who).join()
    alice.poll()
    to_seat((alice, stores[1].open("friday", "bob")), 1)
    stores[1].open("friday", "carol").leave()

    def refusal(who: str) -> str | None:
        try:
            stores[1].open("friday", who)
        except TableRefused as exc:
            return str(exc)
        return None

    assert refusal("carol") == carol
    assert refusal("dave") == (carol if dave == "same" else dave)
    assert refusal("bob") is None  # a seat's holder always opens it


def test_bad_choices_get_one_line(stores: tuple[TableStore, TableStore]) -> None:
    with pytest.raises(TableRefused, match=r"^'everyone': who may watch is anyone, players or nobody$"):
        stores[0].create("alice", ["me", "open"], seed=5, watching="everyone")
    with pytest.raises(ValueError, match=r"^'live:0' is not a clock: none, live:MINUTES\+SECONDS"):
        parse_clock("live:0")
    assert parse_clock("turn:12h/2d") == TableClock("turn", start=43200, add=43200, cap=172800)
