"""Play on from a position (issue 12, R25): a new game from a prefix of the log.

The branch is its own file (a new identity, the same seats, marked ``branch_of``/``branch_at``),
earns no medal and never touches the campaign record; the original file is only read.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from norsewind_tui.storage import GameStore, SaveError
from norsewind_tui.storage.format import decode_save

from .conftest import FIXTURES, STORES, document, duo, either_store, play, play_to_end, solo


@pytest.fixture(params=STORES)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> GameStore:
    """Every test here against the saves folder and the database (issue 25)."""
    return either_store(request, tmp_path)


def test_a_branch_is_a_new_game_from_the_prefix_and_the_original_is_untouched(store: GameStore) -> None:
    game = solo(store, seed=3, name="original")
    play_to_end(game, random.Random(1))
    campaign = store.profiles.load("Ana").campaign()
    assert sum(row.played for row in campaign) == 1  # the original's result, recorded once
    before = document(store, game.name)
    branch = store.branch(game, 20)
    assert branch.name == f"original-from-turn-{game.session.states[20].turn}"
    assert list(branch.session.moves) == list(game.session.moves[:20]) and branch.session.position == 20
    assert branch.state == game.session.states[20]
    meta = branch.meta
    assert (meta.branch_of, meta.branch_at, meta.profile, meta.recorded) == ("original", 20, None, False)
    assert meta.id != game.meta.id and meta.seats == game.meta.seats
    assert branch.branch_of == "original" and game.branch_of is None
    play_to_end(branch, random.Random(2))  # a branch played to the end is not a campaign game
    assert store.profiles.load("Ana").campaign() == campaign
    assert document(store, game.name) == before
    listed = {s.name: s for s in store.list()}
    assert listed[branch.name].branch_of == "original" and listed["original"].branch_of is None
    reopened = store.open(branch.name, read_only=True)
    assert reopened.branch_of == "original" and reopened.finished


def test_a_branch_refuses_the_end_a_taken_name_and_a_position_past_the_log(store: GameStore) -> None:
    game = duo(store, name="two")
    play(game, 30, random.Random(4))
    with pytest.raises(SaveError, match="no position 31 to play on from"):
        store.branch(game, 31)
    with pytest.raises(SaveError, match="a game named two already exists"):
        store.branch(game, 10, "two")
    first = store.branch(game, 10, "mine")
    first.close()
    assert store.branch(game, 0).session.position == 0  # the very start: every decision still to make
    ended = solo(store, seed=3, name="ended")
    play_to_end(ended, random.Random(1))
    end = ended.session.position
    with pytest.raises(SaveError, match=f"the game is over after decision {end}"):
        store.branch(ended, end)


def test_a_save_without_the_branch_fields_decodes_as_no_branch(store: GameStore) -> None:
    save, _ = decode_save((FIXTURES / "v1.json").read_bytes(), "v1.json")
    assert save.meta.branch_of is None and save.meta.branch_at == 0
    shutil.copy(FIXTURES / "v1.json", store.dir / "old.json")
    assert all(s.branch_of is None for s in store.list())
