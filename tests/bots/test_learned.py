"""Issue 27: the expert level's learned evaluation (``bots/learned.py``) and its training.

The model reads only what a player sees (the no-peeking rule of docs/BOTS.md: the decks'
order and the seed are hidden), ships as a versioned data file that is checked on loading,
and is reproducible from its seed (``bench/train.py``).
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest
from child_env import ROOT

from norsewind_tui.bots import make_bot
from norsewind_tui.bots.evaluate import sigmoid
from norsewind_tui.bots.learned import (
    FORMAT,
    NAMES_DUEL,
    NAMES_SOLO,
    LearnedValue,
    ModelError,
    features,
    parse_model,
    shipped_model,
)
from norsewind_tui.bots.mcts import SearchConfig
from norsewind_tui.rules import GameConfig, State, apply, new_game

from .test_bots import permuted


def played(players: int, plies: int, seed: int = 3, level: int = 4) -> State:
    names = tuple("ABCD"[:players])
    state = new_game(GameConfig(players=names, level=level), seed)
    bots = [make_bot("greedy", 10 + i) for i in range(players)]
    for _ in range(plies):
        if state.phase == "over":
            break
        state = apply(state, bots[state.current].decide(state))
    return state


def test_the_shipped_model_matches_the_features_this_program_computes() -> None:
    model = shipped_model()
    assert model.format == FORMAT
    assert model.duel.names == NAMES_DUEL and len(model.duel.weights) == len(NAMES_DUEL)
    assert model.solo.names == NAMES_SOLO and len(model.solo.weights) == len(NAMES_SOLO)
    assert model.trained.startswith("bench/train.py ")
    state = played(2, 20)
    assert len(features(state, 0)) == len(NAMES_DUEL)
    assert len(features(played(1, 20), 0)) == len(NAMES_SOLO)


def _model_json(**changes: object) -> bytes:
    raw = msgspec.json.decode(msgspec.json.encode(shipped_model()))
    for path, value in changes.items():
        head, _, key = path.partition("__")
        if key:
            raw[head][key] = value
        else:
            raw[head] = value
    return msgspec.json.encode(raw)


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"format": FORMAT + 1}, f"has format {FORMAT + 1}; this program reads format {FORMAT}"),
        ({"duel__names": ["bias", *NAMES_DUEL[1:-1], "something else"]}, "other features"),
        ({"solo__weights": [0.0]}, f"1 numbers for {len(NAMES_SOLO)} features"),
        ({"duel__scale": 0.0}, "scale must be positive"),
    ],
)
def test_a_model_file_that_does_not_fit_is_refused_with_a_message(changes: dict[str, object], words: str) -> None:
    with pytest.raises(ModelError, match=words.replace("(", r"\(")):
        parse_model(_model_json(**changes), "expert.json")


def test_a_file_that_is_not_a_model_is_refused() -> None:
    with pytest.raises(ModelError, match=r"^old\.json is not a model file"):
        parse_model(b'{"format": 1, "weights": [1, 2]}', "old.json")
    with pytest.raises(ModelError, match="is not a model file"):
        parse_model(b"\x00garbage", "x")


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_features_do_not_peek(players: int) -> None:
    """Another order of the unseen decks (and another seed) gives the same features (docs/BOTS.md)."""
    state = played(players, 30)
    other = permuted(state, random.Random(4))
    assert other.deck != state.deck
    for seat in range(players):
        assert features(other, seat) == features(state, seat)


def test_the_rewards_are_chances_that_favour_the_seat_ahead() -> None:
    learned = LearnedValue(shipped_model())
    state = played(2, 60)
    values = [learned.value(state, i) for i in range(2)]
    rewards = learned.rewards(state, SOLO_SCALE)
    assert all(0.0 < r < 1.0 for r in rewards)
    ahead = max(range(2), key=lambda i: values[i])
    assert rewards[ahead] > 0.5 > rewards[1 - ahead]
    assert learned.rewards(state, 1.0) == rewards  # the solo slope is for solo only


SOLO_SCALE = SearchConfig().solo_scale


@pytest.mark.parametrize("level", [4, 7])
def test_alone_the_reward_is_the_margin_on_the_slope_of_a_finished_game(level: int) -> None:
    """Solo (issue 27): the expert's leaves weigh the predicted margin over the Vikings as the
    search weighs a finished game's margin (``sigmoid(margin / solo_scale)``), not as a chance to
    win, which saturates: a bare win and platinum (R21: +25) would look alike."""
    learned = LearnedValue(shipped_model())
    solo = played(1, 40, level=level)
    margin = learned.value(solo, 0)
    (reward,) = learned.rewards(solo, SOLO_SCALE)
    assert reward == sigmoid(margin / SOLO_SCALE)
    assert (reward > 0.5) == (margin > 0)


def _train(out: Path) -> bytes:
    args = ["--generations", "2", "--games", "3", "--solo-games", "2", "--jobs", "1", "--out", str(out)]
    subprocess.run([sys.executable, str(ROOT / "bench" / "train.py"), *args], check=True, capture_output=True)
    return out.read_bytes()


def test_training_is_reproducible_from_its_seed(tmp_path: Path) -> None:
    first = _train(tmp_path / "a.json")
    assert _train(tmp_path / "b.json") == first
    model = parse_model(first, "a.json")
    assert model.version == "seed0-2gen-10g"
    assert model.trained == "bench/train.py --generations 2 --games 3 --solo-games 2 --seed 0"
