"""The line mode writes no English of its own: every sentence it says is ``words``' (issue 29), the
same check as the rules' (tests/words/test_no_english.py): a string constant of two words or more,
outside docstrings, is a sentence."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import norsewind_tui.lines as lines

LINES = Path(lines.__file__).parent
SENTENCE = re.compile(r"[A-Za-z]+ [A-Za-z]+")


def _sentences(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    return [
        f"{path.name}:{node.lineno}: {node.value!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
        and SENTENCE.search(node.value)
    ]


def test_the_line_mode_words_through_words() -> None:
    modules = sorted(LINES.glob("*.py"))
    assert len(modules) >= 4
    assert [s for path in modules for s in _sentences(path)] == []
