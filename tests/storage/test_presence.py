"""Presence records (issue 13 "Play at your own pace", issue 11 "bob is away since 10:42")."""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import msgspec
import pytest

from norsewind_tui.storage import SaveError
from norsewind_tui.storage.clock import Clock, ManualClock
from norsewind_tui.storage.inotify import REPLACED, Inotify
from norsewind_tui.storage.pg.home import home
from norsewind_tui.storage.pg.presence import DbPresenceStore
from norsewind_tui.storage.presence import (
    NEVER_SEEN,
    PRESENCE_DIR,
    SKEW,
    STALE,
    Presence,
    PresenceStore,
    clock_words,
)
from norsewind_tui.storage.standin import StandIn

START = datetime(2026, 11, 30, 10, 0, tzinfo=UTC)


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(START)


At = Callable[[Clock], PresenceStore]


@pytest.fixture(params=["folder", "database"])
def presence_at(request: pytest.FixtureRequest, tmp_path: Path) -> At:
    """Presence stores of the saves folder, or of a database (issue 25): the same rules in both."""
    if request.param == "database":
        url: str = request.getfixturevalue("pg_url")
        return lambda clock: DbPresenceStore(home(url), clock)
    return lambda clock: PresenceStore(tmp_path, clock)


def test_at_the_table_in_the_app_away(presence_at: At, clock: ManualClock) -> None:
    store = presence_at(clock)
    bob = store.enter("bob")
    assert store.of("bob") == Presence("bob", "app", START)
    assert store.away_since("bob") is None
    clock.advance(minutes=3)
    bob.at_table("friday")
    assert store.of("bob") == Presence("bob", "table", datetime(2026, 11, 30, 10, 3, tzinfo=UTC), "friday")
    clock.advance(minutes=39)
    bob.leave()
    gone = datetime(2026, 11, 30, 10, 42, tzinfo=UTC)
    assert store.of("bob") == Presence("bob", "away", gone)
    assert store.of("bob").words() == "away since 10:42"
    assert store.away_since("bob") == gone


def test_a_killed_process_reads_as_away_since_it_was_last_seen(presence_at: At, clock: ManualClock) -> None:
    store = presence_at(clock)
    bob = store.enter("bob")
    bob.at_table("friday")
    clock.advance(seconds=STALE - 20)
    bob.beat()  # last seen 10:00:40, then the process is killed: no more beats
    last = clock()
    clock.advance(seconds=STALE)
    assert store.of("bob").present  # exactly STALE seconds: not yet
    clock.advance(seconds=1)
    assert store.of("bob") == Presence("bob", "away", last)
    clock.advance(days=1)
    assert store.of("bob").words(clock()) == "away since Nov 30 10:00"  # another day: the date is said


def test_two_terminals_of_one_player_the_table_wins(presence_at: At, clock: ManualClock) -> None:
    store = presence_at(clock)
    first, second = store.enter("alice"), store.enter("alice")
    second.at_table("t1")
    assert store.of("alice").where == "table"
    second.leave()
    assert store.of("alice") == Presence("alice", "app", START)  # the first terminal is still in
    first.leave()
    assert store.of("alice").where == "away"


def test_coming_back_forgets_the_records_of_processes_that_are_gone(tmp_path: Path, clock: ManualClock) -> None:
    store = PresenceStore(tmp_path, clock)
    for _ in range(3):
        store.enter("bob").leave()
        clock.advance(minutes=1)
    store.enter("carol").leave()
    back = store.enter("bob")
    names = sorted(p.name.split("@")[0] for p in (tmp_path / PRESENCE_DIR).iterdir())
    assert names == ["bob", "carol"]
    assert back.path.exists()


def test_never_seen(presence_at: At, clock: ManualClock) -> None:
    store = presence_at(clock)
    assert store.of("dave") == Presence("dave", "away", None)
    assert store.away_since("dave") == NEVER_SEEN
    assert store.all() == {}


def test_a_name_that_is_not_a_player_name_is_refused(tmp_path: Path, clock: ManualClock) -> None:
    with pytest.raises(SaveError, match="not a player name"):
        PresenceStore(tmp_path, clock).enter("bob\x1b[2J")
    assert not (tmp_path / PRESENCE_DIR).exists()


def test_hostile_records_are_skipped_with_a_notice(tmp_path: Path, clock: ManualClock) -> None:
    """Records are other people's data: broken ones are skipped, never trusted, never a traceback."""
    store = PresenceStore(tmp_path, clock)
    store.enter("alice")
    folder = tmp_path / PRESENCE_DIR
    good = {"format": 1, "identity": "mallory", "where": "app", "since": "2026-11-30T10:00:00Z",
            "seen": "2026-11-30T10:00:00Z"}  # fmt: skip
    (folder / "mallory@000000000001.json").write_bytes(b"{not json")
    (folder / "mallory@000000000002.json").write_bytes(b" " * 5000)
    (folder / "mallory@000000000003.json").write_bytes(msgspec.json.encode({**good, "identity": "alice"}))
    (folder / "mallory@000000000004.json").write_bytes(msgspec.json.encode({**good, "table": "t\x1b[31m"}))
    (folder / "mallory@000000000005.json").write_bytes(msgspec.json.encode({**good, "extra": 1}))
    os.symlink("/etc/passwd", folder / "mallory@000000000006.json")
    os.mkfifo(folder / "mallory@000000000007.json")
    assert set(store.all()) == {"alice"}
    assert len(store.problems) == 7
    assert all(line.startswith("skipped a presence record: ") and "\n" not in line for line in store.problems)
    assert store.of("mallory") == Presence("mallory", "away", None)


def test_clock_words_say_the_date_when_it_is_not_today() -> None:
    at = datetime(2026, 11, 29, 9, 5, tzinfo=UTC)
    assert clock_words(at, now=datetime(2026, 11, 29, 23, 0, tzinfo=UTC)) == "09:05"
    assert clock_words(at, now=datetime(2026, 11, 30, 1, 0, tzinfo=UTC)) == "Nov 29 09:05"


def test_a_record_seen_in_the_future_is_not_live(tmp_path: Path, clock: ManualClock) -> None:
    """Issue 24.2: an app whose clock ran 3 hours ahead is killed; its record kept bob present for
    ever, so no stand-in ever played for him.  Now bob is away since this process first read it."""
    ahead = ManualClock(START + timedelta(hours=3))
    PresenceStore(tmp_path, ahead).enter("bob").at_table("friday")  # then killed: it never leaves
    store = PresenceStore(tmp_path, clock)
    assert store.of("bob") == Presence("bob", "away", START)
    clock.advance(minutes=15)
    assert store.away_since("bob") == START  # not "since 13:00", which would hold the stand-in 3 hours
    assert StandIn(store.away_since, clock, NEVER_SEEN).due(15, "bob")
    assert PresenceStore(tmp_path, clock).away_since("bob") == START  # every store of this process agrees
    clock.advance(hours=3)
    assert store.away_since("bob") == START  # its time has come: still not believed
    PresenceStore(tmp_path, clock).enter("bob")  # bob is back: the old record is forgotten
    assert store.of("bob") == Presence("bob", "app", clock())
    assert len(list((tmp_path / PRESENCE_DIR).iterdir())) == 1


def test_a_record_a_little_ahead_is_live(presence_at: At, clock: ManualClock) -> None:
    """Another host's clock may be a few seconds ahead (a saves folder over NFS): up to SKEW is believed."""
    ahead = START + timedelta(seconds=SKEW)
    presence_at(ManualClock(ahead)).enter("bob").at_table("friday")
    assert presence_at(clock).of("bob") == Presence("bob", "table", ahead, "friday")
    presence_at(ManualClock(START + timedelta(seconds=SKEW + 1))).enter("cy")
    assert presence_at(clock).of("cy") == Presence("cy", "away", START)


def test_a_beat_sets_the_records_time_and_wakes_no_other_app(tmp_path: Path, clock: ManualClock) -> None:
    """Issue 28: the other apps wait on the presence folder for records replaced or removed; a beat
    sets its file's time and replaces nothing, so no app wakes for it (with 20 apps, one beats
    every second), while a move still wakes them.  The beat keeps the player present (STALE)."""
    store = PresenceStore(tmp_path, clock)
    bob = store.enter("bob")
    bob.at_table("friday")
    watch = Inotify.open(tmp_path / PRESENCE_DIR, REPLACED)
    assert watch is not None
    try:
        for _ in range(3):
            clock.advance(seconds=STALE - 1)
            bob.beat()
            assert watch.names() == set()  # nothing for the others to read
        assert store.of("bob") == Presence("bob", "table", START, "friday")  # 3 x 59 s later: still here
        assert os.stat(bob.path).st_mtime_ns == int(clock().timestamp()) * 10**9  # the beat's time
        bob.in_app()  # a move
        assert bob.path.name in watch.names()  # replaced (its temporary file's name comes too)
    finally:
        watch.close()
    clock.advance(seconds=STALE + 1)
    assert store.of("bob").where == "away"  # no beat since: away, as a killed process
