"""The final board from the score pad (issue 23.9): every key it offers does something, and says so."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from norsewind_tui.tui.screens.final_board import FinalBoardScreen
from norsewind_tui.tui.screens.vikings import VikingScreen

from .helpers import aio, finished_game, footer_line, running, screen_text, shown


async def final_board(pilot: Pilot[Any]) -> str:
    """The score pad's b: the final board, as text."""
    await pilot.pause()
    await pilot.press("b")
    await shown(pilot)
    await footer_line(pilot)  # its keys are drawn after its first frame
    return screen_text(pilot.app)


@aio
async def test_in_solo_tab_and_v_show_the_final_viking_display(saves: Path) -> None:
    game = finished_game(saves, ("Ana",))
    async with running(saves, game) as (app, pilot):
        text = await final_board(pilot)
        assert isinstance(app.screen, FinalBoardScreen)
        assert "Your kingdoms as the game ended. Tab or v: the Viking display." in text
        footer = text.splitlines()[-1]
        assert "Vikings" in footer and "Next player" not in footer  # no other player to show
        for key in ("tab", "v"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, VikingScreen), key
            assert app.screen.state == game.state  # the display as the game ended
            assert "Viking" in screen_text(app)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, FinalBoardScreen)


@aio
async def test_with_players_tab_goes_on_and_v_says_why_there_is_no_viking_display(saves: Path) -> None:
    game = finished_game(saves, ("Ana", "Bo"))
    async with running(saves, game) as (app, pilot):
        text = await final_board(pilot)
        assert "Next player" in text.splitlines()[-1]
        await pilot.press("v")
        text = await shown(pilot)
        assert isinstance(app.screen, FinalBoardScreen)
        assert "v: the Viking display is in the solo game only; Tab shows the next player." in text
        await pilot.press("tab")
        assert "Bo's kingdoms as the game ended." in await shown(pilot)
