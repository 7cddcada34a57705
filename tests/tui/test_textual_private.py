"""Textual's private names the game uses are all in ``tui/textual_private.py``, and this Textual has
every one of them (issue 39.2): an upgrade that renames one fails here, with the name."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from pathlib import Path

import pytest

from norsewind_tui.tui import textual_private

PACKAGE = Path(textual_private.__file__).resolve().parents[1]
LISTED = [(owner, name) for owner, names in textual_private.ATTRIBUTES for name in names]


def textual_class(owner: str) -> type:
    module, _, name = owner.partition(":")
    found = getattr(importlib.import_module(module), name)
    assert inspect.isclass(found), owner
    return found


def defines(cls: type, name: str) -> bool:
    """``name`` is a method or class attribute of ``cls``, or set on ``self`` in Textual's code of it."""
    for klass in cls.__mro__:
        if not klass.__module__.startswith("textual"):
            continue
        if name in vars(klass) or re.search(rf"\bself\.{re.escape(name)}\b", inspect.getsource(klass)):
            return True
    return False


def test_every_private_name_imports() -> None:
    for name in textual_private.__all__:
        assert getattr(textual_private, name) is not None, name


@pytest.mark.parametrize(("owner", "name"), LISTED, ids=[f"{o}.{n}" for o, n in LISTED])
def test_every_private_attribute_is_textuals(owner: str, name: str) -> None:
    assert defines(textual_class(owner), name), f"{owner} has no {name}: Textual changed; see tui/textual_private.py"


def test_every_replaced_module_attribute_is_textuals() -> None:
    for module, name in textual_private.MODULE_ATTRIBUTES:
        assert hasattr(importlib.import_module(module), name), f"{module} has no {name}"


def private_module(module: str) -> bool:
    return module.split(".")[0] == "textual" and any(part.startswith("_") for part in module.split("."))


def test_the_game_reaches_textuals_private_modules_only_through_the_list() -> None:
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "textual_private.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            modules = []
            if isinstance(node, ast.ImportFrom) and node.module:
                modules = [node.module]
            elif isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            offenders += [f"{path.relative_to(PACKAGE)}: {m}" for m in modules if private_module(m)]
    assert offenders == []


def test_the_private_attributes_the_tui_uses_are_listed() -> None:
    """A ``._name`` the tui reads or sets that its own code never defines is Textual's: it is listed."""
    own: set[str] = set()
    used: dict[str, str] = {}
    for path in sorted((PACKAGE / "tui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                own.add(node.name)
            elif isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
                used.setdefault(node.attr, str(path.relative_to(PACKAGE)))
                if isinstance(node.ctx, ast.Store) and not defines_in_textual(node.attr):
                    own.add(node.attr)
    listed = {name for _, name in LISTED}
    unlisted = sorted(f"{where}: {name}" for name, where in used.items() if name not in own and name not in listed)
    assert unlisted == []


def defines_in_textual(name: str) -> bool:
    return any(name == listed for _, listed in LISTED)
