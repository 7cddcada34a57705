"""Solo campaign profiles: records, the campaign table (R21), and the same care as saves."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from datetime import UTC, date, datetime
from pathlib import Path

import msgspec
import psycopg
import pytest

from norsewind_tui.rules import medal_for
from norsewind_tui.storage import GameRecord, GameStore, ProfileStore, SaveError
from norsewind_tui.storage.paths import profiles_dir
from norsewind_tui.storage.pg.home import home
from norsewind_tui.storage.pg.profiles import PgProfileStore
from norsewind_tui.storage.profiles import TITLE, Profiles, decode_profile

from .conftest import play_to_end, solo


def rec(level: int, margin: int, assisted: bool = False, seed: int = 1) -> GameRecord:
    return GameRecord(
        game=os.urandom(16).hex(),
        date=datetime.now(UTC),
        level=level,
        score=50 + margin,
        vikings=50,
        margin=margin,
        medal=None if assisted else medal_for(margin),
        seed=seed,
        assisted=assisted,
    )


@pytest.fixture
def folder_profiles(tmp_path: Path) -> ProfileStore:
    """The profiles of a saves folder alone (the tests of its files); ``profiles`` is either place."""
    return ProfileStore(tmp_path / "profiles")


def test_empty_profile_has_level_1_unlocked_only(profiles: Profiles) -> None:
    p = profiles.load("Ana")
    rows = p.campaign()
    assert [r.level for r in rows] == [1, 2, 3, 4, 5, 6, 7]
    assert [r.unlocked for r in rows] == [True] + [False] * 6
    assert all(r.best_margin is None and r.medals == () for r in rows)
    assert p.title is None and p.games == ()


def test_campaign_table_by_r21(profiles: Profiles) -> None:
    """R21: medals by margin; level N+1 unlocked by a platinum on level N; best margin per level."""
    for r in (rec(1, 3), rec(1, 12), rec(1, -5), rec(1, 25), rec(2, 20), rec(2, 9)):
        assert profiles.record("Ana", r)
    rows = profiles.load("Ana").campaign()
    assert rows[0].medals == ("bronze", "silver", "platinum") and rows[0].best_margin == 25 and rows[0].played == 4
    assert rows[1].unlocked and rows[1].medals == ("silver", "gold") and rows[1].medals[-1] == "gold"
    assert not rows[2].unlocked  # gold on level 2 is not enough
    assert profiles.load("Ana").title is None


def test_assisted_games_are_recorded_but_earn_nothing(profiles: Profiles) -> None:
    profiles.record("Ana", rec(1, 30, assisted=True))
    p = profiles.load("Ana")
    row = p.campaign()[0]
    assert row.played == 1 and row.medals == () and row.best_margin is None
    assert not p.campaign()[1].unlocked
    assert p.games[0].assisted and p.games[0].medal is None


def test_king_of_all_kings(profiles: Profiles) -> None:
    for level in range(1, 8):
        profiles.record("Ana", rec(level, 25 + level))
    p = profiles.load("Ana")
    assert all(r.unlocked and "platinum" in r.medals for r in p.campaign())
    assert p.title == TITLE == "King of all Kings"


def test_same_seed_again_is_recorded_the_same_game_once(profiles: Profiles) -> None:
    first, second = rec(1, 5, seed=42), rec(1, 7, seed=42)
    assert profiles.record("Ana", first) and profiles.record("Ana", second)
    assert not profiles.record("Ana", first)  # the same game (id) is recorded once
    p = profiles.load("Ana")
    assert [g.seed for g in p.games] == [42, 42]
    assert [g.margin for g in p.recent()] == [7, 5]  # newest first


def test_a_finished_solo_game_is_recorded_once(campaign_store: GameStore) -> None:
    store = campaign_store
    game = solo(store, name="camp", seed=5, level=1, player="Ragnar")
    play_to_end(game, random.Random(5))
    game.close()
    store.open("camp").close()  # reopening a finished game does not record it again
    games = store.profiles.load("Ragnar").games
    assert len(games) == 1
    g = games[0]
    assert g.game == game.id and g.seed == 5 and g.level == 1 and g.save == "camp"
    assert g.margin == g.score - g.vikings and g.medal == medal_for(g.margin) and not g.assisted


def test_a_finish_whose_recording_was_interrupted_is_recorded_on_open(store: GameStore) -> None:
    game = solo(store, name="late", seed=6)
    play_to_end(game, random.Random(6))
    game.close()
    (profiles_dir(store.dir) / "Ana.json").unlink()  # as if killed before the profile was written
    (profiles_dir(store.dir) / "Ana.json.bak").unlink(missing_ok=True)
    doc = msgspec.json.decode(game.path.read_bytes())
    doc["meta"]["recorded"] = False
    game.path.write_bytes(msgspec.json.encode(doc))
    store.open("late").close()
    assert [g.game for g in store.profiles.load("Ana").games] == [game.id]


def test_broken_profile_uses_its_backup_and_says_so(folder_profiles: ProfileStore) -> None:
    profiles = folder_profiles
    profiles.record("Ana", rec(1, 3))
    profiles.record("Ana", rec(1, 9))
    path = profiles.path("Ana")
    path.write_bytes(path.read_bytes()[:50])
    p = profiles.load("Ana")
    assert p.notice is not None and "Ana.json" in p.notice and "backup" in p.notice
    assert len(p.games) == 1
    assert profiles.record("Ana", rec(1, 20))  # the broken file is set aside, the backup kept
    assert (profiles.dir / "Ana.json.damaged").exists()
    assert len(profiles.load("Ana").games) == 2


def test_both_broken_refuses_to_load_and_record_keeps_them(folder_profiles: ProfileStore) -> None:
    profiles = folder_profiles
    profiles.record("Ana", rec(1, 3))
    profiles.record("Ana", rec(1, 4))
    profiles.path("Ana").write_bytes(b"garbage")
    (profiles.dir / "Ana.json.bak").write_bytes(b"")
    with pytest.raises(SaveError, match=r"Ana\.json: not valid JSON.*backup is broken too"):
        profiles.load("Ana")
    assert profiles.record("Ana", rec(1, 5))
    assert (profiles.dir / "Ana.json.damaged").read_bytes() == b"garbage"
    assert len(profiles.load("Ana").games) == 1


def test_hand_edited_medal_is_refused(folder_profiles: ProfileStore) -> None:
    profiles = folder_profiles
    profiles.record("Ana", rec(3, 2))
    path = profiles.path("Ana")
    path.write_bytes(path.read_bytes().replace(b'"bronze"', b'"platinum"'))
    assert not (profiles.dir / "Ana.json.bak").exists()  # one generation only: no backup yet
    with pytest.raises(SaveError, match=r"\$\.games\[0\]: medal platinum does not go with margin 2"):
        profiles.load("Ana")


def exit_codes(processes: int, body: Callable[[int], int], failed: int) -> list[int]:
    """Run ``body(i)`` in ``processes`` forked children at once (i = 0, 1, ...), each exiting with what it
    returns (``failed`` if it raises): their exit codes, in that order."""
    children = []
    for i in range(processes):
        pid = os.fork()
        if pid == 0:
            code = failed
            try:
                code = body(i)
            finally:
                os._exit(code)
        children.append(pid)
    codes = []
    for pid in children:
        _, status = os.waitpid(pid, 0)
        assert os.WIFEXITED(status)
        codes.append(os.WEXITSTATUS(status))
    return codes


def test_concurrent_recorders_lose_nothing(profiles: Profiles) -> None:
    def fifteen_games(_: int) -> int:
        for i in range(15):
            profiles.record("Ana", rec(1 + i % 7, i))
        return 0

    assert exit_codes(4, fifteen_games, failed=1) == [0, 0, 0, 0]
    assert len(profiles.load("Ana").games) == 60


def test_profile_files_are_private_and_named_safely(folder_profiles: ProfileStore) -> None:
    profiles = folder_profiles
    with pytest.raises(SaveError, match="control character"):
        profiles.record("Ana\x1b[2J", rec(1, 1))
    profiles.record("../../Ana", rec(1, 1))
    assert profiles.path("../../Ana").parent == profiles.dir
    assert (profiles.dir / "Ana.json").stat().st_mode & 0o777 == 0o600
    assert profiles.dir.stat().st_mode & 0o777 == 0o700
    assert profiles.names() == ["Ana"]


# --------------------------------------------------------------------------- both places (issue 25)


def test_profile_names_are_checked_and_made_safe(profiles: Profiles) -> None:
    with pytest.raises(SaveError, match="control character"):
        profiles.record("Ana\x1b[2J", rec(1, 1))
    assert profiles.record("../../Ana", rec(1, 1))
    assert profiles.record("Bo", rec(1, 2))
    assert profiles.names() == ["Ana", "Bo"]
    assert [g.margin for g in profiles.load("Ana").games] == [1]  # the same profile by its safe name


def test_the_same_game_recorded_by_four_processes_at_once_is_recorded_once(profiles: Profiles) -> None:
    games = [rec(1 + i % 7, i) for i in range(12)]

    def added(_: int) -> int:  # how many this one added
        return sum(profiles.record("Ana", g) for g in games)

    assert sum(exit_codes(4, added, failed=100)) == 12
    assert sorted(g.game for g in profiles.load("Ana").games) == sorted(g.game for g in games)


def test_one_daily_result_per_player_day_and_level(profiles: Profiles) -> None:
    """The daily deal: one attempt per player, day and level (a second result of the same day and
    level counts in the campaign, as a game of no day)."""
    day, seed = "2026-11-30", 400973191  # the deal of that day on level 1 (test_daily.py)
    first = msgspec.structs.replace(rec(1, 5, seed=seed), daily=day)
    second = msgspec.structs.replace(rec(1, 9, seed=seed), daily=day)
    other_level = msgspec.structs.replace(rec(2, 3, seed=1208913641), daily=day)
    assert profiles.record("Ana", first) and profiles.record("Ana", second) and profiles.record("Ana", other_level)
    games = profiles.load("Ana").games
    assert [(g.margin, g.daily) for g in games] == [(5, day), (9, None), (3, day)]
    assert profiles.load("Ana").campaign()[0].played == 2
    hall = profiles.hall()
    assert [(e.player, e.game.margin) for e in hall.daily(date(2026, 11, 30), 1)] == [("Ana", 5)]
    assert [(e.player, e.game.margin) for e in hall.best(1)] == [("Ana", 9)]


def test_a_row_edited_by_hand_is_refused(request: pytest.FixtureRequest) -> None:
    """As a hand-edited profile file (test_hand_edited_medal_is_refused): a row is checked, never believed."""
    url: str = request.getfixturevalue("pg_url")
    profiles = PgProfileStore(home(url))
    profiles.record("Ana", rec(3, 2))
    with psycopg.connect(url) as conn:
        conn.execute("UPDATE game_records SET medal = 'platinum'")
    with pytest.raises(SaveError, match=r"\$\.games\[0\]: medal platinum does not go with margin 2"):
        profiles.load("Ana")
    hall = profiles.hall()
    assert hall.best(3) == []
    assert hall.notices == ["skipped a record of Ana: medal platinum does not go with margin 2"]


def test_four_hosts_recording_the_days_result_at_once_keep_one(profiles: Profiles) -> None:
    """The one daily result per player, day and level holds across processes (hosts) recording at once."""
    day, seed = "2026-11-30", 400973191

    def record_the_day(i: int) -> int:
        game = msgspec.structs.replace(rec(1, 10 + i, seed=seed), daily=day)
        return 0 if profiles.record("Ana", game) else 2

    assert exit_codes(4, record_the_day, failed=1) == [0, 0, 0, 0]  # each game is recorded
    games = profiles.load("Ana").games
    assert len(games) == 4
    assert [g.daily for g in games].count(day) == 1  # the first recorded is the day's
    assert games[0].daily == day


def test_a_finish_the_database_could_not_record_is_recorded_on_the_next_open(pg_url: str, tmp_path: Path) -> None:
    """The database unreachable when a solo game ends: one line, the game kept unrecorded, and
    recorded once the database answers (as a finish whose profile file could not be written)."""
    nowhere = f"postgresql://postgres@/nowhere?host={tmp_path / 'no-server'}"
    store = GameStore(tmp_path / "saves", profiles=PgProfileStore(home(nowhere)))
    game = solo(store, name="late", seed=6)
    play_to_end(game, random.Random(6))
    assert game.notice is not None
    assert game.notice.startswith(
        f"the result could not be recorded in the profile Ana: cannot reach the database {nowhere}: "
    )
    assert not game.meta.recorded
    game.close()
    back = GameStore(tmp_path / "saves", profiles=PgProfileStore(home(pg_url)))
    back.open("late").close()
    assert [g.game for g in back.profiles.load("Ana").games] == [game.id]


def test_the_hall_of_an_unreachable_database_is_empty_with_one_line(tmp_path: Path) -> None:
    nowhere = f"postgresql://postgres:secret@/nowhere?host={tmp_path / 'no-server'}"
    hall = PgProfileStore(home(nowhere)).hall()
    assert hall.best(1) == [] and hall.daily(date(2026, 11, 30)) == []
    shown = f"postgresql://postgres@/nowhere?host={tmp_path / 'no-server'}"  # never the password
    assert len(hall.notices) == 1  # said once, though asked twice
    assert hall.notices[0].startswith(f"the hall of fame cannot be read: cannot reach the database {shown}: ")
    assert "secret" not in "".join(hall.notices)


def test_record_all_adds_the_new_games_in_one_write(folder_profiles: ProfileStore) -> None:
    """``db export``'s way in (issue 25): many games, one write; those already there are not added again."""
    games = [rec(1, 3), rec(1, 26), rec(2, 9)]
    assert folder_profiles.record("Ana", games[0])
    assert folder_profiles.record_all("Ana", games) == 2
    assert [g.game for g in folder_profiles.load("Ana").games] == [g.game for g in games]
    backup = decode_profile((folder_profiles.dir / "Ana.json.bak").read_bytes(), "bak")
    assert [g.game for g in backup.games] == [games[0].game]  # one write after the first: one generation back
    assert folder_profiles.record_all("Ana", games) == 0
    assert folder_profiles.load("Ana").campaign()[1].unlocked  # the platinum on level 1 (R21)


def test_the_databases_hall_reads_one_row_per_player_and_level(pg_url: str) -> None:
    """The hall of fame is a query of ``best_games`` (issue 25): one row per player, level and
    assisted or not, kept as games are recorded, not a read of every record."""
    profiles = PgProfileStore(home(pg_url))
    for margin in (3, 12, -5, 25, 9):
        profiles.record("Ana", rec(1, margin))
    profiles.record("Ana", rec(1, 40, assisted=True))
    profiles.record("Bo", rec(2, 7))
    with psycopg.connect(pg_url) as conn:
        rows = conn.execute(
            "SELECT b.profile, b.level, b.assisted, r.margin FROM best_games b JOIN game_records r ON r.seq = b.seq "
            "ORDER BY b.profile, b.level, b.assisted"
        ).fetchall()
        assert conn.execute("SELECT count(*) FROM game_records").fetchone() == (7,)
    assert rows == [("Ana", 1, False, 25), ("Ana", 1, True, 40), ("Bo", 2, False, 7)]
    assert sorted((e.player, e.game.margin) for e in profiles.hall().entries) == [("Ana", 25), ("Ana", 40), ("Bo", 7)]
