"""The analysis's verdict is worded once (words/review.py) for the review and the puzzles (issue 43)."""

from __future__ import annotations

from norsewind_tui.words.puzzles import analysis_words
from norsewind_tui.words.review import costly_words, verdict_kind, verdict_words


def test_lichess_words_by_expected_points() -> None:
    assert [verdict_kind(loss) for loss in (2.9, 3.0, 6.0, 12.0)] == ["", "inaccuracy", "mistake", "blunder"]


def test_an_inaccuracy_takes_an() -> None:
    assert costly_words(4.2, "take the Inn in slot 2") == "an inaccuracy; to take the Inn in slot 2 was worth about +4"
    assert costly_words(7.0, "take the Inn in slot 2") == "a mistake; to take the Inn in slot 2 was worth about +7"


def test_the_puzzle_quotes_the_review_verdict() -> None:
    said = analysis_words(7, "Astrid took the Farm from slot 4.", "take the Inn in slot 2", 4.4)
    assert (
        said == "Turn 7: Astrid took the Farm from slot 4: an inaccuracy; to take the Inn in slot 2 was worth about +4."
    )
    assert said == verdict_words(7, "Astrid took the Farm from slot 4.", "take the Inn in slot 2", 4.4, True)


def test_the_review_agrees_or_differs_without_cost() -> None:
    assert verdict_words(3, "Bo took the Farm.", "", 0.0, False) == "Turn 3: Bo took the Farm; the hard player agrees."
    assert (
        verdict_words(3, "Bo took the Farm.", "take the Inn", 1.0, False)
        == "Turn 3: Bo took the Farm; the hard player would take the Inn (about the same)."
    )
