"""A card file's problems in words (``words.card_problem``); tests/rules/test_card_errors.py and
test_card_values.py check every problem an edited file can have, word for word."""

from __future__ import annotations

from typing import get_args

from norsewind_tui import words
from norsewind_tui.rules.cards import CardCode, CardProblem
from norsewind_tui.words.cards import TEMPLATES


def test_every_card_problem_has_its_words() -> None:
    assert set(TEMPLATES) == set(get_args(CardCode))


def test_a_problem_after_its_path() -> None:
    assert words.card_problem(CardProblem("$.cards[11] (A-12).cost", "inn_cost")) == (
        "$.cards[11] (A-12).cost: an inn needs a cost"
    )
    assert words.card_problem(CardProblem("$.cards", "id_twice", ("A-01", 2))) == "$.cards: id 'A-01' appears 2 times"
    assert words.card_problem(CardProblem("", "not_toml", ("line 1",))) == "not valid TOML: line 1"
