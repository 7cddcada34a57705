"""A turn's end states share the refill (``engine._refill_changes`` keeps the last one): every
end state of every turn, reached in a search's order (one pick, then each way to finish it),
equals the state ``apply_logged`` makes, which works out its refill afresh."""

from __future__ import annotations

import random

from norsewind_tui.rules import GameConfig, State, apply, apply_logged, legal_moves, new_game
from norsewind_tui.rules.moves import Move

from .builders import NAMES


def _end_states(state: State, seat: int, turns: int) -> int:
    """Check every way to finish the turn from ``state``; the number of end states checked."""
    count = 0
    moves: list[Move] = legal_moves(state)
    for move in moves:
        child = apply(state, move)
        if child.current != seat or child.phase == "over" or child.players[seat].turns != turns:
            assert child == apply_logged(state, move)[0]
            count += 1
        else:
            count += _end_states(child, seat, turns)
    return count


def test_end_states_after_one_pick_equal_the_logged_ones() -> None:
    checked = 0
    for players in (1, 2, 4):
        for seed in range(3):
            state = new_game(GameConfig(NAMES[:players], level=4), 500 + seed)
            choose = random.Random(seed).choice
            for _ in range(40):
                if state.phase == "over":
                    break
                if state.phase == "action":
                    checked += _end_states(state, state.current, state.players[state.current].turns)
                state = apply(state, choose(legal_moves(state)))
    assert checked == 7021
