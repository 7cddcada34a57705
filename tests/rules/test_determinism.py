"""Determinism (R22): the game depends only on its seed and its moves.

Every random draw comes from ``(seed, state.rng)``; nothing reads the clock, global random
or the process's hash seed.  So the same seed and moves give byte-identical encoded states,
a session's log replays to the same state, different seeds give different setups, and
``apply`` never changes the state it is given.
"""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
from itertools import combinations

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from norsewind_tui.rules import (
    GameConfig,
    IllegalMove,
    Move,
    Session,
    State,
    apply,
    apply_logged,
    draws,
    legal_moves,
    new_game,
)

from .builders import NAMES, configs

SCALE = max(1, int(os.environ.get("NORSEWIND_EXAMPLES_SCALE", "1")))
encode = msgspec.json.encode


def random_game(config: GameConfig, seed: int, choice_seed: int) -> tuple[list[Move], list[bytes]]:
    """A random legal game: its moves and every encoded state along the way."""
    state = new_game(config, seed)
    rng = random.Random(choice_seed)
    moves: list[Move] = []
    states = [encode(state)]
    while state.phase != "over":
        move = rng.choice(legal_moves(state))
        state = apply(state, move)
        moves.append(move)
        states.append(encode(state))
    return moves, states


def replay(config: GameConfig, seed: int, moves: list[Move]) -> list[bytes]:
    state = new_game(config, seed)
    states = [encode(state)]
    for move in moves:
        state = apply(state, move)
        states.append(encode(state))
    return states


@settings(max_examples=50 * SCALE, deadline=None)
@given(config=configs, seed=st.integers(0, 2**63 - 1), choice_seed=st.integers(0, 2**32 - 1))
def test_same_seed_and_moves_give_identical_states(config: GameConfig, seed: int, choice_seed: int) -> None:
    """R22: replaying the moves from the seed gives byte-identical states at every step."""
    moves, states = random_game(config, seed, choice_seed)
    again = replay(config, seed, moves)
    assert len(again) == len(states)
    for i, (a, b) in enumerate(zip(states, again, strict=True)):
        assert a == b, f"state {i} differs on replay"
    # The logged path (events built along the way) reaches the same states too.
    state = new_game(config, seed)
    for i, move in enumerate(moves, 1):
        state, _ = apply_logged(state, move)
        assert encode(state) == states[i], f"apply_logged diverged at move {i}"


@settings(max_examples=25 * SCALE, deadline=None)
@given(config=configs, seed=st.integers(0, 2**63 - 1), choice_seed=st.integers(0, 2**32 - 1))
def test_session_replay_reproduces_the_game(config: GameConfig, seed: int, choice_seed: int) -> None:
    """R22: a session's move log, replayed from (config, seed), gives the identical states."""
    session = Session.start(config, seed)
    rng = random.Random(choice_seed)
    while session.state.phase != "over":
        session.push(rng.choice(session.legal_moves()))
    log = list(session.log)
    # The log survives JSON, as a save file would keep it.
    log = msgspec.json.decode(encode(log), type=list[Move])
    again = Session.replay(config, seed, log)
    assert encode(again.state) == encode(session.state)
    assert again.state == session.state
    assert [encode(s) for s in again.states] == [encode(s) for s in session.states]
    # Undo to the middle and replay with that position: the same state, the rest kept as redo.
    middle = len(log) // 2
    while session.position > middle:
        session.undo()
    partial = Session.replay(config, seed, log, position=middle)
    assert encode(partial.state) == encode(session.state)
    assert partial.can_redo() and partial.redo() == log[middle]
    assert encode(partial.state) == encode(session.states[middle + 1])


def test_replay_refuses_a_foreign_log() -> None:
    """R22: a log only fits its own seed; replaying it on another setup fails loudly, not silently."""
    config = GameConfig(NAMES[:2])
    session = Session.start(config, 1)
    rng = random.Random(1)
    while session.state.phase != "over":
        session.push(rng.choice(session.legal_moves()))
    refused = 0
    for seed in range(2, 12):
        try:
            other = Session.replay(config, seed, session.log)
        except IllegalMove:
            refused += 1
        else:
            assert encode(other.state) != encode(session.state)
    assert refused > 0


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_different_seeds_give_different_setups(players: int) -> None:
    """R22: the seed drives the shuffles, so 40 seeds give 40 different decks and markets."""
    config = GameConfig(NAMES[:players])
    setups = [new_game(config, seed) for seed in range(40)]
    decks = {s.deck for s in setups}
    assert len(decks) == len(setups)
    markets = {s.market for s in setups}
    assert len(markets) > len(setups) // 2
    # Every random element varies with the seed (R1, R20, R22).
    assert len({s.supply_kinds for s in setups}) > 1
    assert len({s.reserve for s in setups}) > 1
    assert len({tuple(k.tile for k in s.players[0].kingdoms) for s in setups}) > 1
    if players < 4:
        assert len({p.start_card for s in setups for p in s.players}) > players
    if players == 1:
        assert len({s.ship for s in setups}) > 1
        assert len({s.viking_red for s in setups}) == 1  # level 1: every Viking card green
        red = [new_game(GameConfig(NAMES[:1], level=3), seed).viking_red for seed in range(40)]
        assert len(set(red)) > 1
    # Different seeds, different states: no two setups encode alike even without the seed field.
    encoded = [encode(msgspec.structs.replace(s, seed=0)) for s in setups]
    assert all(a != b for a, b in combinations(encoded, 2))


@settings(max_examples=25 * SCALE, deadline=None)
@given(config=configs, seed=st.integers(0, 2**63 - 1), choice_seed=st.integers(0, 2**32 - 1))
def test_apply_never_mutates_its_input(config: GameConfig, seed: int, choice_seed: int) -> None:
    """``apply`` is pure: the input state encodes the same after every move of a game, and applying the
    same move to it again gives the same result (R22)."""
    state = new_game(config, seed)
    rng = random.Random(choice_seed)
    while state.phase != "over":
        before = encode(state)
        moves = legal_moves(state)
        copy = list(moves)
        move = rng.choice(moves)
        moves.clear()  # the caller owns the list it got: the engine must not rely on it
        after = apply(state, move)
        assert encode(state) == before, f"apply({move!r}) changed its input"
        assert legal_moves(state) == copy
        assert encode(apply(state, move)) == encode(after)
        assert encode(msgspec.json.decode(before, type=State)) == before
        state = after


@pytest.mark.parametrize("seed", [0, 1, 77, 2**31, 2**63 - 1])
def test_draws_are_the_numbers_random_random_gives(seed: int) -> None:
    """R22: the engine's fast draws (``rules.draws``) are exactly ``random.Random`` seeded with the
    string ``norsewind:{seed}:{counter}``, for every helper a game uses, so no saved game changes."""
    for counter in range(4):
        key = f"norsewind:{seed}:{counter}"
        fast, slow = draws.stream(seed, counter), random.Random(key)
        assert [fast.getrandbits(32) for _ in range(700)] == [slow.getrandbits(32) for _ in range(700)]
        fast, slow = draws.stream(seed, counter), random.Random(key)
        for n in (1, 2, 4, 5, 10, 52, 73, 300):
            mine, theirs = list(range(n)), list(range(n))
            draws.shuffle(fast, mine)
            slow.shuffle(theirs)
            assert mine == theirs
            assert draws.below(fast, n) == slow.randrange(n)
        for n, k in ((4, 0), (4, 2), (5, 2), (5, 4), (10, 4), (21, 7)):
            assert draws.sample(fast, range(n), k) == slow.sample(range(n), k)


def test_draws_refuse_a_sample_beyond_the_pool_method() -> None:
    """``draws.sample`` reproduces only CPython's pool method (populations of at most 21)."""
    with pytest.raises(ValueError, match="small populations"):
        draws.sample(draws.stream(1, 0), range(22), 2)


_CHILD = """
import random, sys, msgspec
from norsewind_tui.rules import GameConfig, new_game, legal_moves, apply
for n in (1, 2, 4):
    state = new_game(GameConfig(("Ana", "Bo", "Cy", "Di")[:n], level=5, start_choice=True), 77)
    rng = random.Random(5)
    while state.phase != "over":
        state = apply(state, rng.choice(legal_moves(state)))
    sys.stdout.write(msgspec.json.encode(state).hex() + "\\n")
"""


def test_same_game_in_another_process() -> None:
    """R22: nothing depends on the process (hash seed, import order): a fresh interpreter plays the same game."""
    expected = []
    for n in (1, 2, 4):
        state = new_game(GameConfig(NAMES[:n], level=5, start_choice=True), 77)
        rng = random.Random(5)
        while state.phase != "over":
            state = apply(state, rng.choice(legal_moves(state)))
        expected.append(encode(state).hex())
    for hash_seed in ("1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", _CHILD], env=env, capture_output=True, text=True, check=True, timeout=120
        )
        assert out.stdout.split() == expected, f"PYTHONHASHSEED={hash_seed} played a different game"


# Final-state digests (sha256 of the msgspec JSON of the state) of fixed random games: seed, then the
# choices of random.Random(seed).  Derived by replaying these games after R23 added ``State.returned``;
# ``before_r23`` is the digest the same game had before R23 (the state then had no ``returned``),
# kept where R23 never marked a castle, so the game itself is unchanged.
GOLDEN: list[tuple[GameConfig, int, int, str, str | None]] = [
    # config, seed, moves, digest, before_r23
    (
        GameConfig(NAMES[:1], level=1),
        7,
        43,
        "bb70106d9d029fffc3ef904599b0f8c8ee084154d353537596581e836cca0bd6",
        "c1243db52f4d73bcafef1f669c08f585fd86f8652f462d8831c075efb540ebda",
    ),
    (
        GameConfig(NAMES[:1], level=5, start_choice=True),
        11,
        49,
        "8494a569ef1f54b338308a6b08bf1f71c4c9d3ad87a077aa74ce2cd72f5f436d",
        "26075f603741742a3945f2fe8fd050915ab90be6e5798312e757629a0962b7de",
    ),
    (
        GameConfig(NAMES[:2]),
        3,
        96,
        "72027ff144fa7b205b149d412b24b27f03a4f89629a375248bea4867a905036c",
        "b21af43f898e8e9288f853a0e43fd9c22c565f3ce78b83fa64b4f8e777f4a0bf",
    ),
    (
        GameConfig(NAMES[:2], start_choice=True, random_tiles=True),
        4,
        91,
        "f07e878ce384b0866d24c42bd2a1fb7eee4bd4b363a4252861180e7d0777fc1b",
        None,
    ),
    (GameConfig(NAMES[:3]), 5, 143, "ba26bb70bd6b762c0b970a2358170ced203c8f4d1dd979d08859ff233d0e6e1b", None),
    (
        GameConfig(NAMES[:4], start_choice=True),
        6,
        188,
        "3ae663d140fa39a2cc59e69d13e1416306128ebfd9c72047991088f595f92148",
        None,
    ),
    (
        GameConfig(NAMES[:4], random_tiles=True),
        77,
        200,
        "9e4f3b6c4cf2c55a315a633dfe81a4c62a84a7f7f48851bb032be78dea668d1e",
        None,
    ),
]


@pytest.mark.parametrize(("config", "seed", "moves", "digest", "before_r23"), GOLDEN)
def test_fixed_games_keep_their_digests(
    config: GameConfig, seed: int, moves: int, digest: str, before_r23: str | None
) -> None:
    """R22: the same seed and choices give the same final state, byte for byte, release after release.
    R23: a game in which no castle was ever returned plays exactly as before R23 (the state without
    its new ``returned`` field has the old digest); the others differ because R23 changed the moves
    on offer."""
    state = new_game(config, seed)
    rng = random.Random(seed)
    marked = 0
    for _ in range(moves):
        state = apply(state, rng.choice(legal_moves(state)))
        marked += bool(state.returned)
    assert state.phase == "over"
    assert hashlib.sha256(encode(state)).hexdigest() == digest
    old_layout = hashlib.sha256(encode(msgspec.structs.astuple(state)[:-1])).hexdigest()
    assert (marked == 0) == (before_r23 is not None)
    if before_r23 is not None:
        assert old_layout == before_r23
