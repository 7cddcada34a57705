"""``norsewind daily`` and ``norsewind halloffame`` (issue 13): exact lines within 80 columns."""

from __future__ import annotations

import random
import shlex
from pathlib import Path

import pytest
from daily_records import DAY, record
from rich.cells import cell_len

from norsewind_tui.cli import main
from norsewind_tui.storage import GameStore, ProfileStore
from norsewind_tui.storage.daily import start_daily
from norsewind_tui.storage.dailyseed import daily_seed
from norsewind_tui.storage.pg.schema import latest


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    lines = out.splitlines()
    # columns, wide characters counted twice; a command to type is whole on a line of its own
    assert all(cell_len(line) <= 80 or line.startswith("  norsewind ") for line in lines), lines
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
    by_args = {
        ("--level", "3"): [
            "Hall of fame, level 3: the best game of each player",
            "  no game yet",
            "note: skipped mallory.json: $.name: contains the control character U+001B",
        ],
        ("--daily", "2026-11-30"): [
            "Daily deal of 2026-11-30, level 1",
            " #  Player                Margin  Medal       You  Vikings  Date",
            " 1  bob                      +21  gold         81       60  2026-11-30",
            " 2  alice                    +17  gold         77       60  2026-11-30",
            "Daily deal of 2026-11-30, level 2",
            " #  Player                Margin  Medal       You  Vikings  Date",
            " 1  alice                     +9  silver       69       60  2026-11-30",
            "note: skipped mallory.json: $.name: contains the control character U+001B",
        ],
    }
    for args, expected in by_args.items():
        code, lines, _ = run(capsys, "--saves", str(saves), "halloffame", *args)
        assert code == 0, args
        assert lines == expected
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
        "One attempt a day. The others:",
        f"  norsewind --saves {saves} halloffame --daily 2026-11-30",  # issue 39.10: the same games
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


def finished_attempt(saves: Path) -> None:
    """Ana's attempt at the deal of ``DAY``, played to its end."""
    start = start_daily(GameStore(saves), "ana", 1, today=lambda: DAY)
    assert start.game is not None
    rng = random.Random(3)
    while not start.game.finished:
        start.game.push(rng.choice(start.game.legal_moves()))
    start.game.close()


def test_daily_says_the_attempt_is_done_when_its_result_is_not_in_the_profile(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saves = tmp_path / "saves"
    finished_attempt(saves)
    for suffix in (".json", ".json.bak"):  # the profile lost (removed by hand): DailyStart.done is None
        (saves / "profiles" / f"ana{suffix}").unlink(missing_ok=True)
    code, lines, err = run(capsys, "--saves", str(saves), "daily", "--profile", "ana", "--today", "2026-11-30")
    assert (code, err) == (0, "")
    assert lines == [
        "ana: daily deal of 2026-11-30, level 1: finished (not in your profile).",
        "One attempt a day. The others:",
        f"  norsewind --saves {saves} halloffame --daily 2026-11-30",
    ]


def test_no_game_is_imported_under_a_daily_deals_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saves = tmp_path / "saves"
    finished_attempt(saves)
    exported = tmp_path / "daily-2026-11-30-L1-ana.json"
    assert main(["--saves", str(saves), "export", "daily-2026-11-30-L1-ana", "--json", "-o", str(exported)]) == 0
    capsys.readouterr()  # its path is longer than run() allows
    other = tmp_path / "other"
    for name in ("daily-2026-11-30-L1-bo", "Daily-2026-11-30-L1-bo", None):  # --as, or the file's own name
        argv = ["--saves", str(other), "import", str(exported), *(["--as", name] if name else [])]
        code, lines, err = run(capsys, *argv)
        shown = name or "daily-2026-11-30-L1-ana"
        assert (code, lines) == (2, [])
        assert (
            err
            == f"norsewind: {shown}: a daily-… name is kept for the daily deal: nothing imported (choose --as NAME)\n"
        )
    assert not any(other.glob("*.json"))
    bo = start_daily(GameStore(other), "bo", 1, today=lambda: DAY)  # Bo's attempt is still to play
    assert bo.game is not None and bo.game.session.position == 0
    bo.game.close()
    assert main(["--saves", str(other), "import", str(exported), "--as", "anas-daily"]) == 0
    assert (
        capsys.readouterr().out == f"Imported {exported} as anas-daily: norsewind --saves {other} review anas-daily\n"
    )


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


# --------------------------------------------------------------------------- from the database (issue 25)


def test_the_commands_show_the_same_from_the_database_after_db_import(
    saves: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``db import`` leaves mallory's profile out (its name has a control character), with a note."""
    assert main(["db", "import", str(saves), "--database", pg_url]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"norsewind db import: profile mallory: skipped: {saves / 'profiles' / 'mallory.json'}: $.name: "
        "contains the control character U+001B",
        "norsewind db import: 0 games, 0 tables, 6 profile records; 0 already there",
    ]
    for argv in (["halloffame"], ["halloffame", "--daily", "2026-11-30"], ["halloffame", "--level", "2"]):
        _, from_folder, _ = run(capsys, "--saves", str(saves), *argv)
        empty = saves.parent / "empty"  # nothing of the folder is read: the database answers
        code, from_database, err = run(capsys, "--saves", str(empty), "--database", pg_url, *argv)
        assert (code, err) == (0, "")
        assert from_database == from_folder[:-1]  # the same, but for the folder's note on mallory.json
        assert from_folder[-1] == "note: skipped mallory.json: $.name: contains the control character U+001B"
    _, from_folder, _ = run(capsys, "--saves", str(saves), "progress", "--profile", "alice")
    _, from_database, _ = run(capsys, "--saves", str(saves), "--database", pg_url, "progress", "--profile", "alice")
    assert from_database == from_folder and len(from_folder) > 10  # the score pad and the recent games
    argv = ["daily", "--profile", "alice", "--today", "2026-11-30"]
    assert run(capsys, "--saves", str(saves.parent / "empty"), "--database", pg_url, *argv)[1] == [
        "alice: daily deal of 2026-11-30, level 1: margin +17, gold.",
        "One attempt a day. The others:",
        "  "
        + shlex.join(["norsewind", "--saves", str(saves.parent / "empty"), "--database", pg_url])
        + " halloffame --daily 2026-11-30",
    ]


def test_a_database_that_cannot_be_used_is_one_line_and_exit_2(
    tmp_path: Path, pg_empty_url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    nowhere = f"postgresql://ana:secret@/nowhere?host={tmp_path / 'no-server'}"
    monkeypatch.setenv("NORSEWIND_DATABASE", nowhere)  # a password: never on the command line
    code, lines, err = run(capsys, "--saves", str(tmp_path), "halloffame")
    monkeypatch.delenv("NORSEWIND_DATABASE")
    assert (code, lines) == (2, [])
    shown = f"postgresql://ana@/nowhere?host={tmp_path / 'no-server'}"
    assert err.startswith(f"norsewind: cannot reach the database {shown}: ") and err.count("\n") == 1
    assert "secret" not in err
    code, lines, err = run(capsys, "--saves", str(tmp_path), "--database", pg_empty_url, "progress")
    assert (code, lines) == (2, [])
    assert err == (
        f"norsewind: the database {pg_empty_url} has schema version 0, this program needs {latest()}: "
        f"run norsewind db upgrade --database {shlex.quote(pg_empty_url)}\n"
    )
