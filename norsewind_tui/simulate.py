"""Headless games: random legal play with a progress bar and summary statistics."""

from __future__ import annotations

import random
import statistics
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING

import msgspec
from rich import box
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from .rules import GameConfig, apply, legal_moves, new_game, outcome
from .rules.cards import CardDB
from .rules.scoring import Outcome

if TYPE_CHECKING:
    from .bots.engine import EngineSpec
    from .bots.tournament import EntryStats

MAX_MOVES = 10_000  # a safety net: R13 guarantees every game ends long before


class GameResult(msgspec.Struct, frozen=True):
    seed: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    turns: int
    moves: int
    vikings: int | None = None
    margin: int | None = None
    medal: str | None = None


class Summary(msgspec.Struct, frozen=True):
    players: int
    games: int
    seed: int
    level: int | None
    mean_scores: tuple[float, ...]
    win_rate_by_seat: tuple[float, ...]
    mean_turns: float
    mean_moves: float
    mean_vikings: float | None = None
    medals: dict[str, int] | None = None


def random_game(players: int, seed: int, level: int, cards: CardDB, random_tiles: bool = False) -> GameResult:
    """One game of uniformly random legal decisions (the game seed also seeds the choices)."""
    names = tuple(f"Seat {i + 1}" for i in range(players))
    state = new_game(GameConfig(players=names, level=level, random_tiles=random_tiles), seed, cards)
    rng = random.Random(seed)
    moves = 0
    result: Outcome | None = None
    while (result := outcome(state)) is None:
        if moves >= MAX_MOVES:
            raise RuntimeError(f"game {seed} did not end after {MAX_MOVES} moves")
        state = apply(state, rng.choice(legal_moves(state)))
        moves += 1
    return GameResult(
        seed,
        result.scores,
        result.winners,
        max(p.turns for p in state.players),
        moves,
        result.vikings,
        result.margin,
        result.medal,
    )


def summarise(players: int, seed: int, level: int | None, results: list[GameResult]) -> Summary:
    n = len(results)
    seats = range(players)
    medals: dict[str, int] | None = None
    if players == 1:
        medals = {m: 0 for m in ("none", "bronze", "silver", "gold", "platinum")}
        for r in results:
            medals[r.medal or "none"] += 1
    return Summary(
        players=players,
        games=n,
        seed=seed,
        level=level if players == 1 else None,
        mean_scores=tuple(round(statistics.fmean(r.scores[i] for r in results), 2) for i in seats),
        win_rate_by_seat=tuple(round(sum(i in r.winners for r in results) / n, 4) for i in seats),
        mean_turns=round(statistics.fmean(r.turns for r in results), 2),
        mean_moves=round(statistics.fmean(r.moves for r in results), 2),
        mean_vikings=round(statistics.fmean(r.vikings or 0 for r in results), 2) if players == 1 else None,
        medals=medals,
    )


def run_random(
    players: int, games: int, seed: int, level: int, cards: CardDB, as_json: bool, random_tiles: bool = False
) -> int:
    console = Console(stderr=as_json)
    results = []
    with Progress(console=console, transient=True, disable=not console.is_terminal) as progress:
        task = progress.add_task("playing", total=games)
        for g in range(games):
            results.append(random_game(players, seed + g, level, cards, random_tiles))
            progress.advance(task)
    summary = summarise(players, seed, level, results)
    if as_json:
        sys.stdout.write(msgspec.json.encode(summary).decode() + "\n")
        return 0
    title = f"{games} random game(s), {'solo level ' + str(level) if players == 1 else f'{players} players'}"
    console.print(title)  # a line of its own: a table's title wraps at the table's (narrow) width
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), collapse_padding=True, pad_edge=False)
    table.add_column("seat", no_wrap=True)
    table.add_column("mean score", justify="right", no_wrap=True)
    table.add_column("win rate", justify="right", no_wrap=True)
    for i in range(players):
        table.add_row(str(i + 1), f"{summary.mean_scores[i]:.1f}", f"{summary.win_rate_by_seat[i]:.1%}")
    console.print(table)
    console.print(f"mean turns {summary.mean_turns:.1f}, mean decisions {summary.mean_moves:.1f}")
    if summary.mean_vikings is not None and summary.medals is not None:
        console.print(
            f"mean Viking score {summary.mean_vikings:.1f}; medals: "
            + ", ".join(f"{k} {v}" for k, v in summary.medals.items())
        )
    return 0


def run_bots(
    names: list[str],
    games: int,
    seed: int,
    level: int | None,
    cards: CardDB,
    jobs: int,
    as_json: bool,
    engines: Mapping[str, EngineSpec] | None = None,
) -> int:
    """Computer players against each other (seats alternated), or each against the Vikings at ``level``;
    ``engines``: the outside engines among the names (a fault of one is a line on stderr)."""
    from .bots.engine import FALLBACK
    from .bots.tournament import duel_tasks, entry_stats, run_tasks, solo_tasks, standin_stats, with_engines

    console = Console(stderr=as_json)
    tasks = solo_tasks(names, games, seed, level) if level is not None else duel_tasks(names, games, seed)
    if engines:
        tasks = with_engines(tasks, engines)
    with Progress(console=console, transient=True, disable=not console.is_terminal) as progress:
        task = progress.add_task(f"playing ({jobs} job{'s' if jobs > 1 else ''})", total=len(tasks))
        results = run_tasks(tasks, cards, jobs, progress=lambda _: progress.advance(task))
    stats = entry_stats(results, names)  # each over the games it finished itself
    standins = standin_stats(results, names)  # the games a failed engine's stand-in finished, apart
    if as_json:
        out = {"level": level, "seed": seed, "bots": stats, "standins": standins}
        sys.stdout.write(msgspec.json.encode(out).decode() + "\n")
        return 0
    what = f"solo level {level}" if level is not None else f"{len(names)} players, seats alternated"
    # fits 80 columns whole (no figure cut to "0.0…"): light rules, short headers, the notation below
    table = Table(
        title=f"{len(tasks)} game(s): {', '.join(names)}; {what}",
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
        collapse_padding=True,
        pad_edge=False,
        title_justify="left",
    )
    table.add_column("bot", no_wrap=True)
    for header in ("games", "win % [95%]", "score", "margin", "think s"):
        table.add_column(header, justify="right", no_wrap=True)
    if level is not None:
        table.add_column("Vikings", justify="right", no_wrap=True)
        table.add_column("-/B/S/G/P", justify="right", no_wrap=True)
    notes = "think s: seconds per decision, median/worst"
    if level is not None:
        notes += "; -/B/S/G/P: games without a medal, with bronze, silver, gold, platinum"
    table.caption, table.caption_justify = notes, "left"

    def label(s: EntryStats) -> str:
        return f"{s.name} #{s.entry + 1}" if names.count(s.name) > 1 else s.name

    for s, name in [(s, label(s)) for s in stats] + [(s, f"{label(s)}*") for s in standins]:
        if not s.games:  # an engine that failed in every game: nothing of its own to count
            table.add_row(name, "0", *["-"] * (len(table.columns) - 2))
            continue
        row = [
            name,
            str(s.games),
            f"{s.win_rate:.0%} [{s.win_low * 100:.0f}-{s.win_high * 100:.0f}]",
            f"{s.mean_score:.1f}",
            f"{s.mean_margin:+.1f}",
            f"{s.think_median:.2f}/{s.think_worst:.2f}",
        ]
        if level is not None and s.medals is not None:
            row += [f"{s.mean_vikings or 0:.1f}", "/".join(str(v) for v in s.medals.values())]
        table.add_row(*row)
    console.print(table)
    for s in stats:
        if s.faults:
            console.print(
                f"{label(s)}*: {FALLBACK} finished the {s.faults} game(s) {label(s)} failed in (stderr says why)"
            )
    capped = sum(s.capped for s in stats)
    if capped:
        console.print(f"[yellow]a safety cap stopped {capped} search(es) early: those games may not replay exactly[/]")
    return 0
