"""Junk files in a folder others fill hide nobody (issue 24.3): presence records, the hall of fame."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import msgspec
import psycopg
import pytest

from norsewind_tui.storage.clock import ManualClock
from norsewind_tui.storage.halloffame import MAX_PROFILES, read_hall
from norsewind_tui.storage.listing import list_bounded
from norsewind_tui.storage.pg.home import home
from norsewind_tui.storage.pg.presence import DbPresenceStore
from norsewind_tui.storage.presence import (
    MAX_RECORDS,
    PRESENCE_DIR,
    PRESENCE_FORMAT,
    Presence,
    PresenceRecord,
    PresenceStore,
)
from norsewind_tui.storage.profiles import GameRecord

START = datetime(2026, 11, 30, 10, 0, tzinfo=UTC)


def test_junk_names_that_sort_first_do_not_hide_the_players(tmp_path: Path) -> None:
    """2,100 junk names sorting before every record made every player "not seen here"."""
    store = PresenceStore(tmp_path, ManualClock(START))
    store.enter("alice").at_table("friday")
    store.enter("bob")
    folder = tmp_path / PRESENCE_DIR
    for i in range(MAX_RECORDS + 100):
        (folder / f"0junk{i:05}").touch()  # digits sort before every player's name
    assert store.of("alice") == Presence("alice", "table", START, "friday")
    assert store.all() == {"alice": Presence("alice", "table", START, "friday"), "bob": Presence("bob", "app", START)}
    assert store.problems == []  # junk is not a record: nothing to say about each


def test_more_records_than_the_cap_is_one_notice(tmp_path: Path) -> None:
    store = PresenceStore(tmp_path, ManualClock(START))
    store.enter("alice")
    folder = tmp_path / PRESENCE_DIR
    for i in range(MAX_RECORDS + 5):
        (folder / f"zz@{i:012x}.json").touch()  # well-formed names, sorting after alice's
    assert store.all()["alice"].where == "app"
    cap = f"{folder}: {MAX_RECORDS + 6} presence records; only the first {MAX_RECORDS} (by name) are read"
    assert store.problems[0] == cap
    assert len(store.problems) == 1 + 1999  # the cap, then the 1,999 empty zz records read after alice's


def _profile(name: str) -> bytes:
    game = GameRecord(
        game="ab" * 16,
        date=datetime(2026, 11, 30, 18, 0, tzinfo=UTC),
        level=1,
        score=70,
        vikings=60,
        margin=10,
        medal="silver",
        seed=11,
    )
    return msgspec.json.encode({"format": 2, "name": name, "games": [msgspec.to_builtins(game)]})


def test_junk_profile_names_do_not_push_the_players_out_of_the_hall(tmp_path: Path) -> None:
    """The hall of fame read the first 2,000 names by name: 2,100 junk names sorting first hid everyone."""
    folder = tmp_path / "profiles"
    folder.mkdir()
    for i in range(MAX_PROFILES + 100):
        (folder / f"-junk{i:05}.json").touch()  # not a name this program writes ('-' sorts first)
    (folder / "ana.json").write_bytes(_profile("ana"))
    hall = read_hall(folder)
    assert [(e.player, e.game.margin) for e in hall.best(1)] == [("ana", 10)]
    assert hall.notices == []


def test_a_listing_looks_at_a_bounded_number_of_entries(tmp_path: Path) -> None:
    for i in range(12):
        (tmp_path / f"f{i:02}").touch()
    found = list_bounded(tmp_path, lambda name: True, cap=100, what="files", scanned=10)
    assert len(found.entries) == 10
    assert found.notice == f"{tmp_path}: more than 10 entries, only 10 looked at"
    both = list_bounded(tmp_path, lambda name: True, cap=3, what="files", scanned=10)
    assert [e.name for e in both.entries] == sorted(e.name for e in found.entries)[:3]
    cut = "more than 10 entries, only 10 looked at; 10 files; only the first 3 (by name) are read"
    assert both.notice == f"{tmp_path}: {cut}"


def junk_records(count: int) -> list[tuple[str, str, bytes]]:
    """``count`` well-named records of made-up players, sorting before every real one, away for long."""
    out = []
    for i in range(count):
        who, token = f"a{i:05}", f"{i:012x}"
        record = PresenceRecord(PRESENCE_FORMAT, who, "away", START, START)
        out.append((who, token, msgspec.json.encode(record)))
    return out


@pytest.fixture(params=["folder", "database"])
def presence_at(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[PresenceStore, Callable[[], None]]:
    """A presence store and how to fill it with 2,100 junk records (files, or rows of the database)."""
    clock = ManualClock(START)
    if request.param == "database":
        url: str = request.getfixturevalue("pg_url")

        def fill_rows() -> None:
            with psycopg.connect(url, autocommit=True) as conn, conn.cursor() as cur:
                sql = "INSERT INTO presence (identity, token, record) VALUES (%s, %s, %s)"
                cur.executemany(sql, junk_records(MAX_RECORDS + 100))

        return DbPresenceStore(home(url), clock), fill_rows
    store = PresenceStore(tmp_path, clock)

    def fill_files() -> None:
        for who, token, data in junk_records(MAX_RECORDS + 100):
            (tmp_path / PRESENCE_DIR / f"{who}@{token}.json").write_bytes(data)

    return store, fill_files


def test_junk_records_sorting_first_hide_no_player(presence_at: tuple[PresenceStore, Callable[[], None]]) -> None:
    """2,100 well-named junk records made a present player read "not seen here" (issue 38.9)."""
    store, fill = presence_at
    store.enter("bob").at_table("friday")
    fill()
    assert store.of("bob") == Presence("bob", "table", START, "friday")
    assert store.away_since("bob") is None
    assert store.all({"bob"})["bob"] == Presence("bob", "table", START, "friday")
