"""Bad save files: one line naming the file and the problem (msgspec's path), never a traceback,
and the file is never modified by a failed load."""

from __future__ import annotations

import os
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest

from norsewind_tui.storage import FileLock, GameStore, SaveError

from .conftest import play, solo

Edit = Callable[[dict[str, Any]], None]


@pytest.fixture(scope="module")
def real_save(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    store = GameStore(tmp_path_factory.mktemp("real"))
    game = solo(store, name="real", seed=21)
    play(game, 40, random.Random(21))
    game.close()
    return game.path.read_bytes()


def _edited(data: bytes, edit: Edit) -> bytes:
    doc = msgspec.json.decode(data)
    edit(doc)
    return msgspec.json.encode(doc)


def _set(path: str, value: Any) -> Edit:
    def edit(doc: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = doc
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value

    return edit


EDITS: dict[str, tuple[Edit, str]] = {
    "wrong version (newer)": (_set("format", 99), r"\$\.format: save format 99 is newer"),
    "wrong version (unknown)": (_set("format", -3), r"\$\.format: unknown save format -3"),
    "version as text": (_set("format", "1"), r"\$\.format: expected `int`, got `str`"),
    "huge seed": (_set("seed", 10**30), r"\$\.seed: "),
    "huge position": (_set("position", 10**20), r"\$\.position: "),
    "position past the end": (_set("position", 41), r"\$\.position: 41 is past the end of the log \(40 moves\)"),
    "negative generation": (_set("generation", -1), r"\$\.generation: expected `int` >= 0"),
    "seed as text": (_set("seed", "twelve"), r"\$\.seed: expected `int`, got `str`"),
    "move of the wrong type": (_set("moves.12", {"x": 1}), r"\$\.moves\[12\]: expected `array`, got `object`"),
    "unknown move": (_set("moves.3", ["teleport", 3]), r"\$\.moves\[3\]\[0\]: invalid value 'teleport'"),
    "move with a huge number": (_set("moves.0", ["building", 10**25]), r"\$\.moves\[0\]: illegal move"),
    "an illegal move in the log": (_set("moves.12", ["pass"]), r"\$\.moves\[12\]: illegal move \[\"pass\"\]"),
    "unknown field": (_set("cheat", True), r"\$: object contains unknown field `cheat`"),
    "unknown card set": (_set("cards", "deadbeefdeadbeef"), r"\$\.cards: made with the card set deadbeefdeadbeef"),
    "card set id that is a path": (_set("cards", "../../etc"), r"\$\.cards: expected `str` matching regex"),
    "hand-edited digest": (_set("digest", "0" * 64), r"\$\.digest: the log does not replay to the saved state"),
    "hand-edited turn": (_set("meta.turn", 1), r"\$\.meta\.turn: says 1 but the log replays to turn"),
    "hand-edited finish": (_set("meta.finished", True), r"\$\.meta\.finished: says true but the game goes on"),
    "hand-edited mode": (_set("meta.mode", "multiplayer"), r"\$\.meta\.mode: 'multiplayer' for 1 player"),
    "too many players": (
        _set("config.players", ["a", "b", "c", "d", "e"]),
        r"\$\.meta\.seats: 1 seats for 5 players",
    ),
    "escape sequence in a name": (_set("config.players.0", "Ana\x1b[2J"), r"\$\.config\.players\[0\]: the name"),
    "escape sequence in a seat": (_set("meta.seats.0.name", "\x1b]0;x\x07"), r"\$\.meta\.seats\[0\]\.name"),
    "bad seat kind": (_set("meta.seats.0.kind", "alien"), r"\$\.meta\.seats\[0\]\.kind: invalid enum value 'alien'"),
    "bad date": (_set("meta.created", "yesterday"), r"\$\.meta\.created: invalid RFC3339"),
    "naive date": (_set("meta.updated", "2024-01-01T10:00:00"), r"\$\.meta\.updated: expected `datetime` with a"),
    "level out of range": (_set("meta.level", 99), r"\$\.meta\.level: expected `int` <= 7"),
    "moves not a list": (_set("moves", "lots"), r"\$\.moves: expected `array`, got `str`"),
    "missing field": (lambda d: d.pop("digest"), r"\$: object missing required field `digest`"),
    "not an object": (lambda d: d.clear(), r"\$: object missing required field `format`"),
}

RAW: dict[str, tuple[Callable[[bytes], bytes], str]] = {
    "empty": (lambda d: b"", r"the file is empty"),
    "blank": (lambda d: b" \n\t\n", r"the file is blank"),
    "truncated": (lambda d: d[: len(d) // 2], r"not valid JSON: input data was truncated"),
    "truncated at the end": (lambda d: d[:-3], r"not valid JSON"),
    "garbled": (lambda d: bytes(random.Random(1).randrange(256) for _ in range(300)), r"not valid JSON"),
    "zero bytes": (lambda d: b"\0" * 100, r"not valid JSON"),
    "garbage after the object": (lambda d: d + b"}{", r"not valid JSON: .*trailing"),
    "array at the top": (lambda d: b"[1, 2, 3]", r"\$: expected `object`, got `array`"),
    "huge integer digits": (lambda d: d.replace(b'"seed": 21', b'"seed": ' + b"9" * 5000), r"\$\.seed: "),
    "deep nesting everywhere": (lambda d: b"[" * 100_000 + b"]" * 100_000, r"\$: expected `object`, got `array`"),
    "deep nesting in a field": (
        lambda d: d.replace(b"{", b'{"x": ' + b"[" * 100_000 + b"]" * 100_000 + b",", 1),
        r"nested too deeply",
    ),
    "deep nesting in a move": (
        lambda d: d.replace(b'"moves": [', b'"moves": [' + b"[" * 100_000 + b"]" * 100_000 + b",", 1),
        r"nested too deeply to be a save",
    ),
    "too big": (lambda d: b" " * (5 * 1024 * 1024) + d, r"too big for a save"),
    "wrong encoding": (lambda d: d.decode().encode("utf-16"), r"not valid JSON"),
}


def _check(store: GameStore, name: str, data: bytes, pattern: str) -> None:
    path = store.dir / f"{name}.json"
    path.write_bytes(data)
    before = sorted(p.name for p in store.dir.iterdir())
    mtime = path.stat().st_mtime_ns
    for how in ("open", "watch", "verify"):
        with pytest.raises(SaveError) as info:
            if how == "open":
                store.open(name)
            elif how == "watch":
                store.open(name, read_only=True)
            else:
                store.verify_file(path)
        msg = str(info.value)
        assert "\n" not in msg and "\x1b" not in msg and len(msg) <= 400, msg
        assert msg.startswith(str(path) + ": "), msg
        assert re.search(pattern, msg), msg
        assert path.read_bytes() == data and path.stat().st_mtime_ns == mtime
    after = sorted(p.name for p in store.dir.iterdir())
    assert [n for n in after if n not in before] in ([], [f"{name}.json.lock"])


@pytest.mark.parametrize("case", sorted(EDITS))
def test_hand_edited_and_hostile_files(case: str, real_save: bytes, store: GameStore) -> None:
    edit, pattern = EDITS[case]
    _check(store, "game", _edited(real_save, edit), pattern)


@pytest.mark.parametrize("case", sorted(RAW))
def test_damaged_files(case: str, real_save: bytes, store: GameStore) -> None:
    make, pattern = RAW[case]
    _check(store, "game", make(real_save), pattern)


def test_the_real_save_itself_loads(real_save: bytes, store: GameStore) -> None:
    (store.dir / "game.json").write_bytes(real_save)
    game = store.open("game")
    assert game.session.position == 40
    game.close()


def test_symlink_fifo_and_folder_are_refused(store: GameStore, tmp_path: Path, real_save: bytes) -> None:
    outside = tmp_path / "outside.json"
    outside.write_bytes(real_save)
    (store.dir / "link.json").symlink_to(outside)
    with pytest.raises(SaveError, match=r"link\.json: is a symbolic link"):
        store.open("link")
    os.mkfifo(store.dir / "pipe.json")
    with pytest.raises(SaveError, match=r"pipe\.json: not a regular file"):
        store.open("pipe")  # and it does not hang waiting for a writer
    (store.dir / "dir.json").mkdir()
    with pytest.raises(SaveError, match=r"dir\.json: (not a regular file|cannot read)"):
        store.open("dir")
    listing = {s.name: s.error for s in store.list()}
    assert all(listing[n] for n in ("link", "pipe", "dir"))


def test_a_lock_file_that_is_a_folder_or_a_fifo_is_refused_in_words(tmp_path: Path) -> None:
    """A lock is tried on a read-only descriptor (a refused attempt then wakes no watcher), and a
    folder or a FIFO opens read-only where it never opened for writing: each is still refused."""
    folder = tmp_path / "solo.json.lock"
    folder.mkdir()
    with pytest.raises(SaveError, match=r"solo\.json\.lock: cannot create the lock file: Is a directory$"):
        FileLock(folder, "the game solo").acquire()
    fifo = tmp_path / "duo.json.lock"
    os.mkfifo(fifo)
    with pytest.raises(SaveError, match=r"duo\.json\.lock: cannot create the lock file: not a regular file$"):
        FileLock(fifo, "the game duo").acquire()
    assert folder.is_dir() and list(folder.iterdir()) == [] and fifo.is_fifo()
