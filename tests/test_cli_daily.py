"""``norsewind daily`` and ``norsewind halloffame`` (issue 13): exact lines within 80 columns."""

from __future__ import annotations

import os
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from rich.cells import cell_len

from norsewind_tui.cli import main
from norsewind_tui.rules import medal_for
from norsewind_tui.storage import GameStore, ProfileStore
from norsewind_tui.storage.dailyseed import daily_seed
from norsewind_tui.storage.profiles import GameRecord

DAY = date(2026, 11, 30)


def record(level: int, margin: int, daily: bool = False, hour: int = 18, assisted: bool = False) -> GameRecord:
    return GameRecord(
        game=os.urandom(16).hex(),
        date=datetime(2026, 11, 30, hour, 0, tzinfo=UTC),
        level=level,
        score=60 + margin,
        vikings=60,
        margin=margin,
        medal=None if assisted else medal_for(margin),
        seed=daily_seed(DAY, level) if daily else 11,
        assisted=assisted,
        daily=DAY.isoformat() if daily else None,
    )


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert all(cell_len(line) <= 80 for line in lines), lines  # columns, wide characters counted twice
    return code, lines, err


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    folder = tmp_path / "saves"
    profiles = ProfileStore(folder / "profiles")
    profiles.record("alice", record(1, 17, daily=True))
    profiles.record("alice", record(1, 3))
    profiles.record("alice", record(2, 9, daily=True))
    profiles.record("bob", record(1, 21, daily=True, hour=9))
    profiles.record("bob", record(1, 30, assisted=True, hour=10))
    long_name = "Ragnar [bold]Lodbrok[/bold] the Very Long Named"
    profiles.record(long_name, record(1, -4))
    (folder / "profiles" / "mallory.json").write_bytes(b'{"format": 2, "name": "mallory\\u001b[2J", "games": []}')
    return folder


def test_halloffame_per_level(saves: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, err = run(capsys, "--saves", str(saves), "halloffame")
    assert code == 0 and err == ""
    assert lines == [
        "Hall of fame, level 1: the best game of each player",
        " #  Player                Margin  Medal       You  Vikings  Date",
        " 1  bob                      +21  gold         81       60  2026-11-30",
        " 2  alice                    +17  gold         77       60  2026-11-30",
        " 3  Ragnar [bold]Lodbro…      -4  -            56       60  2026-11-30",
        "Assisted games (no medal), level 1",
        " 1  bob                      +30  -            90       60  2026-11-30",
        "Hall of fame, level 2: the best game of each player",
        " #  Player                Margin  Medal       You  Vikings  Date",
        " 1  alice                     +9  silver       69       60  2026-11-30",
        "note: skipped mallory.json: $.name: contains the control character U+001B",
    ]


def test_halloffame_of_one_level_and_of_a_day(saves: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, _ = run(capsys, "--saves", str(saves), "halloffame", "--level", "3")
    assert code == 0
    assert lines == [
        "Hall of fame, level 3: the best game of each player",
        "  no game yet",
        "note: skipped mallory.json: $.name: contains the control character U+001B",
    ]
    code, lines, _ = run(capsys, "--saves", str(saves), "halloffame", "--daily", "2026-11-30")
    assert code == 0
    assert lines == [
        "Daily deal of 2026-11-30, level 1",
        " #  Player                Margin  Medal       You  Vikings  Date",
        " 1  bob                      +21  gold         81       60  2026-11-30",
        " 2  alice                    +17  gold         77       60  2026-11-30",
        "Daily deal of 2026-11-30, level 2",
        " #  Player                Margin  Medal       You  Vikings  Date",
        " 1  alice                     +9  silver       69       60  2026-11-30",
        "note: skipped mallory.json: $.name: contains the control character U+001B",
    ]
    code, lines, _ = run(capsys, "--saves", str(saves), "halloffame", "--daily", "2026-12-01", "--level", "1")
    assert lines[:2] == ["Daily deal of 2026-12-01, level 1", "  no result yet"]


def test_halloffame_of_an_empty_folder_and_bad_arguments(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--saves", str(tmp_path), "halloffame") == (0, ["No finished solo games here yet."], "")
    assert run(capsys, "--saves", str(tmp_path), "halloffame", "--daily", "2026-11-30") == (
        0,
        ["No results of the daily deal of 2026-11-30 yet."],
        "",
    )
    assert run(capsys, "--saves", str(tmp_path), "halloffame", "--level", "9") == (
        2,
        [],
        "norsewind: --level must be 1 to 7\n",
    )
    with pytest.raises(SystemExit) as exit_info:
        main(["--saves", str(tmp_path), "halloffame", "--daily", "30/11/2026"])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err.endswith("argument --daily: not a date (YYYY-MM-DD): 30/11/2026\n")


def test_daily_says_when_the_days_attempt_is_done(saves: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, err = run(capsys, "--saves", str(saves), "daily", "--profile", "alice", "--today", "2026-11-30")
    assert (code, err) == (0, "")
    assert lines == [
        "alice: daily deal of 2026-11-30, level 1: margin +17, gold.",
        "One attempt a day. The others: norsewind halloffame --daily 2026-11-30",
    ]


def test_daily_deals_the_days_game_and_keeps_it_for_the_next_attempt(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saves = tmp_path / "saves"
    argv = ["--saves", str(saves), "daily", "--profile", "ana", "--today", "2026-11-30", "--level", "1"]
    code, lines, err = run(capsys, *argv)  # not on a terminal: the app is not started
    assert (code, lines) == (2, [])
    assert err.startswith("norsewind: the game needs a terminal")
    game = GameStore(saves).open("daily-2026-11-30-L1-ana", read_only=True)
    assert game.session.seed == daily_seed(DAY, 1) and game.meta.profile == "ana"
    created = game.meta.id
    run(capsys, *argv)
    assert [p.name for p in saves.glob("daily-*.json")] == ["daily-2026-11-30-L1-ana.json"]
    assert GameStore(saves).open("daily-2026-11-30-L1-ana", read_only=True).meta.id == created


def test_daily_on_a_locked_level_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, err = run(capsys, "--saves", str(tmp_path), "daily", "--profile", "ana", "--level", "4")
    assert (code, lines) == (2, [])
    assert err == "norsewind: level 4 is locked for ana: win platinum on level 3 first (R21)\n"


def test_wide_and_hostile_names_stay_within_their_column(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    profiles = ProfileStore(tmp_path / "profiles")
    profiles.record("王様の長い名前はとても長いです", record(1, 5))
    evil = b'{"format": 2, "name": "\\u202eevil", "games": []}'  # a bidirectional override
    (tmp_path / "profiles" / "evil.json").write_bytes(evil)
    code, lines, _ = run(capsys, "--saves", str(tmp_path), "halloffame", "--level", "1")
    assert code == 0
    assert lines[2:] == [
        " 1  王様の長い名前はと …      +5  bronze       65       60  2026-11-30",
        "note: skipped evil.json: $.name: contains the control character U+202E",
    ]
