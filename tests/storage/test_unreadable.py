"""Issue 18: unreadable places give one line; another account's lock file says whose it is.

Each command runs as a normal user (``nonroot``: nobody when the tests run as root) and must
end with one line naming the path and what is wrong, a non-zero status and no traceback.
"""

from __future__ import annotations

import os
import random
from datetime import UTC, datetime
from pathlib import Path

import pytest

from norsewind_tui.storage import GameStore, SaveError

from .conftest import play, solo
from .nonroot import ROOT, Result, as_user, cli_as_user, give, user_home

__all__ = ["user_home"]


def one_line(result: Result) -> str:
    assert result.code not in (0, 70), result
    assert "Traceback" not in result.err + result.out
    lines = (result.out + result.err).splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def shut(path: Path) -> Path:
    """A folder the normal user may not read nor enter (its owner's, with mode 0000)."""
    path.mkdir()
    give(path)
    os.chmod(path, 0)
    return path


def test_saves_inside_a_folder_you_cannot_read(user_home: Path, tmp_path: Path) -> None:
    closed = user_home / "closed"
    closed.mkdir(mode=0o700)
    if not ROOT:  # a normal user's own folder: shut it to themselves
        os.chmod(closed, 0)
    saves = closed / "inner" / "saves"
    line = one_line(cli_as_user(["--saves", str(saves), "saves"], warm=["--saves", str(tmp_path), "saves"]))
    assert line == f"norsewind: {saves}: cannot reach the folder: permission denied"


@pytest.mark.parametrize(
    "command",
    [["saves", "verify", "g"], ["progress", "--profile", "ana"], ["saves"], ["resume", "g"]],
    ids=["verify", "progress", "saves", "resume"],
)
def test_a_saves_folder_of_mode_0000(command: list[str], user_home: Path, tmp_path: Path) -> None:
    saves = shut(user_home / "saves")
    line = one_line(cli_as_user(["--saves", str(saves), *command], warm=["--saves", str(tmp_path), *command]))
    assert line == f"norsewind: {saves}: cannot read the folder: permission denied"


def test_profiles_is_a_plain_file(user_home: Path, tmp_path: Path) -> None:
    saves = user_home / "saves"
    saves.mkdir()
    give(saves)
    (saves / "profiles").write_text("not a folder")
    give(saves / "profiles")
    warm = ["--saves", str(tmp_path), "progress"]
    line = one_line(cli_as_user(["--saves", str(saves), "progress", "--profile", "ana"], warm=warm))
    assert line == f"norsewind: {saves / 'profiles'}: is a file, not the profiles folder (move it away)"


def test_a_profile_inside_an_unreadable_profiles_folder(user_home: Path, tmp_path: Path) -> None:
    saves = user_home / "saves"
    saves.mkdir()
    give(saves)
    shut(saves / "profiles")
    warm = ["--saves", str(tmp_path), "progress"]
    line = one_line(cli_as_user(["--saves", str(saves), "progress", "--profile", "ana"], warm=warm))
    assert line == f"norsewind: {saves / 'profiles'}: cannot read the profiles folder: permission denied"


def test_a_lock_file_of_another_account_names_it(user_home: Path, tmp_path: Path) -> None:
    """A shared folder: the other account's game is refused with its name, not "Permission denied"."""
    if not ROOT:  # a normal user cannot make another account's file: check their own shut one
        solo(GameStore(user_home), name="g").close()
        os.chmod(user_home / "g.json.lock", 0)
        with pytest.raises(SaveError, match=r"g\.json\.lock: cannot open the lock file \(mode 0000\)$"):
            GameStore(user_home).open("g")
        return
    shared = user_home / "shared"
    shared.mkdir()
    os.chmod(shared, 0o1777)  # like /tmp: everyone may add games
    store = GameStore(shared)
    game = solo(store, name="g")  # root's game, held: its lock file names root, pid and host
    play(game, 2, random.Random(1))
    warm = ["--saves", str(tmp_path), "resume", "g"]
    held = one_line(cli_as_user(["--saves", str(shared), "resume", "g"], warm=warm))
    assert held == (
        f"norsewind: the game g is held by another account, root: its lock file {shared / 'g.json.lock'} "
        "is not yours to open (use your own --saves)"
    )
    os.chmod(shared / "g.json.lock", 0o644)  # its owner's umask let others read it
    readable = one_line(cli_as_user(["--saves", str(shared), "resume", "g"], warm=warm))
    assert readable.startswith(f"norsewind: the game g is held by another account, root (pid {os.getpid()} on ")
    assert readable.endswith(f"): its lock file {shared / 'g.json.lock'} is not yours to open (use your own --saves)")
    game.close()
    after = one_line(cli_as_user(["--saves", str(shared), "resume", "g"], warm=warm))
    assert after == held  # released: the lock file is emptied, its owner still says whose it is


def test_broken_rows_carry_the_files_time(store: GameStore) -> None:
    """Resume's Updated column showed "None" for a broken save: the listing gives the file's time."""
    (store.dir / "broken.json").write_bytes(b"{")
    os.utime(store.dir / "broken.json", (1_700_000_000, 1_700_000_000))
    (row,) = store.list()
    assert row.error is not None and row.updated == datetime.fromtimestamp(1_700_000_000, UTC)


def test_an_unreadable_folder_opened_from_code_is_one_error(user_home: Path, tmp_path: Path) -> None:
    GameStore(tmp_path).profiles.load("ana")  # the imports, here (see nonroot)
    saves = shut(user_home / "saves")

    def run() -> int:
        try:
            GameStore(saves).profiles.load("ana")
        except SaveError as exc:
            print(exc)
            return 2
        return 0

    line = one_line(as_user(run))
    assert line == f"{saves / 'profiles'}: cannot read the profiles folder: permission denied"
