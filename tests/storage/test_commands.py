"""The storage subcommands: saves, saves verify, saves rm, resume, progress."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from norsewind_tui.cli import main
from norsewind_tui.options import Options
from norsewind_tui.rules import medal_for
from norsewind_tui.storage import GameStore, SavedGame, default_profile_name

from .conftest import duo, play, play_to_end, solo
from .test_profiles import rec


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_saves_lists_games_and_broken_files(store: GameStore, capsys: pytest.CaptureFixture[str]) -> None:
    a = solo(store, name="alpha", level=3)
    play(a, 5, random.Random(1))
    b = duo(store, name="beta")
    a.close()
    b.close()
    (store.dir / "gamma.json").write_bytes(b"{")
    code, out, err = run(capsys, "--saves", str(store.dir), "saves")
    assert code == 0 and err == ""
    lines = out.splitlines()
    alpha = next(line for line in lines if "alpha" in line)
    assert "solo L3" in alpha and "Ana" in alpha and str(a.state.turn) in alpha
    beta = next(line for line in lines if "beta" in line)
    assert "2 players" in beta and "Ana, Bot (computer)" in beta
    assert any(line.startswith("broken: ") and "gamma.json" in line for line in lines)


def test_saves_in_an_empty_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--saves", str(tmp_path / "new"), "saves")
    assert code == 0 and "No saved games" in out
    assert (tmp_path / "new").stat().st_mode & 0o777 == 0o700


def test_saves_follows_the_environment_variable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NORSEWIND_SAVES", str(tmp_path / "env"))
    solo(GameStore(tmp_path / "env"), name="fromenv").close()
    code, out, _ = run(capsys, "saves")
    assert code == 0 and "fromenv" in out


def test_verify_ok_and_broken(store: GameStore, capsys: pytest.CaptureFixture[str]) -> None:
    game = duo(store, name="v")
    play(game, 12, random.Random(2))
    game.undo(confirm=True)
    game.close()
    code, out, _ = run(capsys, "--saves", str(store.dir), "saves", "verify", str(game.path))
    assert code == 0
    assert out.startswith(f"{game.path}: OK: 2 players (Ana, Bot (computer))") and "to redo" in out
    code, out, _ = run(capsys, "--saves", str(store.dir), "saves", "verify", "v")  # a name works too
    assert code == 0 and "OK" in out
    data = game.path.read_bytes()
    game.path.write_bytes(data.replace(b'"seed": 5', b'"seed": "5"'))
    code, out, _ = run(capsys, "--saves", str(store.dir), "saves", "verify", str(game.path))
    assert code == 1 and out.strip() == f"{game.path}: $.seed: expected `int`, got `str`"
    code, out, _ = run(capsys, "--saves", str(store.dir), "saves", "verify", str(store.dir / "nope.json"))
    assert code == 1 and "no such file" in out


def test_rm(store: GameStore, capsys: pytest.CaptureFixture[str]) -> None:
    game = solo(store, name="gone")
    code, _, err = run(capsys, "--saves", str(store.dir), "saves", "rm", "gone")
    assert code == 2 and "in use by" in err and err.count("\n") == 1
    game.close()
    code, out, _ = run(capsys, "--saves", str(store.dir), "saves", "rm", "gone")
    assert code == 0 and out == f"removed {game.path}\n" and not game.path.exists()
    code, _, err = run(capsys, "--saves", str(store.dir), "saves", "rm", "gone")
    assert code == 2 and "no saved game named gone" in err


def test_resume_hands_the_latest_game_to_the_app(
    store: GameStore, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    old = solo(store, name="old")
    old.close()
    new = duo(store, name="new")
    play(new, 3, random.Random(1))
    new.close()
    seen: list[SavedGame] = []

    def fake_app(args: Options, game: SavedGame | None = None) -> int:
        assert game is not None and not game.read_only
        seen.append(game)
        return 0

    monkeypatch.setattr("norsewind_tui.tui.app.run_app", fake_app)
    code, _, _ = run(capsys, "--saves", str(store.dir), "resume")
    assert code == 0 and [g.name for g in seen] == ["new"] and seen[0].session.position == 3
    assert seen[0].read_only  # closed (lock released) after the app returned
    code, _, _ = run(capsys, "--saves", str(store.dir), "resume", "old")
    assert code == 0 and seen[-1].name == "old"


def test_resume_when_held_or_when_nothing_to_resume(store: GameStore, capsys: pytest.CaptureFixture[str]) -> None:
    game = solo(store, name="busy")
    code, _, err = run(capsys, "--saves", str(store.dir), "resume", "busy")
    assert code == 2 and "in use by" in err and "resume --watch busy" in err
    game.close()
    code, _, err = run(capsys, "--saves", str(store.dir / "empty"), "resume")
    assert code == 2 and "no unfinished game" in err


def test_progress_prints_the_score_pad_and_recent_games(store: GameStore, capsys: pytest.CaptureFixture[str]) -> None:
    for r in (rec(1, 30), rec(2, 10), rec(2, 3, assisted=True)):
        store.profiles.record("Ana", r)
    game = solo(store, name="real", seed=9, player="Ana")
    play_to_end(game, random.Random(9))
    game.close()
    code, out, _ = run(capsys, "--saves", str(store.dir), "progress", "--profile", "Ana")
    assert code == 0
    lines = out.splitlines()
    row1 = next(line for line in lines if line.strip().startswith("1 "))
    row2 = next(line for line in lines if line.strip().startswith("2 "))
    row3 = next(line for line in lines if line.strip().startswith("3 "))
    assert row1.count("✓") == 1 and "+30" in row1
    assert row2.count("✓") == 1 and "+10" in row2 and "locked" not in row2
    assert "locked" in row3
    assert "Recent games" in out and "assisted" in out and "earns no medal" in out
    margin = store.profiles.load("Ana").games[-1].margin
    assert f"{margin:+d}" in out and (medal_for(margin) or "") in out


def test_progress_defaults_to_the_login_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--saves", str(tmp_path), "progress")
    assert code == 0 and f"Solo campaign of {default_profile_name()}" in out and "No solo games recorded" in out


def test_king_of_all_kings_is_printed(store: GameStore, capsys: pytest.CaptureFixture[str]) -> None:
    for level in range(1, 8):
        store.profiles.record("Ana", rec(level, 40))
    code, out, _ = run(capsys, "--saves", str(store.dir), "progress", "--profile", "Ana")
    assert code == 0 and "King of all Kings" in out and "locked" not in out


def test_verify_by_name_does_not_follow_a_symlink(store: GameStore, capsys: pytest.CaptureFixture[str]) -> None:
    """A save name is not followed through a symbolic link (as the listing and resume refuse it);
    a path the player types is (issue 18)."""
    game = solo(store, name="real")
    game.close()
    (store.dir / "link.json").symlink_to(store.path("real"))
    code, out, _ = run(capsys, "--saves", str(store.dir), "saves", "verify", "link")
    assert (code, out) == (1, f"{store.path('link')}: is a symbolic link; refusing to follow it\n")
    code, out, _ = run(capsys, "--saves", str(store.dir), "saves", "verify", str(store.path("link")))
    assert code == 0 and out.startswith(f"{store.path('link')}: OK: solo level 1 (Ana)")
