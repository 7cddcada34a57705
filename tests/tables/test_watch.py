"""Shared tables are notified, not polled (issue 16): a follower waiting on a table's ``watch`` is
woken by another process's decision, and when notifications are lost the fallback look brings the
decision within its period; nothing is lost or counted twice."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path

from norsewind_tui.storage.tables import SharedTable, TableView
from norsewind_tui.storage.watch import NETWORK_POLL, FileWatch, Watch, file_system_type, notification_works

from .conftest import to_move

WAIT = 20.0  # seconds: the bound on every wait for an event (a loaded 2-core machine)


@dataclass
class Follower:
    """What the app's table worker does, in a thread: wait on the watch, then look at the table."""

    table: SharedTable
    watch: Watch
    ready: threading.Event = field(default_factory=threading.Event)  # the watch is set up
    arrived: threading.Event = field(default_factory=threading.Event)
    stop: threading.Event = field(default_factory=threading.Event)
    written: threading.Event = field(default_factory=threading.Event)  # the test's decision is on disk
    view: TableView | None = None
    notified: bool | None = None  # what the wait before the look that found the decision returned
    missed: int = 0  # looks begun after the decision was written that did not find it

    def run(self) -> None:
        with self.watch:
            self.watch.wait(self.stop.is_set)  # the first wait returns at once
            self.ready.set()
            while not self.stop.is_set():
                woken = self.watch.wait(self.stop.is_set)
                after_write = self.written.is_set()
                newer = self.table.fetch()
                if newer is None:
                    self.missed += after_write
                    continue
                self.view, self.notified = newer, woken
                self.arrived.set()
                return

    def start(self) -> threading.Thread:
        thread = threading.Thread(target=self.run, daemon=True)
        thread.start()
        assert self.ready.wait(WAIT)
        return thread


def decide_once(mover: SharedTable, follower: Follower) -> int:
    """``mover`` makes the first legal decision; the position the follower must see."""
    mover.push(mover.legal_moves()[0])
    follower.written.set()
    return mover.session.position


def test_a_decision_wakes_the_other_player_at_once(pair: tuple[SharedTable, SharedTable]) -> None:
    """The follower's wait returns because of the write (True), not the fallback period."""
    mover = to_move(*pair)
    other = pair[1] if mover is pair[0] else pair[0]
    follower = Follower(other, other.watch(fallback=60.0))  # a fallback that cannot come first
    assert follower.watch.notified, follower.watch.why_polling
    thread = follower.start()
    position = decide_once(mover, follower)
    assert follower.arrived.wait(WAIT)
    follower.stop.set()
    thread.join(WAIT)
    assert follower.notified is True
    assert follower.view is not None
    assert follower.view.session.position == position == 1
    assert follower.view.session.moves == mover.session.moves  # the decision, once
    assert follower.missed == 0


def test_dropped_notifications_the_fallback_look_brings_the_decision(pair: tuple[SharedTable, SharedTable]) -> None:
    """The watch delivers nothing (``notify=False``): the next fallback look finds the decision, and
    no look begun after the write misses it."""
    mover = to_move(*pair)
    other = pair[1] if mover is pair[0] else pair[0]
    follower = Follower(other, other.watch(fallback=0.2, notify=False))
    assert not follower.watch.notified and follower.watch.period == 0.2
    thread = follower.start()
    position = decide_once(mover, follower)
    assert follower.arrived.wait(WAIT)
    follower.stop.set()
    thread.join(WAIT)
    assert follower.notified is False  # woken by the period: the fallback brought it
    assert follower.view is not None
    assert follower.view.session.position == position == 1
    assert follower.view.session.moves == mover.session.moves
    assert follower.missed == 0  # within one period of the write


def test_other_files_of_the_folder_do_not_wake_a_table(pair: tuple[SharedTable, SharedTable]) -> None:
    """Another table written in the same folder, and the table's own lock, are not its changes."""
    alice, _ = pair
    watch = alice.watch(fallback=0.3)
    assert watch.wait()  # the first wait: at once
    assert alice.store.create("carol", ["me", "open"], seed=3).name == "carol-table"
    (alice.path.parent / (alice.path.name + ".lock")).write_bytes(b"{}")
    assert watch.wait() is False  # only the period ended it
    watch.close()


def test_a_stopped_wait_returns_without_waiting_the_period(pair: tuple[SharedTable, SharedTable]) -> None:
    alice, _ = pair
    with alice.watch(fallback=600.0) as watch:
        watch.wait()
        assert watch.wait(lambda: True) is False


MOUNTS = """\
proc /proc proc rw,relatime 0 0
/dev/sda1 / ext4 rw,relatime 0 0
server:/export /srv nfs4 rw,relatime 0 0
//nas/share /srv/local\\040games cifs rw 0 0
/dev/sdb1 /srv/local ext4 rw 0 0
alice@host:/saves /home/alice/saves fuse.sshfs rw 0 0
"""


def test_the_file_system_of_a_folder_decides_whether_it_is_notified() -> None:
    """inotify never sees another machine's writes on a network file system: those folders poll."""
    assert file_system_type(Path("/home/bob/saves"), MOUNTS) == "ext4"
    assert file_system_type(Path("/srv/norsewind/tables"), MOUNTS) == "nfs4"
    assert file_system_type(Path("/srv/local/tables"), MOUNTS) == "ext4"  # the longer mount point wins
    assert file_system_type(Path("/srv/local games/tables"), MOUNTS) == "cifs"  # \040 is a space
    assert file_system_type(Path("/home/alice/saves/tables"), MOUNTS) == "fuse.sshfs"
    assert file_system_type(Path("/home/alice/savesx"), MOUNTS) == "ext4"  # not under /home/alice/saves
    assert notification_works(Path("/home/bob/saves"), MOUNTS)
    assert not notification_works(Path("/srv/norsewind"), MOUNTS)
    assert not notification_works(Path("/home/alice/saves/tables"), MOUNTS)
    assert not notification_works(Path("/srv/local games"), MOUNTS)


def test_a_folder_that_cannot_be_watched_is_polled_as_before(tmp_path: Path) -> None:
    """No notification (here: the folder does not exist): a poll every ``NETWORK_POLL`` seconds, and why."""
    with FileWatch(tmp_path / "gone", ["x.json"]) as watch:
        assert not watch.notified
        assert watch.period == NETWORK_POLL
        assert watch.why_polling is not None and str(tmp_path / "gone") in watch.why_polling


def test_a_change_between_two_waits_wakes_the_next_one(pair: tuple[SharedTable, SharedTable]) -> None:
    """The watch is kept from one wait to the next: a decision written while the follower reads the
    table (not waiting) wakes its next wait at once, not after the fallback period."""
    mover = to_move(*pair)
    other = pair[1] if mover is pair[0] else pair[0]
    with other.watch(fallback=600.0) as watch:
        assert watch.wait()  # the first wait: at once
        mover.push(mover.legal_moves()[0])  # while nobody waits
        assert watch.wait() is True
        assert other.fetch() is not None


def _waits(watch: Watch) -> tuple[threading.Thread, list[bool]]:
    """``watch.wait()`` in a thread of its own; what it returned."""
    got: list[bool] = []
    thread = threading.Thread(target=lambda: got.append(watch.wait()), daemon=True)
    thread.start()
    return thread, got


def test_an_interrupt_ends_a_wait_at_once_from_another_thread(tmp_path: Path) -> None:
    """The app's driver interrupts its worker's wait when the player decides (issue 28: the wait
    blocks on the notification; it no longer looks every few milliseconds)."""
    with FileWatch(tmp_path, ["x.json"], fallback=600.0) as watch:
        assert watch.notified and watch.wait()  # the first: at once
        thread, got = _waits(watch)
        watch.interrupt()  # before or during the wait: either ends it
        thread.join(WAIT)
        assert not thread.is_alive() and got == [False]
        (tmp_path / "other.json").write_bytes(b"{}")  # not its file
        (tmp_path / "x.json").write_bytes(b"{}")
        assert watch.wait() is True  # its file: woken (the other file's event was passed over)


def test_closing_a_watch_ends_the_wait_of_another_thread(tmp_path: Path) -> None:
    watch = FileWatch(tmp_path, ["x.json"], fallback=600.0)
    assert watch.wait()
    thread, got = _waits(watch)
    watch.close()
    thread.join(WAIT)
    assert not thread.is_alive() and got == [False]


def test_a_watched_folder_that_goes_away_is_polled_and_says_why(tmp_path: Path) -> None:
    folder = tmp_path / "tables"
    folder.mkdir()
    with FileWatch(folder, ["x.json"], fallback=600.0) as watch:
        assert watch.notified and watch.wait()
        folder.rmdir()
        assert watch.wait() is False  # the folder's removal: no change of x.json, and no more notification
        assert not watch.notified and watch.period == NETWORK_POLL
        assert watch.why_polling == f"file-change notification stopped for {folder}: the watched folder went away"
