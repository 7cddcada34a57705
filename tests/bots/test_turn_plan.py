"""Issue 27: a hint in the middle of a turn continues the turn's plan, after a resume too.

A turn is several decisions (rulebook, "A turn": a card, its kingdom, then step 3's figure or
disc), and the hint for each is one step of a plan for the whole turn.  The plan is worked out
from the position where the turn began, which the game's record keeps, so it does not matter
whether the player asked at the turn's start, asked first in the middle, or resumed the game
there: while the player follows it and no card is revealed, every hint is its next step.
"""

from __future__ import annotations

from norsewind_tui.bots.hint import hint, turn_so_far, turn_start
from norsewind_tui.bots.registry import steady_hard_bot
from norsewind_tui.rules import GameConfig, Session, legal_moves
from norsewind_tui.rules.moves import Move
from norsewind_tui.rules.queries import at_turn_start


def a_turn_start(players: int, seed: int, turns: int) -> Session:
    """A session played by the first legal move to the start of turn ``turns``."""
    s = Session.start(GameConfig(players=tuple("ABCD"[:players])), seed)
    while s.state.turn < turns or not at_turn_start(s.state):
        s.push(s.legal_moves()[0])
    return s


def the_plan(s: Session) -> tuple[Move, ...]:
    bot = steady_hard_bot()
    move = bot.decide(s.state)
    plan = bot.last_search.plan
    assert plan[0] == move and move == hint(s.state, s.state.current).move
    return tuple(plan)


def test_every_mid_turn_hint_is_the_next_step_of_the_turns_plan_after_a_resume_too() -> None:
    checked = 0
    for players, seed, turns in ((1, 21, 3), (2, 22, 4), (3, 23, 2)):
        s = a_turn_start(players, seed, turns)
        plan = the_plan(s)
        assert len(plan) >= 2
        start = s.position
        for step, move in enumerate(plan):
            if step:
                assert turn_start(s.states, s.position) == start
                # a fresh hint here (no plan announced: h first pressed mid-turn) ...
                seat = s.state.current
                assert hint(s.state, seat, turn=turn_so_far(s)).plan == plan[step:]
                # ... and the same after a resume, the session rebuilt from its saved log
                resumed = Session.replay(s.config, s.seed, list(s.log))
                assert hint(resumed.state, seat, turn=turn_so_far(resumed)).plan == plan[step:]
                checked += 1
            if move not in legal_moves(s.state):
                break  # the turn ended otherwise in this deal (a refill): the plan stops
            s.push(move)
    assert checked >= 3


def test_a_player_who_chose_otherwise_gets_a_fresh_search() -> None:
    s = a_turn_start(2, 22, 4)
    plan = the_plan(s)
    other = next(m for m in s.legal_moves() if m != plan[0])
    s.push(other)
    assert turn_so_far(s) is not None
    fresh = hint(s.state, s.state.current)  # not the plan's: the hint searches again
    assert hint(s.state, s.state.current, turn=turn_so_far(s)) == fresh


def test_at_the_turns_first_decision_there_is_no_turn_so_far() -> None:
    s = a_turn_start(2, 22, 4)
    assert turn_start(s.states, s.position) == s.position
    assert turn_so_far(s) is None
