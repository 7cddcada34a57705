"""Issue 22 §2: the rules speak data; only ``words`` makes sentences.

Every string ``rules/`` holds outside docstrings is a code, a name (the kingdoms') or a path,
never a sentence: refusals, prompts, events and the card file's problems are data.  A programming
error's message (``raise ValueError(...)`` for a caller that broke a contract, never shown to a
player) is the one exception.
"""

from __future__ import annotations

from pathlib import Path

from english import sentences

import norsewind_tui.rules as rules
from norsewind_tui.rules.cards import KINGDOM_NAMES

RULES = Path(rules.__file__).parent


def rules_sentences(path: Path) -> list[str]:
    return sentences(path, KINGDOM_NAMES, programming_errors=True)


def test_the_rules_write_no_english() -> None:
    modules = sorted(RULES.glob("*.py"))
    assert len(modules) >= 12
    assert [s for path in modules for s in rules_sentences(path)] == []


def test_the_check_finds_a_sentence() -> None:
    """The scan itself: a refusal written in words would be found (it was, before issue 22)."""
    old = Path(__file__).parent / "rules_before.py.txt"
    found = rules_sentences(old)
    assert found == [
        "rules_before.py.txt:4: 'the game is over'",
        "rules_before.py.txt:6: 'that market slot is empty'",
    ]
