"""R24: variant 2 (4 random kingdom tiles) does not apply to solo, wherever a game is asked for."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Checkbox, Select

from norsewind_tui.cli import main

from .helpers import aio, make_app


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
