"""The computer players by name: ``make_bot("hard", seed=7)``.

=========  ==============================================================
random     any legal decision
greedy     the best end of its own turn by the heuristic evaluation
easy       greedy with noise: it often misjudges a move by a few points
normal     a small tree search (a quick answer, stronger than greedy)
hard       the full tree search (240 iterations: about 0.1 s of CPU per decision)
expert     hard's search with a learned evaluation at its leaves (``learned.py``, trained by
           self-play with ``bench/train.py``; the same budget as hard)
=========  ==============================================================

``budget`` overrides the search bots' iteration count (tests use small ones).

An outside engine (docs/ENGINE.md) has no name of its own here: the caller names it and says
how to run it, ``make_bot("engine", 3, engines={"engine": EngineSpec("python3 my_engine.py")})``,
so no name read from a file or a table ever starts a program.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .base import Bot
from .engine import EngineBot, EngineSpec
from .greedy import GreedyBot
from .learned import LearnedValue, shipped_model
from .mcts import MCTSBot, SearchConfig
from .random_bot import RandomBot

# Every level's strength is its iteration budget; the CPU cap (1.5 s, about 12 times the hard
# level's median of 0.1 s and 3 times the worst seen, bench/bots.py) is a safety net no ordinary
# search meets, and CPU time does not grow with the machine's load: a seed plays the same game
# on a busy machine and an idle one (docs/BOTS.md).
HARD = SearchConfig(iterations=240, per_plan=30, cpu_cap=1.5)
# Hints and the analysis: the hard search with a cap further still (a position always gets the
# same answer, even one whose search is unusually long).
STEADY = SearchConfig(**{**HARD.__dict__, "cpu_cap": 120.0})
# The expert: hard's budget; alone (issue 43), a UCB constant that fits the solo rewards: a level-7
# position's plans differ by 0.01-0.05 in reward (a sample's own spread: about 0.02), and hard's
# 0.7 spread the visits evenly over them (34/32/29/29/29/27), so the move, the plan visited most,
# was all but the greedy rank's. With 2-4 players it is hard's search.
EXPERT = SearchConfig(**{**HARD.__dict__, "solo_exploration": 0.1})
EXPERT_STEADY = SearchConfig(**{**EXPERT.__dict__, "cpu_cap": STEADY.cpu_cap})
NORMAL = SearchConfig(iterations=40, root_plans=5, per_plan=10, cpu_cap=1.5)
EASY_NOISE = 3.0  # points of noise on each option: about 1 game in 5 against greedy

Factory = Callable[[int, "int | None"], Bot]


def _search(config: SearchConfig, name: str) -> Factory:
    def make(seed: int, budget: int | None) -> Bot:
        cfg = config if budget is None else SearchConfig(**{**config.__dict__, "iterations": budget})
        bot = MCTSBot(seed, cfg)
        bot.name = name
        return bot

    return make


def _expert(seed: int, budget: int | None) -> Bot:
    cfg = EXPERT if budget is None else SearchConfig(**{**EXPERT.__dict__, "iterations": budget})
    bot = MCTSBot(seed, cfg, learned=LearnedValue(shipped_model()))
    bot.name = "expert"
    return bot


def _greedy(seed: int, budget: int | None) -> Bot:
    return GreedyBot(seed)


def _easy(seed: int, budget: int | None) -> Bot:
    bot = GreedyBot(seed, noise=EASY_NOISE)
    bot.name = "easy"
    return bot


def _random(seed: int, budget: int | None) -> Bot:
    return RandomBot(seed)


BOTS: dict[str, Factory] = {
    "random": _random,
    "greedy": _greedy,
    "easy": _easy,
    "normal": _search(NORMAL, "normal"),
    "hard": _search(HARD, "hard"),
    "expert": _expert,
}
# What a player picks in the app. ``expert`` ships since it met the shipping rule of docs/BOTS.md
# (its match against hard: 2 players, and alone at levels 4 and 7).
STRENGTHS = ("easy", "normal", "hard", "expert")


def bot_names() -> tuple[str, ...]:
    return tuple(BOTS)


def make_bot(
    name: str, seed: int = 0, budget: int | None = None, engines: Mapping[str, EngineSpec] | None = None
) -> Bot:
    """A bot by name with its own seed (``engines``: the outside engines the caller names).
    Raises ``ValueError`` for an unknown name."""
    if engines and name in engines:
        return EngineBot(seed, engines[name])
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown computer player {name!r}; choose from {', '.join(BOTS)}") from None
    return factory(seed, budget)


def steady_hard_bot(seed: int = 0) -> MCTSBot:
    """The hard player with its CPU cap out of reach: the same position always gets the same move."""
    return MCTSBot(seed, STEADY)


# Who gives the hints (the app's and the line mode's ``hint``; a player's setting): the strongest
# level by default (issue 39: they were always hard's). Its search has hard's budget, so a hint
# takes about as long (bench/bots.py: ~0.1 s of CPU a decision).
HINT_GIVERS = ("expert", "hard")
HINT_GIVER = "expert"


def steady_bot(name: str = HINT_GIVER, seed: int = 0) -> MCTSBot:
    """A hint giver (``HINT_GIVERS``) with its CPU cap out of reach, as ``steady_hard_bot``."""
    if name == "hard":
        return steady_hard_bot(seed)
    if name != "expert":
        raise ValueError(f"unknown hint giver {name!r}; choose from {', '.join(HINT_GIVERS)}")
    bot = MCTSBot(seed, EXPERT_STEADY, learned=LearnedValue(shipped_model()))
    bot.name = "expert"
    return bot
