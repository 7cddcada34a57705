"""The screen shown, typed (issue 40): ``on_screen(app, GameScreen).game`` instead of an untyped
``app.screen.game`` and a ``type: ignore``. A test that reaches into the wrong screen fails here, with
the screen shown, rather than with an AttributeError."""

from __future__ import annotations

from typing import Any, TypeVar

from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen

from norsewind_tui.tui.screens.game import GameScreen
from norsewind_tui.tui.screens.table import TableScreen

from .waits import until

S = TypeVar("S", bound=Screen[Any])


def on_screen(app: App[Any], kind: type[S]) -> S:
    """The app's screen, which must be a ``kind``."""
    screen = app.screen
    assert isinstance(screen, kind), f"{type(screen).__name__} is shown, not a {kind.__name__}"
    return screen


async def opened(pilot: Pilot[Any], key: str, kind: type[S]) -> S:
    """Press ``key``, wait until a ``kind`` screen is shown and drawn; that screen."""
    await pilot.press(key)
    await until(pilot, lambda: isinstance(pilot.app.screen, kind), f"a {kind.__name__}")
    await pilot.pause()
    return on_screen(pilot.app, kind)


def game_screen(app: App[Any]) -> GameScreen:
    """The game screen shown (a table's too)."""
    return on_screen(app, GameScreen)


def table_screen(app: App[Any]) -> TableScreen:
    """A shared table's game screen, shown."""
    return on_screen(app, TableScreen)
