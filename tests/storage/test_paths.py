"""Save names and the saves folder: nothing escapes it, nothing is readable by other users."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from norsewind_tui.storage import GameStore, SaveError, resolve_saves_dir, sanitise_name
from norsewind_tui.storage.paths import default_saves_dir, profiles_dir, project_root

from .conftest import solo


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("../../etc/passwd", "etc-passwd"),
        ("/absolute/path", "absolute-path"),
        ("..\\..\\windows", "windows"),
        (".hidden", "hidden"),
        ("my game.json", "my-game"),
        ("Ragnar\x1b]0;pwned\x07", "Ragnar-0-pwned"),
        ("tab\there\nnewline", "tab-here-newline"),
        ("\u202eevil", "evil"),  # right-to-left override (a format character)
        ("ラグナルの試合", "ラグナルの試合"),
        ("x" * 200, "x" * 64),
        ("a--b__c..d", "a-b__c..d"),
    ],
)
def test_sanitise_name(raw: str, expected: str) -> None:
    assert sanitise_name(raw) == expected


@pytest.mark.parametrize("raw", ["", "..", "/", "  ", "\x1b\x07", ".json", "---"])
def test_sanitise_refuses_names_without_letters(raw: str) -> None:
    with pytest.raises(SaveError, match="no letter or digit"):
        sanitise_name(raw)


def test_no_save_leaves_the_folder(store: GameStore, tmp_path: Path) -> None:
    for raw in ("../escape", "../../escape2", "/tmp/escape3", "sub/dir"):
        game = solo(store, name=raw)
        assert game.path.parent == store.dir
        game.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["saves"]


def test_modes(tmp_path: Path) -> None:
    old = os.umask(0o022)  # a permissive umask must not make saves readable by others
    try:
        store = GameStore(tmp_path / "deep" / "saves")
        game = solo(store, name="x")
        game.push(game.legal_moves()[0])  # a second generation: main and backup
    finally:
        os.umask(old)
    assert stat.S_IMODE(store.dir.stat().st_mode) == 0o700
    for path in (game.path, store.dir / "x.json.bak", store.dir / "x.json.lock"):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    game.close()
    play_game_to_profile = profiles_dir(store.dir)
    assert not play_game_to_profile.exists()  # created only when a solo game is recorded


def test_resolve_saves_dir_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NORSEWIND_SAVES", str(tmp_path / "env"))
    assert resolve_saves_dir(str(tmp_path / "cli")) == tmp_path / "cli"
    assert resolve_saves_dir(None) == tmp_path / "env"
    assert stat.S_IMODE((tmp_path / "env").stat().st_mode) == 0o700
    monkeypatch.delenv("NORSEWIND_SAVES")
    root = project_root()
    expected = root / "saves" if root is not None else Path.home() / ".local/share/norsewind/saves"
    assert default_saves_dir() == expected


def test_resolve_refuses_a_file(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(SaveError, match="not a folder"):
        resolve_saves_dir(str(tmp_path / "file"))


def test_own_folders_are_made_private_user_folders_left_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    own = tmp_path / "checkout-saves"
    own.mkdir(mode=0o755)
    os.chmod(own, 0o755)  # as git creates a checkout's saves/
    monkeypatch.delenv("NORSEWIND_SAVES", raising=False)
    monkeypatch.setattr("norsewind_tui.storage.paths.default_saves_dir", lambda: own)
    assert resolve_saves_dir(None) == own
    assert stat.S_IMODE(own.stat().st_mode) == 0o700
    mine = tmp_path / "home-like"
    mine.mkdir()
    os.chmod(mine, 0o755)
    store = GameStore(resolve_saves_dir(str(mine)))
    assert stat.S_IMODE(mine.stat().st_mode) == 0o755  # a folder the user named is not changed
    (mine / "profiles").mkdir()
    os.chmod(mine / "profiles", 0o755)
    from .test_profiles import rec

    store.profiles.record("Ana", rec(1, 2))
    assert stat.S_IMODE((mine / "profiles").stat().st_mode) == 0o700
