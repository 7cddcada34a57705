"""Bot tournaments: seat rotation, statistics, process pool, and ``norsewind simulate --bots``."""

from __future__ import annotations

import json

import pytest
from msgspec.structs import replace

from norsewind_tui.bots.tournament import (
    BotGame,
    duel_tasks,
    entry_stats,
    play_game,
    run_tasks,
    solo_tasks,
    thinking,
    wilson,
)
from norsewind_tui.cli import main


def test_wilson_interval() -> None:
    """The 95 % Wilson interval: 8 of 10 is about 0.49-0.94; it is empty-free at 0 and n."""
    low, high = wilson(8, 10)
    assert round(low, 2) == 0.49 and round(high, 2) == 0.94
    assert wilson(0, 20)[0] == 0.0 and 0 < wilson(0, 20)[1] < 0.2
    assert wilson(20, 20)[1] == 1.0 and 0.8 < wilson(20, 20)[0] < 1.0


def test_seats_are_rotated_over_the_same_deals() -> None:
    tasks = duel_tasks(["hard", "greedy", "random"], 6, seed=10)
    assert [t.seed for t in tasks] == [10, 10, 10, 11, 11, 11]
    assert [t.names for t in tasks[:3]] == [
        ("hard", "greedy", "random"),
        ("greedy", "random", "hard"),
        ("random", "hard", "greedy"),
    ]
    assert all(t.names[i] == ["hard", "greedy", "random"][e] for t in tasks for i, e in enumerate(t.entries))
    solo = solo_tasks(["greedy", "easy"], 3, seed=5, level=4)
    assert [(t.names, t.seed, t.level) for t in solo][:2] == [(("greedy",), 5, 4), (("greedy",), 6, 4)]


def test_a_bot_game_replays_and_counts_wins_by_bot_not_seat() -> None:
    a = play_game(["greedy", "random"], 3)
    b = play_game(["greedy", "random"], 3)
    assert replace(a, think=(), cpu=()) == replace(b, think=(), cpu=())  # all but the timings
    games = run_tasks(duel_tasks(["greedy", "random"], 4, seed=3))
    stats = entry_stats(games, ["greedy", "random"])
    assert [s.games for s in stats] == [4, 4]
    assert stats[0].wins + stats[1].wins == 4
    assert stats[0].mean_margin == -stats[1].mean_margin
    assert stats[0].win_low <= stats[0].win_rate <= stats[0].win_high


def test_the_process_pool_gives_the_same_results() -> None:
    tasks = duel_tasks(["greedy", "easy"], 4, seed=1) + solo_tasks(["easy"], 2, seed=1, level=6)
    one = run_tasks(tasks, jobs=1)
    two = run_tasks(tasks, jobs=2)
    assert [(g.seed, g.bots, g.scores, g.winners, g.medal) for g in one] == [
        (g.seed, g.bots, g.scores, g.winners, g.medal) for g in two
    ]


def test_solo_statistics_have_medals() -> None:
    games = run_tasks(solo_tasks(["greedy"], 3, seed=2, level=1))
    (stats,) = entry_stats(games, ["greedy"])
    assert stats.medals is not None and sum(stats.medals.values()) == 3
    assert stats.mean_vikings is not None
    assert stats.mean_margin == sum(g.margin or 0 for g in games) / 3


def test_simulate_bots_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--bots", "greedy,random", "--games", "2", "--seed", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [b["name"] for b in out["bots"]] == ["greedy", "random"]
    assert out["bots"][0]["games"] == 2
    assert main(["simulate", "--bots", "easy", "--level", "2", "--games", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["level"] == 2 and sum(out["bots"][0]["medals"].values()) == 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "greedy,wizard"], "unknown computer player 'wizard'"),
        (["--bots", "greedy"], "--bots needs 2 to 4 names"),
        (["--bots", "greedy,random", "--jobs", "0"], "--jobs must be 1 to 64"),
        (["--bots", "hard", "--level", "9"], "--level must be 1 to 7"),
    ],
)
def test_simulate_bots_bad_input_is_one_line(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_thinking_gives_the_median_the_95th_percentile_and_the_worst() -> None:
    """Nearest rank: of twenty decisions the 95th percentile is the 19th, the worst the 20th."""
    times = tuple(float(t) for t in range(1, 21))  # seat 0: 1..20 s; seat 1: a greedy's nothing
    game = BotGame(
        seed=0,
        bots=(0, 1),
        scores=(30, 20),
        winners=(0,),
        decisions=40,
        think=(times, (0.0,) * 20),
        capped=(1, 0),
        cpu=(tuple(t / 2 for t in times), (0.0,) * 20),
        iterations=((100,) * 20, (0,) * 20),
    )
    hard, greedy = thinking([game], ["hard", "greedy"])
    assert (hard.decisions, hard.median, hard.p95, hard.worst) == (20, 10.5, 19.0, 20.0)
    assert hard.cpu_median == 5.25 and hard.iterations_per_s == 2000 / 105 and hard.capped == 1
    assert (greedy.median, greedy.worst, greedy.iterations_per_s) == (0.0, 0.0, 0.0)
