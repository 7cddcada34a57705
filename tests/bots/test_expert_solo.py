"""Issue 43.3: the expert alone against the Vikings sends its search where the rewards are.

Alone, the rewards of a level-7 position differ by 0.01-0.05 between plans, and hard's UCB
constant (0.7) spread the visits almost evenly over them: the move, the plan visited most, was
then all but the greedy rank's.  The expert's search (``registry.EXPERT``) uses a constant of
0.1 alone.  With 2-4 players it is hard's search as it was, so the duel's measured figures stand.
"""

from __future__ import annotations

import random

from norsewind_tui.bots import make_bot
from norsewind_tui.bots.learned import LearnedValue, shipped_model
from norsewind_tui.bots.mcts import MCTSBot
from norsewind_tui.bots.registry import HARD

from .test_learned import played


def test_alone_the_expert_sends_its_visits_where_the_rewards_are() -> None:
    state = played(1, 6, level=7)
    expert = make_bot("expert", 5)
    assert isinstance(expert, MCTSBot)
    _, mine = expert.search(state, random.Random(1))
    _, even = MCTSBot(5, HARD, learned=LearnedValue(shipped_model())).search(state, random.Random(1))
    assert sorted(even.visits.values(), reverse=True) == [34, 32, 29, 29, 29, 27]
    assert sorted(mine.visits.values(), reverse=True) == [49, 48, 27, 22, 20, 14]


def test_with_two_players_the_expert_searches_as_before() -> None:
    state = played(2, 12)
    expert = make_bot("expert", 5)
    assert isinstance(expert, MCTSBot)
    _, mine = expert.search(state, random.Random(1))
    _, before = MCTSBot(5, HARD, learned=LearnedValue(shipped_model())).search(state, random.Random(1))
    assert mine.visits == before.visits
    assert mine.iterations == before.iterations == 210  # 7 plans, 30 each at most
