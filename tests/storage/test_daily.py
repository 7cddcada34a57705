"""The daily deal (issue 13): the same game for every player of the day, one attempt each, in the hall of fame."""

from __future__ import annotations

import json
import os
import random
from datetime import UTC, date, datetime
from pathlib import Path

import msgspec
import psycopg
import pytest
from daily_records import DAY, record

from norsewind_tui.rules.cards import default_cards
from norsewind_tui.storage import GameStore, SaveError
from norsewind_tui.storage.atomic import read_limited
from norsewind_tui.storage.daily import played, start_daily
from norsewind_tui.storage.dailyseed import daily_of, daily_save_name, daily_seed
from norsewind_tui.storage.halloffame import read_hall
from norsewind_tui.storage.pg.home import home
from norsewind_tui.storage.pg.profiles import PgProfileStore, record_into
from norsewind_tui.storage.pg.transfer import import_folder
from norsewind_tui.storage.profiles import GameRecord, Profiles, ProfileStore, decode_profile

from .conftest import play, play_to_end, solo

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "profiles"


def today() -> date:
    return DAY


def test_the_seed_is_the_documented_hash_of_the_day_and_the_level() -> None:
    # sha256(b"norsewind daily 2026-11-30 level 1")[:4], big-endian, top bit cleared (docs/SAVES.md)
    assert daily_seed(DAY, 1) == 400973191
    assert daily_seed(DAY, 2) == 1208913641
    assert daily_seed(date(2026, 12, 1), 1) == 1898861073
    assert daily_save_name(DAY, 3, "Ana's") == "daily-2026-11-30-L3-Ana-s"


def test_two_players_are_dealt_the_same_game_and_both_are_in_the_hall_of_fame(campaign_store: GameStore) -> None:
    store = campaign_store
    rng = random.Random(4)
    results = {}
    decks = []
    for player in ("alice", "bob"):
        start = start_daily(store, player, 1, today=today)
        assert start.game is not None and start.done is None and not start.resumed
        game = start.game
        assert game.name == f"daily-2026-11-30-L1-{player}"
        assert game.session.seed == 400973191
        s = game.state
        decks.append((s.market, s.display, s.deck, s.reserve, s.vikings, s.viking_red, s.supplies))
        play_to_end(game, rng)
        game.close()
        results[player] = played(store.profiles.load(player), DAY, 1)
    assert decks[0] == decks[1]  # the same deal, whoever plays it
    hall = store.profiles.hall()
    assert hall.notices == []
    daily = hall.daily(DAY)
    assert sorted(e.player for e in daily) == ["alice", "bob"]
    for e in daily:
        assert e.game == results[e.player]
        assert e.game.daily == "2026-11-30" and e.game.level == 1 and e.game.seed == 400973191
    assert hall.daily(date(2026, 12, 1)) == []
    assert sorted(e.player for e in hall.best(1)) == ["alice", "bob"]
    # recorded like a campaign game: it counts on the level table
    assert store.profiles.load("alice").campaign()[0].played == 1


def test_a_second_attempt_resumes_the_first_then_says_it_is_done(campaign_store: GameStore) -> None:
    store = campaign_store
    first = start_daily(store, "ana", 1, today=today)
    assert first.game is not None
    play(first.game, 5, random.Random(1))
    moves = first.game.session.position
    first.game.close()
    again = start_daily(store, "ana", 1, today=today)
    assert again.resumed and again.game is not None
    assert again.game.name == first.game.name and again.game.session.position == moves
    play_to_end(again.game, random.Random(2))
    again.game.close()
    done = start_daily(store, "ana", 1, today=today)
    assert done.game is None and done.done is not None and done.done.daily == "2026-11-30"
    # another day is another deal
    tomorrow = start_daily(store, "ana", 1, today=lambda: date(2026, 12, 1))
    assert tomorrow.game is not None and tomorrow.game.session.seed == daily_seed(date(2026, 12, 1), 1)
    tomorrow.game.close()


def test_a_finished_attempt_is_the_days_attempt_even_when_its_result_is_not_in_the_profile(
    store: GameStore,
) -> None:
    start = start_daily(store, "ana", 1, today=today)
    assert start.game is not None
    play_to_end(start.game, random.Random(3))
    start.game.close()
    for suffix in (".json", ".json.bak"):  # the profile lost (removed by hand)
        (store.dir / "profiles" / f"ana{suffix}").unlink(missing_ok=True)
    again = start_daily(store, "ana", 1, today=today)
    assert again.game is None and again.done is None and again.resumed  # no second attempt


def test_a_finished_attempt_is_the_days_attempt_even_when_its_result_is_not_in_the_database(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """As above, the result lost from the database (rows deleted by hand)."""
    url: str = request.getfixturevalue("pg_url")
    store = GameStore(tmp_path / "saves", profiles=PgProfileStore(home(url)))
    start = start_daily(store, "ana", 1, today=today)
    assert start.game is not None
    play_to_end(start.game, random.Random(3))
    start.game.close()
    assert played(store.profiles.load("ana"), DAY, 1) is not None
    with psycopg.connect(url) as conn:
        conn.execute("DELETE FROM game_records")
    again = start_daily(store, "ana", 1, today=today)
    assert again.game is None and again.done is None and again.resumed  # no second attempt


def test_a_locked_level_is_refused_in_one_line(campaign_store: GameStore) -> None:
    store = campaign_store
    with pytest.raises(SaveError, match=r"^level 2 is locked for ana: win platinum on level 1 first \(R21\)$"):
        start_daily(store, "ana", 2, today=today)
    with pytest.raises(SaveError, match=r"^level 8 is not a solo level \(1 to 7\)$"):
        start_daily(store, "ana", 8, today=today)
    assert not any(store.dir.glob("daily-*"))


def test_only_a_game_both_named_and_seeded_as_the_deal_is_marked_daily(campaign_store: GameStore) -> None:
    store = campaign_store
    assert daily_of("daily-2026-11-30-L1-ana", 400973191, 1) == "2026-11-30"
    assert daily_of("daily-2026-11-30-L1-ana", 400973192, 1) is None
    assert daily_of("daily-2026-11-30-L2-ana", 400973191, 1) is None
    assert daily_of("daily-2026-13-30-L1-ana", 400973191, 1) is None
    game = solo(store, seed=400973191, name="daily-2026-11-30-L1-fake", player="Ana")  # not Ana's profile name
    play_to_end(game, random.Random(5))
    game.close()
    recorded = store.profiles.load("Ana").games[0]
    assert recorded.daily == "2026-11-30"  # named and seeded as the deal: it is one
    game = solo(store, seed=7, name="daily-2026-11-30-L1-other", player="Bo")
    play_to_end(game, random.Random(5))
    game.close()
    assert store.profiles.load("Bo").games[0].daily is None


def test_a_rebuilt_profile_keeps_the_daily_mark(store: GameStore) -> None:
    start = start_daily(store, "ana", 1, today=today)
    assert start.game is not None
    play_to_end(start.game, random.Random(6))
    start.game.close()
    for suffix in (".json", ".json.bak"):
        (store.dir / "profiles" / f"ana{suffix}").write_bytes(b"{broken")
    profile = store.profiles.load("ana")
    assert profile.notice is not None and "rebuilt" in profile.notice
    assert played(profile, DAY, 1) is not None


# --------------------------------------------------------------------------- the profile format


def test_a_format_1_profile_is_read_and_rewritten_as_format_2(tmp_path: Path) -> None:
    folder = tmp_path / "profiles"
    folder.mkdir()
    old = (FIXTURES / "v1.json").read_bytes()
    (folder / "Ana.json").write_bytes(old)
    profiles = ProfileStore(folder)
    before = profiles.load("Ana")
    assert before.notice is None and [g.margin for g in before.games] == [12, -3]
    assert all(g.daily is None for g in before.games)
    daily = record(1, 20, daily=True)
    assert profiles.record("Ana", daily)
    written = json.loads((folder / "Ana.json").read_bytes())
    assert written["format"] == 2
    assert [g["margin"] for g in written["games"]] == [12, -3, 20]
    assert written["games"][2]["daily"] == "2026-11-30"
    assert decode_profile(read_limited(folder / "Ana.json.bak"), "bak").format == 1  # the old generation kept


def test_a_profile_of_a_newer_format_is_not_written(tmp_path: Path) -> None:
    folder = tmp_path / "profiles"
    folder.mkdir()
    (folder / "Ana.json").write_text('{"format": 3, "name": "Ana", "games": []}', encoding="utf-8")
    with pytest.raises(SaveError, match="profile format 3 is newer than this Norsewind reads \\(2\\)"):
        ProfileStore(folder).record("Ana", record(1, 3))


# --------------------------------------------------------------------------- hostile profiles


def _profile(name: str, *games: GameRecord) -> bytes:
    return msgspec.json.encode({"format": 2, "name": name, "games": [msgspec.to_builtins(g) for g in games]})


def test_hostile_profiles_are_skipped_with_a_notice(tmp_path: Path) -> None:
    folder = tmp_path / "profiles"
    folder.mkdir()
    (folder / "ana.json").write_bytes(_profile("ana", record(1, 10, daily=True)))
    (folder / "junk.json").write_bytes(b"\x00\xff not json")
    (folder / "esc.json").write_bytes(_profile("esc\x1b[2J", record(1, 40)))
    (folder / "thief.json").write_bytes(_profile("ana", record(1, 50)))  # claims another's name
    (folder / "big.json").write_bytes(b" " * (5 * 1024 * 1024))
    (folder / "link.json").symlink_to(folder / "ana.json")
    (folder / "deep.json").write_bytes(b"[" * 100_000)
    forged = msgspec.structs.replace(record(1, 30), daily=DAY.isoformat(), seed=5)  # not the day's deal
    no_day = msgspec.structs.replace(record(1, 31), daily="2026-13-45")  # fits the pattern, not a date
    (folder / "cheat.json").write_bytes(_profile("cheat", forged, no_day, record(2, 1)))
    (folder / "dir.json").mkdir()
    hall = read_hall(folder)
    assert [e.player for e in hall.daily(DAY)] == ["ana"]
    assert [(e.player, e.game.margin) for e in hall.best(1)] == [("ana", 10)]
    assert [(e.player, e.game.margin) for e in hall.best(2)] == [("cheat", 1)]
    skipped = {n.split(":")[0] for n in hall.notices}
    assert skipped == {
        "skipped big.json",
        "skipped deep.json",
        "skipped dir.json",
        "skipped esc.json",
        "skipped junk.json",
        "skipped link.json",
        "skipped thief.json",
        "cheat.json",
    }
    assert "cheat.json: left out 2 daily result(s) with a seed not of that day" in hall.notices
    assert all("\n" not in n for n in hall.notices)


def test_an_unreadable_or_missing_profiles_folder_is_an_empty_hall(tmp_path: Path) -> None:
    hall = read_hall(tmp_path / "none")
    assert hall.entries == [] and hall.notices == []
    (tmp_path / "file").write_text("x")
    hall = read_hall(tmp_path / "file")
    assert hall.entries == [] and hall.notices == [
        f"{tmp_path / 'file'}: cannot read the profiles folder: not a directory"
    ]


@pytest.mark.parametrize("place", ["folder", "database"])
def test_the_best_game_of_each_player_per_level_assisted_apart(
    place: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    folder = tmp_path / "profiles"
    folder.mkdir()
    assisted = msgspec.structs.replace(record(1, 60), assisted=True, medal=None)
    (folder / "ana.json").write_bytes(_profile("ana", record(1, 5), record(1, 17), assisted))
    (folder / "bo.json").write_bytes(_profile("bo", record(1, 9), record(3, 25)))
    hall = read_hall(folder) if place == "folder" else imported(tmp_path, request).hall()
    assert [(e.player, e.game.margin, e.game.medal) for e in hall.best(1)] == [("ana", 17, "gold"), ("bo", 9, "silver")]
    assert [(e.player, e.game.margin) for e in hall.best(1, assisted=True)] == [("ana", 60)]
    assert [(e.player, e.game.medal) for e in hall.best(3)] == [("bo", "platinum")]
    assert hall.best(2) == []


def imported(saves: Path, request: pytest.FixtureRequest) -> PgProfileStore:
    """The profiles of the saves folder ``saves``, imported into a fresh database (``db import``)."""
    url: str = request.getfixturevalue("pg_url")
    plan = import_folder(url, saves, default_cards())
    assert sum(1 for _ in plan.steps) == plan.total
    return PgProfileStore(home(url))


def test_hostile_rows_are_left_out_with_a_notice(request: pytest.FixtureRequest) -> None:
    """As hostile profile files (above): rows written by hand past the program are checked."""
    url: str = request.getfixturevalue("pg_url")
    profiles = PgProfileStore(home(url))
    profiles.record("ana", record(1, 10, daily=True))
    profiles.record("cheat", record(2, 1))
    with pytest.raises(SaveError, match=r"^not recording the game: its seed is not the daily deal of 2026-11-30$"):
        profiles.record("cheat", msgspec.structs.replace(record(1, 30), daily=DAY.isoformat(), seed=5))
    forged = msgspec.structs.replace(record(1, 30), daily=DAY.isoformat(), seed=5)
    no_day = msgspec.structs.replace(record(1, 31), daily="2026-13-45")
    with psycopg.connect(url) as conn:
        conn.execute("INSERT INTO profiles VALUES ('esc', 'esc\x1b[2J'), ('thief', 'ana')")
        for key, game in (
            ("cheat", forged),
            ("cheat", no_day),
            ("esc", record(1, 40)),
            ("thief", record(1, 50)),
        ):
            record_into(conn, key, key, game)
    hall = profiles.hall()
    assert [e.player for e in hall.daily(DAY)] == ["ana"]
    assert [(e.player, e.game.margin) for e in hall.best(1)] == [("ana", 10)]
    assert [(e.player, e.game.margin) for e in hall.best(2)] == [("cheat", 1)]
    assert sorted(hall.notices) == [
        "cheat: left out daily result(s) with a seed not of that day",
        "skipped esc: its name does not match its key",
        "skipped thief: its name does not match its key",
    ]


def test_a_tie_goes_to_the_earlier_game_then_to_the_one_recorded_first(profiles: Profiles) -> None:
    """Hall.best: the highest margin, then the earliest game; an exact tie keeps the first recorded."""
    late = record(1, 10)
    early = msgspec.structs.replace(record(1, 10), date=datetime(2026, 11, 30, 9, 0, tzinfo=UTC))
    same = msgspec.structs.replace(early, game=os.urandom(16).hex(), seed=12)
    for game in (late, early, same, record(1, 9)):
        assert profiles.record("ana", game)
    assert [e.game for e in profiles.hall().best(1)] == [early]
