"""Who gives the hints (issue 39): the expert, the strongest level, unless the player chose hard
on the settings page; hints were always the hard player's, and Settings offered no choice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Select

from norsewind_tui import play
from norsewind_tui.storage.settings import Settings, SettingsStore
from norsewind_tui.tui.messages import HintReady
from norsewind_tui.tui.screens.settings import SettingsScreen
from norsewind_tui.tui.widgets.prompt import StatusLine

from .helpers import aio, new_game, running
from .waits import Seen, until


def status(app: Any) -> str:
    return str(app.screen.query_one(StatusLine).message)


async def hint_shown(pilot: Any, app: Any, seen: Seen) -> str:
    """Press h; the line said while the hint is worked out (the answer may come before a look)."""
    said: list[str] = []
    line = app.screen.query_one(StatusLine)
    real = line.say

    def say(message: str, kind: str = "info") -> None:
        said.append(message)
        real(message, kind)

    line.say = say
    answered = seen.counts[HintReady]
    await pilot.press("h")
    await seen.next(pilot, HintReady, answered)
    await pilot.pause()
    line.say = real
    return said[0]


@aio
async def test_the_hint_is_the_experts_unless_settings_choose_hard(saves: Path) -> None:
    game = new_game(saves, ("Ana",), seed=21)
    state = game.state
    seen = Seen(HintReady)
    async with running(saves, game, hook=seen) as (app, pilot):
        assert await hint_shown(pilot, app, seen) == "Thinking of a hint (what the expert computer player would do)..."
        assert status(app) == play.ask(state, 0, giver="expert").text
        app.push_screen(SettingsScreen())
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen), "the settings page")
        await pilot.pause()
        app.screen.query_one("#hints", Select).value = "hard"
        await until(pilot, lambda: app.session.settings.hints == "hard", "the setting saved")
        identity = app.context.identity
        assert SettingsStore(saves).load(identity) == (Settings(hints="hard"), None)
        assert "Saved: hints come from the hard computer player." in str(
            app.screen.query_one("#settings-status").render()
        )
        app.pop_screen()
        await until(pilot, lambda: type(app.screen).__name__ == "GameScreen", "the game again")
        screen: Any = app.screen
        screen.hints.announced = None  # a fresh search, not the plan the expert announced
        assert await hint_shown(pilot, app, seen) == "Thinking of a hint (what the hard computer player would do)..."
        assert status(app) == play.ask(state, 0, giver="hard").text


def test_a_settings_file_without_the_hint_giver_reads_as_the_expert(saves: Path) -> None:
    store = SettingsStore(saves)
    (saves / "settings").mkdir()
    (saves / "settings" / "alice.json").write_text('{"format": 1, "turn_bell": false}')
    assert store.load("alice") == (Settings(turn_bell=False, hints="expert"), None)
    assert store.hint_giver("alice") == "expert"
    (saves / "settings" / "alice.json").write_text('{"format": 1, "turn_bell": false, "hints": "easy"}')
    settings, notice = store.load("alice")
    assert settings == Settings() and notice is not None and "hints" in notice
