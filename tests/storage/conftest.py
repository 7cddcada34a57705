"""Shared fixtures of the storage tests: a store in a temporary folder, games played at random."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from norsewind_tui.rules import GameConfig
from norsewind_tui.storage import GameStore, SavedGame, SeatMeta
from norsewind_tui.storage.gamefile import Listed
from norsewind_tui.storage.pg.games import database_place

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


def duo(store: GameStore, seed: int = 5, name: str | None = None, computer: bool = True) -> SavedGame:
    seats = [SeatMeta("Ana"), SeatMeta("Bot", "computer", "random") if computer else SeatMeta("Bo")]
    return store.create(GameConfig(players=("Ana", seats[1].name)), seed, seats, name=name)


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(tmp_path / "saves")


STORES = ["folder", "database"]


def either_store(request: pytest.FixtureRequest, tmp_path: Path) -> GameStore:
    """The saves folder, or a database (``request.param``; issue 25): a module whose ``store`` fixture
    returns this runs every test against both, so the two behave the same."""
    saves = tmp_path / "saves"
    if request.param == "database":
        url: str = request.getfixturevalue("pg_url")
        return GameStore(saves, place=database_place(url, "save", saves))
    return GameStore(saves)


def document(store: GameStore, name: str) -> bytes:
    """The game's document as its store holds it (the file's bytes, or the row's)."""
    return store.place.data(Listed(name, store.path(name)))
