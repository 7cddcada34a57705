"""A game screen is styled for the terminal's size once: its size and solo classes are set before it
is mounted, not on its first resize and its mount (each a restyle of every widget, issue 22 §4)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.dom import DOMNode

from norsewind_tui.storage.context import AppContext
from norsewind_tui.tui import app as app_module
from norsewind_tui.tui.app import NorsewindApp
from norsewind_tui.tui.screens.game import GameScreen

from .helpers import PROFILE, aio, new_game, shown


class RestylesSeen(NorsewindApp):
    """The app, noting each node Textual restyles with its descendants (a class or a screen resumed)."""

    CSS_PATH = str(Path(app_module.__file__).with_name("norsewind.tcss"))  # relative: to this file

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.restyled: list[DOMNode] = []

    def update_styles(self, node: DOMNode, animate: bool = True) -> None:
        self.restyled.append(node)
        super().update_styles(node, animate)


@pytest.mark.parametrize(
    ("size", "classes"),
    [((80, 24), {"-narrow", "-short"}), ((120, 36), {"-wide", "-tall"})],
    ids=["80x24", "120x36"],
)
@pytest.mark.parametrize("names", [("Ana",), ("Ana", "Bo")], ids=["solo", "hot-seat"])
@aio
async def test_a_game_screen_is_styled_for_its_size_once(
    saves: Path, size: tuple[int, int], classes: set[str], names: tuple[str, ...]
) -> None:
    game = new_game(saves, names, seed=4)
    context = AppContext.at(str(saves), profile=PROFILE)
    app = RestylesSeen(context, game=game, seed=5, computer_delay=0.0, theme="norsewind")
    async with app.run_test(size=size) as pilot:
        text = await shown(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert {c for c in screen.classes if c.startswith("-")} == classes | ({"-solo"} if len(names) == 1 else set())
        # once: when it was made the screen shown (Textual restyles a resumed screen); its widgets
        # were styled as they were mounted, with the classes already set
        assert [node for node in app.restyled if node is screen] == [screen]
        assert "Ana" in text
