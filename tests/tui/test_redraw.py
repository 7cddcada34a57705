"""A change is drawn once per board (issue 16): ``render`` paints the lines ``show`` just drew."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text

from norsewind_tui.tui.widgets.board import Board
from norsewind_tui.tui.widgets.market import MarketView

from .helpers import aio, footer_line, make_app, new_game, screen_text, shown


@aio
async def test_a_cursor_move_draws_the_market_once(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(saves, ("Ana", "Bo"), seed=7)
    app = make_app(saves, game=game)
    drawn: list[Board] = []
    original = MarketView.draw

    def draw(self: MarketView, width: int) -> list[Text]:
        drawn.append(self)
        return original(self, width)

    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot)
        await footer_line(pilot)  # the first frame and the layouts after it are done (a loaded run)
        await pilot.pause()
        before = screen_text(app)
        monkeypatch.setattr(MarketView, "draw", draw)
        await pilot.press("right")
        after = await shown(pilot)
        assert after != before  # the cursor moved on the market
        assert len(drawn) == 1  # by show(); render() painted those lines (it drew them again before)
        drawn.clear()
        await pilot.resize_terminal(100, 32)  # a new width: drawn afresh (and measured for the layout)
        await pilot.pause()
        assert drawn
        assert "Turn 1" in screen_text(app)
