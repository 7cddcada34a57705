"""SIGKILL an app's presence writer at random moments (issue 13 "Bad input and safety").

The writer (a forked process, as in ``test_kill.py``) enters, sits at a table, goes back to the
app and beats as fast as it can, reporting each completed write; the parent kills it at a random
moment, then checks that the presence folder reads strictly (no record skipped, no notice), that
the killed process still reads as present until ``STALE`` seconds after its last write and as away
(since that write) after it, and that the player's next start forgets what the killed processes left.
"""

from __future__ import annotations

import os
import random
import struct
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import msgspec
from kills import fork, kill_and_collect

from norsewind_tui.storage.atomic import read_limited
from norsewind_tui.storage.clock import ManualClock, system_clock
from norsewind_tui.storage.format import decode_json
from norsewind_tui.storage.presence import PRESENCE_DIR, STALE, PresenceRecord, PresenceStore

KILLS = 60
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _writer(saves: Path) -> Callable[[int], None]:
    def body(w: int) -> None:
        store = PresenceStore(saves, system_clock)
        handle = store.enter("bob")
        os.write(w, struct.pack("Q", 1))
        n = 1
        while True:
            handle.at_table("friday")
            handle.beat()
            handle.in_app()
            n += 3
            os.write(w, struct.pack("Q", n))

    return body


def _records(folder: Path) -> dict[str, PresenceRecord]:
    """Every record in the folder by file name, decoded strictly (a broken one fails the test), each
    seen at the later of its ``seen`` and its file's time, as every reader takes it (``beat`` sets
    the file's time alone: a writer killed after a beat was last seen then)."""
    out = {}
    for path in folder.iterdir():
        if path.name.endswith(".json") and not path.name.startswith("."):
            record = decode_json(read_limited(path, 4096), PresenceRecord, str(path))
            touched = EPOCH + timedelta(microseconds=path.stat().st_mtime_ns // 1000)  # exactly, as written
            if record.where != "away" and touched > record.seen:
                record = msgspec.structs.replace(record, seen=touched)
            out[path.name] = record
    return out


def test_sigkill_a_presence_writer_at_random_moments(tmp_path: Path) -> None:
    rng = random.Random(13)
    folder = tmp_path / PRESENCE_DIR
    temps = 0
    known: set[str] = set()
    for _ in range(KILLS):
        before = system_clock()
        pid, r = fork(_writer(tmp_path))
        reported = kill_and_collect(pid, r, rng.uniform(0.0, 0.03))
        after = system_clock()
        records = _records(folder) if folder.exists() else {}
        store = PresenceStore(tmp_path, ManualClock(after))
        everyone = store.all()
        assert store.problems == []  # a temporary file left by the kill is not a record
        temps += any(p.name.endswith(".tmp") for p in folder.iterdir()) if folder.exists() else 0
        new = [records[name] for name in set(records) - known]
        known = set(records)
        if not reported:
            assert len(new) <= 1
            continue  # killed before its first write was acknowledged: it may or may not be there
        (record,) = new
        assert before <= record.seen <= after
        assert everyone["bob"].present  # a moment ago: not yet known to be gone
        later = PresenceStore(tmp_path, ManualClock(record.seen + timedelta(seconds=STALE + 1)))
        gone = later.of("bob")
        assert gone.where == "away" and gone.since is not None and gone.since >= record.seen  # since last seen
    assert temps > 0  # the kills landed inside writes too
    # The next start, once the killed processes are known to be gone, forgets their records and the
    # temporary files they left (old enough: no write takes STALE seconds).
    for path in folder.iterdir():
        old = time.time() - STALE - 10
        os.utime(path, (old, old), follow_symlinks=False)
    now = datetime.now(UTC) + timedelta(seconds=STALE + 1)
    PresenceStore(tmp_path, ManualClock(now)).enter("bob")
    left = sorted(p.name for p in folder.iterdir())
    assert len(left) == 1 and left[0].startswith("bob@") and left[0].endswith(".json"), left
