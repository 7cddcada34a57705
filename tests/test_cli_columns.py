"""The CLI's tables at COLUMNS=80: every figure and every save name whole (issue 11 sections 2, 3 and 7)."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from norsewind_tui.cli import main
from norsewind_tui.options import Options
from norsewind_tui.rules import GameConfig, legal_moves
from norsewind_tui.storage import GameStore
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.format import SeatMeta
from norsewind_tui.storage.profiles import GameRecord

LONG = ("Bartholomew-Alexandrinus", "Cunegonde-Wilhelmina-Ros", "Maximiliano-Evangelistas", "Pelagia-Theodosia-Kovacs")
CUT = re.compile(r"…|~(\s|$)")


def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *argv: str) -> tuple[int, str]:
    monkeypatch.setenv("COLUMNS", "80")
    code = main(list(argv))
    out, _ = capsys.readouterr()
    return code, out


def assert_whole(out: str) -> None:
    lines = out.splitlines()
    assert all(len(line.rstrip()) <= 80 for line in lines), out
    assert not [line for line in lines if CUT.search(line)], out


def create(store: GameStore, names: tuple[str, ...], seed: int = 1) -> str:
    seats = [
        SeatMeta(name=n, kind="human" if i == 0 else "computer", bot=None if i == 0 else "normal")
        for i, n in enumerate(names)
    ]
    game = store.create(GameConfig(players=names), seed, seats)
    name = game.name
    game.close()
    return name


def test_default_save_names_are_short_distinct_and_listed_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    store = GameStore(tmp_path)
    solos = [create(store, LONG[:1], seed) for seed in range(3)]
    clock = datetime.now(UTC).astimezone().strftime("%H%M")
    base = f"solo-L1-{clock}"
    if solos[0] != base:  # the minute turned between two of them: the names differ anyway
        assert len(set(solos)) == 3
    else:
        assert solos == [base, f"{base}-2", f"{base}-3"]
    four = create(store, LONG)
    assert re.fullmatch(r"4p-\d{4}(-\d+)?", four)
    code, out = run(capsys, monkeypatch, "--saves", str(tmp_path), "saves")
    assert code == 0
    assert_whole(out)
    for name in [*solos, four]:
        assert re.search(rf"^\s*\d+\s+{re.escape(name)}\s", out, re.M), (name, out)
    assert "Bartholomew." in out and "Bartholomew-Alexandrinus" not in out  # abbreviated, as in the game


def test_resume_takes_the_number_shown_in_the_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from norsewind_tui.cli import saves as cli_saves

    store = GameStore(tmp_path)
    for seed in range(3):
        create(store, LONG[:1], seed)
    _, out = run(capsys, monkeypatch, "--saves", str(tmp_path), "saves")
    second = re.search(r"^\s*2\s+(\S+)", out, re.M)
    assert second is not None
    context = AppContext(Options(saves=str(tmp_path)))
    assert cli_saves.by_number(context, "2") == second.group(1)  # what `resume 2` opens
    assert cli_saves.by_number(context, second.group(1)) is None  # a name is a name
    assert cli_saves.by_number(context, "9") is None  # no 9th game: "9" is then taken as a name
    assert main(["--saves", str(tmp_path), "resume", "9"]) != 0
    assert "9" in capsys.readouterr().err


def test_resume_with_nothing_to_resume_creates_no_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "none"
    assert main(["--saves", str(folder), "resume"]) == 2
    assert "no unfinished game to resume" in capsys.readouterr().err
    assert not folder.exists()


def test_progress_fits_80_columns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    store = GameStore(tmp_path)
    for level, margin, assisted in ((1, 30, False), (2, 12, False), (2, 3, True)):
        record = GameRecord(
            game=f"{level:016x}{margin:016x}",
            date=datetime.now(UTC),
            level=level,
            score=50 + margin,
            vikings=50,
            margin=margin,
            medal=None if assisted else ("platinum" if margin >= 25 else "silver"),
            seed=4_294_967_295,
            assisted=assisted,
        )
        store.profiles.record("Ana", record)
    code, out = run(capsys, monkeypatch, "--saves", str(tmp_path), "progress", "--profile", "Ana")
    assert code == 0 and "platinum" in out and "Vikings" in out and "4294967295" in out
    assert_whole(out)


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--games", "2", "--players", "4"],
        ["simulate", "--games", "1", "--level", "1", "--bots", "random,greedy"],
        ["simulate", "--games", "1", "--bots", "random,greedy"],
    ],
)
def test_simulate_fits_80_columns(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out = run(capsys, monkeypatch, *argv)
    assert code == 0
    assert_whole(out)
    if "--bots" in argv:
        assert re.search(r"\d\.\d\d/\d\.\d\d", out), out  # the think times, whole


def test_a_finished_game_is_listed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    store = GameStore(tmp_path)
    game = store.create(GameConfig(players=LONG[:1]), 3, [SeatMeta(name=LONG[0])])
    while not game.state.is_over:
        game.push(legal_moves(game.state)[0])
    game.close()
    code, out = run(capsys, monkeypatch, "--saves", str(tmp_path), "saves")
    assert code == 0 and "finished" in out
    assert_whole(out)


def longest_default_names(tmp_path: Path) -> tuple[GameStore, list[str]]:
    """A daily deal of a 24-cell player, its branch (``-from-turn-N``) and a 2-player game with a computer."""
    from datetime import date

    from norsewind_tui.storage.daily import start_daily

    store = GameStore(tmp_path)
    daily = start_daily(store, LONG[0], 1, today=lambda: date(2026, 12, 1)).game
    assert daily is not None
    while not daily.state.is_over:
        daily.push(legal_moves(daily.state)[0])
    branch = store.branch(daily, 20)
    two = create(store, ("root", "Normal bot 2"))
    names = [daily.name, branch.name, two]
    branch.close()
    daily.close()
    return store, names


def test_the_saves_list_fits_80_columns_with_the_longest_default_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 23.2: the State column was cut to "Sta"/"pla" and the Players wrapped onto three lines."""
    _store, names = longest_default_names(tmp_path)
    assert names[1] == "daily-2026-12-01-L1-Bartholomew-Alexandrinus-from-turn-9"
    code, out = run(capsys, monkeypatch, "--saves", str(tmp_path), "saves")
    assert code == 0
    assert_whole(out)
    for name in names:  # the name to type, whole on its line, after its number
        assert re.search(rf"^\s*\d+\s+{re.escape(name)}$", out, re.M), (name, out)
    assert "2 players, turn 1, " in out and ", playing: root, Normal bot 2 (computer)" in out
    assert "solo L1, turn 9, " in out and ", playing: Bartholomew." in out
    assert "solo L1, turn 12, " in out and ", finished: Bartholomew." in out


def test_the_quit_line_keeps_the_name_to_type_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 23.2: the daily deal's quit line was 89 characters: the terminal split the name to type."""
    from norsewind_tui.tui.app import exit_line

    for variable in ("SSH_CONNECTION", "SSH_ORIGINAL_COMMAND", "NORSEWIND_SERVED"):
        monkeypatch.delenv(variable, raising=False)
    store, names = longest_default_names(tmp_path)
    game = store.open(names[1])
    try:
        said = exit_line(game)
    finally:
        game.close()
    assert said.splitlines() == [f"Your game is saved as {names[1]}:", f"  norsewind resume {names[1]}"]
    assert max(len(line) for line in said.splitlines()) <= 80
