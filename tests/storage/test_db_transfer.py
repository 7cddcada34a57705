"""``norsewind db import`` and ``db export`` (issue 25): a saves folder into the database and back.

The folder is read and never changed (its bytes and times before == after); every game is
replayed to its digest before it is copied; a second run adds nothing; the hall of fame
shows the same entries from the database as from the folder.
"""

from __future__ import annotations

import os
import random
import shlex
from datetime import date
from pathlib import Path

import psycopg
import pytest

from norsewind_tui.cli import main
from norsewind_tui.storage import GameStore
from norsewind_tui.storage.daily import start_daily
from norsewind_tui.storage.halloffame import Hall
from norsewind_tui.storage.pg.games import database_place
from norsewind_tui.storage.pg.home import home
from norsewind_tui.storage.pg.profiles import PgProfileStore
from norsewind_tui.storage.pg.schema import latest
from norsewind_tui.storage.profiles import ProfileStore
from norsewind_tui.storage.tables import TableStore

from .conftest import play, play_to_end, solo

DAY = date(2026, 11, 30)
Tree = dict[str, tuple[bytes, int]]


def tree(folder: Path) -> Tree:
    """Every file and folder under ``folder``: its bytes (b"" for a folder) and its mtime in ns."""
    found = {}
    for root, dirs, files in os.walk(folder):
        for name in [*dirs, *files]:
            path = Path(root) / name
            data = b"" if path.is_dir() else path.read_bytes()
            found[str(path.relative_to(folder))] = (data, path.lstat().st_mtime_ns)
    return found


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    """A saves folder with finished and unfinished solo games, two daily deals, a table, profiles."""
    folder = tmp_path / "saves"
    store = GameStore(folder)
    rng = random.Random(7)
    for i, player in enumerate(("alice", "bob", "alice")):
        game = solo(store, seed=11 + i, name=f"camp{i}", player=player)
        play_to_end(game, rng)
        game.close()
    for player in ("alice", "cyd"):
        start = start_daily(store, player, 1, today=lambda: DAY)
        assert start.game is not None
        play_to_end(start.game, rng)
        start.game.close()
    unfinished = solo(store, seed=30, name="halfway", player="bob")
    play(unfinished, 6, rng)
    unfinished.close()
    tables = TableStore(folder)
    tables.create("alice", ["me", "open"], seed=5, name="longship").close()
    (folder / "broken.json").write_bytes(b'{"format": 4, "truncated')  # skipped, with its reason
    return folder


def hall_rows(hall: Hall) -> list[tuple[object, ...]]:
    rows: list[tuple[object, ...]] = []
    for level in range(1, 8):
        for assisted in (False, True):
            rows += [(level, assisted, e.player, e.game) for e in hall.best(level, assisted)]
    rows += [("daily", e.player, e.game) for e in hall.daily(DAY)]
    return rows


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str]]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    assert all(len(line) <= 80 for line in out.splitlines() if "/" not in line)  # the lines without paths
    return code, out.splitlines()


def test_import_copies_the_folder_checked_and_idempotent_and_changes_nothing(
    saves: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    before = tree(saves)
    code, lines = run(capsys, "db", "import", str(saves), "--database", pg_url)
    assert code == 0
    assert lines == [
        f"norsewind db import: game broken: skipped: {saves / 'broken.json'}: not valid JSON: input data was truncated",
        "norsewind db import: 6 games, 1 table, 5 profile records; 0 already there",
    ]
    assert tree(saves) == before  # nothing in the folder changed: bytes and times
    with psycopg.connect(pg_url) as conn:
        rows = conn.execute("SELECT kind, name FROM games ORDER BY kind, name").fetchall()
    assert rows == [
        ("save", "camp0"),
        ("save", "camp1"),
        ("save", "camp2"),
        ("save", "daily-2026-11-30-L1-alice"),
        ("save", "daily-2026-11-30-L1-cyd"),
        ("save", "halfway"),
        ("table", "longship"),
    ]
    folder_hall, db_hall = ProfileStore(saves / "profiles").hall(), PgProfileStore(home(pg_url)).hall()
    assert folder_hall.notices == db_hall.notices == []
    assert hall_rows(db_hall) == hall_rows(folder_hall)
    assert len(hall_rows(folder_hall)) == 5  # alice's and bob's best on level 1, cyd's; the two daily deals
    for name in ("alice", "bob", "cyd"):
        assert PgProfileStore(home(pg_url)).load(name).games == ProfileStore(saves / "profiles").load(name).games

    elsewhere = saves.parent / "host-b"  # another host's (empty) folder: the games come from the rows
    db_games = GameStore(elsewhere, place=database_place(pg_url, "save", elsewhere))
    for name in ("camp0", "halfway", "daily-2026-11-30-L1-cyd"):
        moved = db_games.open(name, read_only=True)
        here = GameStore(saves).open(name, read_only=True)
        assert (moved.id, moved.session.position, moved.state) == (here.id, here.session.position, here.state)
        moved.close()
        here.close()
    db_tables = TableStore(elsewhere, place=database_place(pg_url, "table", elsewhere / "tables"))
    assert [t.name for t in db_tables.list()] == ["longship"]
    assert db_tables.open("longship", "alice").state == TableStore(saves).open("longship", "alice").state
    code, lines = run(capsys, "db", "import", str(saves), "--database", pg_url)  # a second run adds nothing
    assert code == 0
    assert lines[-1] == "norsewind db import: 0 games, 0 tables, 0 profile records; 10 already there"
    assert tree(saves) == before


def test_export_writes_the_database_back_into_a_folder(
    saves: Path, pg_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "db", "import", str(saves), "--database", pg_url)[0] == 0
    out = tmp_path / "out"
    code, lines = run(capsys, "db", "export", str(out), "--database", pg_url)
    assert code == 0
    assert lines == ["norsewind db export: 6 games, 1 table, 5 profile records; 0 already there"]
    for name in ("camp0", "halfway", "daily-2026-11-30-L1-cyd"):
        assert (out / f"{name}.json").read_bytes() == (saves / f"{name}.json").read_bytes()
    assert (out / "tables" / "longship.json").read_bytes() == (saves / "tables" / "longship.json").read_bytes()
    assert hall_rows(ProfileStore(out / "profiles").hall()) == hall_rows(ProfileStore(saves / "profiles").hall())
    again = run(capsys, "db", "export", str(out), "--database", pg_url)[1]
    assert again == ["norsewind db export: 0 games, 0 tables, 0 profile records; 10 already there"]


def test_a_game_that_does_not_replay_to_its_digest_is_not_imported(
    saves: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saves / "camp1.json"
    path.write_bytes(path.read_bytes().replace(b'"seed": 12,', b'"seed": 13,'))
    (saves / "camp1.json.bak").unlink(missing_ok=True)
    code, lines = run(capsys, "db", "import", str(saves), "--database", pg_url)
    assert code == 0
    assert lines[1:] == [
        f'norsewind db import: game camp1: skipped: {path}: $.moves[3]: illegal move ["castle",2]: '
        "there is no such castle in the display",
        "norsewind db import: 5 games, 1 table, 5 profile records; 0 already there",
    ]
    with psycopg.connect(pg_url) as conn:
        assert conn.execute("SELECT count(*) FROM games WHERE name = 'camp1'").fetchone() == (0,)


def test_export_never_replaces_a_file(
    saves: Path, pg_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "db", "import", str(saves), "--database", pg_url)[0] == 0
    out = tmp_path / "out"
    out.mkdir()
    (out / "camp0.json").write_bytes(b"mine")
    code, lines = run(capsys, "db", "export", str(out), "--database", pg_url)
    assert code == 0
    assert lines == [
        f"norsewind db export: game camp0: skipped: {out / 'camp0.json'} is there already, with another game "
        "(not replaced)",
        "norsewind db export: 5 games, 1 table, 5 profile records; 0 already there",
    ]
    assert (out / "camp0.json").read_bytes() == b"mine"


def test_import_refuses_a_database_without_the_schema_and_a_missing_folder(
    saves: Path, pg_empty_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["db", "import", str(saves), "--database", pg_empty_url]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        f"norsewind: the database {pg_empty_url} has schema version 0, this program needs {latest()}: "
        f"run norsewind db upgrade --database {shlex.quote(pg_empty_url)}\n"
    )
    assert main(["db", "import", str(tmp_path / "none"), "--database", pg_empty_url]) == 2
    assert capsys.readouterr().err == f"norsewind: {tmp_path / 'none'}: not a saves folder (no such folder)\n"


def test_import_keeps_the_databases_game_of_the_same_name(
    saves: Path, pg_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "db", "import", str(saves), "--database", pg_url)[0] == 0
    other = GameStore(tmp_path / "other")
    solo(other, seed=99, name="camp0", player="dan").close()  # another game, the same name
    code, lines = run(capsys, "db", "import", str(tmp_path / "other"), "--database", pg_url)
    assert code == 0
    assert lines == [
        f"norsewind db import: game camp0: kept the database's game camp0: {tmp_path / 'other' / 'camp0.json'} "
        "is another game of that name",
        "norsewind db import: 0 games, 0 tables, 0 profile records; 0 already there",
    ]
    with psycopg.connect(pg_url) as conn:
        held = conn.execute("SELECT document FROM games WHERE name = 'camp0'").fetchone()
    assert held is not None and bytes(held[0]) == (saves / "camp0.json").read_bytes()
