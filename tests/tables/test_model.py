"""The shared-table model (issue 6, "Shared tables"): two ``SharedTable`` objects in one process act
as two identities on one save file, taking the lock only around each write."""

from __future__ import annotations

import json
import multiprocessing
import random
import stat
import threading
import time
from collections.abc import Callable
from functools import partial
from multiprocessing.queues import Queue
from pathlib import Path

import msgspec
import pytest
from computer_turns import play_computer
from tui.waits import progressing

from norsewind_tui.rules import IllegalMove
from norsewind_tui.rules.moves import Move
from norsewind_tui.rules.session import Session
from norsewind_tui.storage import GameStore, SaveError
from norsewind_tui.storage.identity import identity_problem, player_identity
from norsewind_tui.storage.pg.games import DbPlace, database_place
from norsewind_tui.storage.tables import (
    OPEN,
    TABLES_DIR,
    SharedTable,
    TableMoved,
    TableRefused,
    TableStore,
)

from .conftest import decide, document, put_document, race_for_the_claim, same_place, to_move, verified


def on_disk(table: SharedTable) -> dict[str, object]:
    data: dict[str, object] = json.loads(document(table.store, table.name))
    return data


# --------------------------------------------------------------------------- identities and seats


def test_identity_is_the_player_variable_else_the_login_name() -> None:
    """NORSEWIND_PLAYER wins; without it (or blank) the login name (USER/LOGNAME) is the identity."""
    assert player_identity({"NORSEWIND_PLAYER": "alice", "USER": "x", "LOGNAME": "x"}) == "alice"
    assert player_identity({"NORSEWIND_PLAYER": "  "}) == player_identity({})
    assert identity_problem("alice") is None
    assert identity_problem("bob.smith-2") is None
    for bad in ("", "(open)", "a b", "x" * 33, "-dash", "evil\x1b[2J"):
        problem = identity_problem(bad)
        assert problem is not None and "cannot sit at a table" in problem


def test_a_new_table_seats_its_opener_and_lists_open_and_computer_seats(store: TableStore, saves: Path) -> None:
    """The opener sits at seat 1; open seats are named "Seat N" in the rules until someone joins;
    the file is an ordinary save in saves/tables (private), verified like any other."""
    table = store.create("alice", ["me", "open", "hard"], seed=9)
    assert table.name == "alice-table" and table.path.parent == saves / "tables"
    assert stat.S_IMODE((saves / "tables").stat().st_mode) == 0o700
    assert [p.name for p in table.state.players] == ["alice", "Seat 2", "Hard bot 3"]
    assert [(s.name, s.kind, s.bot) for s in table.seats] == [
        ("alice", "human", None),
        (OPEN, "human", None),
        ("Hard bot 3", "computer", "hard"),
    ]
    assert table.seat == 0 and not table.read_only
    assert store.create("alice", ["me", "open"], seed=1).name == "alice-table-2"
    assert GameStore(saves).list() == []  # tables are not among the player's own saves
    assert verified(store, table.name).position == 0
    with pytest.raises(TableRefused, match="2 to 4 seats"):
        store.create("alice", ["me"], seed=1)
    with pytest.raises(TableRefused, match="seat 1"):
        store.create("alice", ["open", "me"], seed=1)
    with pytest.raises(TableRefused, match="cannot sit"):
        store.create("a b", ["me", "open"], seed=1)


def test_joining_takes_an_open_seat_once_and_renames_it(store: TableStore) -> None:
    """bob joins the open seat: the seat names him, the rules' player is renamed (the deal is the same),
    and the others see it at their next poll; a second seat, a taken seat, a full table are refused."""
    alice = store.create("alice", ["me", "open", "open"], seed=5)
    deal = alice.state.market
    bob = store.open(alice.name, "bob")
    assert bob.read_only and bob.seat is None
    assert bob.join(2) == 2
    assert bob.seat == 2 and not bob.read_only
    assert bob.state.players[2].name == "bob" and bob.state.market == deal
    assert alice.poll() and alice.holder(2) == "bob" and alice.state.players[2].name == "bob"
    with pytest.raises(TableRefused, match="already sit at seat 3"):
        bob.join()
    carol = store.open(alice.name, "carol")
    with pytest.raises(TableRefused, match="seat 3 is taken by bob"):
        carol.join(2)
    with pytest.raises(TableRefused, match="there is no seat 5"):
        carol.join(4)
    assert carol.join() == 1
    dave = store.open(alice.name, "dave")
    with pytest.raises(TableRefused, match="every seat is taken"):
        dave.join()
    weird = store.open(alice.name, "not valid!")
    with pytest.raises(TableRefused, match="cannot sit"):
        weird.join()
    assert verified(store, alice.name).state.players[1].name == "carol"


# --------------------------------------------------------------------------- turns


def test_only_the_seat_to_move_may_decide_and_the_others_are_told_why(pair: tuple[SharedTable, SharedTable]) -> None:
    """With seed 5 bob (seat 2) begins: alice, and a watcher, are refused with a clear message and
    nothing is written; bob's decision is written."""
    alice, bob = pair
    generation = on_disk(alice)["generation"]
    move = bob.legal_moves()[0]
    with pytest.raises(TableRefused) as refused:
        alice.push(move)
    assert str(refused.value) == "alice-table: it is bob's turn, not yours (you are alice, seat 1)"
    carol = alice.store.open(alice.name, "carol")
    with pytest.raises(TableRefused, match="you \\(carol\\) are watching: join an open seat to play"):
        carol.push(move)
    assert on_disk(alice)["generation"] == generation
    bob.push(move)
    assert on_disk(alice)["generation"] == generation + 1  # type: ignore[operator]
    with pytest.raises(IllegalMove):
        bob.push(bob.legal_moves()[0].__class__(99))  # type: ignore[call-arg]


def test_an_open_seat_to_move_holds_the_game_until_someone_joins(store: TableStore) -> None:
    """Seed 5: seat 2 begins; while it is open nobody can decide for it."""
    alice = store.create("alice", ["me", "open"], seed=5)
    with pytest.raises(TableRefused, match="turn of seat 2, which is open"):
        alice.push(alice.legal_moves()[0])
    bob = store.open(alice.name, "bob")
    bob.join()
    bob.push(bob.legal_moves()[0])
    assert alice.poll() and alice.session.position == 1


def test_polling_sees_the_other_players_decision(pair: tuple[SharedTable, SharedTable]) -> None:
    """After bob decides, alice's fetch finds a newer generation with bob's decision in it; polling
    again finds nothing new; a fetch changes nothing until it is adopted."""
    alice, bob = pair
    assert alice.fetch() is None and not alice.poll()
    events = bob.push(bob.legal_moves()[0])
    assert events
    view = alice.fetch()
    assert view is not None and view.generation == bob.generation
    assert alice.session.position == 0  # fetch alone changes nothing
    assert alice.adopt(view) is not None
    assert alice.state == bob.state and alice.session.moves == bob.session.moves
    assert not alice.poll()
    assert alice.adopt(view) is None  # not newer: ignored


def test_a_decision_on_a_stale_view_is_refused_not_lost(pair: tuple[SharedTable, SharedTable]) -> None:
    """bob at two terminals: the second one still shows the old position, so its different decision
    is refused (TableMoved, nothing written) instead of overwriting the first one's."""
    _alice, bob = pair
    bob2 = bob.store.open(bob.name, "bob")
    first, other = bob.legal_moves()[:2]
    bob.push(first)
    with pytest.raises(TableMoved, match="bob decided"):
        bob2.push(other)
    data = on_disk(bob)
    assert data["position"] == 1 and len(data["moves"]) == 1  # type: ignore[arg-type]
    assert bob2.poll() and bob2.session.moves == [first]


def test_a_join_while_someone_decides_does_not_refuse_the_decision(store: TableStore) -> None:
    """Names changed (someone joined) but the game did not: the decision still counts."""
    alice = store.create("alice", ["me", "open", "open"], seed=3)  # seed 3: alice begins
    assert alice.is_my_turn()
    bob = store.open(alice.name, "bob")
    bob.join()
    alice.push(alice.legal_moves()[0])  # alice's view still says seat 2 is open
    assert alice.holder(1) == "bob" and alice.session.position == 1


# --------------------------------------------------------------------------- concurrency


def play_randomly(table: SharedTable, acked: list[tuple[int, Move]], stop: threading.Event, seed: int) -> None:
    """Decide whenever it is this table's turn (and play the computer), recording acknowledged decisions."""
    rng = random.Random(seed)
    while not stop.is_set():
        try:
            table.poll()
            if table.finished:
                return
            if table.is_my_turn():
                position = table.session.position
                move = rng.choice(table.legal_moves())
                table.push(move)
                acked.append((position, move))
            elif not play_computer(table, decide):
                time.sleep(0.001)
        except (TableMoved, TableRefused):
            continue


def in_threads(store: TableStore, name: str, positions: int, *players: Callable[[threading.Event], None]) -> None:
    """Run each of ``players`` in a thread of its own until the table ``name`` has ``positions`` decisions
    (or stops moving on: ``progressing``), then stop them (the event each is given) and wait for them."""
    stop = threading.Event()
    threads = [threading.Thread(target=player, args=(stop,), daemon=True) for player in players]
    for t in threads:
        t.start()
    progressing(lambda: store.open(name, "x").session.position, positions)
    stop.set()
    for t in threads:
        t.join(30)


def test_concurrent_writers_never_lose_a_decision(store: TableStore) -> None:
    """alice at two terminals, bob, and a computer seat that all three play, in four threads with no
    pause: every decision a push acknowledged is in the file at the place it was made, nothing else
    is (the computer's decisions are the rest), and the file replays."""
    alice = store.create("alice", ["me", "open", "random"], seed=3)
    bob = store.open(alice.name, "bob")
    bob.join()
    alice2 = store.open(alice.name, "alice")
    tables = [alice, alice2, bob]
    acked: list[list[tuple[int, Move]]] = [[] for _ in tables]
    in_threads(store, alice.name, 60, *(partial(play_randomly, t, acked[i], seed=i) for i, t in enumerate(tables)))
    final = verified(store, alice.name)
    assert final.position >= 60
    human = [pair for log in acked for pair in log]
    assert len({p for p, _ in human}) == len(human)  # no position decided twice
    for position, move in human:
        assert final.moves[position] == move
    computer = [i for i in range(final.position) if final.states[i].current == 2]
    assert sorted([p for p, _ in human] + computer) == list(range(final.position))
    # alice (at one terminal or the other) and bob both got decisions through; which of alice's two
    # terminals wins each race is up to the thread scheduler, so neither is required to win one.
    assert (acked[0] or acked[1]) and acked[2]


def test_computer_seats_are_played_exactly_once(store: TableStore) -> None:
    """Two processes see the computer's turn at once: only the one that wins the claim thinks, the
    decision is written once, and the loser (and a late look on an old view) writes nothing."""
    alice = store.create("alice", ["me", "random"], seed=2)  # seed 2: the computer (seat 2) begins
    bob = store.open(alice.name, "bob")
    assert alice.computer_to_move() == (1, "random")
    race = race_for_the_claim(alice, bob)
    assert race.calls == [race.winner]
    assert race.results[race.winner] is not None
    assert [r is None for w, r in sorted(race.results.items()) if w != race.winner] == [True]  # the loser's
    assert on_disk(alice)["position"] == 1


def test_computers_played_by_every_process_at_once_play_the_game_a_lone_process_would(store: TableStore) -> None:
    """alice (a person who always takes the first choice) and three watchers' processes all play the
    two computer seats whenever they see their turn, in parallel threads: the log is exactly the one
    a single process computes alone, so no computer decision was made twice or skipped."""
    alice = store.create("alice", ["me", "random", "greedy"], seed=4)
    others = [store.open(alice.name, name) for name in ("bob", "carol", "dave")]

    def run(table: SharedTable, stop: threading.Event) -> None:
        while not stop.is_set() and not table.finished:
            try:
                table.poll()
                if table.is_my_turn():
                    table.push(table.legal_moves()[0])
                elif not play_computer(table, decide):
                    time.sleep(0.001)
            except (TableMoved, TableRefused):
                continue

    in_threads(store, alice.name, 45, *(partial(run, t) for t in (alice, *others)))
    final = store.open(alice.name, "x").session
    assert final.position >= 45
    alone = Session(final.config, final.seed, store.cards)
    for _ in range(final.position):
        state = alone.state
        seat = state.current
        alone.push(alone.legal_moves()[0] if seat == 0 else decide(seat, ("random", "greedy")[seat - 1], state))
    assert alone.moves == final.moves[: final.position]


def test_a_claimed_computer_turn_is_left_to_the_claimer_until_it_lets_go(store: TableStore) -> None:
    """While another process holds the computer claim (it is thinking) nobody else plays; when it goes
    away without writing (killed), the next look plays the computer's decision."""
    alice = store.create("alice", ["me", "random"], seed=2)
    claim = store.place.files(alice.name).claim("test claim")
    claim.acquire()
    try:
        assert not play_computer(alice, decide)
        assert on_disk(alice)["position"] == 0
    finally:
        claim.release()
    assert play_computer(alice, decide)
    assert alice.session.position == 1 and on_disk(alice)["position"] == 1


# --------------------------------------------------------------------------- undo


def test_undo_only_your_own_decisions_until_the_next_player_decides(pair: tuple[SharedTable, SharedTable]) -> None:
    """bob may undo his decisions one by one; alice may not undo them; once alice has decided, bob may
    no longer undo; alice may undo hers (before bob decides again); redo is the owner's only."""
    alice, bob = pair
    carol = alice.store.open(alice.name, "carol")
    with pytest.raises(TableRefused, match="nothing to undo"):
        bob.undo()
    first = bob.legal_moves()[0]
    bob.push(first)
    bob.push(bob.legal_moves()[0])
    alice.poll()
    with pytest.raises(TableRefused, match="nothing of yours to undo: you may undo only your own decisions"):
        alice.undo()
    with pytest.raises(TableRefused, match="carol"):
        carol.undo()
    assert bob.undo() and bob.session.position == 1
    assert alice.poll() and alice.session.position == 1
    assert bob.can_redo() and not alice.can_redo()
    with pytest.raises(TableRefused, match="not yours"):
        alice.redo()
    assert bob.redo() and bob.session.position == 2
    while bob.is_my_turn():  # bob finishes his turn
        bob.push(bob.legal_moves()[0])
    mover = to_move(alice, bob)
    assert mover is alice
    alice.push(alice.legal_moves()[0])
    bob.poll()
    with pytest.raises(TableRefused, match="alice has decided since your last decision"):
        bob.undo()
    assert alice.undo() and alice.is_my_turn()
    assert bob.poll() and bob.session.position == alice.session.position


def test_undo_never_goes_back_over_a_revealed_card(pair: tuple[SharedTable, SharedTable]) -> None:
    """The decision that ended bob's turn refilled the market from the deck: everyone has seen the
    new card, so bob may not undo it, even before alice decides."""
    _alice, bob = pair
    while bob.is_my_turn():
        bob.push(bob.legal_moves()[0])
    s = bob.session
    assert s.states[s.position - 1].revealed < s.state.revealed
    with pytest.raises(TableRefused, match="revealed a card to everyone"):
        bob.undo()
    assert not bob.undo_needs_confirmation()
    assert on_disk(bob)["position"] == s.position


def test_undo_stops_at_the_computers_decision(store: TableStore) -> None:
    """A computer seat is a player too: after it has decided, the person before it cannot undo."""
    alice = store.create("alice", ["me", "random"], seed=1)  # alice begins
    while alice.is_my_turn():
        alice.push(alice.legal_moves()[0])
    assert play_computer(alice, decide)
    with pytest.raises(TableRefused, match="Random bot 2 \\(computer\\) has decided since"):
        alice.undo()


# --------------------------------------------------------------------------- restarts and listing


def step(*tables: SharedTable) -> None:
    """One decision: by the table whose turn it is, else the computer's (played by the first)."""
    for table in tables:
        table.poll()
    for table in tables:
        if table.is_my_turn():
            table.push(table.legal_moves()[0])
            return
    assert play_computer(tables[0], decide)


def test_a_table_survives_every_process(store: TableStore, saves: Path) -> None:
    """Nothing is held between writes: new store objects (as after a restart) open the table where it
    was, with its seats, and play on; no lock is left held."""
    alice = store.create("alice", ["me", "open", "random"], seed=5)
    bob = store.open(alice.name, "bob")
    bob.join()
    for _ in range(12):
        step(alice, bob)
    alice.poll()
    position, moves = alice.session.position, list(alice.session.moves)
    assert position == 12
    del alice, bob
    again = same_place(store, saves)
    alice = again.open("alice-table", "alice")
    assert alice.session.position == position and alice.session.moves == moves
    assert [alice.holder(i) for i in range(3)] == ["alice", "bob", None]
    files = again.place.files("alice-table")
    for lock in (files.lock("test"), files.claim("test")):
        lock.acquire()  # nobody holds it
        lock.release()
    step(alice, again.open("alice-table", "bob"))
    assert again.open("alice-table", "carol").session.position == position + 1


def test_the_lobby_listing(store: TableStore) -> None:
    """Each table with its seats (holder, open, computer), whose turn, when; newest first; a broken
    file is listed with its error; unchanged files are not read again."""
    first = store.create("alice", ["me", "open", "easy"], seed=5)
    time.sleep(1.1)  # updated times have one-second resolution
    second = store.create("bob", ["me", "open"], seed=1)
    rows = store.list()
    assert [r.name for r in rows] == [second.name, first.name]
    one = rows[1]
    assert [s.text for s in one.seats] == ["alice", "open", "Easy bot 3"]
    assert one.whose_turn("alice") == "seat 2 (open)" and one.open_seats == (1,)
    assert one.seat_of("alice") == 0 and one.seat_of("bob") is None
    assert rows[0].whose_turn("bob") == "you" and rows[0].whose_turn("x") == "bob"
    assert store.list()[1] is one  # cached: the file did not change
    store.open(first.name, "carol").join()
    joined = next(r for r in store.list() if r.name == first.name)  # the join may make it the newest
    assert [s.text for s in joined.seats] == ["alice", "carol", "Easy bot 3"]
    put_document(store, "broken", b"{")
    broken = next(r for r in store.list() if r.name == "broken")
    assert broken.error is not None and "not valid JSON" in broken.error and broken.whose_turn() == ""
    store.remove(second.name)
    assert second.name not in [r.name for r in store.list()]


def test_a_table_whose_main_file_is_gone_is_listed_from_its_backup(folder_store: TableStore) -> None:
    store = folder_store
    """Issue 24 point 10: ``open`` recovers it from the backup, so the lobby lists it (marked)."""
    table = store.create("alice", ["me", "open"], seed=5)
    store.open(table.name, "bob").join()  # a second generation: the first is the backup
    before = next(r for r in store.list() if r.name == table.name)
    assert not before.from_backup and before.generation == 2
    table.path.unlink()
    row = next(r for r in store.list() if r.name == table.name)
    assert row.from_backup and row.error is None and row.path == table.path
    assert (row.generation, [s.text for s in row.seats]) == (1, ["alice", "open"])
    assert store.list()[0] is row  # cached while its backup does not change
    store.open(table.name, "carol").join()  # opened from the backup, written back under its name
    again = next(r for r in store.list() if r.name == table.name)
    assert not again.from_backup and [s.text for s in again.seats] == ["alice", "carol"]


def _process_player(
    saves: str, url: str | None, name: str, identity: str, seed: int, queue: Queue[list[tuple[int, str]]]
) -> None:
    """A separate process: play ``identity``'s seat (and the computer) until 40 decisions are made."""
    place = database_place(url, "table", Path(saves) / TABLES_DIR) if url else None
    table = TableStore(Path(saves), place=place).open(name, identity)
    acked: list[tuple[int, Move]] = []
    stop = threading.Event()

    def watch() -> None:
        progressing(lambda: table.session.position, 40, lambda: table.finished)
        stop.set()

    threading.Thread(target=watch, daemon=True).start()
    play_randomly(table, acked, stop, seed)
    queue.put([(p, msgspec.json.encode(m).decode()) for p, m in acked])


def test_two_processes_at_one_table_lose_nothing(store: TableStore, saves: Path) -> None:
    """The same with real processes (the lock is an flock between them): alice and bob in two
    processes, each also playing the computer seat; every acknowledged decision is in the file."""
    alice = store.create("alice", ["me", "open", "random"], seed=6)
    store.open(alice.name, "bob").join()
    url = store.place.home.url if isinstance(store.place, DbPlace) else None
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    procs = [
        ctx.Process(target=_process_player, args=(str(saves), url, alice.name, who, i, queue))
        for i, who in enumerate(("alice", "bob"))
    ]
    for p in procs:
        p.start()
    results = [queue.get(timeout=120) for _ in procs]
    for p in procs:
        p.join(30)
        assert p.exitcode == 0
    final = verified(store, alice.name)
    assert final.position >= 40
    human = [(pos, msgspec.json.decode(m.encode(), type=Move)) for log in results for pos, m in log]
    assert all(results) and len({p for p, _ in human}) == len(human)
    for position, move in human:
        assert final.moves[position] == move
    computer = [i for i in range(final.position) if final.states[i].current == 2]
    assert sorted([p for p, _ in human] + computer) == list(range(final.position))


def test_a_table_deleted_and_opened_again_under_its_name_is_picked_up(store: TableStore) -> None:
    """A process still showing the old game (a higher generation) adopts the new one all the same."""
    alice = store.create("alice", ["me", "open"], seed=1)
    for _ in range(3):
        alice.push(alice.legal_moves()[0])
    watcher = store.open(alice.name, "carol")
    store.remove(alice.name)
    with pytest.raises(SaveError, match="no table named alice-table"):
        watcher.poll()
    again = store.create("alice", ["me", "open"], seed=2)
    assert again.name == watcher.name and again.generation < watcher.generation
    assert watcher.poll() and watcher.id == again.id and watcher.session.position == 0


def test_a_broken_main_file_falls_back_to_the_backup_and_is_set_aside(
    folder_pair: tuple[SharedTable, SharedTable],
) -> None:
    """The main file is damaged (a disk error, a bad edit): the others' next look uses the backup (one
    decision older) and says so; the next write keeps the broken file as .damaged."""
    alice, bob = folder_pair
    bob.push(bob.legal_moves()[0])
    bob.push(bob.legal_moves()[0])
    alice.poll()
    alice.path.write_text("{", encoding="utf-8")
    assert bob.poll()
    assert bob.session.position == 1 and bob.notice is not None and "opened the backup" in bob.notice
    bob.push(bob.legal_moves()[0])
    assert alice.path.with_suffix(".json.damaged").read_text(encoding="utf-8") == "{"
    assert alice.poll() and alice.session.position == 2 and alice.notice is None


def test_a_look_finds_no_change_in_the_tables_own_write(store: TableStore) -> None:
    """A follower's look (``changes``) reports what was decided elsewhere, never this object's own
    write: whoever wrote takes the view on itself (the app's thread after ``push``; the caller of
    ``computer_step``, which leaves the view alone).  An app's follower used to wake at its own
    decision's rename, before its thread had taken the new view, read the table again and report
    the decision as made elsewhere (issue 28: then bench/host.py took a slow decision of one's own
    for another seat's move, left out of its figures)."""
    alice = store.create("alice", ["me", "random"], seed=2)
    while alice.computer_to_move() is None:  # alice's turn
        alice.push(alice.legal_moves()[0])
    before = alice.view
    played = alice.computer_step(decide)
    assert played is not None and played.generation > before.generation == alice.view.generation
    # the look may play the computer's next decision (its own report), never report the one written
    looked = [c.view.generation for c in alice.changes(before, decide, 0.0, None) if c.view is not None]
    assert played.generation not in looked and all(g > played.generation for g in looked)
    assert alice.adopt(played) is not None
    other = store.open(alice.name, "alice")  # another app of alice's: its writes are made elsewhere
    while other.computer_to_move() is None:
        other.push(other.legal_moves()[0])
    made = other.computer_step(decide)
    assert made is not None
    found = [c.view.generation for c in alice.changes(alice.view, decide, 0.0, None) if c.view is not None]
    assert found[0] == made.generation
