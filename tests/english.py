"""The scan for English in a module (issue 22 §2, issue 29): a string constant of two words or more,
outside docstrings, is a sentence.  ``rules/`` and ``lines/`` write none: ``words`` makes them."""

from __future__ import annotations

import ast
import re
from collections.abc import Collection
from pathlib import Path

SENTENCE = re.compile(r"[A-Za-z]+ [A-Za-z]+")
PROGRAMMING_ERRORS = {"ValueError", "IndexError", "LookupError", "KeyError", "TypeError"}
# storage's errors about a file, a folder or the database (not a refusal of play: ``TableRefused``,
# ``TableMoved``, ``GameFinished`` and ``ReadOnlyGame`` say what a player did, so ``words`` says them)
FILE_ERRORS = {
    "StorageError", "SaveError", "FileTooBig", "SaveMismatch", "SaveConflict", "StoreUnreachable", "GameLocked",
    "SchemaProblem", "DatabaseUrlError", "NotOwned", "CardFileError", "NameTooLong", "OSError", "FolderGone",
}  # fmt: skip
# a file's label in a message about it: a lock's or a claim's holder, a listing's entries; a check of
# a save's field (said after the field's path: "$.meta.by_computer[1]: ...")
FILE_LABELS = {"lock", "claim", "list_bounded", "list_noting", "FileLock"}
FILE_CHECKS = {"marks_problem"}
# a formatted value naming a path, a file error or the database: the sentence around it is about that file
FILE_NAMED = re.compile(r"(path|folder|dir|main|backup|file|source|exc|error|url|database|where)$", re.IGNORECASE)
SQL = re.compile(r"\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|FROM|ON CONFLICT|WITH)\b")


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


def _name(node: ast.expr) -> str:
    """The name a call or a value ends in (``files.lock(...)``: "lock"; ``exc.strerror``: "strerror")."""
    while isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else ""


def _is_file_text(node: ast.AST) -> bool:
    """A file's label, a file field's check, or an f-string naming a path, a file error or the database."""
    if isinstance(node, ast.Call):
        return _name(node.func) in FILE_LABELS
    if isinstance(node, ast.FunctionDef):
        return node.name in FILE_CHECKS
    return isinstance(node, ast.JoinedStr) and any(
        isinstance(v, ast.FormattedValue) and FILE_NAMED.search(_name(v.value)) is not None for v in node.values
    )


def _file_problems(tree: ast.AST) -> set[int]:
    """The text of storage's problems with files and the database (see ``sentences``)."""
    out = set()
    for node in ast.walk(tree):
        whole: ast.AST | None = None
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and _name(node.exc.func) in FILE_ERRORS:
            whole = node.exc
        elif _is_file_text(node):
            whole = node
        if whole is not None:
            out |= {id(n) for n in ast.walk(whole)}
    return out


def sentences(
    path: Path, names: Collection[str] = (), programming_errors: bool = False, file_problems: bool = False
) -> list[str]:
    """Every sentence in ``path`` outside docstrings, as "FILE:LINE: 'text'".  ``names``: strings
    that are names, not sentences; ``programming_errors``: also pass over the message of a
    ``raise ValueError(...)`` (and the like: a caller's broken contract, never shown to a player);
    ``file_problems``: also pass over storage's problems with files and the database (the message of
    a raised ``FILE_ERRORS``, a file's label given to ``FILE_LABELS``, a check in ``FILE_CHECKS``, an
    f-string that names a path, a file error or the database: ``FILE_NAMED``) and SQL (a string that
    opens with a keyword in capitals)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    allowed = _docstrings(tree) | (_programming_errors(tree) if programming_errors else set())
    if file_problems:
        allowed |= _file_problems(tree)
    return [
        f"{path.name}:{node.lineno}: {node.value!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in allowed
        and node.value not in names
        and SENTENCE.search(node.value)
        and not (file_problems and SQL.match(node.value))
    ]
