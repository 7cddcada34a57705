"""The scan for English in a module (issue 22 §2, issue 29): a string constant of two words or more,
outside docstrings, is a sentence.  ``rules/`` and ``lines/`` write none: ``words`` makes them."""

from __future__ import annotations

import ast
import re
from collections.abc import Collection
from pathlib import Path

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


def sentences(path: Path, names: Collection[str] = (), programming_errors: bool = False) -> list[str]:
    """Every sentence in ``path`` outside docstrings, as "FILE:LINE: 'text'".  ``names``: strings
    that are names, not sentences; ``programming_errors``: also pass over the message of a
    ``raise ValueError(...)`` (and the like: a caller's broken contract, never shown to a player)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    allowed = _docstrings(tree) | (_programming_errors(tree) if programming_errors else set())
    return [
        f"{path.name}:{node.lineno}: {node.value!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in allowed
        and node.value not in names
        and SENTENCE.search(node.value)
    ]
