"""A host's apps through PgBouncer (issue 42): the queries go through the pooler (no server process
forked per look), the listening connection straight to PostgreSQL; a table of two hosts goes on
through a restart of PostgreSQL and of the pooler, with every decision once."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from pgserver import PgServer

from norsewind_tui.storage.errors import StoreUnreachable
from norsewind_tui.storage.pg.games import DbPlace
from norsewind_tui.storage.pg.home import Home
from norsewind_tui.storage.tables import TABLES_DIR, SharedTable, TableStore

WAIT = 30.0  # seconds: the bound on every wait for an event (a loaded machine)


def tables(home: Home, saves: Path) -> TableStore:
    return TableStore(saves, place=DbPlace(home, "table", saves / TABLES_DIR))


def decide(seats: tuple[SharedTable, ...], taken: list[object]) -> int:
    """The seat whose turn it is takes its first legal decision; a look refused while the database
    (or the pooler) comes back is looked again until WAIT."""
    deadline = time.monotonic() + WAIT
    for t in seats:
        while True:
            try:
                t.poll()
                break
            except StoreUnreachable:
                assert time.monotonic() < deadline, "the database did not come back"
                time.sleep(0.05)
    mover = next(t for t in seats if t.is_my_turn())
    move = mover.legal_moves()[0]
    mover.push(move)
    taken.append(move)
    return seats.index(mover)


def test_a_table_of_two_hosts_through_the_pooler_goes_on_through_restarts_of_both(
    tmp_path: Path, pooled_url: str, pg_server: PgServer
) -> None:
    hosts = (Home(pooled_url), Home(pooled_url))
    assert all(h.pooled is not None and "port=6432" in h.pooled for h in hosts)
    other = tmp_path / "host-b"
    other.mkdir(mode=0o700)
    hosts[1].relay.folder = other / "wake"  # another host: its own wake files and listening connection
    try:
        alice = tables(hosts[0], tmp_path / "a").create("alice", ["me", "open"], seed=5)
        bob = tables(hosts[1], tmp_path / "b").open(alice.name, "bob")
        assert bob.join() == 1
        seats = (alice, bob)
        watches = (alice.watch(), bob.watch())
        assert all(w.wait() for w in watches)  # the first: at once
        taken: list[object] = []
        for _ in range(4):
            decide(seats, taken)
        assert hosts[0].relay.leading.is_set() and hosts[1].relay.leading.is_set()  # one listener each
        assert watches[0].wait(), "alice's host woken by bob's decision (NOTIFY, its own listener)"
        pg_server.pg_ctl("restart")
        pg_server.stop_pooler()  # PostgreSQL up, the pooler down: the looks go through it, so they fail
        for t in seats:
            with pytest.raises(StoreUnreachable, match=r"cannot reach the database|cannot be reached"):
                t.poll()
        pg_server.start_pooler()
        woken: set[int] = set()
        for _ in range(4):  # the other host is woken by each decision (its own write wakes nobody)
            waiting = 1 - decide(seats, taken)
            assert watches[waiting].wait(), "woken after the restarts"
            woken.add(waiting)
        assert woken == {0, 1}
        final = tables(hosts[0], tmp_path / "a").open(alice.name, "x")
        assert list(final.session.moves) == taken and final.session.position == 8
        for w in watches:
            w.close()
    finally:
        for h in hosts:
            h.close()
