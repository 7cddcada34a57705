"""Waiting costs nothing (issue 28): a follower's wait and the app's look at the tables sleep until
something they show changes, with nothing on a clock but a slow safety period.

What is checked does not depend on time: the timeout a waiting ``FileWatch`` hands to ``select``
(the whole period, not a step of 0.1 s), and which changes end a ``LookWatch`` wait (a table's
file, a player's move) and which do not (a presence beat, a lock, a claim, a temporary file).
"""

from __future__ import annotations

import select
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from norsewind_tui.options import Options
from norsewind_tui.storage import GameLocked
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.gamefile import COMPUTER_SUFFIX
from norsewind_tui.storage.inotify import Inotify
from norsewind_tui.storage.pg.home import home
from norsewind_tui.storage.presence import PresenceStore
from norsewind_tui.storage.tables import TABLES_DIR, TableStore, is_table_file
from norsewind_tui.storage.watch import FALLBACK, FileWatch, LookWatch

PERIOD = 600.0  # seconds: a period no wait of these tests can reach


class Selects:
    """Every timeout given to ``select.select`` by one thread (the real call is made)."""

    def __init__(self, thread: str) -> None:
        self.thread = thread
        self.timeouts: list[float | None] = []
        self.entered = threading.Semaphore(0)
        self._real = select.select

    def __call__(self, r: Any, w: Any, x: Any, timeout: float | None = None) -> Any:
        if threading.current_thread().name == self.thread:
            self.timeouts.append(timeout)
            self.entered.release()
        return self._real(r, w, x, timeout)


@pytest.fixture
def selects(monkeypatch: pytest.MonkeyPatch) -> Iterator[Selects]:
    spy = Selects("follower")
    monkeypatch.setattr(select, "select", spy)
    yield spy


def test_the_fallback_is_a_safety_net_of_30_seconds() -> None:
    assert FALLBACK == 30.0


def test_a_waiting_follower_blocks_for_its_whole_period_not_a_step(tmp_path: Path, selects: Selects) -> None:
    """The wait hands ``select`` the time left of its period (600 s here): no wake-up every 0.1 s to
    look at ``stopped``; another file of the folder wakes it once, and it blocks again as long."""
    with FileWatch(tmp_path, ["x.json"], fallback=PERIOD) as watch:
        assert watch.notified
        assert watch.wait() is True  # the first wait: at once
        ended: list[bool] = []
        follower = threading.Thread(target=lambda: ended.append(watch.wait()), name="follower")
        follower.start()
        assert selects.entered.acquire(timeout=60)
        (tmp_path / "y.json").write_bytes(b"{}")  # not one of its files
        assert selects.entered.acquire(timeout=60)
        watch.interrupt()
        follower.join(60)
    assert ended == [False]  # the interrupt ended it, not the other file
    assert len(selects.timeouts) >= 2  # the other file's events may come in one read or two
    assert all(t is not None and t > PERIOD - 60 for t in selects.timeouts), selects.timeouts


def test_table_files_are_what_the_look_follows() -> None:
    assert is_table_file("friday.json") and is_table_file("friday.json.bak")
    assert not any(
        is_table_file(name)
        for name in ("friday.json.lock", "friday.json.computer", ".friday.json.123.tmp", "friday.json.damaged")
    )


def look_watch(saves: Path) -> LookWatch:
    watch = AppContext(Options(saves=str(saves))).around_watch(PERIOD, PERIOD)
    assert watch is not None and watch.notified
    return watch


def test_a_beat_a_lock_or_a_claim_wakes_no_look_a_move_and_a_decision_do(tmp_path: Path) -> None:
    """Every change made before the wait is waiting when it begins; the interrupt is looked at after
    them, so a wait that returns False found none of them worth a look."""
    saves = tmp_path / "saves"
    saves.mkdir()
    store = TableStore(saves)
    alice = store.create("alice", ["me", "open"], seed=1, name="friday")
    bob_table = store.open("friday", "bob")
    assert bob_table.join() == 1
    bob = PresenceStore(saves).enter("bob")
    with look_watch(saves) as watch:
        bob.beat()  # still here: what is shown does not change
        (saves / TABLES_DIR / "friday.json.lock").write_bytes(b"{}")
        (saves / TABLES_DIR / "friday.json.computer").write_bytes(b"")
        watch.interrupt()
        assert watch.wait() is False
        bob.at_table("friday")  # a move: the lobby and the table say where bob is
        assert watch.wait() is True
        bob.beat()
        watch.interrupt()
        assert watch.wait() is False
        alice.poll()
        mover = alice if alice.is_my_turn() else bob_table
        mover.push(mover.legal_moves()[0])  # a decision: whose turn it is
        assert watch.wait() is True
        carol = PresenceStore(saves).enter("carol")  # somebody new
        assert watch.wait() is True
        carol.leave()
        assert watch.wait() is True


HOLD = """
import sys
from pathlib import Path
from norsewind_tui.storage.atomic import FileLock
FileLock(Path(sys.argv[1]), "the computer seats").acquire()
print("held", flush=True)
sys.stdin.read()
"""


def test_a_refused_claim_wakes_no_follower_the_claimer_letting_go_or_dying_does(tmp_path: Path) -> None:
    """While one process plays a table's computer seats (it holds their claim), another's attempt is
    refused and changes nothing a follower's watch sees (the events a follower's inotify reads).
    Each refused attempt used to open the claim file for writing, whose closing woke every
    follower, which tried again: the followers of a table woke one another some 500 times a second
    while the computer thought.  The claimer taking it, letting go, or dying still wakes them."""
    store = TableStore(tmp_path)
    store.create("alice", ["me", "random"], seed=2, name="friday")
    files = store.place.files("friday")
    path = tmp_path / TABLES_DIR / f"friday{COMPUTER_SUFFIX}"  # the claim's lock file
    claim = path.name
    events = Inotify.open(path.parent)
    assert events is not None
    try:
        holder = files.claim("test claim")
        holder.acquire()
        assert claim in events.names()  # it described itself
        with pytest.raises(GameLocked):
            files.claim("another").acquire()
        assert claim not in events.names()
        holder.release()
        assert claim in events.names()
        command = [sys.executable, "-c", HOLD, str(path)]
        child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        try:
            assert child.stdout is not None and child.stdout.readline() == "held\n"
            assert claim in events.names()
            with pytest.raises(GameLocked, match=r"in use by .* \(pid \d+"):
                files.claim("another").acquire()
            assert claim not in events.names()
        finally:
            child.kill()
            child.wait(60)
        assert claim in events.names()  # the kernel closed its descriptors
        free = files.claim("another")
        free.acquire()  # the claim is free
        free.release()
    finally:
        events.close()


def test_a_tables_folder_made_later_is_followed_once_it_exists(tmp_path: Path) -> None:
    """Before anyone opens the tables there is no tables folder (a look creates none): the watch
    waits for it on the saves folder, then follows it."""
    saves = tmp_path / "saves"
    saves.mkdir()
    PresenceStore(saves).enter("bob")
    with look_watch(saves) as watch:
        (saves / "alice-game.json").write_bytes(b"{}")  # a solo game's save: nothing the look shows
        watch.interrupt()
        assert watch.wait() is False
        store = TableStore(saves)  # makes the folder
        assert watch.wait() is True
        store.create("alice", ["me", "open"], seed=1, name="friday")
        assert watch.wait() is True
        (saves / "alice-game.json").write_bytes(b"{}")  # no longer watched: both folders exist
        watch.interrupt()
        assert watch.wait() is False


def test_the_database_has_no_folder_to_follow(tmp_path: Path) -> None:
    """Its rows notify nothing of the kind: the app looks every DATABASE_AROUND seconds instead."""
    context = AppContext(Options(saves=str(tmp_path)))
    context.home = home("postgresql://nowhere/db")  # what --database gives; nothing is reached here
    assert context.around_watch(PERIOD, PERIOD) is None
