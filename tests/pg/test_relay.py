"""A host's apps share one listening connection and hold no other while idle (issue 25: "with 100
sessions on one host, that host holds at most 10 connections"); ``relay.py``, ``home.py``."""

from __future__ import annotations

import os
import select
import signal
import struct
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import psycopg
import pytest
from kills import fork
from procs import end_child

from norsewind_tui.storage.pg.relay import wake_folder
from norsewind_tui.storage.tables import SharedTable

from .tables_at import alice_and_bob, context, to_move

WAIT = 30.0  # seconds: the bound on every wait for an event (a loaded machine)


def activity(url: str) -> list[tuple[int, str, str]]:
    """norsewind's connections to this database: (pid of the app, its last statement, its state)."""
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT application_name, query, state FROM pg_stat_activity WHERE datname = current_database()"
            " AND application_name LIKE 'norsewind %%' AND pid <> pg_backend_pid()"
        ).fetchall()
    return [(int(str(name).split(" ")[2]), str(query), str(state)) for name, query, state in rows]


def listeners(url: str) -> list[int]:
    return [pid for pid, query, _ in activity(url) if query.startswith("LISTEN")]


def until(what: Callable[[], bool], why: str) -> None:
    """Wait (bounded) for a state of the database that another process brings about."""
    deadline = time.monotonic() + WAIT
    while not what():
        assert time.monotonic() < deadline, why
        time.sleep(0.02)


def _decide(*tables: SharedTable) -> int:
    moving = to_move(*tables)
    moving.push(moving.legal_moves()[0])
    return moving.generation


class Follower:
    """Another app of this host (a forked process) that follows the table and reports the generation
    it reads after each wake-up of its watch."""

    def __init__(self, tmp_path: Path, url: str, name: str, who: str) -> None:
        def body(w: int) -> None:
            table = context(tmp_path, url).tables.open(name, who)
            with table.watch() as watch:
                while True:
                    if watch.wait():
                        table.poll()
                        os.write(w, struct.pack("Q", table.generation))

        self.pid, self.fd = fork(body)
        self.seen = -1

    def sees(self, generation: int) -> None:
        """Wait until this follower has read ``generation`` (woken by its watch)."""
        deadline = time.monotonic() + WAIT
        while self.seen != generation:
            left = deadline - time.monotonic()
            assert left > 0, f"follower {self.pid} never saw generation {generation} (last: {self.seen})"
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                data = os.read(self.fd, 8)
                assert len(data) == 8, f"follower {self.pid} ended"
                (self.seen,) = struct.unpack("Q", data)

    def kill(self) -> None:
        end_child(self.pid, self.fd, signal.SIGKILL)


@pytest.fixture
def followers() -> Iterator[list[Follower]]:
    started: list[Follower] = []
    yield started
    for f in started:
        f.kill()


def test_the_apps_of_a_host_share_one_listening_connection(
    tmp_path: Path, pg_url: str, followers: list[Follower]
) -> None:
    alice, bob = alice_and_bob(tmp_path, pg_url)
    followers += [Follower(tmp_path, pg_url, alice.name, who) for who in ("carol", "dan", "eve")]
    generation = alice.generation
    for f in followers:
        f.sees(generation)
    for _ in range(3):
        generation = _decide(alice, bob)
        for f in followers:
            f.sees(generation)  # every app is woken, through one listener
    until(lambda: len(activity(pg_url)) == 1, f"one connection left once all are idle: {activity(pg_url)}")
    (leader,) = listeners(pg_url)
    assert leader in {f.pid for f in followers}


def test_another_app_listens_when_the_listening_one_is_killed(
    tmp_path: Path, pg_url: str, followers: list[Follower]
) -> None:
    alice, bob = alice_and_bob(tmp_path, pg_url)
    followers += [Follower(tmp_path, pg_url, alice.name, who) for who in ("carol", "dan")]
    until(lambda: len(listeners(pg_url)) == 1, "one of the followers listens")
    (leader,) = listeners(pg_url)
    killed = next(f for f in followers if f.pid == leader)
    killed.kill()
    followers.remove(killed)
    (other,) = followers
    until(lambda: listeners(pg_url) == [other.pid], "the other follower takes over the listening")
    generation = _decide(alice, bob)
    other.sees(generation)


def test_an_idle_app_holds_no_connection_and_its_locks_outlive_the_connection(tmp_path: Path, pg_url: str) -> None:
    """The writer's lock of a saved game is a lease (``holds``), not a session lock: it stays taken
    while the app holds no connection, and a second opener is refused by name."""
    from norsewind_tui.rules import GameConfig
    from norsewind_tui.storage import SeatMeta
    from norsewind_tui.storage.errors import GameLocked

    games = context(tmp_path, pg_url).games
    game = games.create(GameConfig(players=("Ana",), level=2), 3, [SeatMeta("Ana")], name="leased")
    try:
        until(lambda: activity(pg_url) == [], "the app's connection closes once idle")
        with pytest.raises(GameLocked) as refused:
            games.open("leased")
        assert refused.value.pid == os.getpid()
    finally:
        game.close()
    games.open("leased").close()  # let go of by close


def test_a_wake_folder_open_to_others_is_not_trusted(tmp_path: Path, pg_url: str) -> None:
    """Another account could wake (or silence) the apps through a folder it can write: the watch then
    polls the database, and says why."""
    alice, _bob = alice_and_bob(tmp_path, pg_url)
    folder = wake_folder(pg_url)
    assert folder.parent.name == f"norsewind-{os.getuid()}" and folder.name.startswith("db-")
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o777)
    with alice.watch() as watch:
        assert not watch.notified
        assert watch.why_polling == f"{folder} is not a private folder of this account"
    folder.chmod(0o700)
    with alice.watch() as watch:
        assert watch.notified and watch.why_polling is None


def test_the_apps_of_a_host_hold_at_most_slots_connections_for_their_work(tmp_path: Path, pg_url: str) -> None:
    """Every connection for work takes one of the host's ``SLOTS`` (flock on a slot file): with all of
    them held by other apps, a write waits, and is refused in one line when none frees in time; with
    one freed, it goes through."""
    import fcntl

    from norsewind_tui.storage.errors import StoreUnreachable
    from norsewind_tui.storage.pg.home import SLOTS, close_all
    from norsewind_tui.storage.pg.url import shown_url

    tables = context(tmp_path, pg_url).tables  # the app has started (it checked the database)
    folder = wake_folder(pg_url)
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    until(lambda: activity(pg_url) == [], "the start's connection closes once idle")
    others = [os.open(folder / f"slot-{i}.lock", os.O_RDWR | os.O_CREAT, 0o600) for i in range(SLOTS)]
    try:
        for fd in others:  # as SLOTS busy apps of this host would
            fcntl.flock(fd, fcntl.LOCK_EX)
        with pytest.raises(StoreUnreachable) as refused:
            tables.create("alice", ["me", "open"], seed=5)
        assert str(refused.value) == (
            f"the database cannot be reached ({shown_url(pg_url)}: this host's {SLOTS} connections stayed busy)"
        )
        assert activity(pg_url) == []
        fcntl.flock(others[3], fcntl.LOCK_UN)  # one app is done
        assert tables.create("alice", ["me", "open"], seed=5).name == "alice-table"
    finally:
        close_all()
        for fd in others:
            os.close(fd)
