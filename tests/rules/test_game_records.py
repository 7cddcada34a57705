"""The engine's speed-ups change no game: a digest of whole game records, pinned.

Each record is every state along a seeded random game (msgspec JSON), every move, every list of
legal moves and every move's events (``apply_logged``), for 320 games of every kind (solo levels
1-7, 2-4 players, both variants).  ``EXPECTED`` was computed by this very test on the engine as it
stood before the speed-ups of issue 43.3 (commit 2b0c743), so any optimisation that changes a
legal-move list, its order, a state or an event fails here.
"""

from __future__ import annotations

import hashlib
import random

import msgspec

from norsewind_tui.rules import GameConfig, apply, apply_logged, legal_moves, new_game

from .builders import NAMES

encode = msgspec.json.encode

# sha256 over the 320 games below, computed on commit 2b0c743 (before the speed-ups).
EXPECTED = "9f3be1b8abb69579aef771463056285797c720a44ecfefcfc8d76844dedb5af1"


def game_configs() -> list[GameConfig]:
    """Solo at every level, then 2-4 players with each variant: 16 kinds."""
    kinds = [GameConfig(NAMES[:1], level=level) for level in range(1, 8)]
    kinds.append(GameConfig(NAMES[:1], level=7, start_choice=True))
    for n in (2, 3, 4):
        kinds.append(GameConfig(NAMES[:n]))
        kinds.append(GameConfig(NAMES[:n], start_choice=True, random_tiles=True))
    kinds.append(GameConfig(NAMES[:2], random_tiles=True))
    kinds.append(GameConfig(NAMES[:4], start_choice=True))
    return kinds


def record_digest(games_per_kind: int) -> str:
    digest = hashlib.sha256()
    for k, config in enumerate(game_configs()):
        for g in range(games_per_kind):
            seed = 1000 * k + g
            state = new_game(config, seed)
            choose = random.Random(seed).choice
            digest.update(encode(state))
            while state.phase != "over":
                moves = legal_moves(state)
                move = choose(moves)
                logged, events = apply_logged(state, move)
                state = apply(state, move)
                assert logged == state
                digest.update(encode(moves))
                digest.update(encode(events))
                digest.update(encode(state))
    return digest.hexdigest()


def test_seeded_random_games_keep_their_records() -> None:
    assert record_digest(20) == EXPECTED
