"""People's ratings (issue 27): a finished hot-seat game counts once, on the computers' fixed scale.

The expected ratings are computed here with openskill directly (Plackett-Luce, its defaults), from
the finishing places the game's scores and coins give; the store's ladder must agree exactly.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

import msgspec
import psycopg
import pytest
from openskill.models import PlackettLuce

from norsewind_tui.bots.registry import make_bot
from norsewind_tui.rules import GameConfig
from norsewind_tui.rules.scoring import final_result
from norsewind_tui.storage import GameStore, SavedGame, SaveError, SeatMeta
from norsewind_tui.storage.paths import profiles_dir
from norsewind_tui.storage.pg.home import home
from norsewind_tui.storage.pg.profiles import PgProfileStore
from norsewind_tui.storage.profiles import Profiles, ProfileStore
from norsewind_tui.storage.ratings import (
    LEDGER,
    Anchors,
    Ladder,
    RatedGame,
    RatedSeat,
    Rating,
    finishing_places,
    parse_anchors,
    shipped_anchors,
)

from .conftest import solo


def play_out(game: SavedGame) -> None:
    """Every seat's decisions by the random bot (seeded by the seat: the same game every run, whatever
    the evaluation the stronger bots use)."""
    bots = [make_bot("random", seed=i) for i in range(len(game.seats))]
    while not game.finished:
        game.push(bots[game.state.current].decide(game.state))


def hot_seat(store: GameStore, seed: int = 11, bot: str = "random") -> SavedGame:
    seats = [SeatMeta("Ana"), SeatMeta("Bo"), SeatMeta("Random bot 3", "computer", bot)]
    return store.create(GameConfig(players=tuple(s.name for s in seats)), seed, seats)


def rated(game: str, *seats: tuple[str, str, int]) -> RatedGame:
    return RatedGame(
        game,
        datetime(2026, 12, 2, 12, 0, tzinfo=UTC),
        tuple(RatedSeat("person" if kind == "person" else "computer", name, place) for kind, name, place in seats),
    )


def game_id() -> str:
    return os.urandom(16).hex()


# --------------------------------------------------------------------------- the scale


def test_finishing_places_go_by_score_then_coins_and_an_exact_tie_shares_the_place() -> None:
    assert finishing_places((40, 52), (3, 0)) == (2, 1)
    assert finishing_places((40, 40, 40), (3, 5, 3)) == (2, 1, 2)
    assert finishing_places((30, 41, 30, 30), (2, 0, 5, 2)) == (3, 1, 2, 3)


def test_the_shipped_anchors_rate_every_computer_level_from_the_final_ladder() -> None:
    anchors = shipped_anchors()
    assert anchors.version == 2 and not anchors.provisional  # bench/ladder.py --deals 4 (600 games)
    assert {"random", "greedy", "easy", "normal", "hard", "expert"} <= set(anchors.levels)
    assert all(r.sigma > 0 and anchors.games[name] > 0 for name, r in anchors.levels.items())


def test_a_broken_anchors_file_is_one_line_naming_it() -> None:
    with pytest.raises(ValueError) as info:
        parse_anchors("version = 1\nprovisional = true\n[levels.hard]\nmu = 30\n", "mine.toml")
    assert str(info.value) == "mine.toml: not a ratings file: 'sigma'"


def test_the_ladder_moves_people_only_and_as_openskill_says() -> None:
    anchors = Anchors(1, True, {"hard": Rating(31.5, 1.25), "greedy": Rating(22.0, 1.5)})
    games = [
        rated(game_id(), ("person", "ana", 1), ("computer", "hard", 2), ("person", "bo", 3)),
        rated(game_id(), ("person", "bo", 1), ("computer", "greedy", 1), ("person", "ana", 3)),
    ]
    ladder = Ladder.replay(games, anchors)
    m = PlackettLuce()
    ana, bo = m.rating(), m.rating()
    (ana,), _, (bo,) = m.rate([[ana], [m.rating(mu=31.5, sigma=1.25)], [bo]], ranks=[1, 2, 3])
    (bo,), _, (ana,) = m.rate([[bo], [m.rating(mu=22.0, sigma=1.5)], [ana]], ranks=[1, 1, 3])
    assert ladder.standing("ana").rating == Rating(ana.mu, ana.sigma)
    assert ladder.standing("bo").rating == Rating(bo.mu, bo.sigma)
    assert (ladder.standing("ana").games, ladder.standing("bo").games, ladder.counted) == (2, 2, 2)
    assert ladder.rating("hard") == Rating(31.5, 1.25) and ladder.rating("greedy") == Rating(22.0, 1.5)
    assert ladder.standing("carol").rating == Rating(25.0, 25 / 3) and ladder.standing("carol").games == 0
    assert Rating(25.0, 25 / 3).display == 1000 and Rating(30.0, 2.0).display == 1960


def test_a_level_without_an_anchor_drops_out_of_a_result_and_a_person_alone_moves_nothing() -> None:
    anchors = Anchors(1, True, {"greedy": Rating(22.0, 1.5)})
    ladder = Ladder.replay([rated(game_id(), ("person", "ana", 1), ("computer", "expert", 2))], anchors)
    assert ladder.people == {} and ladder.counted == 0


# --------------------------------------------------------------------------- a hot-seat game, in either store


def test_a_finished_hot_seat_game_counts_once_for_its_people(campaign_store: GameStore) -> None:
    game = hot_seat(campaign_store)
    play_out(game)
    result = final_result(game.state)
    assert (result.scores, result.coins) == EXPECTED_HOT_SEAT
    places = finishing_places(result.scores, result.coins)
    assert places == (1, 3, 2)
    m = PlackettLuce()
    computer = shipped_anchors().levels["random"]
    out = m.rate([[m.rating()], [m.rating()], [m.rating(mu=computer.mu, sigma=computer.sigma)]], ranks=list(places))
    ladder = campaign_store.profiles.ladder()
    assert ladder.standing("Ana").rating == Rating(out[0][0].mu, out[0][0].sigma)
    assert ladder.standing("Bo").rating == Rating(out[1][0].mu, out[1][0].sigma)
    assert ladder.rating("random") == computer  # the computer's never moves
    assert ladder.counted == 1 and game.notice is None
    name = game.name
    game.close()
    # opened again, counted again by hand: still once
    again = campaign_store.open(name)
    assert again.finished
    again.close()
    counted = campaign_store.profiles.ladder()
    assert counted.counted == 1 and counted.standing("Ana") == ladder.standing("Ana")


EXPECTED_HOT_SEAT = ((16, -3, -2), (9, 6, 16))  # Ana first, the computer second, Bo third


def test_solo_and_branched_games_count_for_nobody(campaign_store: GameStore) -> None:
    one = solo(campaign_store)
    play_out(one)
    branch_from = hot_seat(campaign_store, seed=12)
    for _ in range(6):
        branch_from.push(branch_from.legal_moves()[0])
    branch = campaign_store.branch(branch_from, 6)
    play_out(branch)
    assert campaign_store.profiles.ladder().counted == 0


def test_an_assisted_hot_seat_game_counts_for_nobody(campaign_store: GameStore) -> None:
    """Undone over a revealed card (confirmed): the game is assisted for good, and not rated."""
    game = hot_seat(campaign_store, seed=13)
    bots = [make_bot("random", seed=i) for i in range(3)]
    while not game.undo_needs_confirmation():
        game.push(bots[game.state.current].decide(game.state))
    assert game.undo(confirm=True) and game.assisted
    play_out(game)
    assert game.finished and campaign_store.profiles.ladder().counted == 0


def test_a_computer_without_an_anchor_leaves_a_person_alone_uncounted(campaign_store: GameStore) -> None:
    seats = [SeatMeta("Ana"), SeatMeta("Engine", "computer", "engine")]
    game = campaign_store.create(GameConfig(players=("Ana", "Engine")), 4, seats)
    play_out(game)
    assert campaign_store.profiles.ladder().counted == 0


def test_rate_is_idempotent_by_game_id(profiles: Profiles) -> None:
    game = rated(game_id(), ("person", "ana", 1), ("computer", "greedy", 2))
    assert profiles.rate(game) is True
    assert profiles.rate(game) is False
    assert profiles.rate(msgspec.structs.replace(game, seats=game.seats[::-1])) is False
    assert profiles.ladder().counted == 1


def test_a_result_that_is_no_result_is_refused_in_one_line(profiles: Profiles) -> None:
    with pytest.raises(SaveError) as info:
        profiles.rate(rated(game_id(), ("computer", "greedy", 1), ("computer", "greedy", 2)))
    assert str(info.value) == "not counting the game for the ratings: no person among the participants"
    with pytest.raises(SaveError) as info:
        profiles.rate(rated(game_id(), ("person", "ana", 1), ("person", "ana", 2)))
    assert str(info.value) == "not counting the game for the ratings: a person sits twice"


# --------------------------------------------------------------------------- the file store's results file


def test_the_results_file_falls_back_on_its_backup_and_sets_a_broken_file_aside(tmp_path: Path) -> None:
    profiles = ProfileStore(tmp_path / "profiles")
    first, second = (rated(game_id(), ("person", "ana", 1), ("computer", "greedy", 2)) for _ in range(2))
    assert profiles.rate(first) and profiles.rate(second)
    main = tmp_path / "profiles" / LEDGER
    main.write_bytes(main.read_bytes()[:40])  # cut: the backup holds the first game
    ladder = profiles.ladder()
    assert ladder.counted == 1
    assert ladder.notice is not None and ladder.notice.endswith(
        ": the ratings were read from the backup .ratings.json.bak"
    )
    assert profiles.rate(second) is True  # the lost one counts again, after the one the backup kept
    assert profiles.ladder().counted == 2 and profiles.ladder().notice is None
    assert (tmp_path / "profiles" / ".ratings.json.damaged").read_bytes()[:10] == b'{\n "format'
    assert profiles.names() == []  # the results file is no profile


def test_with_both_files_broken_nothing_is_counted_and_nothing_overwritten(tmp_path: Path) -> None:
    profiles = ProfileStore(tmp_path / "profiles")
    assert profiles.rate(rated(game_id(), ("person", "ana", 1), ("computer", "greedy", 2)))
    assert profiles.rate(rated(game_id(), ("person", "ana", 2), ("computer", "greedy", 1)))
    folder = tmp_path / "profiles"
    (folder / LEDGER).write_bytes(b"{oops")
    (folder / ".ratings.json.bak").write_bytes(b"")
    with pytest.raises(SaveError) as info:
        profiles.rate(rated(game_id(), ("person", "ana", 1), ("computer", "greedy", 2)))
    main = folder / LEDGER
    assert str(info.value).startswith(f"{main}: not valid JSON") and "the backup is broken too" in str(info.value)
    assert main.read_bytes() == b"{oops"
    assert profiles.ladder().notice == str(info.value) and profiles.ladder().counted == 0


def test_a_newer_results_file_is_never_written(tmp_path: Path) -> None:
    profiles = ProfileStore(tmp_path / "profiles")
    folder = profiles_dir(tmp_path)
    folder.mkdir(mode=0o700)
    (folder / LEDGER).write_bytes(b'{"format": 2, "games": []}')
    with pytest.raises(SaveError) as info:
        profiles.rate(rated(game_id(), ("person", "ana", 1), ("computer", "greedy", 2)))
    assert str(info.value) == (
        f"{folder / LEDGER}: $.format: ratings format 2 is newer than this Norsewind reads (1): "
        "this version cannot count games into it (update Norsewind)"
    )
    assert (folder / LEDGER).read_bytes() == b'{"format": 2, "games": []}'


def test_a_hand_edited_row_in_the_database_is_left_out_with_a_notice(pg_url: str) -> None:
    profiles = PgProfileStore(home(pg_url))
    assert profiles.rate(rated(game_id(), ("person", "ana", 1), ("computer", "greedy", 2)))
    assert profiles.rate(rated(game_id(), ("person", "bo", 1), ("computer", "greedy", 2)))
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("""UPDATE rated_games SET seats = '[{"kind": "person", "name": "bo", "place": 9}]'
                        WHERE seq = 2""")
    ladder = profiles.ladder()
    assert ladder.counted == 1 and set(ladder.people) == {"ana"}
    assert ladder.notice == "the ratings in the database: left out 1 result(s) that do not check"


def test_db_import_and_export_copy_the_results_in_order(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from norsewind_tui.cli import main

    saves = tmp_path / "saves"
    folder = ProfileStore(saves / "profiles")
    games = [
        rated(game_id(), ("person", "ana", 1), ("computer", "greedy", 2)),
        rated(game_id(), ("person", "bo", 1), ("person", "ana", 2)),
    ]
    assert folder.rate_all(games) == 2
    assert main(["db", "import", str(saves), "--database", pg_url]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["norsewind db import: 0 games, 0 tables, 0 profile records, 2 rated games; 0 already there"]
    database = PgProfileStore(home(pg_url))
    assert database.results() == (tuple(games), 0)
    assert database.ladder().people == folder.ladder().people
    assert main(["db", "import", str(saves), "--database", pg_url]) == 0  # again: nothing twice
    assert capsys.readouterr().out.splitlines()[-1].endswith("0 profile records; 1 already there")
    back = tmp_path / "back"
    assert main(["db", "export", str(back), "--database", pg_url]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith(", 2 rated games; 0 already there")
    assert ProfileStore(back / "profiles").results() == tuple(games)
