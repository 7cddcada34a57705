"""Seats that never stall a table (issue 13): the stand-in option, a computer playing for a person who
is away, the marks it leaves, leaving a table and removing a player who is away.

Time is a ``ManualClock``; presence is the real ``PresenceStore`` of the saves folder (each player's
process has its own handle), so "away for 15 minutes" is reached by moving the clock, never by waiting.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from computer_turns import play_computer
from seat_turns import to_seat

from norsewind_tui.rules.moves import Move
from norsewind_tui.rules.state import State
from norsewind_tui.storage import SaveError
from norsewind_tui.storage.clock import ManualClock
from norsewind_tui.storage.presence import NEVER_SEEN, PresenceHandle, PresenceStore
from norsewind_tui.storage.standin import STANDIN_BOT, StandIn
from norsewind_tui.storage.tables import OPEN, SharedTable, TableRefused, TableStore
from norsewind_tui.tui.screens.end import standin_lines

from .conftest import decide, document, put_document, race_for_the_claim

START = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def on_disk(table: SharedTable) -> dict[str, object]:
    data: dict[str, object] = json.loads(document(table.store, table.name))
    return data


def meta_on_disk(table: SharedTable) -> dict[str, object]:
    meta = on_disk(table)["meta"]
    assert isinstance(meta, dict)
    return meta


def first_choice(table: SharedTable) -> None:
    """A person's decision: the first legal one (deterministic)."""
    table.push(table.legal_moves()[0])


def unrevealing(table: SharedTable) -> Move | None:
    """A legal decision that reveals no card (so its player may undo it at a table), if there is one."""
    for move in table.legal_moves():
        trial = table.session.copy()
        trial.push(move)
        if trial.state.revealed == table.state.revealed:
            return move
    return None


class World:
    """A saves folder with a clock, its table store and each player's presence handle."""

    def __init__(self, saves: Path) -> None:
        self.clock = ManualClock(START)
        self.saves = saves
        self.store = TableStore(saves)
        self.presence = PresenceStore(saves, self.clock)  # what alice's process reads
        self.standin = StandIn(self.presence.away_since, self.clock, NEVER_SEEN)  # as the app makes it
        self.here: dict[str, PresenceHandle] = {}  # each player's process's presence record

    def away(self, who: str) -> None:
        """``who`` quits the app (the terminal goes away): away from now on."""
        self.here[who].leave()

    def back(self, who: str, table: str = "friday") -> None:
        """``who`` starts the app again and sits down at ``table`` (a new process, a new record)."""
        self.here[who] = PresenceStore(self.saves, self.clock).enter(who)
        self.here[who].at_table(table)

    def later(self, **step: int) -> None:
        """Time passes; every process still running refreshes its record (its heartbeat)."""
        self.clock.advance(**step)
        for handle in self.here.values():
            handle.beat()


@pytest.fixture
def world(saves: Path) -> World:
    return World(saves)


def trio(world: World, standin: int | None = None) -> list[SharedTable]:
    """alice opened a three-seat table (stand-in 15 by default); bob and carol joined; all three present."""
    alice = world.store.create("alice", ["me", "open", "open"], seed=7, name="friday", standin=standin)
    tables = [alice]
    for who in ("bob", "carol"):
        t = world.store.open("friday", who)
        t.join()
        tables.append(t)
    for t in tables:
        t.poll()
        world.back(t.identity)
    return tables


# --------------------------------------------------------------------------- the option


@pytest.mark.parametrize(("seats", "expected"), [(2, 0), (3, 15), (4, 15)])
def test_the_standin_option_defaults_to_off_for_two_and_15_minutes_for_three_and_four(
    store: TableStore, seats: int, expected: int
) -> None:
    """Issue 13: "default off for two-player tables, 15 for three and four"; the opener is the creator."""
    table = store.create("alice", ["me", *["open"] * (seats - 1)], seed=3)
    assert table.view.standin == expected
    meta = meta_on_disk(table)
    assert (meta["standin"], meta["creator"], meta["by_computer"]) == (expected, "alice", [])
    assert meta["standin_engine"] is None  # the computer stands in unless an engine is named (issue 29)
    assert on_disk(table)["format"] == 5


@pytest.mark.parametrize("minutes", [0, 5, 15, 60])
def test_each_standin_value_is_kept(store: TableStore, minutes: int) -> None:
    table = store.create("alice", ["me", "open"], seed=3, standin=minutes)
    assert meta_on_disk(table)["standin"] == minutes
    assert store.open(table.name, "bob").view.standin == minutes
    assert [r.standin for r in store.list()] == [minutes]


def test_another_standin_value_is_refused_in_one_line(store: TableStore) -> None:
    with pytest.raises(TableRefused) as info:
        store.create("alice", ["me", "open"], seed=3, standin=10)
    assert str(info.value) == "a computer may stand in after 5, 15, 60 minutes away, or never (0), not 10"
    assert store.list() == []


# --------------------------------------------------------------------------- the stand-in


def test_a_computer_stands_in_only_after_n_minutes_away_and_only_on_that_seats_turn(world: World) -> None:
    """Issue 13: the computer takes bob's seat only while bob is away for 15 minutes or more, and only
    when it is bob's turn; alice's and carol's turns are theirs."""
    alice, bob, carol = trio(world)
    to_seat([alice, bob, carol], 1)
    world.away("bob")  # 09:00, bob quits
    assert alice.computer_to_move(standin=world.standin) is None  # away, but not 15 minutes yet
    world.later(minutes=14, seconds=59)
    assert alice.computer_to_move(standin=world.standin) is None
    assert alice.standin_in(world.standin) == 1.0
    assert not play_computer(alice, decide, standin=world.standin)
    world.later(seconds=1)
    assert alice.computer_to_move(standin=world.standin) == (1, STANDIN_BOT)
    assert carol.computer_to_move(standin=world.standin) == (1, STANDIN_BOT)
    assert bob.computer_to_move(standin=world.standin) is None  # bob's own process: he is here
    before = alice.session.position
    played = 0
    while alice.state.current == 1 and not alice.finished:
        assert play_computer(alice, decide, standin=world.standin)
        played += 1
    assert played >= 2  # a turn is several decisions
    assert alice.view.by_computer(1) == tuple(range(before, before + played))
    assert alice.view.assisted_seats == (1,)
    assert meta_on_disk(alice)["by_computer"] == [[], list(range(before, before + played)), []]
    # now carol's turn: she is present, so nobody plays for her however long bob stays away
    world.later(days=1)
    assert alice.state.current == 2
    assert alice.computer_to_move(standin=world.standin) is None
    assert not play_computer(alice, decide, standin=world.standin)


def test_a_player_never_seen_here_is_not_played_for_but_may_be_removed(world: World) -> None:
    """No presence record at all (an app from before presence records): the table waits for them,
    and its creator may remove them."""
    alice = world.store.create("alice", ["me", "open", "open"], seed=7, name="friday")
    for who in ("bob", "carol"):
        world.store.open("friday", who).join()
    alice.poll()
    world.back("alice")
    world.back("carol")
    bob = world.store.open("friday", "bob")
    carol = world.store.open("friday", "carol")
    to_seat([alice, bob, carol], 1)
    world.later(days=1)
    assert world.presence.away_since("bob") == NEVER_SEEN
    assert alice.computer_to_move(standin=world.standin) is None
    assert alice.standin_in(world.standin) is None
    assert alice.remove_problem("bob", world.standin) is None


def test_with_the_option_off_nobody_is_played_for(world: World) -> None:
    alice, bob, carol = trio(world, standin=0)
    to_seat([alice, bob, carol], 1)
    world.away("bob")
    world.later(days=2)
    assert alice.computer_to_move(standin=world.standin) is None
    assert not play_computer(alice, decide, standin=world.standin)


def test_the_player_takes_the_seat_back_at_once_by_sitting_down_again(world: World) -> None:
    alice, bob, carol = trio(world)
    to_seat([alice, bob, carol], 1)
    world.away("bob")
    world.later(minutes=30)
    assert play_computer(alice, decide, standin=world.standin)
    world.back("bob")  # the same second: no clock move
    assert alice.computer_to_move(standin=world.standin) is None
    assert not play_computer(alice, decide, standin=world.standin)
    bob.poll()
    assert bob.is_my_turn()
    first_choice(bob)
    assert bob.view.by_computer(1) == (bob.session.position - 2,)


def test_a_standin_decision_in_flight_is_dropped_when_the_player_comes_back(world: World) -> None:
    """The stand-in thinks; bob sits down meanwhile: the write checks presence again under the lock
    and writes nothing; bob decides himself."""
    alice, bob, carol = trio(world)
    to_seat([alice, bob, carol], 1)
    world.away("bob")
    world.later(minutes=15)
    position, generation = alice.session.position, alice.generation

    def think(seat: int, bot: str, state: State) -> Move:
        world.back("bob")
        return decide(seat, bot, state)

    assert not play_computer(alice, think, standin=world.standin)
    assert alice.generation == generation and on_disk(alice)["position"] == position
    assert meta_on_disk(alice)["by_computer"] == []


def test_a_standin_decision_is_made_exactly_once_when_two_processes_race(world: World) -> None:
    """alice's and carol's processes both see bob away on his turn: the one that wins the claim thinks
    and writes once; the other writes nothing."""
    alice, bob, carol = trio(world)
    to_seat([alice, bob, carol], 1)
    world.away("bob")
    world.later(minutes=15)
    position = alice.session.position
    race = race_for_the_claim(alice, carol, world.standin)
    assert race.calls == [race.winner] and race.results[race.winner] is not None
    assert [r is None for w, r in sorted(race.results.items()) if w != race.winner] == [True]  # the loser's
    assert on_disk(alice)["position"] == position + 1
    assert meta_on_disk(alice)["by_computer"] == [[], [position], []]


# --------------------------------------------------------------------------- undo across a stand-in


def test_undo_across_a_standin_decision_follows_the_undo_policy(world: World) -> None:
    """The stand-in's decision is the computer's: the player before it may not undo past it, bob may
    not take it back, and the marks survive an undo and redo of bob's own later decision."""
    alice, bob, carol = trio(world)
    to_seat([alice, bob, carol], 0)
    while alice.state.current == 0:
        first_choice(alice)
    last_alice = alice.session.position - 1
    world.away("bob")
    world.later(minutes=15)
    assert play_computer(alice, decide, standin=world.standin)
    mark = last_alice + 1
    with pytest.raises(TableRefused) as info:
        alice.undo()
    assert str(info.value) == (
        "friday: the computer (for bob) has decided since your last decision: you may undo only until then"
    )
    world.back("bob")
    bob.poll()
    with pytest.raises(TableRefused) as info:
        bob.undo()
    assert str(info.value) == (
        "friday: your last decision was made by the computer while you were away: it cannot be undone"
    )
    # later, a person's own decision undone and made again: the stand-in's mark stays as it was
    tables = [alice, bob, carol]
    for _ in range(100):
        for t in tables:
            t.poll()
        mover = next(t for t in tables if t.is_my_turn())
        move = unrevealing(mover)
        if move is None:
            first_choice(mover)
            continue
        mover.push(move)
        assert mover.undo()
        assert mover.view.by_computer(1) == (mark,) and mover.can_redo()
        assert mover.redo()
        assert mover.view.by_computer(1) == (mark,)
        break
    else:
        raise AssertionError("no decision without a reveal in 100")
    assert meta_on_disk(bob)["by_computer"] == [[], [mark], []]


# --------------------------------------------------------------------------- leaving and removing


def test_leaving_before_the_first_decision_opens_the_seat_again(world: World) -> None:
    alice, bob, _ = trio(world)
    assert str(bob.leave()) == "bob left; seat 2 is open again"
    assert bob.seat is None and bob.view.is_open(1)
    assert alice.poll() and alice.view.is_open(1) and alice.seats[1].name == OPEN
    assert bob.state.players[1].name == "Seat 2"
    dave = world.store.open("friday", "dave")
    assert dave.join() == 1


def test_leaving_after_the_first_decision_gives_the_seat_to_the_computer(world: World) -> None:
    alice, bob, carol = trio(world)
    to_seat([alice, bob, carol], 1)
    assert str(bob.leave()) == "bob left; the computer (normal) plays seat 2 from now on"
    alice.poll()
    assert alice.seats[1].kind == "computer" and alice.seats[1].bot == STANDIN_BOT
    assert alice.view.who(1) == "bob (computer)" and alice.state.players[1].name == "bob"
    assert alice.computer_to_move() == (1, STANDIN_BOT)  # a computer seat now: no presence needed
    assert play_computer(alice, decide)
    assert alice.view.by_computer(1) == ()  # the computer's own seat: not a stand-in
    with pytest.raises(TableRefused, match=r"^friday: you \(bob\) hold no seat here: there is nothing to leave$"):
        bob.leave()
    summary = world.store.list()[0]
    assert [s.text for s in summary.seats] == ["alice", "bob (computer)", "carol"]


def test_the_creator_removes_a_player_who_is_away_and_nobody_else_can(world: World) -> None:
    alice, bob, carol = trio(world)
    to_seat([alice, bob, carol], 2)
    with pytest.raises(TableRefused) as info:
        alice.remove("bob", world.standin)
    assert str(info.value) == "friday: bob is here: only a player who is away can be removed"
    world.away("bob")
    carol_standin = StandIn(PresenceStore(world.saves, world.clock).away_since, world.clock)
    with pytest.raises(TableRefused) as info:
        carol.remove("bob", carol_standin)
    assert str(info.value) == "friday: only alice, who opened this table, can remove a player"
    with pytest.raises(TableRefused, match=r"^friday: you cannot remove yourself: leave the table instead$"):
        alice.remove("alice", world.standin)
    with pytest.raises(TableRefused, match=r"^friday: dave holds no seat at this table$"):
        alice.remove("dave", world.standin)
    generation = alice.generation
    assert str(alice.remove("bob", world.standin)) == "bob left; the computer (normal) plays seat 2 from now on"
    assert alice.generation == generation + 1
    assert alice.seats[1].kind == "computer" and alice.view.who(1) == "bob (computer)"


def test_removing_before_the_first_decision_opens_the_seat(world: World) -> None:
    alice, _, carol = trio(world)
    world.away("carol")
    assert str(alice.remove("carol", world.standin)) == "carol left; seat 3 is open again"
    assert alice.view.is_open(2) and alice.seats[2].name == OPEN
    assert carol.poll() and carol.seat is None and carol.state.players[2].name == "Seat 3"


# --------------------------------------------------------------------------- Done when (storage level)


def test_two_players_over_two_days_one_away_then_back(world: World) -> None:
    """Issue 13, "Done when": alice and bob play a two-seat table (stand-in after 15 minutes) over two
    days of clock time.  Bob's terminal is killed (no heartbeat: away since it was last seen); after 15
    minutes alice's process plays bob's turns; the next day bob sits down again and plays his seat.
    Every decision is in the log once, and exactly the ones made while bob was away are marked."""
    clock = world.clock
    alice = world.store.create("alice", ["me", "open"], seed=5, name="duel", standin=15)
    bob = world.store.open("duel", "bob")
    bob.join()
    alice.poll()
    alice_here = PresenceStore(world.saves, clock).enter("alice")
    alice_here.at_table("duel")
    bob_here = PresenceStore(world.saves, clock).enter("bob")
    bob_here.at_table("duel")
    alice_standin = StandIn(alice_here.store.away_since, clock)
    bob_standin = StandIn(bob_here.store.away_since, clock)
    by_person: list[int] = []  # decisions a person made (index in the log)

    def people_play(decisions: int, *here: PresenceHandle) -> None:
        for _ in range(decisions):
            alice.poll()
            bob.poll()
            mover = alice if alice.is_my_turn() else bob
            assert mover.is_my_turn()
            by_person.append(mover.session.position)
            first_choice(mover)
            clock.advance(minutes=1)
            for handle in here:
                handle.beat()

    people_play(12, alice_here, bob_here)  # day 1, 09:00-09:12: both at the table
    assert alice.computer_to_move(standin=alice_standin) is None
    # bob's terminal is killed at 09:12: no beat after that; after STALE (60 s) he reads as away since 09:12
    killed = clock()
    while True:  # alice plays her decisions; bob's wait
        alice.poll()
        if not alice.is_my_turn():
            break
        by_person.append(alice.session.position)
        first_choice(alice)
        alice_here.beat()
    clock.advance(minutes=14)
    alice_here.beat()
    assert world.presence.away_since("bob") == killed
    assert not play_computer(alice, decide, standin=alice_standin)  # 14 minutes: the table waits
    clock.advance(minutes=1)
    alice_here.beat()
    standins: list[int] = []
    while not alice.finished and len(standins) < 8:  # 09:27 on: alice plays, the computer plays bob's turns
        alice.poll()
        if alice.is_my_turn():
            by_person.append(alice.session.position)
            first_choice(alice)
        else:
            position = alice.session.position
            assert play_computer(alice, decide, standin=alice_standin)
            standins.append(position)
        clock.advance(minutes=2)
        alice_here.beat()
    while alice.state.current == 1:  # finish bob's turn with the computer
        standins.append(alice.session.position)
        assert play_computer(alice, decide, standin=alice_standin)
    # day 2, 10:00: bob comes back and sits down; his seat is his again at once
    clock.advance(days=1)
    bob_back = PresenceStore(world.saves, clock).enter("bob")
    bob_back.at_table("duel")
    alice_here.beat()
    assert alice.computer_to_move(standin=alice_standin) is None
    people_play(10, alice_here, bob_back)
    assert bob.computer_to_move(standin=bob_standin) is None
    bob.poll()
    alice.poll()
    final = alice.view
    assert final.by_computer(1) == tuple(standins) and final.by_computer(0) == ()
    assert len(standins) >= 8 and all(final.mover(i) == 1 for i in standins)
    assert final.assisted_seats == (1,)
    # no decision lost or doubled: the log is exactly the people's decisions and the stand-in's
    assert sorted(by_person + standins) == list(range(final.session.position))
    assert meta_on_disk(alice)["by_computer"] == [[], standins]
    assert bob.view.by_computer(1) == tuple(standins)
    # the score pad's line for bob (issue 13: "played by the computer: 4 decisions")
    assert standin_lines(final) == [f"bob: played by the computer: {len(standins)} decisions (assisted result)."]


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"by_computer": [[], [1], []]}, "$.meta.by_computer[1]: decision 1 was made by seat 3"),
        ({"by_computer": [[0]]}, "$.meta.by_computer: 1 seat lists for 3 players"),
        ({"by_computer": [[], [], [9]]}, "$.meta.by_computer[2]: decision 9 is past the end of the log (4 moves)"),
        ({"by_computer": [[], [], [1, 0]]}, "$.meta.by_computer[2]: not in increasing order"),
        ({"standin": 10}, "$.meta.standin: invalid enum value 10"),
        ({"creator": "x" * 65}, "$.meta.creator: expected `str` of length <= 64"),
    ],
)
def test_a_hand_edited_seat_mark_or_option_is_refused_in_one_line(
    store: TableStore, change: dict[str, object], problem: str
) -> None:
    """Issue 13, bad input: the marks and options are read from a file others can write; a wrong one is
    refused in one line naming the field, and the file is left as it is."""
    alice = store.create("alice", ["me", "open", "open"], seed=7, name="t")
    for who in ("bob", "carol"):
        store.open("t", who).join()
    alice.poll()
    while alice.session.position < 4:  # carol (seat 3) begins with this seed: her turn is 4 decisions
        assert alice.state.players[alice.state.current].name == "carol"
        carol = store.open("t", "carol")
        carol.push(carol.legal_moves()[0])
        alice.poll()
    doc = on_disk(alice)
    meta = doc["meta"]
    assert isinstance(meta, dict)
    meta.update(change)
    data = json.dumps(doc).encode()
    put_document(store, "edited", data)
    with pytest.raises(SaveError) as info:
        store.open("edited", "alice")
    assert str(info.value) == f"{store.place.files('edited').source}: {problem}"
    assert document(store, "edited") == data
