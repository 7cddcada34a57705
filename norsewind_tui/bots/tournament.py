"""Bot-against-bot games and solo games against the Vikings, with statistics.

``norsewind simulate --bots hard,greedy`` and ``bench/bots.py`` use this.

Seats are alternated: with n bots, each deal (game seed) is played n times,
the bots' seats rotated one place each time, so no bot profits from a seat.
Each bot gets its own seed from the game seed and its seat, so every game
replays exactly.  Games run in a process pool when ``jobs`` > 1; the results
do not depend on ``jobs``.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import signal
import statistics
import time
from collections.abc import Callable, Iterator, Mapping, Sequence

import msgspec

from ..rules.cards import CardDB
from ..rules.engine import apply, legal_moves, new_game
from ..rules.scoring import final_result
from ..rules.state import GameConfig, State
from .base import Bot
from .engine import EngineBot, EngineSpec, end_engines
from .mcts import MCTSBot
from .registry import make_bot

MAX_DECISIONS = 5000  # a safety net: every game ends long before (R13)
MEDALS = ("none", "bronze", "silver", "gold", "platinum")


class BotGame(msgspec.Struct, frozen=True):
    """One finished game: ``bots[i]`` is the index (in the entry list) of the bot in seat i."""

    seed: int
    bots: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]  # seats
    decisions: int
    think: tuple[tuple[float, ...], ...]  # per seat: seconds per decision that had a choice
    capped: tuple[int, ...]  # per seat: searches stopped by a safety cap (CPU or wall clock)
    faults: tuple[int, ...] = ()  # per seat: 1 when an outside engine failed and greedy played on
    vikings: int | None = None
    margin: int | None = None
    medal: str | None = None
    coins: tuple[int, ...] = ()  # per seat, at the end: the tiebreak (R17) that orders equal scores
    cpu: tuple[tuple[float, ...], ...] = ()  # per seat: the deciding thread's CPU seconds, as ``think``
    iterations: tuple[tuple[int, ...], ...] = ()  # per seat: the search's iterations, as ``think`` (0: no search)


def bot_seed(game_seed: int, seat: int) -> int:
    return game_seed * 16 + seat


def play_game(
    names: Sequence[str],
    seed: int,
    level: int | None = None,
    cards: CardDB | None = None,
    entries: Sequence[int] = (),
    engines: Mapping[str, EngineSpec] | None = None,
) -> BotGame:
    """One game: ``names[i]`` plays seat i (solo when ``level`` is given and one name);
    ``engines``: the outside engines among the names."""
    config = GameConfig(players=tuple(f"{name} ({i + 1})" for i, name in enumerate(names)), level=level or 1)
    state = new_game(config, seed, cards)
    bots = [make_bot(name, bot_seed(seed, i), engines=engines) for i, name in enumerate(names)]
    try:
        return _play(state, bots, seed, entries)
    finally:
        for bot in bots:
            bot.close()


def _play(state: State, bots: Sequence[Bot], seed: int, entries: Sequence[int]) -> BotGame:
    n = len(bots)
    think: list[list[float]] = [[] for _ in range(n)]
    cpu: list[list[float]] = [[] for _ in range(n)]
    iterations: list[list[int]] = [[] for _ in range(n)]
    capped = [0] * n
    decisions = 0
    while state.phase != "over":
        if decisions >= MAX_DECISIONS:
            raise RuntimeError(f"game {seed} did not end after {MAX_DECISIONS} decisions")
        seat = state.current
        bot = bots[seat]
        choice = len(legal_moves(state)) > 1
        start, cpu_start = time.perf_counter(), time.thread_time()
        move = bot.decide(state)
        if choice:
            think[seat].append(time.perf_counter() - start)
            cpu[seat].append(time.thread_time() - cpu_start)
            search = bot.last_search if isinstance(bot, MCTSBot) else None
            iterations[seat].append(search.iterations if search is not None else 0)
            if search is not None and search.capped:
                capped[seat] += 1
        state = apply(state, move)
        decisions += 1
    result = final_result(state)
    return BotGame(
        seed=seed,
        bots=tuple(entries) if entries else tuple(range(n)),
        scores=result.scores,
        winners=result.winners,
        decisions=decisions,
        think=tuple(tuple(t) for t in think),
        capped=tuple(capped),
        faults=tuple(int(isinstance(b, EngineBot) and b.fault is not None) for b in bots),
        vikings=result.vikings,
        margin=result.margin,
        medal=result.medal,
        coins=result.coins,
        cpu=tuple(tuple(t) for t in cpu),
        iterations=tuple(tuple(i) for i in iterations),
    )


# --------------------------------------------------------------------------- schedules


class Task(msgspec.Struct, frozen=True):
    names: tuple[str, ...]
    entries: tuple[int, ...]
    seed: int
    level: int | None
    engines: dict[str, EngineSpec] | None = None  # the outside engines among the names


def with_engines(tasks: Sequence[Task], engines: Mapping[str, EngineSpec]) -> list[Task]:
    """The tasks with these outside engines named."""
    return [msgspec.structs.replace(t, engines=dict(engines)) for t in tasks]


def duel_tasks(names: Sequence[str], games: int, seed: int) -> list[Task]:
    """``games`` games; game g plays deal ``seed + g // n`` with the seats rotated by ``g % n``."""
    n = len(names)
    tasks = []
    for g in range(games):
        shift = g % n
        entries = tuple((i + shift) % n for i in range(n))
        tasks.append(Task(tuple(names[e] for e in entries), entries, seed + g // n, None))
    return tasks


def solo_tasks(names: Sequence[str], games: int, seed: int, level: int) -> list[Task]:
    """Each bot plays ``games`` solo games on the same seeds."""
    return [Task((name,), (e,), seed + g, level) for e, name in enumerate(names) for g in range(games)]


def _run(task: Task, cards: CardDB | None) -> BotGame:
    return play_game(task.names, task.seed, task.level, cards, task.entries, task.engines)


_WORKER_CARDS: CardDB | None = None


def _init_worker(cards: CardDB | None) -> None:
    global _WORKER_CARDS
    _WORKER_CARDS = cards
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's: no traceback per worker
    signal.signal(signal.SIGTERM, _terminated)


def _terminated(signum: int, frame: object) -> None:
    """The pool is terminated (interrupted, or a game failed): the outside engines, in sessions of
    their own, go with this worker."""
    end_engines()
    os._exit(128 + signum)


def _run_in_worker(task: Task) -> BotGame:
    return _run(task, _WORKER_CARDS)


def run_tasks(
    tasks: Sequence[Task],
    cards: CardDB | None = None,
    jobs: int = 1,
    progress: Callable[[BotGame], None] | None = None,
) -> list[BotGame]:
    """Play every task (in ``jobs`` processes); results in task order."""
    results: list[BotGame] = []
    if jobs <= 1 or len(tasks) <= 1:
        for task in tasks:
            results.append(_run(task, cards))
            if progress:
                progress(results[-1])
        return results
    pool = multiprocessing.Pool(processes=jobs, initializer=_init_worker, initargs=(cards,))
    try:
        for game in pool.imap(_run_in_worker, tasks, chunksize=1):
            results.append(game)
            if progress:
                progress(game)
        pool.close()
    except BaseException:
        pool.terminate()  # interrupted or failed: stop the other games at once
        raise
    finally:
        pool.join()
    return results


# --------------------------------------------------------------------------- statistics


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion (shared wins count as fractions)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


class EntryStats(msgspec.Struct, frozen=True):
    """One bot of the list over all its games."""

    entry: int
    name: str
    games: int
    wins: float  # shared victories count 1/k
    win_rate: float
    win_low: float  # 95 % interval
    win_high: float
    mean_score: float
    mean_margin: float  # score minus the best other player's (solo: minus the Vikings')
    think_median: float  # seconds per decision with a choice
    think_worst: float
    decisions: int
    capped: int  # decisions where a safety cap stopped the search
    faults: int = 0  # games where this outside engine failed (greedy finished them: not counted above)
    mean_vikings: float | None = None
    medals: dict[str, int] | None = None


class Thinking(msgspec.Struct, frozen=True):
    """How long one bot of the list thought per decision that had a choice, over all its games."""

    name: str
    decisions: int
    median: float  # wall-clock seconds (what a player waits)
    p95: float
    worst: float
    cpu_median: float  # CPU seconds of the deciding thread (what the machine's load does not change)
    iterations_per_s: float  # search iterations per CPU second (0: not a search)
    capped: int


def _quantile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile, nearest rank (the value below which a share ``q`` of them lie)."""
    if not sorted_values:
        return 0.0
    rank = max(math.ceil(q * len(sorted_values)), 1)
    return sorted_values[rank - 1]


def thinking(games: Sequence[BotGame], names: Sequence[str]) -> list[Thinking]:
    """Every bot's thinking time per decision with a choice: median, 95th percentile, worst."""
    out = []
    for entry, name in enumerate(names):
        wall: list[float] = []
        cpu: list[float] = []
        iterations = 0
        searched = 0.0
        capped = 0
        for game, seat in _iter_seats(games, entry):
            wall.extend(game.think[seat])
            capped += game.capped[seat]
            if game.cpu:
                cpu.extend(game.cpu[seat])
                for c, i in zip(game.cpu[seat], game.iterations[seat], strict=True):
                    if i:
                        iterations += i
                        searched += c
        wall.sort()
        out.append(
            Thinking(
                name=name,
                decisions=len(wall),
                median=statistics.median(wall) if wall else 0.0,
                p95=_quantile(wall, 0.95),
                worst=wall[-1] if wall else 0.0,
                cpu_median=statistics.median(cpu) if cpu else 0.0,
                iterations_per_s=iterations / searched if searched > 0 else 0.0,
                capped=capped,
            )
        )
    return out


def _iter_seats(games: Sequence[BotGame], entry: int) -> Iterator[tuple[BotGame, int]]:
    for game in games:
        for seat, e in enumerate(game.bots):
            if e == entry:
                yield game, seat


def entry_stats(games: Sequence[BotGame], names: Sequence[str]) -> list[EntryStats]:
    """Each bot over the games it played to the end itself; a game an outside engine failed in
    (``faults``), finished by its stand-in, is not its own: ``standin_stats`` counts those apart."""
    out = []
    for entry, name in enumerate(names):
        seats = list(_iter_seats(games, entry))
        if not seats:
            continue
        own = [(game, seat) for game, seat in seats if not _stood_in(game, seat)]
        out.append(_stats(entry, name, own, faults=len(seats) - len(own)))
    return out


def standin_stats(games: Sequence[BotGame], names: Sequence[str]) -> list[EntryStats]:
    """For each outside engine that failed: the games its stand-in (greedy) finished for it."""
    out = []
    for entry, name in enumerate(names):
        seats = [(game, seat) for game, seat in _iter_seats(games, entry) if _stood_in(game, seat)]
        if seats:
            out.append(_stats(entry, name, seats, faults=len(seats)))
    return out


def _stood_in(game: BotGame, seat: int) -> bool:
    return bool(game.faults) and game.faults[seat] > 0


def _stats(entry: int, name: str, seats: Sequence[tuple[BotGame, int]], faults: int) -> EntryStats:
    """One bot over ``seats`` (its games and its seat in each; none: a row of zeros)."""
    n = len(seats)
    wins = 0.0
    margins = []
    think: list[float] = []
    capped = 0
    medals: dict[str, int] | None = None
    vikings: list[int] = []
    for game, seat in seats:
        if seat in game.winners:
            wins += 1 / len(game.winners)
        if game.margin is not None:
            margins.append(game.margin)
            vikings.append(game.vikings or 0)
            if medals is None:
                medals = dict.fromkeys(MEDALS, 0)
            medals[game.medal or "none"] += 1
        else:
            others = [s for i, s in enumerate(game.scores) if i != seat]
            margins.append(game.scores[seat] - max(others))
        think.extend(game.think[seat])
        capped += game.capped[seat]
    low, high = wilson(wins, n)
    return EntryStats(
        entry=entry,
        name=name,
        games=n,
        wins=wins,
        win_rate=wins / n if n else 0.0,
        win_low=low,
        win_high=high,
        mean_score=statistics.fmean(g.scores[s] for g, s in seats) if n else 0.0,
        mean_margin=statistics.fmean(margins) if n else 0.0,
        think_median=statistics.median(think) if think else 0.0,
        think_worst=max(think, default=0.0),
        decisions=len(think),
        capped=capped,
        faults=faults,
        mean_vikings=statistics.fmean(vikings) if vikings else None,
        medals=medals,
    )
