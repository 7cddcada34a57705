"""Enter in the new-game form (issue 39): in the first name field it started a solo game at once,
while Enter on a list field opens the list. Enter in a text field now goes to the next field, as
Tab does; the start button (Enter on it) or ctrl+s starts."""

from __future__ import annotations

from pathlib import Path

from norsewind_tui.tui.screens.new_game import NewGameScreen
from norsewind_tui.tui.summaries import summaries

from .helpers import aio, make_app
from .waits import until


@aio
async def test_enter_in_a_text_field_goes_to_the_next_field_and_the_start_button_starts(saves: Path) -> None:
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game form")
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "name-0"
        await pilot.press("enter")  # the first name typed: on to the next field, no game yet
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert app.focused is not None and app.focused.id == "level"
        assert summaries(app.context.own_games()) == []
        app.screen.query_one("#seed").focus()
        await pilot.press("enter")  # the last field: on to the start button
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "start"
        assert summaries(app.context.own_games()) == []
        await pilot.press("enter")
        await until(pilot, lambda: type(app.screen).__name__ == "GameScreen", "the game")
        assert len(summaries(app.context.own_games())) == 1
