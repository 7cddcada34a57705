"""Issue 27: a declined step 3 is lost, not a space that fills itself later.

Rules: a kingdom that is safe scores prestige x citizens (rulebook, end of game), a citizen
figure is a citizen (R6), and step 3 is optional (R9): each turn's step 3 brings one figure or
disc, so a figure declined is one citizen fewer at the end.  The evaluation used to count an
empty citizen space at 0.35 x the kingdom's prestige (``citizen_space``), so declining a free
citizen in a kingdom of prestige 4 looked like a loss of 4 - 1.4 = 2.6 points, under the
analysis' threshold of 3.  Now it costs the 4 points it costs.
"""

from __future__ import annotations

from norsewind_tui.bots import make_bot
from norsewind_tui.bots.evaluate import evaluate
from norsewind_tui.bots.turns import TurnEnd, masked
from norsewind_tui.rules import GameConfig, State, apply, legal_moves, new_game
from norsewind_tui.rules.engine import cards_for
from norsewind_tui.rules.moves import Decline, PlaceCitizen, TakeFrom
from norsewind_tui.rules.scoring import kingdom_score


def greedy_game(seed: int, plies: int) -> State:
    state = new_game(GameConfig(players=("Ana", "Bo")), seed)
    bots = [make_bot("greedy", 1), make_bot("greedy", 2)]
    for _ in range(plies):
        state = apply(state, bots[state.current].decide(state))
    return state


def test_a_declined_free_citizen_costs_the_kingdoms_prestige() -> None:
    state = greedy_game(1, 32)  # Ana's step 3: the supply 0 beside her card holds a citizen that fits Northumbria
    seat, done, db = state.current, TurnEnd(state), cards_for(state)
    assert state.phase == "supply" and {Decline(), TakeFrom(0)} <= set(legal_moves(state))
    declined = apply(state, Decline())
    taken = apply(apply(state, TakeFrom(0)), PlaceCitizen(0, 2, 1))
    assert done(declined) and done(taken)  # step 3 ends the turn either way
    before, after = kingdom_score(db, declined.players[seat], 0), kingdom_score(db, taken.players[seat], 0)
    assert before.name == "Northumbria"
    assert (before.safe, before.prestige, before.citizens, before.points) == (True, 4, 9, 36)
    assert (after.safe, after.prestige, after.citizens, after.points) == (True, 4, 10, 40)  # prestige 4 x one more
    assert taken.players[seat].coins == declined.players[seat].coins  # no coin for the figure here
    loss = evaluate(masked(taken, state), seat) - evaluate(masked(declined, state), seat)
    assert loss == 4.0  # lost in full (it was 2.6: the empty space was hoped to fill later)
