"""Where did I lose it? (issue 12): the hard player's verdict on each decision of a seat.

The verdicts of a solo game played at random (seed 7, choices from random.Random(3)) are fixed:
the same position always gets the same verdict, whatever the unseen deck order.
"""

from __future__ import annotations

import dataclasses
import errno
import random
from pathlib import Path
from typing import Any

import msgspec
import pytest
from storage.test_faults import Disk

from norsewind_tui.cli import main
from norsewind_tui.rules import GameConfig
from norsewind_tui.storage import GameStore, SavedGame, SeatMeta
from norsewind_tui.storage.analysis import analysis_path, log_key, read_analysis, write_analysis
from norsewind_tui.tui.analysis import analyse, jobs_for, judge, verdict_words
from norsewind_tui.tui.messages import AnalysisDone, AnalysisFailed, AnalysisProgress
from norsewind_tui.tui.screens.review import ReviewScreen
from norsewind_tui.tui.widgets.prompt import StatusLine

from .helpers import aio, make_app
from .waits import Seen, until


def random_game(saves: Path, decisions: int, name: str = "random") -> SavedGame:
    store = GameStore(saves)
    game = store.create(GameConfig(players=("Astrid",)), 7, [SeatMeta("Astrid")], name=name, profile=None)
    rng = random.Random(3)
    for _ in range(decisions):
        game.push(rng.choice(game.legal_moves()))
    game.close()
    return game


def test_costly_decisions_are_said_in_words(saves: Path) -> None:
    game = random_game(saves, 6)
    jobs = jobs_for(game.session, 0)
    assert [j.decision for j in jobs] == [0, 1, 2, 3, 4, 5]
    verdict = judge(jobs[5])
    assert verdict.costly and verdict.loss == 6.6
    assert verdict_words(verdict) == (
        "Turn 2: Astrid took no citizen or disc; to take an upgrade disc for the kingdom tile of Mercia, "
        "shield side up was worth about +7."
    )
    calm = judge(jobs[3])
    assert not calm.costly and calm.loss == -3.4 and verdict_words(calm).endswith("(about the same).")


def test_the_analysis_does_not_peek_at_the_deck_order(saves: Path) -> None:
    game = random_game(saves, 6)
    job = jobs_for(game.session, 0)[5]
    deck = list(job.state.deck)
    random.Random(1).shuffle(deck)
    other = msgspec.structs.replace(job.state, deck=tuple(reversed(deck)), seed=job.state.seed + 1)
    assert other.deck != job.state.deck
    assert judge(dataclasses.replace(job, state=other)) == judge(job)


def test_the_analysis_is_kept_beside_the_game_for_its_log(saves: Path) -> None:
    game = random_game(saves, 6)
    store = GameStore(saves)
    with store.open(game.name, read_only=True) as opened:
        session = opened.session
    found = analyse(session, 0, store.cards.digest)
    assert found is not None and found.summary() == "3 costly decisions, about 14 points"
    path = write_analysis(saves, game.name, found)
    assert path == analysis_path(saves, game.name) and path.name == "random.json.analysis"
    key = log_key(session, store.cards.digest)
    assert read_analysis(saves, game.name, key, 0) == found
    assert read_analysis(saves, game.name, "0" * 64, 0) is None  # another log: made again
    assert [s.name for s in store.list()] == ["random"]  # not taken for a save
    path.write_bytes(b"{broken")
    assert read_analysis(saves, game.name, key, 0) is None
    store.remove(game.name)
    assert not path.exists()


def test_review_analyse_on_the_command_line(saves: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = random_game(saves, 10)
    assert main(["--saves", str(saves), "review", game.name, "--analyse", "--jobs", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "random, Astrid: 5 costly decisions, about 27 points."
    assert (
        out[0]
        == "Turn 1: Astrid took the Inn from slot 2; to take the Ship in slot 5 into Northumbria was worth about +4."
    )
    path = analysis_path(saves, game.name)
    stamp = path.stat().st_mtime_ns
    assert main(["--saves", str(saves), "review", game.name, "--analyse"]) == 0  # computed once
    assert capsys.readouterr().out.splitlines() == out and path.stat().st_mtime_ns == stamp


def test_review_analyse_prints_the_verdicts_when_the_disk_cannot_keep_them(
    saves: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = random_game(saves, 10)
    path = analysis_path(saves, game.name)
    disk = Disk(monkeypatch, path, "write", errno.ENOSPC)  # the faults of tests/storage/test_faults.py
    disk.down = True
    assert main(["--saves", str(saves), "review", game.name, "--analyse"]) == 0
    out, err = capsys.readouterr()
    assert disk.failed == 1 and not path.exists()
    assert out.splitlines()[-1] == "random, Astrid: 5 costly decisions, about 27 points."
    assert len(out.splitlines()) == 6  # the five verdicts, then the summary
    assert err == f"norsewind: {path}: cannot save the analysis: No space left on device (it is made again next time)\n"


@aio
async def test_a_in_review_analyses_in_a_worker_and_n_visits_the_costly_ones(saves: Path) -> None:
    game = random_game(saves, 10)
    app = make_app(saves)
    app.initial_review = app.session.library.open(game.name, read_only=True)
    seen = Seen(AnalysisDone, AnalysisFailed, AnalysisProgress)
    async with app.run_test(size=(80, 24), message_hook=seen) as pilot:
        screen: Any = app.screen
        assert isinstance(screen, ReviewScreen)
        await until(pilot, lambda: screen.is_mounted, "the review screen")  # keys before that are dropped
        assert not analysis_path(saves, game.name).exists()  # nothing stored yet: it is computed now
        await pilot.press("a")  # (a fast machine may finish it within the key press: no check of "running")
        # its end is a message (a loaded machine may not have started the worker when the press returns),
        # awaited while each decision analysed is reported (a loaded machine takes longer, not red)
        ended = (AnalysisDone, AnalysisFailed)
        await until(pilot, lambda: any(seen.counts[k] for k in ended), "the analysis", progress=seen.counts.total)
        await pilot.pause()
        await pilot.pause()
        assert not screen.analysing
        said = screen.query_one(StatusLine).message
        assert said == "Astrid: 5 costly decisions, about 27 points: n goes to the next one."
        assert analysis_path(saves, game.name).exists()
        await pilot.press("home", "n")
        assert screen.position == 1  # decision 1 (index 0) was the first costly one
        assert screen.query_one(StatusLine).message.startswith("Costly: Turn 1: Astrid took the Inn from slot 2")
        await pilot.press("n")
        assert screen.position == 2  # decision 2 (index 1), placing the Inn, cost about 3 too
