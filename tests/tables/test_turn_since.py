"""Whose turn since when (issue 13, "Play at your own pace": "the lobby shows, for each table, whose
turn it is and since when"): ``SaveMeta.turn_since`` is the time the seat to move got the turn, set
by the write that changed who is to move and kept by every other one (that seat's own decisions, a
join, an undo within the turn).  A file without it reads as its ``updated``, as before.

The table store's clock is a ``ManualClock``, so every stamp is exact.  With seed 5 the deal has
seat 2 (bob) start: bob decides 4 times, alice twice, bob twice, then alice again.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import msgspec
import pytest
from computer_turns import play_computer
from textual.widgets import DataTable
from tui.waits import until

from norsewind_tui.rules.cards import compile_card_set
from norsewind_tui.storage.clock import ManualClock
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.standin import StandIn
from norsewind_tui.storage.tables import SharedTable, TableStore, TableSummary
from norsewind_tui.tui.app import NorsewindApp

from .conftest import decide
from .test_lobby import aio, to_lobby

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "saves"


def at(hour: int, minute: int) -> datetime:
    return datetime(2026, 11, 30, hour, minute, tzinfo=UTC)


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(at(10, 0))


def summary(store: TableStore, name: str) -> TableSummary:
    return next(s for s in store.list() if s.name == name)


def decide_at(clock: ManualClock, minute: int, table: SharedTable) -> None:
    """``table``'s identity makes its first legal decision at 10:``minute``."""
    clock.advance(minutes=minute - clock().minute)
    table.poll()
    assert table.is_my_turn(), table.turn_problem()
    table.push(table.legal_moves()[0])


def started(
    saves: Path, clock: ManualClock, seed: int = 5, start_choice: bool = False
) -> tuple[TableStore, SharedTable, SharedTable]:
    """alice opens a table at 10:00 (seed 5: bob's seat is to move first), bob joins at 10:01."""
    store = TableStore(saves, clock=clock)
    alice = store.create("alice", ["me", "open"], seed=seed, name="friday", start_choice=start_choice)
    clock.advance(minutes=1)
    bob = store.open("friday", "bob")
    assert bob.join() == 1
    alice.poll()
    return store, alice, bob


def test_bobs_turn_counts_from_the_decision_that_gave_it_him(saves: Path, clock: ManualClock) -> None:
    """Issue 13: "bob's turn since" is when bob got the turn, not the table's last change: bob's own
    later decisions in that turn and a join keep it; the decision that passes the turn moves it."""
    store, alice, bob = started(saves, clock)
    first = summary(store, "friday")
    assert first.whose_turn("alice") == "bob"
    assert (first.turn_since, first.updated) == (at(10, 0), at(10, 1))  # the join renamed nobody's turn
    for minute in (5, 10, 15):  # bob's first three decisions: still his turn
        decide_at(clock, minute, bob)
        now = summary(store, "friday")
        assert (now.whose_turn("alice"), now.turn_since, now.updated) == ("bob", at(10, 0), at(10, minute))
    decide_at(clock, 20, bob)  # his fourth passes the turn to alice
    now = summary(store, "friday")
    assert (now.whose_turn("bob"), now.turn_since, now.updated) == ("alice", at(10, 20), at(10, 20))
    decide_at(clock, 30, alice)  # her own decision: still hers, since 10:20
    assert (summary(store, "friday").current, summary(store, "friday").turn_since) == (0, at(10, 20))
    decide_at(clock, 40, alice)  # bob's turn again, since 10:40
    now = summary(store, "friday")
    assert (now.whose_turn("alice"), now.turn_since, now.updated) == ("bob", at(10, 40), at(10, 40))
    on_disk = msgspec.json.decode(bob.path.read_bytes())["meta"]
    assert (on_disk["turn_since"], on_disk["updated"]) == ("2026-11-30T10:40:00Z", "2026-11-30T10:40:00Z")


def test_an_undo_that_gives_the_turn_back_moves_it_one_within_the_turn_keeps_it(
    saves: Path, clock: ManualClock
) -> None:
    """Issue 13: alice takes back the decision that passed the turn: her turn again, since the undo;
    her redo passes it again; her undo of a decision within her turn leaves its start alone.

    Seed 1 with the start choice: alice begins by choosing a kingdom, which reveals no card, so she
    may take it back (the end of a normal turn refills the market: never undone at a table).
    """
    store, alice, bob = started(saves, clock, seed=1, start_choice=True)
    assert summary(store, "friday").whose_turn("bob") == "alice"
    decide_at(clock, 5, alice)  # her start choice: bob's turn since 10:05
    now = summary(store, "friday")
    assert (now.whose_turn("alice"), now.turn_since) == ("bob", at(10, 5))
    clock.advance(minutes=5)
    assert alice.undo()  # 10:10: alice's turn again
    now = summary(store, "friday")
    assert (now.whose_turn("bob"), now.turn_since, now.updated) == ("alice", at(10, 10), at(10, 10))
    clock.advance(minutes=5)
    assert alice.redo()  # 10:15: bob's again
    now = summary(store, "friday")
    assert (now.whose_turn("alice"), now.turn_since, now.updated) == ("bob", at(10, 15), at(10, 15))
    decide_at(clock, 20, bob)  # bob's start choice: alice's turn since 10:20
    decide_at(clock, 25, alice)  # her first decision of the round: still her turn
    clock.advance(minutes=5)
    assert alice.undo()  # 10:30, taken back: still her turn, since 10:20
    now = summary(store, "friday")
    assert (now.whose_turn("bob"), now.turn_since, now.updated) == ("alice", at(10, 20), at(10, 30))


def test_a_computer_seat_passing_the_turn_moves_it(saves: Path, clock: ManualClock) -> None:
    """Issue 13: the computer's decisions count like a person's: alice's turn since the one that gave
    it back to her."""
    store = TableStore(saves, clock=clock)
    alice = store.create("alice", ["me", "random"], seed=5, name="solo-ish")
    played = 0
    while not alice.is_my_turn():
        clock.advance(minutes=1)
        assert play_computer(alice, decide)
        played += 1
    assert played >= 1
    now = summary(store, "solo-ish")
    assert (now.whose_turn("alice"), now.turn_since) == ("you", at(10, played))


def test_a_stand_in_keeps_bobs_turn_start_until_it_passes_the_turn(saves: Path, clock: ManualClock) -> None:
    """Issue 13: bob is away, the computer stands in for him after 15 minutes; its decisions in his
    turn keep "bob's turn since 10:00"; the one that ends his turn makes it alice's from then."""
    store = TableStore(saves, clock=clock)
    alice = store.create("alice", ["me", "open"], seed=5, name="friday", standin=15)
    assert store.open("friday", "bob").join() == 1
    alice.poll()
    away = StandIn(lambda who: at(10, 0) if who == "bob" else None, clock)
    clock.advance(minutes=15)
    stamps = []
    while not alice.is_my_turn():
        clock.advance(minutes=1)
        stamps.append(clock())
        assert play_computer(alice, decide, standin=away)
        now = summary(store, "friday")
        if not alice.is_my_turn():
            assert (now.whose_turn("alice"), now.turn_since, now.updated) == ("bob", at(10, 0), clock())
    # the random bot (seeded by the seat) ends bob's turn with its second decision, at 10:17
    assert stamps == [at(10, 16), at(10, 17)] and alice.view.by_computer(1) == (0, 1)
    now = summary(store, "friday")
    assert (now.whose_turn("alice"), now.turn_since, now.updated) == ("you", at(10, 17), at(10, 17))


def test_a_file_without_turn_since_reads_as_updated_and_keeps_it_within_the_turn(
    saves: Path, clock: ManualClock
) -> None:
    """The format-3 fixture predates the field: it loads, its turn reads as since ``updated``
    (11:37:58), and Astrid's decision that keeps her turn writes that time, not the decision's."""
    cards = compile_card_set((FIXTURES / "cards.toml").read_bytes(), "cards.toml")
    clock.advance(days=1)
    store = TableStore(saves, cards, clock)
    shutil.copy(FIXTURES / "v3.json", store.dir / "v3.json")
    astrid = store.open("v3", "Astrid")
    assert astrid.meta.turn_since is None
    old = summary(store, "v3")
    assert old.error is None
    saved = at(11, 37).replace(second=58)
    assert (old.whose_turn("Astrid"), old.turn_since, old.updated) == ("you", saved, saved)
    astrid.push(astrid.legal_moves()[0])  # she still has to place a citizen
    assert astrid.is_my_turn()
    now = summary(store, "v3")
    assert (now.turn_since, now.updated) == (saved, datetime(2026, 12, 1, 10, 0, tzinfo=UTC))
    assert msgspec.json.decode(astrid.path.read_bytes())["meta"]["turn_since"] == "2026-11-30T11:37:58Z"


@pytest.fixture
def utc() -> Iterator[None]:
    """Local time is UTC while the test runs: '10:05' on the screen is the ManualClock's 10:05."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TZ", "UTC")
        time.tzset()
        yield
    time.tzset()


@aio
async def test_the_lobby_shows_since_when_bob_has_had_the_turn(
    saves: Path, clock: ManualClock, utc: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13: the lobby's "since" is when bob got the turn (10:00, the deal), not his last
    decision (10:15), nor bob joining (10:01)."""
    monkeypatch.setenv("NORSEWIND_PLAYER", "alice")
    _store, _alice, bob = started(saves, clock)
    for minute in (5, 10, 15):
        decide_at(clock, minute, bob)
    app = NorsewindApp(
        AppContext.at(str(saves), profile="alice", clock=clock), seed=5, computer_delay=0.0, theme="norsewind"
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await to_lobby(pilot)
        grid = app.screen.query_one(DataTable)
        await until(pilot, lambda: grid.row_count == 1, "the table listed")
        assert [str(c) for c in grid.get_row("friday")][2] == "bob\nsince 10:00"
        decide_at(clock, 20, bob)  # alice's turn since 10:20
        since = "you\nsince 10:20"
        await until(pilot, lambda: [str(c) for c in grid.get_row("friday")][2] == since, "whose turn since when")
