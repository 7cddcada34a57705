"""A finished shared table counts for its people's ratings once (issue 27), in either store.

The expected ratings are computed here with openskill directly from the finishing places.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from computer_turns import play_computer, seeded_bot
from openskill.models import PlackettLuce

from norsewind_tui.bots.registry import make_bot
from norsewind_tui.rules.scoring import final_result
from norsewind_tui.storage.clock import ManualClock
from norsewind_tui.storage.pg.games import database_place
from norsewind_tui.storage.pg.home import home
from norsewind_tui.storage.pg.profiles import PgProfileStore
from norsewind_tui.storage.profiles import ProfileStore
from norsewind_tui.storage.ratings import Rating, finishing_places, shipped_anchors
from norsewind_tui.storage.standin import StandIn
from norsewind_tui.storage.tables import TABLES_DIR, SharedTable, TableStore

START = datetime(2026, 12, 2, 10, 0, tzinfo=UTC)


@pytest.fixture(params=["folder", "database"])
def rated_store(request: pytest.FixtureRequest, saves: Path) -> TableStore:
    """Tables and the ratings in the saves folder, or both in a database."""
    if request.param == "database":
        url: str = request.getfixturevalue("pg_url")
        return TableStore(
            saves, place=database_place(url, "table", saves / TABLES_DIR), profiles=PgProfileStore(home(url))
        )
    return TableStore(saves)


def trio(store: TableStore, standin: int = 0) -> list[SharedTable]:
    """alice opened a table for alice, bob and a greedy computer; bob joined."""
    alice = store.create("alice", ["me", "open", "random"], seed=21, name="rated", standin=standin)
    bob = store.open("rated", "bob")
    assert bob.join() == 1
    alice.poll()
    return [alice, bob]


def finish(tables: list[SharedTable], standin: StandIn | None = None, stand_for: int = 0) -> None:
    """Every person's turn by the random bot (seeded by the seat), the computer's as the app takes it;
    the first ``stand_for`` of bob's turns a stand-in plays, from alice's process."""
    bots = [make_bot("random", seed=i) for i in range(3)]
    alice, bob = tables
    while not alice.finished or not bob.finished:
        for t in tables:
            t.poll()
        if alice.finished:
            break
        seat = alice.state.current
        if seat == 1 and stand_for > 0:
            assert play_computer(alice, seeded_bot, standin=standin)
            stand_for -= 1
            continue
        mover = next((t for t in tables if t.is_my_turn()), None)
        if mover is None:
            assert play_computer(alice, seeded_bot)
        else:
            mover.push(bots[seat].decide(mover.state))


def expected(places: tuple[int, ...], people: tuple[bool, ...]) -> list[Rating]:
    """openskill's ratings after one game of newcomers (``people``) and the random computer's anchor."""
    m = PlackettLuce()
    anchor = shipped_anchors().levels["random"]
    teams = [[m.rating()] if person else [m.rating(mu=anchor.mu, sigma=anchor.sigma)] for person in people]
    return [Rating(r.mu, r.sigma) for (r,) in m.rate(teams, ranks=list(places))]


def test_a_finished_table_counts_once_however_many_apps_see_it_end(rated_store: TableStore) -> None:
    tables = trio(rated_store)
    finish(tables)
    watcher = rated_store.open("rated", "carol")  # a third app, watching: it sees the end too
    assert watcher.finished and watcher.poll() is False
    result = final_result(tables[0].state)
    assert (result.scores, result.coins) == EXPECTED_TABLE
    places = finishing_places(result.scores, result.coins)
    assert places == (2, 1, 3)
    ladder = rated_store.profiles.ladder()
    alice, bob, _ = expected(places, (True, True, False))
    assert ladder.counted == 1
    assert ladder.standing("alice").rating == alice and ladder.standing("bob").rating == bob
    assert all(t.rating_problem is None for t in tables)


EXPECTED_TABLE = ((9, 18, -11), (7, 12, 17))  # bob first, alice second, the computer third


def test_a_person_a_computer_stood_in_for_does_not_count(rated_store: TableStore) -> None:
    """bob was away: the stand-in decided once in his seat, so the game counts for alice against the
    random computer only."""
    clock = ManualClock(START + timedelta(hours=1))
    standin = StandIn(lambda who: START if who == "bob" else None, clock)
    tables = trio(rated_store, standin=15)
    finish(tables, standin, stand_for=1)
    assert tables[0].view.by_computer(1) != ()
    result = final_result(tables[0].state)
    places = finishing_places(result.scores, result.coins)
    ladder = rated_store.profiles.ladder()
    assert ladder.counted == 1 and set(ladder.people) == {"alice"}
    alice, _ = expected((places[0], places[2]), (True, False))
    assert ladder.standing("alice").rating == alice


def test_a_person_who_left_does_not_count(saves: Path) -> None:
    store = TableStore(saves)
    tables = trio(store)
    bob = tables[1]
    while bob.state.current != 1 or bob.session.position == 0:
        to_play = next((t for t in tables if t.is_my_turn()), None)
        if to_play is None:
            assert play_computer(tables[0], seeded_bot)
        else:
            to_play.push(make_bot("random", 0).decide(to_play.state))
        for t in tables:
            t.poll()
    bob.leave()
    alice = tables[0]
    alice.poll()
    while not alice.finished:
        if alice.is_my_turn():
            alice.push(make_bot("random", 0).decide(alice.state))
        else:
            assert play_computer(alice, seeded_bot)
    ladder = ProfileStore(saves / "profiles").ladder()
    assert ladder.counted == 1 and set(ladder.people) == {"alice"}
