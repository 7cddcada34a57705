"""The search player: information-set Monte Carlo tree search over whole turns.

The unseen order of the draw and reserve decks is never read.  Every
iteration samples one order (``view.determinise``: the decks' public
contents, shuffled with the bot's own random stream) and plays down the tree
in that sample; statistics are shared by every sample that passes through a
node (single-observer IS-MCTS).

A move of the tree is a *plan*: the decisions that finish a turn (card,
kingdom, supply, space).  A node's plans are the best few by the greedy
evaluation for the player to move there (``turns.turn_options``: one plan per
first decision), so the search compares good turns rather than single clicks;
the bot plays the first decision of the plan visited most.  Other players'
turns are in the tree too, with their own best plans, judged by their
rewards.  At a new node (optionally after a few turns of a quick greedy
rollout: ``rollout_turns``, off by default, as it cost more time than it
gained strength) every seat's projected score is read and turned into a
reward in 0..1: the chance to win in a game of 2-4 (margin over the best
other player) and the margin over the Vikings in solo.  A finished game
gives the real result.

Bots never replace a castle by one that is no better (``turns.bot_moves``):
in solo that would be an endless coin pump (see there).

The budget is a number of iterations, which makes play deterministic for a
given bot seed and position, on a busy machine as on an idle one.  Two caps
are safety nets only: ``cpu_cap``, the search thread's own CPU time
(``time.thread_time``, which other programs' load does not advance), set
about ten times above the hard level's median so that no ordinary search
meets it; and ``time_cap``, wall-clock seconds, off unless a host's clock
limits an answer (``speak.py``: an outside engine's time limit).  When a cap
stops a search early the move depends on the machine, and
``last_search.capped`` says so.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from ..rules.engine import apply, is_legal
from ..rules.moves import Move
from ..rules.scoring import final_result
from ..rules.state import State
from .base import BotBase
from .evaluate import DEFAULT, Weights, evaluate, projected_points, sigmoid
from .learned import LearnedValue
from .turns import TurnEnd, best_turn, bot_moves, turn_options
from .view import determinise

Plan = tuple[Move, ...]


@dataclass(frozen=True)
class SearchConfig:
    """The search budget and shape."""

    iterations: int = 200  # the budget that decides the move (deterministic) ...
    per_plan: int = 30  # ... at most this many per plan compared at the root (few options, short search)
    cpu_cap: float = 1.5  # CPU seconds of the searching thread; a safety net only (reported when hit)
    time_cap: float | None = None  # wall-clock seconds: only when a host's clock limits the answer
    root_plans: int = 8  # plans compared at the root (one per first decision)
    node_plans: int = 3  # plans per node below the root
    rollout_turns: int = 0  # quick-greedy turns per seat after a new node (0: evaluate at once)
    rollout_limit: int = 24  # end states the quick greedy player looks at per turn
    exploration: float = 0.7  # UCB constant
    margin_scale: float = 12.0  # points of margin over the best other player for a reward of ~0.73 (logistic)
    solo_scale: float = 40.0  # the same against the Vikings (solo margins are wider: keep a slope)
    solo_exploration: float | None = None  # the UCB constant alone (None: ``exploration``)


@dataclass
class SearchReport:
    """What the last search did (for the app's log and the benchmarks)."""

    iterations: int = 0
    budget: int = 0  # the iterations it was to spend (the level's budget, fewer for few plans)
    elapsed: float = 0.0  # wall-clock seconds
    cpu: float = 0.0  # CPU seconds of the searching thread
    capped: bool = False  # a cap (CPU or wall clock) stopped it before the iteration budget
    plan: Plan = ()  # the chosen plan: the decision made and the rest of the turn it expects
    visits: dict[Plan, int] = field(default_factory=dict)  # root plans and their visits


class _Node:
    __slots__ = ("avail", "children", "plans", "reward", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.reward = 0.0  # summed rewards of the player who chose the plan leading here
        self.avail = 0  # times this node was available for selection (IS-MCTS)
        self.children: dict[Plan, _Node] = {}
        self.plans: list[Plan] | None = None  # in expansion order (best first)


class MCTSBot(BotBase):
    name = "mcts"

    def __init__(
        self,
        seed: int = 0,
        config: SearchConfig | None = None,
        weights: Weights = DEFAULT,
        learned: LearnedValue | None = None,
        learned_plans: bool = False,
    ) -> None:
        """``learned``: a trained evaluation for the leaves (the expert level); ``learned_plans``:
        it also ranks the plans (otherwise the heuristic ``evaluate`` does)."""
        super().__init__(seed)
        self.config = config or SearchConfig()
        self.weights = weights
        self.learned = learned
        self._plan_value = learned.value if learned is not None and learned_plans else self._value
        self.last_search = SearchReport()

    # ------------------------------------------------------------------ values

    def _value(self, state: State, seat: int) -> float:
        return evaluate(state, seat, self.weights)

    def _rewards(self, state: State) -> list[float]:
        """Every seat's reward in 0..1 for a state at a turn boundary (or the end)."""
        n = len(state.players)
        scale = self.config.margin_scale
        if state.phase == "over":
            result = final_result(state)
            if state.solo:
                assert result.margin is not None
                return [sigmoid(result.margin / self.config.solo_scale)]
            out = []
            for i in range(n):
                best_other = max(result.scores[j] for j in range(n) if j != i)
                win = 1.0 if i in result.winners else 0.0
                if win and len(result.winners) > 1:
                    win = 0.5
                out.append(0.75 * win + 0.25 * sigmoid((result.scores[i] - best_other) / scale))
            return out
        if self.learned is not None:
            return self.learned.rewards(state, self.config.solo_scale)
        if state.solo:
            return [sigmoid(evaluate(state, 0, self.weights) / self.config.solo_scale)]
        values = [projected_points(state, i, self.weights) for i in range(n)]
        return [sigmoid((values[i] - max(values[j] for j in range(n) if j != i)) / scale) for i in range(n)]

    # ------------------------------------------------------------------ plans

    def _plans(self, state: State, count: int) -> list[Plan]:
        options = turn_options(state, self._plan_value)
        return [tuple(plan) for _, _, plan in options[:count]]

    def _play_plan(self, state: State, plan: Plan) -> State | None:
        """Apply ``plan``; None when it does not fit this sample (its turn ends differently)."""
        done = TurnEnd(state)
        for move in plan:
            if done(state) or not is_legal(state, move):
                return None
            state = apply(state, move)
        while not done(state):  # a plan cut short (e.g. after a refresh): finish greedily
            _, rest = best_turn(state, self._plan_value, self.config.rollout_limit)
            state = apply(state, rest[0])
        return state

    def _rollout(self, state: State) -> State:
        turns = self.config.rollout_turns * len(state.players)
        for _ in range(turns):
            if state.phase == "over":
                break
            done = TurnEnd(state)
            while not done(state):
                _, plan = best_turn(state, self._value, self.config.rollout_limit)
                for move in plan:
                    state = apply(state, move)
                    if done(state):
                        break
        return state

    # ------------------------------------------------------------------ search

    def _select(self, node: _Node, state: State) -> tuple[Plan, State] | None:
        cfg = self.config
        c = cfg.solo_exploration if state.solo and cfg.solo_exploration is not None else cfg.exploration
        best: tuple[float, Plan, State] | None = None
        ready: list[tuple[Plan, _Node, State]] = []
        assert node.plans is not None
        for plan in node.plans:
            child_state = self._play_plan(state, plan)
            if child_state is None:
                continue
            child = node.children[plan]
            child.avail += 1
            if child.visits == 0:
                return plan, child_state
            ready.append((plan, child, child_state))
        for plan, child, child_state in ready:
            score = child.reward / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if best is None or score > best[0]:
                best = (score, plan, child_state)
        return None if best is None else (best[1], best[2])

    def _iterate(self, root: _Node, state: State) -> None:
        path: list[tuple[_Node, int]] = []  # (node, the seat that chose the plan into it)
        node = root
        while state.phase != "over":
            mover = state.current
            if node.plans is None:
                count = self.config.root_plans if node is root else self.config.node_plans
                node.plans = self._plans(state, count)
                for plan in node.plans:
                    node.children[plan] = _Node()
            picked = self._select(node, state)
            if picked is None:  # none of the node's plans fits this sample: add this sample's best
                extra = [p for p in self._plans(state, self.config.node_plans) if p not in node.children]
                if not extra:
                    break
                node.plans.extend(extra)
                for plan in extra:
                    node.children[plan] = _Node()
                picked = self._select(node, state)
                if picked is None:
                    break
            plan, state = picked
            node = node.children[plan]
            path.append((node, mover))
            if node.visits == 0:
                state = self._rollout(state)
                break
        rewards = self._rewards(state)
        for n, seat in path:
            n.visits += 1
            n.reward += rewards[seat]
        root.visits += 1

    def _over_cap(self, start: float, cpu_start: float) -> bool:
        cfg = self.config
        if time.thread_time() - cpu_start > cfg.cpu_cap:
            return True
        return cfg.time_cap is not None and time.perf_counter() - start > cfg.time_cap

    def search(self, state: State, rng: random.Random) -> tuple[_Node, SearchReport]:
        cfg = self.config
        root = _Node()
        start = time.perf_counter()
        cpu_start = time.thread_time()
        report = SearchReport()
        budget = max(cfg.iterations, 1)
        i = 0
        while i < budget:
            if i and self._over_cap(start, cpu_start):
                report.capped = True
                break
            self._iterate(root, determinise(state, rng))
            i += 1
            if i == 1 and root.plans is not None:
                budget = min(budget, max(cfg.per_plan * len(root.plans), 1))
        report.iterations = i
        report.budget = budget
        report.elapsed = time.perf_counter() - start
        report.cpu = time.thread_time() - cpu_start
        report.visits = {p: c.visits for p, c in root.children.items()}
        return root, report

    def choose(self, state: State, rng: random.Random) -> Move:
        moves = bot_moves(state)
        if len(moves) == 1:
            self.last_search = SearchReport()
            return moves[0]
        root, report = self.search(state, rng)
        self.last_search = report
        assert root.plans is not None
        # most visits; ties go to the better greedy rank (plans are in that order)
        best = max(root.plans, key=lambda p: root.children[p].visits)
        report.plan = best
        return best[0]
