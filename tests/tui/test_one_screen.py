"""Issue 22 §1, one game screen: its kinds compose (a driver, a lesson) instead of overriding it, and
the tui asks the game handle, never the game's type."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import norsewind_tui.tui as tui
from norsewind_tui.tui.screens.base import NorsewindScreen
from norsewind_tui.tui.screens.game import GameScreen
from norsewind_tui.tui.screens.table import TableScreen
from norsewind_tui.tui.screens.tutorial import TutorialScreen

TUI = Path(tui.__file__).parent


def overridden(screen: type[GameScreen]) -> set[str]:
    """The methods of the game screen (its own and its Norsewind bases') that ``screen`` defines again."""
    ours = {name for cls in GameScreen.__mro__ if issubclass(cls, NorsewindScreen) for name in vars(cls)}
    return {name for name, value in vars(screen).items() if inspect.isfunction(value) and name in ours}


def test_no_kind_of_game_screen_overrides_more_than_four_of_its_methods() -> None:
    assert set(GameScreen.__subclasses__()) == {TableScreen, TutorialScreen}
    assert overridden(TableScreen) == {"__init__", "on_mount", "sync", "prompt_text"}
    assert overridden(TutorialScreen) == {"__init__", "compose", "on_mount"}


def test_the_tui_never_asks_a_game_its_type() -> None:
    found = []
    for path in sorted(TUI.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for pattern in (r"isinstance\(.*(SharedTable|SavedGame|OpenGame)", r'getattr\(\w+, "table"'):
            found += [f"{path.relative_to(TUI)}: {m.group(0)}" for m in re.finditer(pattern, text)]
    assert found == []
