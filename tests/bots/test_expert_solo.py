"""Issue 43.3: the expert alone against the Vikings compares its root plans on common samples.

Alone, the rewards of a level-7 position differ by 0.01-0.05 between plans, and hard's UCB
constant (0.7) spread the 240 visits almost evenly over them: the move was then all but the
greedy rank's.  The expert's search (``registry.EXPERT``) plays a root plan's k-th visit on the
k-th sampled deck order, so every plan meets the same draws and the same Vikings' turns, and
its smaller constant (0.1) sends the visits where the rewards are.  With 2-4 players it is
hard's search as it was, so the duel's measured figures stand.
"""

from __future__ import annotations

import random

from norsewind_tui.bots import make_bot
from norsewind_tui.bots.learned import LearnedValue, shipped_model
from norsewind_tui.bots.mcts import MCTSBot, Plan
from norsewind_tui.bots.registry import EXPERT, HARD
from norsewind_tui.rules import State

from .test_learned import played


class _Recording(MCTSBot):
    """Records the deck order each root plan's visits played."""

    def __init__(self) -> None:
        super().__init__(5, EXPERT, learned=LearnedValue(shipped_model()))
        self.seen: dict[Plan, list[tuple[int, ...]]] = {}

    def _iterate(self, root: object, state: State, forced: Plan | None = None) -> None:
        if forced is not None:
            self.seen.setdefault(forced, []).append(state.deck)
        super()._iterate(root, state, forced)  # type: ignore[arg-type]


def test_alone_every_root_plan_meets_the_same_deck_orders() -> None:
    state = played(1, 6, level=7)
    bot = _Recording()
    _, report = bot.search(state, random.Random(1))
    assert report.iterations == 180  # 6 plans, 30 each at most
    assert len(bot.seen) == len(report.visits) == 6
    # the very first visit chose its plan as before (no statistics yet), unrecorded: align it
    decks = [d if len(d) == report.visits[p] else [(), *d] for p, d in bot.seen.items()]
    assert sum(len(d) == report.visits[p] for p, d in bot.seen.items()) == 5
    shortest = min(len(d) for d in decks)
    assert shortest == 13
    for k in range(1, shortest):  # the k-th visit of every plan plays one deck order
        assert len({d[k] for d in decks}) == 1
    assert len({d[1] for d in decks} | {d[2] for d in decks}) == 2


def test_alone_the_expert_sends_its_visits_where_the_rewards_are() -> None:
    state = played(1, 6, level=7)
    learned = LearnedValue(shipped_model())
    expert = make_bot("expert", 5)
    assert isinstance(expert, MCTSBot)
    _, mine = expert.search(state, random.Random(1))
    _, even = MCTSBot(5, HARD, learned=learned).search(state, random.Random(1))
    assert sorted(even.visits.values(), reverse=True) == [34, 32, 29, 29, 29, 27]
    assert sorted(mine.visits.values(), reverse=True) == [61, 40, 28, 20, 18, 13]


def test_with_two_players_the_expert_searches_as_before() -> None:
    state = played(2, 12)
    expert = make_bot("expert", 5)
    assert isinstance(expert, MCTSBot)
    _, mine = expert.search(state, random.Random(1))
    _, before = MCTSBot(5, HARD, learned=LearnedValue(shipped_model())).search(state, random.Random(1))
    assert mine.visits == before.visits
    assert mine.iterations == before.iterations == 210  # 7 plans, 30 each at most
