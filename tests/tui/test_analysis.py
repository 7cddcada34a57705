"""Where did I lose it? (issues 12, 27): the hard player's verdict on each decision of a seat.

The verdicts of a solo game played at random (seed 7, choices from random.Random(3)) are fixed:
the same position always gets the same verdict, whatever the unseen deck order.  The move judged
best and the loss come from one measure (``bots.judge``), so no loss is ever below 0, and the
computer's choice, had it been made, is one the analysis agrees with.
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

from norsewind_tui.bots.evaluate import turns_left
from norsewind_tui.bots.judge import ENDGAME, line
from norsewind_tui.cli import main
from norsewind_tui.rules import GameConfig, Session, apply, legal_moves
from norsewind_tui.storage import GameStore, SavedGame, SeatMeta
from norsewind_tui.storage.analysis import Verdict, analysis_path, log_key, read_analysis, write_analysis
from norsewind_tui.tui.analysis import analyse, jobs_for, judge, verdict_kind, verdict_words, weighed
from norsewind_tui.tui.messages import AnalysisDone, AnalysisFailed, AnalysisProgress
from norsewind_tui.tui.screens.review import ReviewScreen
from norsewind_tui.tui.widgets.prompt import StatusLine

from .helpers import aio, make_app
from .waits import CPU_WAIT, Seen, until

OLD_FORMAT = Path(__file__).resolve().parents[1] / "fixtures" / "analysis" / "format-1.json.analysis"


def random_game(saves: Path, decisions: int, name: str = "random") -> SavedGame:
    store = GameStore(saves)
    game = store.create(GameConfig(players=("Astrid",)), 7, [SeatMeta("Astrid")], name=name, profile=None)
    rng = random.Random(3)
    for _ in range(decisions):
        game.push(rng.choice(game.legal_moves()))
    game.close()
    return game


def test_costly_decisions_are_said_in_words(saves: Path) -> None:
    game = random_game(saves, 7)
    jobs = jobs_for(game.session, 0)
    assert [j.decision for j in jobs] == [0, 1, 2, 3, 4, 5, 6]
    verdict = judge(jobs[6])  # the quick look's 4.5 points; the second look, to the game's end
    assert verdict.costly and (verdict.loss, verdict.spread) == (16.9, 9.8)
    assert verdict_kind(verdict.loss) == "blunder"
    assert verdict_words(verdict) == (
        "Turn 3: Astrid took the Blacksmith from slot 5: a blunder; "
        "to take the Ship in slot 2 into Mercia was worth about +17."
    )
    calm = judge(jobs[5])
    assert not calm.costly and (calm.loss, calm.spread) == (2.3, 0.3)
    assert verdict_words(calm) == (
        "Turn 2: Astrid took no citizen or disc; the hard player would take an upgrade disc for the kingdom "
        "tile of Mercia, shield side up (about the same)."
    )


def test_lichess_words_with_thresholds_in_expected_points() -> None:
    """An inaccuracy from 3 points, a mistake from 6, a blunder from 12."""
    kinds = [verdict_kind(x) for x in (0.0, 2.9, 3.0, 5.9, 6.0, 11.9, 12.0, 40.0)]
    assert kinds == ["", "", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]
    blunder = Verdict(9, 4, "Astrid passed.", "take the Inn in slot 2", 14.4, True, 1.2)
    assert verdict_words(blunder) == "Turn 4: Astrid passed: a blunder; to take the Inn in slot 2 was worth about +14."
    mistake = Verdict(9, 4, "Astrid passed.", "take the Inn in slot 2", 6.0, True)
    assert verdict_words(mistake) == "Turn 4: Astrid passed: a mistake; to take the Inn in slot 2 was worth about +6."


def test_the_computers_choice_never_looks_worse_than_the_move_made(saves: Path) -> None:
    """Over every decision of the seeded game: the loss is never below 0, and had the player made
    the move judged best, the analysis would agree with it (the same search, the same deals)."""
    game = random_game(saves, 10)
    losses = []
    for job in jobs_for(game.session, 0):
        best, made, estimates = weighed(job)
        assert all(best.mean >= e.mean for e in estimates) and made in estimates
        verdict = judge(job)
        losses.append(verdict.loss)
        assert verdict.loss >= 0 and verdict.loss == round(best.mean - made.mean, 1)
        followed = judge(dataclasses.replace(job, made=best.move))
        assert (followed.best, followed.loss, followed.costly) == ("", 0.0, False)
    # decisions 1 and 6 were costly by the quick look (3.4 and 4.5); the second look cleared 1
    assert losses == [0.2, 0.0, 1.7, 2.0, 0.9, 2.3, 16.9, 2.6, 2.2, 0.9]


def test_near_the_end_the_measure_plays_the_game_out() -> None:
    """bots.judge.line: early on, one round of greedy turns and the projection; once the seat has
    ENDGAME turns or fewer left, on to the game's end, whose real margin is read."""
    rng = random.Random(5)
    state = Session.start(GameConfig(players=("Astrid", "Bjorn")), 11).state
    early = late = None
    while not state.is_over:
        left = turns_left(state, state.current)
        if state.phase == "action" and state.turn >= 3 and early is None:
            early = state
        if state.phase == "action" and left <= ENDGAME and late is None:
            late = state
        state = apply(state, rng.choice(legal_moves(state)))
    assert early is not None and late is not None and turns_left(early, early.current) > ENDGAME + 2
    after = line(early, ())
    assert after.phase != "over" and after.turn == early.turn + 1  # a round on, far from the end
    assert line(late, ()).phase == "over"


def test_the_analysis_does_not_peek_at_the_deck_order(saves: Path) -> None:
    game = random_game(saves, 6)
    job = jobs_for(game.session, 0)[5]
    deck = list(job.state.deck)
    random.Random(1).shuffle(deck)
    other = msgspec.structs.replace(job.state, deck=tuple(reversed(deck)), seed=job.state.seed + 1)
    assert other.deck != job.state.deck
    assert judge(dataclasses.replace(job, state=other)) == judge(job)


def test_the_analysis_is_kept_beside_the_game_for_its_log(saves: Path) -> None:
    game = random_game(saves, 7)
    store = GameStore(saves)
    with store.open(game.name, read_only=True) as opened:
        session = opened.session
    found = analyse(session, 0, store.cards.digest)
    assert found is not None and found.summary() == "1 costly decision, about 17 points"
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
    assert out[-1] == "random, Astrid: 1 costly decision, about 17 points."
    assert out[0] == (
        "Turn 3: Astrid took the Blacksmith from slot 5: a blunder; "
        "to take the Ship in slot 2 into Mercia was worth about +17."
    )
    path = analysis_path(saves, game.name)
    stamp = path.stat().st_mtime_ns
    assert main(["--saves", str(saves), "review", game.name, "--analyse"]) == 0  # computed once
    assert capsys.readouterr().out.splitlines() == out and path.stat().st_mtime_ns == stamp


def test_an_analysis_of_format_1_is_made_again(saves: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Format 1 (issue 12) measured the loss with another tool than the one that chose the best move:
    its verdicts are not migrated (they would keep the old numbers) but made again, and replaced."""
    game = random_game(saves, 10)
    path = analysis_path(saves, game.name)
    path.write_bytes(OLD_FORMAT.read_bytes())  # the same game's analysis, as the issue-12 code wrote it
    store = GameStore(saves)
    with store.open(game.name, read_only=True) as opened:
        key = log_key(opened.session, store.cards.digest)
    old = msgspec.json.decode(path.read_bytes())
    assert old["0"]["format"] == 1 and old["0"]["log_key"] == key and len(old["0"]["verdicts"]) == 10
    assert read_analysis(saves, game.name, key, 0) is None
    assert main(["--saves", str(saves), "review", game.name, "--analyse"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "random, Astrid: 1 costly decision, about 17 points."
    again = read_analysis(saves, game.name, key, 0)
    assert again is not None and again.format == 2 and len(again.costly) == 1


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
    assert out.splitlines()[-1] == "random, Astrid: 1 costly decision, about 17 points."
    assert len(out.splitlines()) == 2  # the verdict, then the summary
    assert err == f"norsewind: {path}: cannot save the analysis: No space left on device (it is made again next time)\n"


@aio
async def test_a_in_review_analyses_in_a_worker_and_n_visits_the_costly_ones(saves: Path) -> None:
    game = random_game(saves, 17)
    app = make_app(saves)
    app.initial_review = app.context.games.open(game.name, read_only=True)
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
        await until(
            pilot, lambda: any(seen.counts[k] for k in ended), "the analysis", progress=seen.counts.total, wait=CPU_WAIT
        )
        await pilot.pause()
        await pilot.pause()
        assert not screen.analysing
        said = screen.query_one(StatusLine).message
        assert said == "Astrid: 2 costly decisions, about 36 points: n goes to the next one."
        assert analysis_path(saves, game.name).exists()
        await pilot.press("home", "n")
        assert screen.position == 7  # decision 7 (index 6), taking the Blacksmith, was the first costly one
        assert screen.query_one(StatusLine).message.startswith("Costly: Turn 3: Astrid took the Blacksmith from slot 5")
        await pilot.press("n")
        assert screen.position == 17  # decision 17 (index 16), taking the castle, cost about 19
