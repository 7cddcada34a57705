"""Issue 15 section 1: a profile is never replaced by something that knows less.

A damaged profile is rebuilt from the backup, the readable records of the damaged file and of
every earlier damaged copy, and the finished solo games in the saves folder; damaged copies
are kept under distinct names (issue 18: the same ``set_aside`` for saves and profiles); a
profile written by a newer Norsewind is left untouched and read-only.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest

from norsewind_tui.storage import GameStore, ProfileStore
from norsewind_tui.storage.atomic import MAX_FILE, set_aside
from norsewind_tui.storage.paths import profiles_dir
from norsewind_tui.storage.records import PROFILE_FORMAT

from .conftest import play_to_end, solo
from .test_profiles import rec


def _flip(data: bytes) -> bytes:
    """One bit flipped in the newest record (its margin): that record no longer reads."""
    at = data.rindex(b'"margin": ') + len(b'"margin": ')
    return data[:at] + bytes([data[at] ^ 0x08]) + data[at + 1 :]


DAMAGES: dict[str, Callable[[bytes], bytes]] = {
    "truncated": lambda data: data[: len(data) * 2 // 3],
    "empty": lambda data: b"",
    "flipped byte": _flip,
    "unknown field": lambda data: data.replace(b'{\n "format"', b'{\n "cheat": true,\n "format"', 1),
    "hostile name": lambda data: data.replace(b'"name": "Ana"', b'"name": "Ana\\u001b]0;pwned\\u0007"', 1),
    "huge": lambda data: data + b" " * MAX_FILE,
    "deeply nested": lambda data: b"[" * 50_000 + data + b"]" * 50_000,
}


def finish(store: GameStore, seed: int) -> str:
    """Play a solo game of Ana to its end (recorded in her profile); its game id."""
    game = solo(store, seed=seed, name=f"g{seed}")
    play_to_end(game, random.Random(seed))
    assert game.meta.recorded
    game.close()
    return game.id


@pytest.mark.parametrize("how", list(DAMAGES))
def test_a_profile_damaged_twice_keeps_every_game(how: str, tmp_path: Path) -> None:
    damage = DAMAGES[how]
    store = GameStore(tmp_path / "saves")
    ids = [finish(store, 1), finish(store, 2)]  # the profile holds both, its backup the first
    path = profiles_dir(store.dir) / "Ana.json"
    originals = []
    for seed in (3, 4):
        broken = damage(path.read_bytes())
        path.write_bytes(broken)
        originals.append(broken)
        shown = store.profiles.load("Ana")  # rebuilt for the campaign table, nothing written
        assert {g.game for g in shown.games} == set(ids)
        assert shown.notice is not None and "rebuilt from" in shown.notice and "\n" not in shown.notice
        assert path.read_bytes() == broken
        ids.append(finish(store, seed))  # recorded on top of everything, not on the backup alone
        profile = store.profiles.load("Ana")
        assert profile.notice is None  # a sound file again
        assert sorted(g.game for g in profile.games) == sorted(ids)
        assert sum(row.played for row in profile.campaign()) == len(ids)
    copies = sorted(profiles_dir(store.dir).glob("Ana.json.damaged*"))
    assert [p.name for p in copies] == ["Ana.json.damaged", "Ana.json.damaged.1"]
    assert [p.read_bytes() for p in copies] == originals  # the second damage did not overwrite the first


@pytest.mark.parametrize("how", ["unknown field", "hostile name", "huge", "deeply nested"])
def test_records_without_a_save_come_back_from_the_damaged_copies(how: str, tmp_path: Path) -> None:
    """No saved game to replay (removed, or recorded elsewhere): the damaged files' records count."""
    profiles = ProfileStore(tmp_path / "profiles")
    games = [rec(1, 3), rec(2, 9), rec(1, 30)]
    for game in games:
        profiles.record("Ana", game)
    path = profiles.path("Ana")
    for more in (rec(3, -4), rec(1, 17)):
        path.write_bytes(DAMAGES[how](path.read_bytes()))
        assert profiles.record("Ana", more)
        games.append(more)
        assert profiles.load("Ana").games == tuple(games)
    assert profiles.load("Ana").campaign()[1].unlocked  # the platinum of the first game still counts


def test_a_profile_of_a_newer_format_is_left_untouched_and_read_only(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "saves")
    first = finish(store, 1)
    path = profiles_dir(store.dir) / "Ana.json"
    doc = msgspec.json.decode(path.read_bytes())
    doc["format"] = PROFILE_FORMAT + 1
    doc["trophies"] = ["a field this version does not know"]
    newer = msgspec.json.encode(doc)
    path.write_bytes(newer)
    profile = store.profiles.load("Ana")
    assert profile.read_only and [g.game for g in profile.games] == [first]
    assert profile.notice is not None and "\n" not in profile.notice
    assert f"profile format {PROFILE_FORMAT + 1} is newer" in profile.notice and "cannot record" in profile.notice
    game = solo(store, seed=2, name="g2")
    play_to_end(game, random.Random(2))
    assert game.notice is not None and "cannot record games into it (update Norsewind)" in game.notice
    assert not game.meta.recorded  # so a Norsewind that can record it does, on the next open
    game.close()
    assert path.read_bytes() == newer
    assert not list(profiles_dir(store.dir).glob("Ana.json.damaged*"))


def test_set_aside_never_overwrites_a_damaged_copy(tmp_path: Path) -> None:
    damaged = tmp_path / "g.json.damaged"
    for n in range(4):
        main = tmp_path / "g.json"
        main.write_bytes(b"broken %d" % n)
        assert set_aside(main, damaged) == (damaged if n == 0 else tmp_path / f"g.json.damaged.{n}")
        assert not main.exists()
    (tmp_path / "g.json.damaged.1").unlink()  # a person cleaned one up: its name is free again
    (tmp_path / "g.json").write_bytes(b"broken 4")
    assert set_aside(tmp_path / "g.json", damaged) == tmp_path / "g.json.damaged.1"
    assert sorted((p.name, p.read_bytes()) for p in tmp_path.iterdir()) == [
        ("g.json.damaged", b"broken 0"),
        ("g.json.damaged.1", b"broken 4"),
        ("g.json.damaged.2", b"broken 2"),
        ("g.json.damaged.3", b"broken 3"),
    ]
    assert set_aside(tmp_path / "gone.json", tmp_path / "gone.json.damaged") is None


def test_a_save_damaged_twice_keeps_both_damaged_copies(store: GameStore) -> None:
    game = solo(store, name="twice")
    rng = random.Random(8)
    game.push(rng.choice(game.legal_moves()))
    game.push(rng.choice(game.legal_moves()))
    game.close()
    for n, junk in enumerate((b"{", b"\x00garbage")):
        game.path.write_bytes(junk)
        again = store.open("twice")  # from the backup
        assert again.notice is not None and "backup" in again.notice
        again.push(rng.choice(again.legal_moves()))
        again.push(rng.choice(again.legal_moves()))  # a sound main and backup again
        again.close()
        assert (store.dir / ("twice.json.damaged" + (f".{n}" if n else ""))).read_bytes() == junk
    assert (store.dir / "twice.json.damaged").read_bytes() == b"{"
