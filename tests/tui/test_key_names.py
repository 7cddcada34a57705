"""One key, one name everywhere (issue 23.10): the footer, the prompt's buttons, the palette, the dialogs."""

from __future__ import annotations

from pathlib import Path

from norsewind_tui.bots import make_bot
from norsewind_tui.tui.screens.game import GameScreen
from norsewind_tui.tui.screens.review import ReviewScreen

from .helpers import aio, footer_line, make_app, new_game, pick_a_building, playing, shown


@aio
async def test_the_palette_names_each_key_as_the_footer_does(saves: Path) -> None:
    async with playing(saves, ("Ana", "Bo"), 4) as (_game, app, pilot):
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await shown(pilot)
        footer = await footer_line(pilot)
        keys = {title: help_text for title, help_text, _ in screen.palette_commands()}
        assert keys["Help"] == "key ?"
        assert keys["Back"] == "key Esc"
        assert keys["Choose"] == "key Enter"
        assert keys["Redo"] == "key ^y"
        assert not [k for k in keys.values() if "question_mark" in k or "escape" in k]
        for title in ("Help", "Back", "Choose", "Undo", "Hint", "Quit"):  # as the footer shows them
            assert f"{keys[title].removeprefix('key ')} {title}" in footer, (title, footer)


@aio
async def test_the_decline_button_is_named_as_the_footer_names_d(saves: Path) -> None:
    async with playing(saves, ("Ana",), 4) as (game, _app, pilot):
        await pick_a_building(pilot, game)
        await pilot.press("enter")  # the kingdom under the cursor
        assert game.state.phase == "supply"
        text = await shown(pilot)
        assert "[d Decline]" in text
        assert "d Decline" in await footer_line(pilot)
        assert "Skip" not in text


@aio
async def test_the_go_to_turn_dialog_says_what_enter_does(saves: Path) -> None:
    game = new_game(saves, ("Astrid",), seed=7)
    bot = make_bot("greedy", 1)
    for _ in range(10):
        game.push(bot.decide(game.state))
    name = game.name
    game.close()
    app = make_app(saves)
    app.initial_review = app.context.games.open(name, read_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, ReviewScreen)
        await pilot.press("g")
        text = await shown(pilot)
        assert "Go to turn (1-" in text
        assert "Enter goes to that turn, Esc cancels." in text
        assert "saves" not in text
