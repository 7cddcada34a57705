"""Issue 27: while the computer thinks, the game says so and answers keys.

The hard player searches in the driver's worker thread (``tui/driver.py``), so the app's event
loop answers a key in the middle of the search.  ``Midway`` is a spy around one iteration of the
real search: after the first of hard's iterations it reports and waits, so "hard is thinking" is a
state the test is in (the search has begun and has not ended), not a moment it has to hit.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from norsewind_tui.bots import MCTSBot
from norsewind_tui.rules.state import State
from norsewind_tui.tui.messages import GameChanged
from norsewind_tui.tui.screens.game import GameScreen
from norsewind_tui.tui.screens.help import HelpScreen
from norsewind_tui.tui.widgets.prompt import PromptLine

from .helpers import aio, playing, shown
from .waits import WAIT, Seen

Iterate = Callable[[MCTSBot, Any, State], None]


class Midway:
    """Holds the search after its first iteration until ``go``; counts every iteration."""

    def __init__(self) -> None:
        self.reached = threading.Event()
        self.go = threading.Event()
        self.iterations = 0

    def wrap(self, iterate: Iterate) -> Iterate:
        def spied(bot: MCTSBot, root: Any, state: State) -> None:
            iterate(bot, root, state)
            self.iterations += 1
            if self.iterations == 1:
                self.reached.set()
                if not self.go.wait(WAIT):
                    raise TimeoutError("the test never let the search go on")

        return spied


@aio
async def test_a_key_pressed_while_hard_thinks_is_answered_before_its_move(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    midway = Midway()
    monkeypatch.setattr(MCTSBot, "_iterate", midway.wrap(MCTSBot._iterate))
    seen = Seen(GameChanged)
    try:
        async with playing(saves, ("Hal", "Ana"), 12, hook=seen, computers={"Hal": "hard"}) as (game, app, pilot):
            assert await asyncio.to_thread(midway.reached.wait, WAIT), "hard never began its search"
            screen = app.screen
            assert isinstance(screen, GameScreen)
            assert screen.query_one(PromptLine).prompt == "Hal (computer) is thinking..."
            assert "Hal (computer) is thinking..." in await shown(pilot)
            await pilot.press("question_mark")  # the help opens while hard is in the middle of its search
            assert isinstance(app.screen, HelpScreen)
            assert "Norsewind: keys" in await shown(pilot)
            assert game.session.position == 0 and seen.counts[GameChanged] == 0  # no move has landed
            await pilot.press("escape")
            back: Any = app.screen  # (not narrowed to the help screen above)
            assert back is screen
            midway.go.set()  # the search goes on to its budget, and its move lands
            await seen.next(pilot, GameChanged, 0)
            assert game.session.position >= 1 and game.session.states[0].current == 0  # Hal decided (and goes on)
            assert midway.iterations > 1  # the key was answered between the search's iterations
    finally:
        midway.go.set()
