"""The engine's fast move scans give exactly the moves the rules' reasons allow.

``legal_moves`` at the start of a turn and for the building's kingdom does not call
``building_problem`` / ``castle_problem`` (building a reason in words for every refusal was the
engine's hottest spot).  Here the moves are derived the slow way, from those functions and
``building_cost``, on every state of random games (every configuration, red tiles included) and
on the same states with the mover's coins set from 0 to 9, and must be the same list.  And the
moves the engine keeps for the state it just made (the supply step's, worked out while building)
are the ones a fresh copy of that state gets.
"""

from __future__ import annotations

import random

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from norsewind_tui.rules import (
    ChooseKingdom,
    GameConfig,
    Move,
    PickBuilding,
    PickCastle,
    State,
    apply,
    building_problem,
    cards_for,
    castle_problem,
    legal_moves,
    new_game,
)
from norsewind_tui.rules.engine import building_cost
from norsewind_tui.rules.moves import PASS, REFRESH

from .builders import configs


def slow_moves(state: State) -> list[Move] | None:
    """The moves of an action or building-kingdom decision from the rules' reasons; None for other phases."""
    db = cards_for(state)
    player = state.players[state.current]
    if state.phase == "building_kingdom":
        return [ChooseKingdom(r) for r in range(4) if building_problem(db, player, state.held, r) is None]
    if state.phase != "action":
        return None
    moves: list[Move] = []
    for slot, card in enumerate(state.market):
        if card >= 0 and any(building_problem(db, player, card, r) is None for r in range(4)):
            moves.append(PickBuilding(slot))
    for i, card in enumerate(state.display):
        # R23: a castle just returned is not for sale until the next refill
        if card not in state.returned and any(castle_problem(db, player, card, r) is None for r in range(4)):
            moves.append(PickCastle(i))
    market = [c for c in state.market if c >= 0]
    # R12: a refresh only when every market building costs more than the player has, in every kingdom
    if (
        not state.refreshed
        and state.deck
        and not state.triggered
        and market
        and all(building_cost(db, player, c, r) > player.coins for c in market for r in range(4))
    ):
        moves.append(REFRESH)
    return moves or [PASS]  # R13


def with_coins(state: State, coins: int) -> State:
    players = list(state.players)
    players[state.current] = msgspec.structs.replace(players[state.current], coins=coins)
    return msgspec.structs.replace(state, players=tuple(players))


@settings(max_examples=30, deadline=None)
@given(config=configs, seed=st.integers(0, 2**63 - 1), choice_seed=st.integers(0, 2**32 - 1))
def test_fast_scans_agree_with_the_reasons(config: GameConfig, seed: int, choice_seed: int) -> None:
    state = new_game(config, seed)
    rng = random.Random(choice_seed)
    checked = 0
    while state.phase != "over":
        copy = msgspec.structs.replace(state)  # a new object: nothing kept for it
        assert copy is not state
        assert legal_moves(state) == legal_moves(copy), f"kept moves differ at {state.phase}, turn {state.turn}"
        for probe in (state, *(with_coins(state, c) for c in range(10))):
            expected = slow_moves(probe)
            if expected is not None:
                assert legal_moves(probe) == expected, f"{probe.phase} at turn {probe.turn}"
                checked += 1
        state = apply(state, rng.choice(legal_moves(state)))
    assert checked > 0
