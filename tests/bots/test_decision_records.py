"""The engine's and the evaluation's speed-ups change no bot decision: digests of seeded bot play, pinned.

The greedy rollouts (``judge.line``: greedy turns to the game's end, with the margin read there),
whole games of greedy players (solo, 2 and 4 players, with every turn's option values) and games
of the hard search against greedy (solo and 2 players, a small iteration budget and no CPU cap, so
the moves do not depend on the machine's load).  Every move, every value (``repr`` of the floats)
and every final state goes into the digests.  ``EXPECTED`` was computed by this very test on commit
c35e471, before the speed-ups of issue 43.3, so an optimisation that changes one decision, one
value or one game fails here.
"""

from __future__ import annotations

import hashlib
import random

import msgspec

from norsewind_tui.bots.base import Bot
from norsewind_tui.bots.greedy import GreedyBot
from norsewind_tui.bots.judge import TO_THE_END, line, margin
from norsewind_tui.bots.mcts import MCTSBot, SearchConfig
from norsewind_tui.bots.turns import turn_options
from norsewind_tui.bots.view import determinise, public_state
from norsewind_tui.rules import GameConfig, apply, legal_moves, new_game
from norsewind_tui.rules.state import State

encode = msgspec.json.encode
NAMES = ("Ana", "Bo", "Cy", "Di")
# The hard level's search shape with a small budget; no CPU cap (a capped search depends on the load).
SMALL_HARD = SearchConfig(iterations=24, per_plan=8, cpu_cap=1e9)

# sha256 of each record below, computed on commit c35e471 (before the speed-ups).
EXPECTED = {
    "rollouts": "b9d8e4f7495af16f42455071adffa54476c9825fb743fcef65a02238768acce6",
    "greedy games": "997389597becc2ddac1bcbb1e17b52be41841ae5c96ee981b54a27372ac69f8e",
    "hard vs greedy": "99fefb3514fedc7ebdfbbb8b7b8163b0a98489f946ca1ec50add1cb80ac28974",
}


def rollouts_digest() -> str:
    """From positions of seeded random games: greedy play-outs to the end on sampled deals."""
    digest = hashlib.sha256()
    for k, config in enumerate(
        (GameConfig(NAMES[:1], level=4), GameConfig(NAMES[:1], level=7), GameConfig(NAMES[:2]), GameConfig(NAMES[:4]))
    ):
        state = new_game(config, 500 + k)
        choose = random.Random(k).choice
        position = 0
        while state.phase != "over":
            if position % 13 == 6:
                deal = determinise(public_state(state), random.Random(position))
                end = line(deal, (), TO_THE_END)
                digest.update(encode(end))
                digest.update(repr(margin(end, state.current)).encode())
            state = apply(state, choose(legal_moves(state)))
            position += 1
    return digest.hexdigest()


def play(state: State, bots: list[Bot], digest: hashlib._Hash, values: bool) -> None:
    """A game to its end; its moves (and the greedy seats' option values) and final state in ``digest``."""
    while state.phase != "over":
        bot = bots[state.current]
        if values and isinstance(bot, GreedyBot):
            for value, move, plan in turn_options(determinise(state, random.Random(state.rng)), bot.value):
                digest.update(repr(value).encode())
                digest.update(encode((move, plan)))
        move = bot.decide(state)
        digest.update(encode(move))
        state = apply(state, move)
    digest.update(encode(state))


def greedy_games_digest() -> str:
    digest = hashlib.sha256()
    kinds = (
        GameConfig(NAMES[:1], level=5),
        GameConfig(NAMES[:1], level=7, start_choice=True),
        GameConfig(NAMES[:2]),
        GameConfig(NAMES[:3], start_choice=True, random_tiles=True),
        GameConfig(NAMES[:4]),
    )
    for seed, config in enumerate(kinds):
        bots: list[Bot] = [GreedyBot(seed * 16 + i) for i in range(len(config.players))]
        play(new_game(config, 700 + seed), bots, digest, values=True)
    return digest.hexdigest()


def hard_games_digest() -> str:
    digest = hashlib.sha256()
    for seed, config in enumerate((GameConfig(NAMES[:1], level=3), GameConfig(NAMES[:2]), GameConfig(NAMES[:3]))):
        bots: list[Bot] = [MCTSBot(seed * 16, SMALL_HARD)]
        bots += [GreedyBot(seed * 16 + i) for i in range(1, len(config.players))]
        play(new_game(config, 900 + seed), bots, digest, values=False)
    return digest.hexdigest()


def test_greedy_rollouts_keep_their_records() -> None:
    assert rollouts_digest() == EXPECTED["rollouts"]


def test_greedy_games_keep_their_records() -> None:
    assert greedy_games_digest() == EXPECTED["greedy games"]


def test_hard_against_greedy_keeps_its_records() -> None:
    assert hard_games_digest() == EXPECTED["hard vs greedy"]
