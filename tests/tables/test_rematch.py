"""A rematch from a finished table's score pad (issue 27): the same seats and options, a new deal; the
other players sit down or decline, and a computer takes the seat of one who declines or stays away."""

from __future__ import annotations

import pytest
from computer_turns import play_computer, seeded_bot

from norsewind_tui.bots.registry import make_bot
from norsewind_tui.storage.format import SeatMeta
from norsewind_tui.storage.standin import STANDIN_BOT
from norsewind_tui.storage.tables import OPEN, SharedTable, TableRefused, TableStore, rematch_name


def finished(store: TableStore) -> list[SharedTable]:
    """alice, bob and a greedy computer played "friday" to its end (variant 2, stand-in after 5 min)."""
    alice = store.create("alice", ["me", "open", "greedy"], seed=21, name="friday", random_tiles=True, standin=5)
    bob = store.open("friday", "bob")
    assert bob.join() == 1
    tables = [alice, bob]
    bots = [make_bot("greedy", seed=i) for i in range(3)]
    while not alice.finished:
        for t in tables:
            t.poll()
        mover = next((t for t in tables if t.is_my_turn()), None)
        if mover is None:
            if not alice.finished:
                assert play_computer(alice, seeded_bot)
        else:
            mover.push(bots[mover.state.current].decide(mover.state))
    bob.poll()
    return tables


def test_the_rematch_keeps_the_seats_and_options_with_a_new_deal(store: TableStore) -> None:
    alice, bob = finished(store)
    assert store.invitation(bob) is None  # nobody proposed one yet
    rematch = store.rematch(alice, seed=99)
    assert rematch.name == "friday-rematch" and rematch.seat == 0 and not rematch.finished
    view = rematch.view
    assert view.seats == (SeatMeta("alice"), SeatMeta(OPEN), SeatMeta("Greedy bot 3", "computer", "greedy"))
    assert [p.name for p in view.state.players] == ["alice", "bob", "Greedy bot 3"]
    assert [view.invited(i) for i in range(3)] == [None, "bob", None]
    config = view.session.config
    assert (config.random_tiles, config.start_choice, view.standin, view.meta.creator) == (True, False, 5, "alice")
    assert view.session.seed == 99 and alice.view.session.seed == 21
    assert view.rematch_of(alice.view)
    invited = store.invitation(bob)
    assert invited is not None and invited.name == "friday-rematch"
    assert invited.join() == 1 and invited.seat == 1
    assert store.invitation(bob) is None  # sat down: nothing kept for bob any more
    summary = next(s for s in store.list() if s.name == "friday-rematch")
    assert [s.text for s in summary.seats] == ["alice", "bob", "Greedy bot 3"]


def test_a_seat_kept_for_bob_is_his_alone(store: TableStore) -> None:
    alice, _ = finished(store)
    store.rematch(alice, seed=99)
    carol = store.open("friday-rematch", "carol")
    with pytest.raises(TableRefused) as info:
        carol.join(1)
    assert str(info.value) == "friday-rematch: seat 2 is kept for bob (a rematch): they sit down or decline"
    with pytest.raises(TableRefused) as info:
        carol.join()
    assert str(info.value) == "friday-rematch: every seat is taken: you can watch"
    summary = next(s for s in store.list() if s.name == "friday-rematch")
    assert [s.text for s in summary.seats] == ["alice", "bob (invited)", "Greedy bot 3"]
    assert summary.open_seats == () and summary.kept_for("bob") == 1


def test_bob_declines_and_the_computer_takes_his_seat(store: TableStore) -> None:
    alice, bob = finished(store)
    rematch = store.rematch(alice, seed=99)
    invited = store.invitation(bob)
    assert invited is not None
    assert str(invited.decline()) == f"bob declined; the computer ({STANDIN_BOT}) plays seat 2"
    rematch.poll()
    assert rematch.view.seats[1] == SeatMeta("Normal bot 2", "computer", STANDIN_BOT)
    assert rematch.state.players[1].name == "Normal bot 2"
    assert store.invitation(bob) is None
    with pytest.raises(TableRefused) as info:
        invited.decline()
    assert str(info.value) == "friday-rematch: no seat is kept for you (bob) here: there is nothing to decline"


def test_the_proposer_gives_the_seat_of_one_who_stays_away_to_the_computer(store: TableStore) -> None:
    alice, _ = finished(store)
    rematch = store.rematch(alice, seed=99)
    watcher = store.open("friday-rematch", "bob")
    with pytest.raises(TableRefused) as info:
        watcher.give_to_computer(1)
    assert str(info.value) == (
        "friday-rematch: only alice, who proposed this rematch, can give a player's seat to the computer"
    )
    with pytest.raises(TableRefused) as info:
        rematch.give_to_computer(2)
    assert str(info.value) == "friday-rematch: seat 3 is kept for nobody"
    assert str(rematch.give_to_computer(1)) == f"bob did not sit down; the computer ({STANDIN_BOT}) plays seat 2"
    assert rematch.view.seats[1].kind == "computer"


def test_two_players_proposing_at_once_get_one_rematch(store: TableStore) -> None:
    alice, bob = finished(store)
    first = store.rematch(alice, seed=99)
    second = store.rematch(bob, seed=7)  # bob pressed n too: the one rematch, his seat kept for him
    assert second.name == first.name == "friday-rematch" and second.seat is None
    assert second.view.session.seed == 99 and second.join() == 1
    assert [s.name for s in store.list()].count("friday-rematch") == 1


def test_a_rematch_only_after_the_end_and_for_a_player(store: TableStore) -> None:
    alice = store.create("alice", ["me", "open"], seed=5, name="early")
    with pytest.raises(TableRefused) as info:
        store.rematch(alice, seed=1)
    assert str(info.value) == "early: the game is not over: a rematch comes after it"
    table, _ = finished(store)
    watcher = store.open(table.name, "carol")
    with pytest.raises(TableRefused) as info:
        store.rematch(watcher, seed=1)
    assert str(info.value) == "friday: you (carol) held no seat at this table: no rematch to propose"


def test_the_rematch_of_a_rematch_is_numbered() -> None:
    assert rematch_name("friday") == "friday-rematch"
    assert rematch_name("friday-rematch") == "friday-rematch-2"
    assert rematch_name("friday-rematch-2") == "friday-rematch-3"
