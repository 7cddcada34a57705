"""Issue 43.3: the expert alone against the Vikings compares its root plans on common samples.

Alone, the rewards of a level-7 position differ by 0.01-0.05 between plans, and hard's search
spread its visits almost evenly over them (UCB, constant 0.7), each on samples of its own: the
move was then all but the greedy rank's.  The expert's search (``registry.EXPERT``) plays every
root plan in turn on the same sampled deck orders, so every plan meets the same draws and the
same Vikings' turns, and plays the plan of the best mean.  With 2-4 players it is hard's search
as it was, so the duel's measured figures stand.
"""

from __future__ import annotations

import random

from norsewind_tui.bots import make_bot
from norsewind_tui.bots.learned import LearnedValue, shipped_model
from norsewind_tui.bots.mcts import MCTSBot, Plan
from norsewind_tui.bots.registry import EXPERT, HARD
from norsewind_tui.rules import PickBuilding, State

from .test_learned import played


class _Recording(MCTSBot):
    """Records the deck order each root plan's visits played."""

    def __init__(self) -> None:
        super().__init__(5, EXPERT, learned=LearnedValue(shipped_model()))
        self.seen: dict[Plan, list[tuple[int, ...]]] = {}

    def _iterate(self, root: object, state: State, forced: Plan | None = None) -> None:
        self.seen.setdefault(forced or (), []).append(state.deck)
        super()._iterate(root, state, forced)  # type: ignore[arg-type]


def test_alone_every_root_plan_meets_the_same_deck_orders() -> None:
    state = played(1, 6, level=7)
    bot = _Recording()
    _, report = bot.search(state, random.Random(1))
    assert report.iterations == 180  # 6 plans, 30 each
    assert sorted(report.visits.values()) == [30] * 6
    first = bot.seen.pop(())  # the first iteration, before the plans are known, plays the first plan
    assert len(first) == 1 and len(bot.seen) == 6
    decks = [first + d if len(d) == 29 else d for d in bot.seen.values()]
    assert all(d == decks[0] for d in decks)  # the k-th visit of every plan: the k-th deck order
    assert len(set(decks[0])) == 30  # 30 orders


def test_alone_the_expert_plays_the_plan_of_the_best_mean() -> None:
    state = played(1, 6, level=7)
    expert = make_bot("expert", 5)
    assert isinstance(expert, MCTSBot)
    root, _ = expert.search(state, random.Random(1))
    assert root.plans is not None
    means = [round(root.children[p].reward / root.children[p].visits, 4) for p in root.plans]
    assert means == [0.1609, 0.1494, 0.137, 0.1255, 0.1396, 0.1364]  # 30 visits each, on the same orders
    assert expert.decide(state) == root.plans[0][0] == PickBuilding(4)
    hard = MCTSBot(5, HARD, learned=LearnedValue(shipped_model()))
    _, even = hard.search(state, random.Random(1))
    assert sorted(even.visits.values(), reverse=True) == [34, 32, 29, 29, 29, 27]


def test_with_two_players_the_expert_searches_as_before() -> None:
    state = played(2, 12)
    expert = make_bot("expert", 5)
    assert isinstance(expert, MCTSBot)
    _, mine = expert.search(state, random.Random(1))
    _, before = MCTSBot(5, HARD, learned=LearnedValue(shipped_model())).search(state, random.Random(1))
    assert mine.visits == before.visits
    assert mine.iterations == before.iterations == 210  # 7 plans, 30 each at most
