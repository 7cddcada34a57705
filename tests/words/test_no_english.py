"""Issue 22 §2: the rules speak data; only ``words`` makes sentences.

Every string ``rules/`` holds outside docstrings is a code, a name (the kingdoms') or a path,
never a sentence: refusals, prompts, events and the card file's problems are data.  A programming
error's message (``raise ValueError(...)`` for a caller that broke a contract, never shown to a
player) is the one exception.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import norsewind_tui.rules as rules
from norsewind_tui.rules.cards import KINGDOM_NAMES

RULES = Path(rules.__file__).parent
SENTENCE = re.compile(r"[A-Za-z]+ [A-Za-z]+")
PROGRAMMING_ERRORS = {"ValueError", "IndexError", "LookupError", "KeyError", "TypeError"}


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def _programming_errors(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            func = node.exc.func
            if isinstance(func, ast.Name) and func.id in PROGRAMMING_ERRORS:
                out |= {id(n) for n in ast.walk(node.exc)}
    return out


def sentences(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    allowed = _docstrings(tree) | _programming_errors(tree)
    return [
        f"{path.name}:{node.lineno}: {node.value!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in allowed
        and node.value not in KINGDOM_NAMES
        and SENTENCE.search(node.value)
    ]


def test_the_rules_write_no_english() -> None:
    modules = sorted(RULES.glob("*.py"))
    assert len(modules) >= 12
    assert [s for path in modules for s in sentences(path)] == []


def test_the_check_finds_a_sentence() -> None:
    """The scan itself: a refusal written in words would be found (it was, before issue 22)."""
    old = Path(__file__).parent / "rules_before.py.txt"
    found = sentences(old)
    assert found == [
        "rules_before.py.txt:4: 'the game is over'",
        "rules_before.py.txt:6: 'that market slot is empty'",
    ]
