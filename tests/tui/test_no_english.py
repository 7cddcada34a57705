"""Issue 40 §3: the app's screens and widgets write no English of their own; ``words`` makes their
sentences, as it does the rules' and the line mode's (tests/words/test_no_english.py): a string
constant of two words or more, outside docstrings, is a sentence.

The allow-list, by what a string is rather than by what it says:

- a key's label: the arguments of a ``Binding(...)`` (the footer's and the command palette's words
  for a key, written beside the key they name, as Textual's own screens do);
- style: a ``DEFAULT_CSS`` or ``CSS`` class attribute and a ``classes=`` argument (CSS names);
- a name for the program: a ``name=`` argument (a timer's or a worker's, never shown);
- an error message about a file: the message of a ``raise OSError(...)`` (or one of its kinds),
  which the storage's one line ("cannot save NAME: ...") carries as the system's own error;
- a programming error's message (``raise ValueError(...)`` and the like), as in ``rules/``.
"""

from __future__ import annotations

import ast
from pathlib import Path

from english import sentences

import norsewind_tui.tui as tui

TUI = Path(tui.__file__).parent
CLEANED = ("keys.py", "app.py", "info.py", "keyflood.py", "presence.py", "timeline.py", "computer.py")
FILE_ERRORS = {"OSError", "FileNotFoundError", "PermissionError", "IsADirectoryError", "FileExistsError"}
STYLE = {"DEFAULT_CSS", "CSS"}


def _binding(node: ast.AST) -> bool:
    func = node.func if isinstance(node, ast.Call) else None
    return (isinstance(func, ast.Name) and func.id == "Binding") or (
        isinstance(func, ast.Attribute) and func.attr == "Binding"
    )


def _file_error(node: ast.AST) -> bool:
    if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
        return False
    func = node.exc.func
    return isinstance(func, ast.Name) and func.id in FILE_ERRORS


def _allowed(node: ast.AST) -> list[ast.AST]:
    """The parts of ``node`` whose strings are not sentences (see the module's docstring)."""
    if _binding(node) or _file_error(node):
        return [node]
    if isinstance(node, ast.keyword) and node.arg in ("classes", "name"):
        return [node.value]
    if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in STYLE for t in node.targets):
        return [node.value]
    return []


def screen_sentences(path: Path) -> list[str]:
    """The sentences of ``path`` the allow-list does not cover, as ``english.sentences`` writes them."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    allowed = {
        f"{path.name}:{leaf.lineno}: {leaf.value!r}"
        for node in ast.walk(tree)
        for part in _allowed(node)
        for leaf in ast.walk(part)
        if isinstance(leaf, ast.Constant) and isinstance(leaf.value, str)
    }
    return [s for s in sentences(path, programming_errors=True) if s not in allowed]


def checked() -> list[Path]:
    modules = [*TUI.glob("screens/*.py"), *TUI.glob("widgets/*.py"), *(TUI / name for name in CLEANED)]
    return sorted(modules)


def test_the_screens_and_widgets_word_through_words() -> None:
    modules = checked()
    assert len(modules) >= 35
    assert [s for path in modules for s in screen_sentences(path)] == []


def test_the_allow_list_lets_no_sentence_through(tmp_path: Path) -> None:
    """The allow-list itself: a key's label, style and a file's error pass; a status line does not."""
    module = tmp_path / "screen.py"
    module.write_text(
        "from textual.binding import Binding\n"
        'BINDINGS = [Binding("u", "undo", "Undo move")]\n'
        'DEFAULT_CSS = "Screen .field seat { height: 1; }"\n'
        'WIDGET = Static("", classes="field seat")\n'
        'def look():\n    raise FileNotFoundError("no such file")\n'
        'STATUS = "Nothing to undo."\n'
        'LABEL = Label("Table name", id="name")\n',
        encoding="utf-8",
    )
    assert screen_sentences(module) == ["screen.py:7: 'Nothing to undo.'", "screen.py:8: 'Table name'"]
