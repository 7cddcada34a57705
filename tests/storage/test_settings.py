"""A player's settings (issue 13): per identity, atomic, strict; a broken file gives the defaults and a
notice, is kept aside when the next write replaces it, and never raises a traceback."""

from __future__ import annotations

import os
from pathlib import Path

import msgspec
import pytest

from norsewind_tui.storage import SaveError
from norsewind_tui.storage.settings import SETTINGS_DIR, Settings, SettingsStore


def test_saved_per_identity_and_read_back(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    assert store.load("alice") == (Settings(turn_bell=True), None)
    store.save("alice", Settings(turn_bell=False))
    assert SettingsStore(tmp_path).load("alice") == (Settings(turn_bell=False), None)
    assert SettingsStore(tmp_path).load("bob") == (Settings(turn_bell=True), None)  # bob's are his own
    path = tmp_path / SETTINGS_DIR / "alice.json"
    assert msgspec.json.decode(path.read_bytes()) == {
        "format": 1,
        "turn_bell": False,
        "hints": "expert",
        "muted": [],
        "notice": None,
        "puzzles": False,
    }
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    assert not [p for p in path.parent.iterdir() if p.name.startswith(".")]  # no temporary file left


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b'{"format": 1, "turn_bell": "yes"}',
        b'{"format": 1, "turn_bell": true, "extra": 1}',
        b'{"format": 2, "turn_bell": false}',
        b" " * 5000,
        b"\x1b[2J\x00",
    ],
    ids=["garbled", "wrong-type", "unknown-field", "newer", "too-big", "escape-codes"],
)
def test_a_broken_file_gives_the_defaults_and_a_notice(tmp_path: Path, content: bytes) -> None:
    folder = tmp_path / SETTINGS_DIR
    folder.mkdir()
    (folder / "alice.json").write_bytes(content)
    store = SettingsStore(tmp_path)
    settings, notice = store.load("alice")
    assert settings == Settings()
    assert notice is not None and notice.startswith("Your settings could not be read (")
    assert notice.endswith("; the defaults are used.") and "\n" not in notice
    assert (folder / "alice.json").read_bytes() == content  # reading changes nothing
    store.save("alice", Settings(turn_bell=False))  # the player changes a setting: kept aside first
    assert (folder / "alice.json.damaged").read_bytes() == content
    assert store.load("alice") == (Settings(turn_bell=False), None)


def test_links_and_fifos_are_not_followed(tmp_path: Path) -> None:
    folder = tmp_path / SETTINGS_DIR
    folder.mkdir()
    secret = tmp_path / "secret"
    secret.write_bytes(b'{"format": 1, "turn_bell": false}')
    os.symlink(secret, folder / "alice.json")
    os.mkfifo(folder / "bob.json")
    for who in ("alice", "bob"):
        settings, notice = SettingsStore(tmp_path).load(who)
        assert settings == Settings() and notice is not None


def test_a_name_that_is_not_a_players_has_no_file(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="player name"):
        SettingsStore(tmp_path).save("../bob", Settings())
    assert not (tmp_path / SETTINGS_DIR).exists()
