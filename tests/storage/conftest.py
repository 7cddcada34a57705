"""Shared fixtures of the storage tests: a store in a temporary folder, games played at random."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from norsewind_tui.rules import GameConfig
from norsewind_tui.storage import GameStore, SavedGame, SeatMeta
from norsewind_tui.storage.gamefile import Listed
from norsewind_tui.storage.pg.games import database_place
from norsewind_tui.storage.pg.home import home
from norsewind_tui.storage.pg.profiles import PgProfileStore
from norsewind_tui.storage.profiles import Profiles, ProfileStore

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "saves"


def play(game: SavedGame, moves: int, rng: random.Random) -> None:
    """Push up to ``moves`` random legal moves (fewer when the game ends)."""
    for _ in range(moves):
        if game.finished:
            return
        game.push(rng.choice(game.legal_moves()))


def play_to_end(game: SavedGame, rng: random.Random) -> None:
    while not game.finished:
        game.push(rng.choice(game.legal_moves()))


def solo(store: GameStore, seed: int = 3, level: int = 1, name: str | None = None, player: str = "Ana") -> SavedGame:
    return store.create(GameConfig(players=(player,), level=level), seed, [SeatMeta(player)], name=name)


def saved_solo(store: GameStore, name: str, moves: int, rng: random.Random) -> SavedGame:
    """A solo game ``name`` of ``store`` with ``moves`` random decisions (``play``), closed: its files
    are there for a test to damage or read."""
    game = solo(store, name=name)
    play(game, moves, rng)
    game.close()
    return game


def duo(store: GameStore, seed: int = 5, name: str | None = None, computer: bool = True) -> SavedGame:
    seats = [SeatMeta("Ana"), SeatMeta("Bot", "computer", "random") if computer else SeatMeta("Bo")]
    return store.create(GameConfig(players=("Ana", seats[1].name)), seed, seats, name=name)


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(tmp_path / "saves")


# --------------------------------------------------------------------------- both places (issue 25)

STORES = ["folder", "database"]


def database_profiles(request: pytest.FixtureRequest) -> PgProfileStore:
    """The profiles of a fresh database on the tests' own PostgreSQL server (tests/pgserver.py)."""
    url: str = request.getfixturevalue("pg_url")
    return PgProfileStore(home(url))


def either_store(request: pytest.FixtureRequest, tmp_path: Path) -> GameStore:
    """The saves folder, or a database (``request.param``; issue 25): a module whose ``store`` fixture
    returns this runs every test against both, so the two behave the same.  The database's store
    keeps its games as rows and records its solo results in the database's profiles."""
    saves = tmp_path / "saves"
    if request.param == "database":
        profiles = database_profiles(request)
        return GameStore(saves, place=database_place(profiles.home.url, "save", saves), profiles=profiles)
    return GameStore(saves)


@pytest.fixture(params=STORES)
def profiles(request: pytest.FixtureRequest, tmp_path: Path) -> Profiles:
    """The profiles in a saves folder, then in a database: the same tests, the same answers."""
    if request.param == "database":
        return database_profiles(request)
    return ProfileStore(tmp_path / "profiles")


@pytest.fixture(params=STORES)
def campaign_store(request: pytest.FixtureRequest, tmp_path: Path) -> GameStore:
    """``either_store`` for the campaign's and the daily deal's tests."""
    return either_store(request, tmp_path)


def document(store: GameStore, name: str) -> bytes:
    """The game's document as its store holds it (the file's bytes, or the row's)."""
    return store.place.data(Listed(name, store.path(name)))
