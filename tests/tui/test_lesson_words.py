"""The tutorial says only what is true (issue 23 points 5-7): its words against the screen and the game."""

from __future__ import annotations

from pathlib import Path

import pytest

from norsewind_tui.tui.screens.tutorial import LessonPanel, TutorialScreen
from norsewind_tui.tui.widgets.prompt import StatusLine

from .helpers import aio, make_app, shown


@pytest.fixture(autouse=True)
def player(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NORSEWIND_PLAYER", "Ana")


@aio
async def test_the_status_line_points_up_to_the_lesson_above_it(saves: Path) -> None:
    app = make_app(saves, seed=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        text = await shown(pilot)
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        lesson, status = screen.query_one(LessonPanel), screen.query_one(StatusLine)
        assert lesson.region.bottom <= status.region.y  # the lesson is above the status line
        assert "Read the lesson above; n goes on, ? explains every key, m leaves (it is saved)." in text
        assert "below" not in text
        await pilot.press("enter")
        assert "First read the lesson above: press n to go on." in await shown(pilot)
