"""``norsewind simulate --players N`` end to end: the command run as its own process.

The expected figures come from replaying the same games here with the rules' public API
(uniformly random legal decisions, each game's seed also seeding its choices, as the
README says), so the whole path from the argument parser to the printed table is checked.
"""

from __future__ import annotations

import json
import random
import statistics
from pathlib import Path

from cli_runs import norsewind

from norsewind_tui.rules import GameConfig, apply, legal_moves, new_game, outcome
from norsewind_tui.rules.scoring import Outcome


def replay(players: int, seed: int, level: int = 1) -> tuple[Outcome, int, int]:
    """One random game: its outcome, its turns (the most any player took) and its decisions."""
    state = new_game(GameConfig(players=tuple(f"Seat {i + 1}" for i in range(players)), level=level), seed)
    rng = random.Random(seed)
    decisions = 0
    while (result := outcome(state)) is None:
        state = apply(state, rng.choice(legal_moves(state)))
        decisions += 1
    return result, max(p.turns for p in state.players), decisions


def expected_summary(players: int, games: int, seed: int, level: int = 1) -> dict[str, object]:
    runs = [replay(players, seed + g, level) for g in range(games)]
    seats = range(players)
    summary: dict[str, object] = {
        "players": players,
        "games": games,
        "seed": seed,
        "level": level if players == 1 else None,
        "mean_scores": [round(statistics.fmean(r.scores[i] for r, _, _ in runs), 2) for i in seats],
        "win_rate_by_seat": [round(sum(i in r.winners for r, _, _ in runs) / games, 4) for i in seats],
        "mean_turns": round(statistics.fmean(t for _, t, _ in runs), 2),
        "mean_moves": round(statistics.fmean(d for _, _, d in runs), 2),
        "mean_vikings": None,
        "medals": None,
    }
    if players == 1:
        summary["mean_vikings"] = round(statistics.fmean(r.vikings or 0 for r, _, _ in runs), 2)
        medals = dict.fromkeys(("none", "bronze", "silver", "gold", "platinum"), 0)
        for r, _, _ in runs:
            medals[r.medal or "none"] += 1
        summary["medals"] = medals
    return summary


def test_simulate_json_for_two_three_and_four_players(tmp_path: Path) -> None:
    for players, seed in ((2, 7), (3, 40), (4, 100)):
        done = norsewind(tmp_path, "simulate", "--players", str(players), "--games", "3", "--seed", str(seed), "--json")
        assert (done.returncode, done.stderr) == (0, "")
        assert done.stdout.endswith("\n") and done.stdout.count("\n") == 1
        assert json.loads(done.stdout) == expected_summary(players, 3, seed)


def test_simulate_json_solo_at_a_level(tmp_path: Path) -> None:
    done = norsewind(tmp_path, "simulate", "--players", "1", "--level", "3", "--games", "4", "--seed", "11", "--json")
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout) == expected_summary(1, 4, 11, level=3)


def test_simulate_prints_the_table_for_two_players(tmp_path: Path) -> None:
    done = norsewind(tmp_path, "simulate", "--players", "2", "--games", "3", "--seed", "7")
    assert (done.returncode, done.stderr) == (0, "")
    s = expected_summary(2, 3, 7)
    scores, rates = s["mean_scores"], s["win_rate_by_seat"]
    assert isinstance(scores, list) and isinstance(rates, list)
    rows = [f" {i + 1}    {scores[i]:>11.1f} {rates[i]:>9.1%} " for i in range(2)]
    assert done.stdout.splitlines() == [
        "3 random game(s), 2 players",
        " " * 28,
        " seat  mean score  win rate ",
        " " + "─" * 26 + " ",
        *rows,
        " " * 28,
        f"mean turns {s['mean_turns']:.1f}, mean decisions {s['mean_moves']:.1f}",
    ]


def test_simulate_prints_the_medals_for_solo_games(tmp_path: Path) -> None:
    done = norsewind(tmp_path, "simulate", "--players", "1", "--games", "3", "--seed", "7")
    assert (done.returncode, done.stderr) == (0, "")
    s = expected_summary(1, 3, 7)
    medals = s["medals"]
    assert isinstance(medals, dict)
    lines = done.stdout.splitlines()
    assert lines[0] == "3 random game(s), solo level 1"
    assert lines[-2:] == [
        f"mean turns {s['mean_turns']:.1f}, mean decisions {s['mean_moves']:.1f}",
        f"mean Viking score {s['mean_vikings']:.1f}; medals: " + ", ".join(f"{k} {v}" for k, v in medals.items()),
    ]


def test_simulate_refuses_a_player_count_outside_1_to_4(tmp_path: Path) -> None:
    for players in ("0", "5"):
        done = norsewind(tmp_path, "simulate", "--players", players, "--games", "1")
        assert (done.returncode, done.stdout, done.stderr) == (2, "", "norsewind: --players must be 1 to 4\n")
