"""The tutorial's lesson file (issue 14): every asked decision legal, every lesson has its moment."""

from __future__ import annotations

import pytest

from norsewind_tui import words
from norsewind_tui.lessons import LessonError, Lessons, decode_lessons, load_lessons
from norsewind_tui.rules import apply_logged, building_problem, cards_for, legal_moves, new_game
from norsewind_tui.rules.scoring import score_breakdown, viking_score

LESSON_FILE = b"""
seed = 2
level = 1
[[step]]
expect = ["building", 1]
point = "market"
text = "Take the Ship."
said = "Take the Ship: choice 2."
"""


def test_each_expected_decision_is_legal_in_its_position_and_the_run_completes() -> None:
    lessons = load_lessons()
    state = new_game(lessons.config, lessons.seed)
    for move in lessons.moves:
        assert move in legal_moves(state)
        state, _ = apply_logged(state, move)
    assert state.is_over
    assert len(lessons.moves) == 56


def test_every_lesson_has_its_moment_in_the_deal() -> None:
    lessons = load_lessons()
    state = new_game(lessons.config, lessons.seed)
    db = cards_for(state)
    kinds: list[str] = []
    whats: list[str] = []
    red = []
    for move in lessons.moves:
        if state.phase == "building_kingdom":
            problems = [building_problem(db, state.players[0], state.held, r) for r in range(4)]
            red += [words.refusal(why, db) for why in problems if why is not None]
        state, events = apply_logged(state, move)
        kinds += [e.kind for e in events if e.player == 0 and (e.kind != "income" or e.value > 0)]
        whats += [f"{e.kind}:{e.what}" for e in events]
    assert {"took_building", "took_castle", "income", "ship_coins", "citizen_bonus", "fourth_bonus"} <= set(kinds)
    assert "replaced" in kinds
    assert any(w.startswith("vikings_took") for w in whats)
    assert {"citizen:neutral", "citizen:purple", "disc:shield", "disc:prestige"} <= set(whats)
    assert "Mercia has a red tile: at most 2 buildings" in red
    pad = score_breakdown(state, 0)
    assert [k.points for k in pad.kingdoms] == [40, 42, 4, -7]  # Wessex at risk scores -7
    assert pad.total == 95 and viking_score(state).total == 28


def test_a_decision_not_legal_in_its_position_is_refused_naming_the_step() -> None:
    bad = LESSON_FILE.replace(b'["building", 1]', b'["kingdom", 2]')
    with pytest.raises(LessonError, match=r"step 1 expects \[\"kingdom\",2\], not legal there"):
        decode_lessons(bad)


def test_a_file_that_stops_before_the_game_ends_is_refused() -> None:
    with pytest.raises(LessonError, match="the steps end before the game does"):
        decode_lessons(LESSON_FILE)


def test_unknown_fields_and_long_texts_are_refused_in_one_line() -> None:
    with pytest.raises(LessonError, match="Object contains unknown field `colour`"):
        decode_lessons(LESSON_FILE + b'colour = "red"\n')
    with pytest.raises(LessonError, match="Expected `str` of length <= 240"):
        decode_lessons(LESSON_FILE.replace(b"Take the Ship.", b"x" * 241))
    with pytest.raises(LessonError, match="Invalid enum value 'sky'"):
        decode_lessons(LESSON_FILE.replace(b'"market"', b'"sky"'))


def decisions_before(lessons: Lessons, index: int) -> int:
    """The decisions the tutorial asks for before its step ``index`` (its reading pages ask none)."""
    return sum(1 for s in lessons.step[:index] if s.expect is not None)


def test_positions_map_to_steps_reading_pages_first() -> None:
    lessons = load_lessons()
    assert lessons.step[0].expect is None  # the welcome page
    assert lessons.index_at(0) == 0
    assert lessons.index_at(1) == 2
    assert lessons.index_at(56) == len(lessons.step)
    assert decisions_before(lessons, 2) == 1


def test_a_lesson_without_its_words_for_a_listener_is_refused() -> None:
    """Issue 39.8: the line mode says every lesson the app shows, so each text has its ``said``."""
    with pytest.raises(LessonError, match=r"step 1 needs both a text and its words for a listener \(said\)"):
        decode_lessons(LESSON_FILE.replace(b'said = "Take the Ship: choice 2."\n', b""))
    with pytest.raises(LessonError, match=r"Expected `str` of length <= 400"):
        decode_lessons(LESSON_FILE.replace(b"Take the Ship: choice 2.", b"x" * 401))
