"""Tournaments (issue 44.1) in the saves folder and in PostgreSQL: a round-robin of two people and
two computer levels over two rounds, tables made exactly once, the standings and the ratings."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from tournament_play import play_out, sit

from norsewind_tui.options import Options
from norsewind_tui.rules.engine import legal_moves
from norsewind_tui.rules.scoring import final_result
from norsewind_tui.storage.clock import ManualClock
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.errors import StorageError
from norsewind_tui.storage.format import TableClock
from norsewind_tui.storage.tableclock import parse_clock
from norsewind_tui.storage.tournaments import TournamentRefused, Tournaments, round_seed
from norsewind_tui.tournament import advance


@pytest.fixture(params=["folder", "database"])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Options]:
    """A saves folder, or a real PostgreSQL database (tests/pgserver.py)."""
    url = request.getfixturevalue("pg_url") if request.param == "database" else None
    yield Options(saves=str(tmp_path / "saves"), database=url)


def service(where: Options) -> Tournaments:
    """One app's tournaments (each call: another app's context)."""
    return AppContext(where).tournaments


PEOPLE = ("alice", "bob")


def cup(where: Options) -> Tournaments:
    """alice's round-robin "cup" for two rounds at 2 seats; greedy and easy entered; bob joined; started."""
    t = service(where)
    t.create("alice", "cup", seats=2, rounds=2, computers=["greedy", "easy"])
    t.join("cup", "bob")
    t.start("cup", "alice")
    return t


def test_a_round_robin_of_two_people_and_two_computers_runs_two_rounds(where: Options) -> None:
    t = cup(where)
    first = advance(t, "cup")
    assert [r.tables for r in first.doc.made] == [(("alice", "bob"), ("greedy (computer)", "easy (computer)"))]
    assert first.doc.made[0].seed == round_seed("cup", 1)
    assert [r.name for r in first.rounds[0]] == ["cup-r1-t1", "cup-r1-t2"]
    assert first.rounds[0][1].finished  # the computers' table played by whoever looked
    play_out(t, "cup", ["cup-r1-t1"], PEOPLE)
    second = advance(t, "cup")
    assert [r.tables for r in second.doc.made][1] == (("alice", "easy (computer)"), ("bob", "greedy (computer)"))
    play_out(t, "cup", ["cup-r2-t1", "cup-r2-t2"], PEOPLE)
    final = advance(t, "cup")
    assert final.over and len(final.doc.made) == 2
    # the standings, counted here from the tables' own results: a win 1, a loss 0, a tie 1/2 each
    points: dict[str, float] = {}
    met: dict[str, list[str]] = {}
    for round_ in final.doc.made:
        for i, entrants in enumerate(round_.tables, 1):
            table = t.tables.open(final.doc.table_name(round_.number, i), None)
            outcome = final_result(table.state)
            table.close()
            a, b = ((s, c) for s, c in zip(outcome.scores, outcome.coins, strict=True))
            share = 1.0 if a > b else 0.0 if a < b else 0.5
            points[entrants[0]] = points.get(entrants[0], 0.0) + share
            points[entrants[1]] = points.get(entrants[1], 0.0) + 1 - share
            met.setdefault(entrants[0], []).append(entrants[1])
            met.setdefault(entrants[1], []).append(entrants[0])
    assert {s.entrant: s.points for s in final.standings} == points
    assert {s.entrant: s.buchholz for s in final.standings} == {e: sum(points[m] for m in met[e]) for e in points}
    assert [s.points for s in final.standings] == sorted(points.values(), reverse=True)
    # the winner's trophy (issue 44.3): the record says who came first, once; nobody else has it
    winners = tuple(s.entrant for s in final.standings if s.points == final.standings[0].points)
    assert final.doc.won == winners and final.doc.ended is not None
    held = AppContext(where).trophies(["alice", "bob"])
    assert {name for name, trophies in held.items() if any(t.kind == "tournament" for t in trophies)} == (
        {"alice", "bob"} & set(winners)
    )
    # the ratings: each table with a person counted once, by its game
    ladder = AppContext(where).profiles.ladder()
    assert ladder.standing("alice").games == 2 and ladder.standing("bob").games == 2


def test_apps_looking_at_once_make_each_round_and_table_once(where: Options) -> None:
    cup(where)
    looks: list[object] = []
    errors: list[BaseException] = []

    def look() -> None:
        try:
            looks.append(service(where).look("cup"))
        except BaseException as exc:  # a failure of any app fails the test
            errors.append(exc)

    threads = [threading.Thread(target=look) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    look_now = service(where).look("cup")
    assert len(look_now.doc.made) == 1  # one round decided, whoever looked first
    names = {s.name for s in AppContext(where).tables.list()}
    assert names == {"cup-r1-t1", "cup-r1-t2"}


def test_bad_input_gets_one_line_and_changes_nothing(where: Options) -> None:
    t = cup(where)
    with pytest.raises(TournamentRefused, match=r"^cup has started: it takes no more players$"):
        t.join("cup", "carol")
    with pytest.raises(StorageError) as caught:
        t.create("alice", "\x1b[31mcup")
    assert "\n" not in str(caught.value) and "\x1b" not in str(caught.value)
    with pytest.raises(TournamentRefused, match=r"^cup: there is a tournament of that name already$"):
        t.create("bob", "cup")
    assert [e.key for e in t.look("cup").doc.entrants] == ["alice", "greedy (computer)", "easy (computer)", "bob"]


def test_a_player_who_leaves_mid_round_loses_that_table_at_its_deadline_and_is_paired_no_more(
    where: Options,
) -> None:
    clock = ManualClock(datetime(2026, 12, 7, 12, 0, tzinfo=UTC))
    t = AppContext(where, clock).tournaments
    t.create("alice", "cup", seats=2, rounds=2, round_hours=24, computers=["greedy", "easy"])
    t.join("cup", "bob")
    t.start("cup", "alice")
    advance(t, "cup")
    alice = sit(t, "cup-r1-t1", "alice")
    assert alice is not None
    while alice.is_my_turn():  # alice plays; bob never sits down
        alice.push(legal_moves(alice.state)[0])
    alice.close()
    t.withdraw("cup", "bob")
    assert advance(t, "cup").rounds[0][0].placed is None  # before the deadline: still to play
    clock.advance(hours=24)
    look = advance(t, "cup")
    held_up = look.rounds[0][0]
    assert held_up.forfeited == "bob"
    assert {p.entrant: p.points for p in held_up.placed or ()} == {"alice": 1.0, "bob": 0.0}
    assert look.doc.made[1].tables == (("alice", "easy (computer)"), ("greedy (computer)",))  # bob left: a bye
    with pytest.raises(TournamentRefused, match=r"^you \(bob\) left cup already$"):
        t.withdraw("cup", "bob")


def test_the_tournaments_clock_is_every_tables_clock(where: Options) -> None:
    t = service(where)
    spec = parse_clock("turn:1d/3d")
    t.create("alice", "cup", seats=2, rounds=1, computers=["greedy"], clock=spec)
    t.start("cup", "alice")
    look = t.look("cup")
    assert look.doc.clock == TableClock("turn", start=86400, add=86400, cap=259200)
    table = t.tables.open("cup-r1-t1", "alice")
    assert table.view.meta.clock == look.doc.clock
    assert table.view.meta.clock_left == (86400, 86400)
    table.close()
