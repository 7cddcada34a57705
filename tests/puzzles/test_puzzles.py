"""Puzzles (issue 43): the answer is the truth's best, the day's puzzle is the host's, one try."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from norsewind_tui import puzzles
from norsewind_tui.bots.truth import CLEAR, shipped_truth
from norsewind_tui.rules.engine import legal_moves
from norsewind_tui.storage.puzzles import PuzzleBook, daily_index, puzzle_id

from .fixtures import decision

DAY = date(2026, 12, 7)


def test_a_puzzle_is_a_clear_truth_decision_and_its_answer_the_truths_best() -> None:
    d = decision(3)
    found = puzzles.from_truth(d)
    assert found is not None and found.answer == d.candidates[0].move == d.best.move
    assert [c.cost for c in found.choices] == [0.0, 8.0, 13.0]
    assert puzzles.from_truth(decision(3, second=CLEAR - 0.5)) is None  # not clearly best
    assert puzzles.from_truth(decision(3, second=CLEAR, half=CLEAR + 1)) is None  # the intervals meet


def test_every_shipped_puzzle_is_a_clear_truth_decision_and_its_answer_the_truths_best() -> None:
    truth = shipped_truth()
    assert truth is not None
    by_id = {puzzle_id(d.config, d.seed, d.moves): d for d in truth.decisions}
    shipped = puzzles.shipped()
    assert len(shipped) == sum(d.clear for d in truth.decisions) > 0
    for p in shipped:
        d = by_id[p.id]
        assert p.answer == d.best.move and d.best.cost == 0.0
        assert d.candidates[1].cost >= CLEAR and d.candidates[1].cost > d.candidates[1].half
        assert all(c.cost >= d.candidates[1].cost for c in d.candidates[2:])
        state = puzzles.daily_state(p)
        assert p.answer in legal_moves(state)  # a decision the player had, in the position shown


def test_the_same_day_gives_every_player_of_a_host_the_same_puzzle(saves: Path) -> None:
    book = PuzzleBook(saves)
    found = [puzzles.from_truth(decision(seed)) for seed in (1, 2, 3, 4)]
    assert book.add([p for p in found[:3] if p is not None]) == 3
    pick = book.daily(DAY, [])  # the first to ask picks (here without the shipped puzzles)
    assert pick is not None and pick.id == sorted(p.id for p in found[:3] if p)[daily_index(DAY, 3)]
    ana = puzzles.daily(book, "ana", DAY)  # with the shipped ones: the pick written down stands
    assert ana is not None and ana.puzzle.id == pick.id
    assert book.add([p for p in found[3:] if p is not None]) == 1  # collected later in the day
    bo = puzzles.daily(PuzzleBook(saves), "bo", DAY)
    assert bo is not None and bo.puzzle.id == ana.puzzle.id
    assert bo.order == ana.order and bo.state == ana.state


def test_one_try_then_the_answer_with_the_rollouts_numbers_and_a_streak(saves: Path) -> None:
    book = PuzzleBook(saves)
    p = puzzles.from_truth(decision(2))
    assert p is not None and book.add([p]) == 1
    assert book.daily(DAY, []) == p  # the day's puzzle: this one (whatever the shipped ones are)
    shown = puzzles.daily(book, "ana", DAY)
    assert shown is not None and shown.tried is None
    right = [c.move for c in shown.order].index(p.answer)
    ok, lines = puzzles.try_it(book, shown, "ana", right)
    assert ok and lines[0] == "Right: that is the better decision."
    assert lines[3] == "The rollouts (200 shared deals each, played to the end):"
    assert [line.rsplit(": ", 1)[1] for line in lines[4:]] == ["the best", "-8.0 points ±2.0", "-13.0 points ±2.0"]
    again, _ = puzzles.try_it(book, shown, "ana", (right + 1) % 3)  # one try: the first stands
    assert again
    standing = puzzles.standing(book, "ana", DAY)
    assert (standing.tries, standing.streak) == (1, 1)
    # a newcomer (mu 25, sigma 25/3: 1000) beats a newcomer puzzle: OpenSkill moves mu to 27.64, sigma to 8.07
    assert puzzles.standing_line(standing) == "puzzles: rating 1138 over 1 try, streak 1 day"
    wrong, _ = puzzles.try_it(book, puzzles.daily(book, "bo", DAY) or shown, "bo", (right + 1) % 3)
    assert not wrong and puzzles.standing(book, "bo", DAY).streak == 0
