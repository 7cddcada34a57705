"""R24: variant 2 (4 random kingdom tiles) does not apply to solo, wherever a game is asked for."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Checkbox, Select

from norsewind_tui.cli import main

from .helpers import aio, make_app, screen_text
from .screens import game_screen


@aio
async def test_r24_the_new_game_screen_does_not_offer_variant_2_in_solo(saves: Path) -> None:
    app = make_app(saves, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        screen = app.screen
        assert type(screen).__name__ == "NewGameScreen"
        tick = screen.query_one("#random-tiles", Checkbox)
        assert not tick.display  # solo is the default: the variant is not shown
        screen.query_one("#player-count", Select).value = 2
        await pilot.pause()
        assert tick.display
        tick.value = True  # asked for with 2 players, then back to solo
        screen.query_one("#player-count", Select).value = 1
        await pilot.pause()
        assert not tick.display
        await pilot.press("ctrl+s")
        assert type(app.screen).__name__ == "GameScreen"
        config = app.screen.game.state.config
        assert config.solo and not config.random_tiles


@pytest.mark.parametrize("args", [["--level", "3"], ["--players", "1"]])
def test_r24_simulate_says_so_in_one_line(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", *args, "--random-tiles", "--games", "1"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        "norsewind: variant 2 (4 random kingdom tiles) does not apply to solo: the level table fixes the tiles (R24)\n"
    )


def test_simulate_plays_variant_2_with_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "3", "--random-tiles", "--games", "2", "--json"]) == 0
    out, _ = capsys.readouterr()
    assert '"players":3' in out and '"games":2' in out


@aio
async def test_r24_a_solo_game_saved_with_variant_2_before_r24_opens_and_plays_on(saves: Path) -> None:
    """Issue 23.19: the old save (tests/fixtures/saves/v2-solo-variant2.json) is resumed from the
    Resume list; the game screen says in one line why it plays without the variant."""
    import shutil

    from norsewind_tui.storage.context import AppContext
    from norsewind_tui.tui.app import NorsewindApp

    fixtures = Path(__file__).parents[1] / "fixtures" / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    shutil.copy(fixtures / "v2-solo-variant2.json", saves / "variant2.json")
    cards = str(fixtures / "cards.toml")  # the set it was played with
    app = NorsewindApp(AppContext.at(str(saves), cards=cards, profile="astrid"), seed=None, theme="norsewind")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")  # the Resume list
        await pilot.pause()
        text = screen_text(app)
        assert "variant2" in text and "unreadable" not in text.lower()
        await pilot.press("enter")
        await pilot.pause()
        screen = game_screen(app)
        assert type(screen).__name__ == "GameScreen"
        game = screen.game
        assert game.session.position == 30 and not game.state.config.random_tiles
        text = " ".join(line.strip() for line in screen_text(app).splitlines())
        assert (
            "variant2.json: converted from save format 2; variant 2 never applied to solo (R24): it plays on"
            " without it, as before (rewritten on the next move)"
        ) in text  # whole: nothing cut off at 80x24
        before = game.session.position
        await pilot.press("enter")  # it plays on
        await pilot.pause()
        assert game.session.position == before + 1
