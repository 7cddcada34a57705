"""The line mode writes no English of its own: every sentence it says is ``words``' (issue 29), the
same check as the rules' (tests/words/test_no_english.py): a string constant of two words or more,
outside docstrings, is a sentence."""

from __future__ import annotations

from pathlib import Path

from english import sentences

import norsewind_tui.lines as lines

LINES = Path(lines.__file__).parent


def test_the_line_mode_words_through_words() -> None:
    modules = sorted(LINES.glob("*.py"))
    assert len(modules) >= 4
    assert [s for path in modules for s in sentences(path)] == []
