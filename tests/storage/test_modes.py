"""Issue 15 section 5 and issue 9: file modes that do not depend on the umask; one saves-folder rule.

Folders 0700, files 0600, the host's public key 0644, whatever the umask; with umask 177 the
saves folder is still created and used (a 0600 folder cannot be entered).  Run as a normal
user (``nonroot``): root would enter a 0600 folder all the same.
"""

from __future__ import annotations

import os
import random
import stat
from pathlib import Path

import platformdirs
import pytest

from norsewind_tui.cli import build_parser
from norsewind_tui.ssh import keys
from norsewind_tui.storage import GameStore, resolve_saves_dir
from norsewind_tui.storage.paths import default_saves_dir
from norsewind_tui.storage.tables import TableStore

from .conftest import play_to_end, solo
from .nonroot import as_user, user_home

__all__ = ["user_home"]

UMASKS = [0o000, 0o022, 0o077, 0o177, 0o777]


def _everything(saves: Path) -> int:
    """Every kind of file and folder Norsewind makes, each created under the current umask."""
    store = GameStore(resolve_saves_dir(str(saves)))
    game = solo(store, name="solo", seed=4)
    play_to_end(game, random.Random(4))  # the save, its backup, its lock, the profile and its files
    game.close()
    table = TableStore(saves).create("alice", ["me", "random"], seed=3)
    table.push(table.legal_moves()[0])
    key_dir = keys.ssh_dir(saves)
    keys.load_or_create_host_key(key_dir)
    return 0 if store.profiles.load("Ana").games else 3


@pytest.mark.parametrize("umask", UMASKS, ids=[f"umask-{u:03o}" for u in UMASKS])
def test_modes_whatever_the_umask(umask: int, user_home: Path, tmp_path: Path) -> None:
    assert _everything(tmp_path / "saves") == 0  # here first, for the imports (see nonroot)
    top = user_home / "made" / "by" / "norsewind"  # the folders above the saves are created too
    result = as_user(lambda: _everything(top / "saves"), umask=umask)
    assert result.code == 0, result.err
    found = {}
    for folder, dirs, files in os.walk(user_home):
        for name in dirs + files:
            path = Path(folder, name)
            st = path.lstat()
            found[path.relative_to(user_home).as_posix()] = (stat.S_ISDIR(st.st_mode), stat.S_IMODE(st.st_mode))
    public = "made/by/norsewind/saves/ssh/host_ed25519_key.pub"
    assert found.pop(public) == (False, 0o644)
    wrong = {name: f"{mode:04o}" for name, (folder, mode) in found.items() if mode != (0o700 if folder else 0o600)}
    assert wrong == {}
    names = set(found)
    for expected in (
        "made",
        "made/by/norsewind/saves",
        "made/by/norsewind/saves/solo.json",
        "made/by/norsewind/saves/solo.json.bak",
        "made/by/norsewind/saves/solo.json.lock",
        "made/by/norsewind/saves/profiles",
        "made/by/norsewind/saves/profiles/Ana.json",
        "made/by/norsewind/saves/profiles/Ana.json.lock",
        "made/by/norsewind/saves/tables",
        "made/by/norsewind/saves/tables/alice-table.json",
        "made/by/norsewind/saves/ssh/empty-path",
        "made/by/norsewind/saves/ssh/host_ed25519_key",
    ):
        assert expected in names


def test_the_default_saves_folder_is_the_users_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Outside a checkout: platformdirs' user data folder, $XDG_DATA_HOME honoured, the server too."""
    monkeypatch.setattr("norsewind_tui.storage.paths.project_root", lambda: None)
    monkeypatch.delenv("NORSEWIND_SAVES", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    expected = tmp_path / "data" / "norsewind" / "saves"
    assert default_saves_dir() == expected == platformdirs.user_data_path("norsewind", appauthor=False) / "saves"
    assert resolve_saves_dir(None) == expected
    assert keys.resolve_saves_dir(None) == expected.resolve()
    assert stat.S_IMODE((tmp_path / "data" / "norsewind").stat().st_mode) == 0o700


def test_help_says_the_real_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("norsewind_tui.storage.paths.project_root", lambda: None)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("COLUMNS", "1000")  # argparse wraps long lines at hyphens too
    text = " ".join(build_parser().format_help().split())
    assert f"(default: $NORSEWIND_SAVES, else {tmp_path / 'xdg' / 'norsewind' / 'saves'})" in text


def test_the_server_names_a_saves_folder_it_cannot_use(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(keys.ServeError, match=r"^cannot use the saves folder: .*/file exists and is not a folder$"):
        keys.resolve_saves_dir(str(tmp_path / "file"))
    with pytest.raises(keys.ServeError, match=r"/file/saves: .*/file is a file, not a folder$"):
        keys.resolve_saves_dir(str(tmp_path / "file" / "saves"))
