"""R25: a finished game is final; its result is recorded once, and the score pad and the campaign agree."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from norsewind_tui.bots.registry import make_bot
from norsewind_tui.rules import GameConfig
from norsewind_tui.rules.scoring import final_result
from norsewind_tui.storage import GameFinished, GameHandle, GameStore, SavedGame, SeatMeta
from norsewind_tui.storage.tables import SharedTable, TableRefused, TableStore
from norsewind_tui.words.storage import FINISHED


def won_solo_game(store: GameStore) -> SavedGame:
    """A level-1 solo game played to the end by the greedy player (seed 1: a medal)."""
    game = store.create(GameConfig(players=("Ana",), level=1), 1, [SeatMeta("Ana")], name="won")
    bot = make_bot("greedy", seed=0)
    while not game.finished:
        game.push(bot.decide(game.state))
    return game


def agree(store: GameStore, game: SavedGame) -> None:
    """The game's own result (the score pad) and the profile's campaign say the same, once."""
    result = final_result(game.state)
    profile = store.profiles.load("Ana")
    [record] = [g for g in profile.games if g.game == game.id]
    assert len(profile.games) == 1 and not game.assisted and not record.assisted
    assert (record.score, record.vikings, record.margin, record.medal) == (
        result.scores[0],
        result.vikings,
        result.margin,
        result.medal,
    )
    row = profile.campaign()[0]
    best = (result.medal,) if result.medal else ()  # the best medal is the last of the row's
    assert row.played == 1 and row.medals[-1:] == best and row.best_margin == result.margin
    assert profile.unlocked(2) == (result.medal == "platinum")


def test_undo_redo_and_reopening_a_finished_game_change_nothing(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "saves")
    game = won_solo_game(store)
    assert final_result(game.state).medal is not None
    agree(store, game)
    on_disk = game.path.read_bytes()
    assert not game.can_undo() and not game.can_redo() and not game.undo_needs_confirmation()
    assert str(game.undo_problem()) == FINISHED
    attempts: list[Callable[[], bool]] = [game.undo, lambda: game.undo(confirm=True), game.redo]
    for attempt in attempts:
        with pytest.raises(GameFinished) as refused:
            attempt()
        assert str(refused.value) == "won: the game is finished and its result recorded"
    assert game.path.read_bytes() == on_disk and game.finished
    agree(store, game)
    game.close()
    again = store.open("won")  # reopening records nothing twice
    assert again.finished and not again.can_undo() and again.path.read_bytes() == on_disk
    with pytest.raises(GameFinished):
        again.undo(confirm=True)
    agree(store, again)
    again.close()


def test_a_finished_table_refuses_undo_and_redo_to_everyone(tmp_path: Path) -> None:
    store = TableStore(tmp_path / "saves")
    alice = store.create("alice", ["me", "open"], seed=2)
    bob = store.open(alice.name, "bob")
    bob.join()
    rng = random.Random(2)
    while not alice.finished:
        for table in (alice, bob):
            table.poll()
            if table.is_my_turn():
                table.push(rng.choice(table.legal_moves()))
    bob.poll()
    before = alice.path.read_bytes()
    for table in (alice, bob, store.open(alice.name, "carol")):
        assert str(table.undo_problem()) == FINISHED and not table.can_undo() and not table.can_redo()
        for attempt in (table.undo, table.redo):
            with pytest.raises(TableRefused, match=f"^{alice.name}: {FINISHED}$"):
                attempt()
    assert alice.path.read_bytes() == before


def test_both_kinds_of_game_are_game_handles(tmp_path: Path) -> None:
    """The app holds a ``GameHandle``; a saved game and a table both are one (checked by mypy too)."""
    saved = GameStore(tmp_path / "saves").create(
        GameConfig(players=("Ana", "Bo")), 3, [SeatMeta("Ana"), SeatMeta("Bo")]
    )
    table: SharedTable = TableStore(tmp_path / "saves").create("alice", ["me", "open"], seed=3)
    handles: list[GameHandle] = [saved, table]
    for handle in handles:
        assert not handle.read_only and not handle.finished and not handle.assisted
        assert handle.session.position == 0 and handle.state is handle.session.state
        assert str(handle.undo_problem()) == "nothing to undo" and not handle.can_redo()
        assert len(handle.seats) == 2
    saved.close()
