"""Fewer looks (issue 42): a follower reads the database only when a wake says its game moved past the
generation it holds; the lobby, the saves and presence are one query each.  The queries are counted
through the home (``Home.uses``): every statement of a process goes through it."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from pathlib import Path

import psycopg

from norsewind_tui.rules import GameConfig
from norsewind_tui.storage import SeatMeta
from norsewind_tui.storage.pg.games import DbPlace
from norsewind_tui.storage.pg.home import Home
from norsewind_tui.storage.pg.relay import CHANNEL, Relay, RelayWatch
from norsewind_tui.storage.tables import TABLES_DIR, TableStore

from .tables_at import context

WAIT = 30.0  # seconds: the bound on every wait for an event (a loaded machine)


def tables(home: Home, saves: Path) -> TableStore:
    return TableStore(saves, place=DbPlace(home, "table", saves / TABLES_DIR))


def until(what: Callable[[], bool], why: str) -> None:
    deadline = time.monotonic() + WAIT
    while not what():
        assert time.monotonic() < deadline, why
        time.sleep(0.01)


def test_a_wake_for_the_generation_a_follower_holds_reads_nothing(tmp_path: Path, pg_url: str) -> None:
    hosts = (Home(pg_url), Home(pg_url))  # alice's home counts alice's queries alone
    try:
        alice = tables(hosts[0], tmp_path / "a").create("alice", ["me", "open"], seed=5)
        bob = tables(hosts[1], tmp_path / "b").open(alice.name, "bob")
        assert bob.join() == 1
        with hosts[0].watch("table", "another", 600.0, notify=True):  # the host's listener starts...
            assert hosts[0].relay.listening.wait(WAIT)  # ...and has touched the wake files: no '?' to come
            watch = alice.watch(fallback=600.0)  # a fallback that cannot come first
        assert isinstance(watch, RelayWatch)
        looked: queue.Queue[object] = queue.Queue()  # the generation read at each look (or what failed)
        stop = threading.Event()

        def follow() -> None:  # the driver's loop: a look after each return of the wait (tui/driver.py)
            try:
                while not stop.is_set():
                    watch.wait(stop.is_set)
                    if not stop.is_set():
                        alice.poll()
                        looked.put(alice.generation)
            except Exception as exc:
                looked.put(exc)

        follower = threading.Thread(target=follow, daemon=True)
        follower.start()
        assert looked.get(timeout=WAIT) == 2  # the first wait at once: bob's join read
        uses = hosts[0].uses
        with psycopg.connect(pg_url, autocommit=True) as conn:  # a wake for generation 2, held already
            conn.execute(f"SELECT pg_notify('{CHANNEL}', %s)", (f"table 2 {alice.name}",))
        until(lambda: not looked.empty() or watch.skipped == 1, "the wake was not heard")
        assert looked.empty() and hosts[0].uses == uses, f"no look, no query: looked at {list(looked.queue)}"
        assert watch.skipped == 1
        assert not alice.is_my_turn()  # seed 5: bob decides first
        bob.push(bob.legal_moves()[0])  # bob's: news
        assert looked.get(timeout=WAIT) == bob.generation
        stop.set()
        watch.interrupt()
        follower.join(WAIT)
        watch.close()
    finally:
        for h in hosts:
            h.close()


def test_the_lobby_the_saves_and_presence_are_read_by_one_query_each(tmp_path: Path, pg_url: str) -> None:
    ctx = context(tmp_path, pg_url)
    assert ctx.home is not None
    for n in range(3):
        ctx.tables.create("alice", ["me", "open"], seed=n, name=f"t{n}")
        config = GameConfig(players=("Ana",), level=1)
        ctx.games.create(config, 3, [SeatMeta("Ana")], name=f"s{n}").close()
    lobby = context(tmp_path, pg_url).tables  # another look's store: nothing of the tables known yet
    uses = ctx.home.uses
    listed = sorted(lobby.list(), key=lambda t: t.name)
    assert [(t.name, t.generation) for t in listed] == [("t0", 1), ("t1", 1), ("t2", 1)]
    assert ctx.home.uses == uses + 1, "the lobby: one query, not one per table"
    bob = ctx.tables.open("t1", "bob")
    assert bob.join() == 1
    uses = ctx.home.uses
    assert [(t.name, t.seats[1].holder) for t in sorted(lobby.list(), key=lambda t: t.name)] == [
        ("t0", None),
        ("t1", "bob"),
        ("t2", None),
    ]
    assert ctx.home.uses == uses + 1, "a table changed: still one query (its document comes with the listing)"
    uses = ctx.home.uses
    assert sorted(s.name for s in ctx.games.list()) == ["s0", "s1", "s2"]
    assert ctx.home.uses == uses + 1, "the saves: one query"
    presence = ctx.own_presence()
    for who in ("alice", "bob", "carol"):
        presence.enter(who)
    uses = ctx.home.uses
    each = presence.of_each(["alice", "bob", "carol", "dave", "not a name"])
    assert ctx.home.uses == uses + 1, "presence: one query"
    assert {who: p.where for who, p in each.items()} == {
        "alice": "app",
        "bob": "app",
        "carol": "app",
        "dave": "away",
        "not a name": "away",
    }
    assert each == {who: presence.of(who) for who in each}


def test_a_wake_file_is_never_read_empty_or_half_written(tmp_path: Path) -> None:
    """A watch reads the wake file the moment it changes (``RelayWatch._news``): written in place, it
    was read empty or torn ("" or "125" between "345" and "12"), which is news, so the follower looked
    (a loaded run of test_a_wake_for_the_generation_a_follower_holds_reads_nothing failed so).  The
    leader's thread writes while this one reads, as fast as both can."""
    path = tmp_path / "table-x"
    Relay._touch(path, "12")
    seen: set[bytes] = set()
    done = threading.Event()

    def write() -> None:
        for i in range(3000):
            Relay._touch(path, "12" if i % 2 else "345")
        done.set()

    writer = threading.Thread(target=write)
    writer.start()
    while not done.is_set():
        seen.add(path.read_bytes())
    writer.join()
    assert seen <= {b"12", b"345"}, seen
    assert sorted(p.name for p in tmp_path.iterdir()) == ["table-x"], "no temporary file left"
