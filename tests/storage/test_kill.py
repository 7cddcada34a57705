"""SIGKILL a writer at random moments: every file left behind loads, no acknowledged decision is lost.

The writer is a forked child process that plays (and undoes) as fast as it can,
reporting each completed autosave through a pipe; the parent kills it with
SIGKILL after a random delay, then checks every save and backup in the folder
strictly (the main file itself must load, not only through its backup).
"""

from __future__ import annotations

import os
import random
import signal
import struct
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest
from kills import fork, kill_at_random, write_at_random

from norsewind_tui.rules import GameConfig, medal_for
from norsewind_tui.storage import GameStore, SeatMeta
from norsewind_tui.storage.atomic import read_limited
from norsewind_tui.storage.format import decode_save
from norsewind_tui.storage.pg.home import home
from norsewind_tui.storage.pg.profiles import PgProfileStore
from norsewind_tui.storage.profiles import GameRecord, Profiles, ProfileStore, decode_profile
from norsewind_tui.storage.saves import load_bytes

KILLS = 200


def _game_writer(folder: Path) -> Callable[[int], None]:
    def body(w: int) -> None:
        write_at_random(GameStore(folder).open("g"), w)

    return body


def _check_saves(store: GameStore, acked: int) -> int:
    """Every save and backup in the folder loads strictly; returns the main file's generation."""
    folder = store.dir
    main = folder / "g.json"
    save, _ = decode_save(read_limited(main), str(main))
    load_bytes(read_limited(main), str(main), store.cards)  # replays to its digest
    backup = folder / "g.json.bak"
    if backup.exists():
        old = load_bytes(read_limited(backup), str(backup), store.cards)
        # the previous generation, or (killed between linking the backup and renaming) the same one
        assert old.save.generation in (save.generation - 1, save.generation)
    for path in folder.iterdir():
        if path.name.endswith(".json"):
            load_bytes(read_limited(path), str(path), store.cards)
    assert acked <= save.generation <= acked + 1  # nothing acknowledged is lost; at most one write in flight
    watcher = store.open("g", read_only=True)
    assert watcher.notice is None and watcher.generation == save.generation
    return save.generation


def test_sigkill_a_save_writer_at_random_moments(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    game = store.create(GameConfig(players=("Ana", "Bo", "Cy", "Di")), 3, [SeatMeta(n) for n in "ABCD"], name="g")
    acked = game.generation
    game.close()
    rng = random.Random(99)
    leftovers = mid_write = 0
    for _ in range(KILLS):
        acked = kill_at_random(_game_writer(tmp_path), rng.uniform(0.0, 0.03), acked)
        gen = _check_saves(store, acked)
        mid_write += gen == acked + 1
        leftovers += any(p.name.endswith(".tmp") for p in tmp_path.iterdir())
        acked = gen
    # The kills landed inside writes too (not only between them):
    assert leftovers + mid_write > 0
    game = store.open("g")  # the next writer cleans up what the killed ones left
    assert not any(p.name.endswith(".tmp") for p in tmp_path.iterdir())
    game.close()


def _record(rng: random.Random) -> GameRecord:
    margin = rng.randint(-30, 40)
    return GameRecord(
        game=os.urandom(16).hex(),
        date=datetime.now(UTC),
        level=rng.randint(1, 7),
        score=60 + margin,
        vikings=60,
        margin=margin,
        medal=medal_for(margin),
        seed=rng.randrange(1000),
    )


def _recorder(profiles_of: Callable[[], Profiles]) -> Callable[[int], None]:
    """A child that records Ana's games one after the other into the store ``profiles_of()`` opens."""

    def body(w: int) -> None:
        profiles = profiles_of()
        rng = random.Random(os.getpid())
        count = len(profiles.load("Ana").games)
        while True:
            assert profiles.record("Ana", _record(rng))
            count += 1
            os.write(w, struct.pack("Q", count))

    return body


def test_sigkill_a_profile_writer_at_random_moments(tmp_path: Path) -> None:
    folder = tmp_path / "profiles"
    folder.mkdir(mode=0o700)  # a first writer may be killed before it creates the folder
    rng = random.Random(7)
    acked = 0
    for _ in range(KILLS):
        acked = kill_at_random(_recorder(lambda: ProfileStore(folder)), rng.uniform(0.0, 0.03), acked)
        for path in folder.iterdir():
            if path.name.endswith((".json", ".json.bak")):
                decode_profile(read_limited(path), str(path))
        main_path = folder / "Ana.json"
        main = decode_profile(read_limited(main_path), "main") if main_path.exists() else None
        assert main is not None or acked == 0
        count = len(main.games) if main else 0
        assert acked <= count <= acked + 1
        profile = ProfileStore(folder).load("Ana")
        assert profile.notice is None and len(profile.games) == count
        acked = count
    ProfileStore(folder).record("Ana", _record(random.Random(1)))  # the next recorder cleans up
    left = [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]
    assert not left, left


def test_sigkill_a_database_recorder_at_random_moments(pg_url: str) -> None:
    """The database twin of the profile writer's test (issue 25): a record is one transaction,
    so a kill leaves every acknowledged record and at most the one being recorded."""
    rng = random.Random(7)
    acked = 0
    for _ in range(KILLS // 5):  # a connection per record: slower than a file, 40 kills are plenty
        acked = kill_at_random(_recorder(lambda: PgProfileStore(home(pg_url))), rng.uniform(0.0, 0.1), acked)
        profile = PgProfileStore(home(pg_url)).load("Ana")  # every row checks (SaveError otherwise)
        count = len(profile.games)
        assert acked <= count <= acked + 1
        assert len({g.game for g in profile.games}) == count  # nothing doubled
        acked = count
    assert acked > 0


@pytest.mark.parametrize(
    ("call", "nth"),
    [("fsync", 1), ("link", 1), ("replace", 1), ("replace", 2), ("fsync", 2)],
)
def test_crash_at_each_step_of_a_write(tmp_path: Path, call: str, nth: int) -> None:
    """Kill the writer exactly inside each step of ``atomic_write``: before/after the backup link and
    each rename; the main file always holds a whole generation."""
    store = GameStore(tmp_path)
    game = store.create(GameConfig(players=("Ana",)), 4, [SeatMeta("Ana")], name="g")
    game.push(game.legal_moves()[0])
    before = game.generation
    game.close()

    def body(w: int) -> None:
        g = GameStore(tmp_path).open("g")
        real = getattr(os, call)
        seen = 0

        def dying(*args: object, **kw: object) -> object:
            nonlocal seen
            seen += 1
            if seen == nth:
                os.kill(os.getpid(), signal.SIGKILL)
            return real(*args, **kw)

        setattr(os, call, dying)
        g.push(g.legal_moves()[0])
        os.write(w, b"unreachable")

    pid, r = fork(body)
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status), "the writer was to die inside the write"
    assert os.read(r, 100) == b""
    os.close(r)
    gen = _check_saves(store, before)
    assert gen in (before, before + 1)


def test_a_write_after_a_kill_between_backup_and_replace_leaves_no_temporary_file(tmp_path: Path) -> None:
    """A writer killed after linking the backup but before replacing the main file leaves main and
    backup as one file; the next write must still clean its temporary link (rename() of two links to
    one file does nothing)."""
    from norsewind_tui.storage.atomic import atomic_write

    main, backup = tmp_path / "g.json", tmp_path / "g.json.bak"
    atomic_write(main, b"one", backup=backup)
    os.link(main, backup)  # the state a kill at that moment leaves
    atomic_write(main, b"two", backup=backup)
    assert main.read_bytes() == b"two" and backup.read_bytes() == b"one"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
