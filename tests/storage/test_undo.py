"""The undo policy: unlimited, persisted, never reveals hidden cards for free, computer moves go with it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from norsewind_tui.rules import GameConfig, PickBuilding, new_game
from norsewind_tui.storage import GameStore, SeatMeta

from .conftest import STORES, document, duo, either_store, play, play_to_end, solo


@pytest.fixture(params=STORES)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> GameStore:
    """Every test here against the saves folder and the database (issue 25)."""
    return either_store(request, tmp_path)


def test_undo_inside_a_turn_needs_no_confirmation(store: GameStore) -> None:
    game = solo(store, name="a")
    pick = next(m for m in game.legal_moves() if isinstance(m, PickBuilding))
    game.push(pick)  # taking a market card reveals nothing: its refill comes at the end of the turn
    assert game.can_undo() and not game.undo_needs_confirmation()
    assert game.undo()
    assert game.session.position == 0 and not game.assisted
    assert game.can_redo() and game.redo() and game.session.position == 1
    game.close()


def test_undo_over_a_revealed_card_needs_confirmation_and_marks_assisted(store: GameStore) -> None:
    game = solo(store, name="r")
    rng = random.Random(4)
    while game.state.revealed == 0:  # play until a decision refilled the market from the deck
        game.push(rng.choice(game.legal_moves()))
    assert game.undo_needs_confirmation()
    before = document(store, game.name)
    pos = game.session.position
    assert not game.undo()  # refused without confirmation: nothing changes, nothing is written
    assert game.session.position == pos and document(store, game.name) == before and not game.assisted
    assert game.undo(confirm=True)
    assert game.assisted and game.state.revealed == 0
    assert game.redo() and game.assisted  # for good, even after redoing
    game.close()
    again = store.open("r")
    assert again.assisted  # persisted
    again.close()


def test_assisted_solo_game_scores_but_earns_no_medal(store: GameStore) -> None:
    game = solo(store, name="asst", seed=12)
    rng = random.Random(2)
    while game.state.revealed == 0:
        game.push(rng.choice(game.legal_moves()))
    game.undo(confirm=True)
    play_to_end(game, rng)
    record = store.profiles.load("Ana").games[-1]
    assert record.assisted and record.medal is None
    assert record.margin == record.score - record.vikings
    assert record.game == game.id
    game.close()


def test_computer_moves_are_undone_with_the_human_decision_before_them(store: GameStore) -> None:
    game = duo(store, seed=6, name="cpu")
    rng = random.Random(1)
    play(game, 40, rng)
    while game.state.current != 0:  # stop when the human is to move, after the computer's turn
        game.push(rng.choice(game.legal_moves()))
    s = game.session
    last_human = max(i for i in range(s.position) if s.states[i].current == 0)
    assert last_human < s.position - 1  # the computer moved after it
    game.undo(confirm=True)
    assert s.position == last_human
    assert s.state.current == 0  # the human decides again
    assert game.redo()
    assert s.position == len(s.moves)  # the redo brings the computer's moves back too
    game.close()


def test_two_humans_undo_one_decision_at_a_time(store: GameStore) -> None:
    game = duo(store, seed=6, name="hot", computer=False)
    play(game, 20, random.Random(1))
    for expected in range(19, 9, -1):
        game.undo(confirm=True)
        assert game.session.position == expected
    game.close()


def test_nothing_to_undo_when_only_the_computer_moved(store: GameStore) -> None:
    config = GameConfig(players=("Bot", "Ana"))
    seed = next(s for s in range(100) if new_game(config, s).start_player == 0)  # the computer starts
    seats = [SeatMeta("Bot", "computer", "random"), SeatMeta("Ana")]
    game = store.create(config, seed, seats, name="first")
    rng = random.Random(3)
    while game.state.current == 0:
        game.push(rng.choice(game.legal_moves()))
    assert game.session.position > 0
    assert not game.can_undo() and not game.undo(confirm=True)
    game.push(rng.choice(game.legal_moves()))
    assert game.can_undo()
    game.close()


def test_unlimited_undo_back_to_the_start_and_redo_to_the_end(store: GameStore) -> None:
    """Every decision of a game can be undone and redone, up to the one that ends it (R25: after it,
    the game is final)."""
    game = solo(store, name="long", seed=30)
    play_to_end(game, random.Random(30))
    moves, final = game.session.log, game.state
    game.close()
    store.remove("long")
    game = solo(store, name="long", seed=30)
    for move in moves[:-1]:  # all but the decision that ends the game
        game.push(move)
    total = game.session.position
    assert total == len(moves) - 1 and not game.finished
    steps = 0
    while game.can_undo():
        assert game.undo(confirm=True)
        steps += 1
    assert game.session.position == 0 and steps == total
    while game.can_redo():
        game.redo()
    assert game.session.position == total
    game.push(moves[-1])
    assert game.state == final and not game.can_undo()
    game.close()
