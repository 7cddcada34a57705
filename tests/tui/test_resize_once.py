"""A resized screen is laid out once for its new size (issue 22 §4): the Resize that Textual's own
layout sends the screen, at the size just laid out, lays nothing out again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.geometry import Size

from norsewind_tui.tui.screens.game import GameScreen

from .helpers import aio, make_app, new_game, shown
from .waits import until


@aio
async def test_a_resize_lays_the_game_screen_out_once(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    laid_out: list[tuple[type, Size]] = []  # the screens laid out for a new terminal size, in order
    resized = GameScreen._screen_resized

    def noted(screen: Any, size: Size) -> None:
        laid_out.append((type(screen), size))
        resized(screen, size)

    monkeypatch.setattr(GameScreen, "_screen_resized", noted)
    app = make_app(saves, game=new_game(saves, ("Ana", "Bo"), seed=4))
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot)
        laid_out.clear()
        for width, height in ((100, 30), (120, 36), (80, 24)):
            await pilot.resize_terminal(width, height)  # the app passes it on after a timer: awaited
            await until(pilot, lambda: bool(laid_out), "the screen's resize")
            text = await shown(pilot)  # and the Resize its layout sent the screen is handled
            assert laid_out == [(GameScreen, Size(width, height))], (width, height)
            assert app.screen.size == Size(width, height) and len(text.splitlines()) == height
            assert {"-wide", "-tall"} <= app.screen.classes if width >= 112 else {"-narrow"} <= app.screen.classes
            laid_out.clear()
