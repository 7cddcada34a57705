"""A change is drawn once per board (issue 16): ``render`` paints the lines ``show`` just drew; a
decision renders and writes only what it changed (issue 28: counts, not time)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.app import App
from textual.pilot import Pilot
from textual.widgets._footer import FooterKey

from norsewind_tui.storage.context import AppContext
from norsewind_tui.tui.widgets.board import Board
from norsewind_tui.tui.widgets.footer import KeysFooter
from norsewind_tui.tui.widgets.market import MarketView
from norsewind_tui.tui.widgets.prompt import PromptLine, StatusLine

from .helpers import PROFILE, aio, footer_line, last_line, make_app, new_game, playing, screen_text, shown
from .painted import Painted, Rendered, changed, composed
from .screens import game_screen
from .waits import shows_latest, until


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


PICKS = "Enter Choose 1-5 Pick c Castles Esc Back u Undo h Hint ? Help q Quit"  # the footer, a building to take
ROWS = "Enter Choose 1-4 Kingdom Esc Back u Undo h Hint ? Help q Quit"  # a kingdom to choose
SUPPLY = "Enter Choose 1-5 Pick d Decline Esc Back u Undo h Hint ? Help q Quit"  # a supply to take from


def footer_keys(app: App[Any]) -> set[FooterKey]:
    return set(app.screen.query_one(KeysFooter).query(FooterKey))


async def decide(pilot: Pilot[Any], painted: Painted, footer: str) -> None:
    """Enter on the cursor's choice; back once the terminal shows all the app draws and the footer is ``footer``."""
    app = pilot.app
    position = game_screen(app).game.session.position
    await pilot.press("enter")
    await until(
        pilot,
        lambda: (
            game_screen(app).game.session.position > position
            and last_line(app).rstrip() == footer
            and painted.cells == composed(app)
        ),
        f"the decision after position {position}, the footer {footer!r}",
    )


@aio
async def test_a_decision_renders_only_the_widgets_it_changed(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 28: a decision renders again the widgets whose cells it changes, and no other; the
    footer keeps its keys; when the prompt takes a second line (a layout: the board a line shorter)
    the widgets it did not change are not written, and none of the board twice."""
    async with playing(saves, ("Ana", "Bo"), 7) as (_game, app, pilot):
        await footer_line(pilot)
        await until(pilot, lambda: shows_latest(app), "the first frame marked drawn")
        painted = Painted(app, monkeypatch)
        rendered = Rendered(monkeypatch)
        keys = footer_keys(app)
        changes = {"castles", "footer", "kingdoms", "log", "market", "prompt", "status"}
        for footer, expected, mounted in [
            (ROWS, changes, 1),  # Ana takes the Farm: "1-4 Kingdom" is a key never shown before
            (PICKS, changes | {"players"}, 0),  # the Farm to Northumbria; Bo's turn: "1-5 Pick" shown again
            (ROWS, changes, 0),  # Bo takes the Ship
        ]:
            before = composed(app)
            painted.clear()
            rendered.clear()
            await decide(pilot, painted, footer)
            assert changed(app, before, composed(app)) == expected
            assert set(rendered.owners) == expected  # the players bar only when it changed; no container
            assert painted.twice() <= {"footer"}  # (a new key is drawn once more when it is mounted)
            assert len(footer_keys(app) - keys) == mounted
            keys |= footer_keys(app)
        before = composed(app)
        painted.clear()
        await decide(pilot, painted, SUPPLY)  # the Ship to Northumbria; the prompt wraps over two lines
        assert app.screen.query_one(PromptLine).size.height == 2
        assert changed(app, before, composed(app)) == changes - {"castles"} | {"players"}
        assert set(painted.written_by()) == changes - {"castles"} | {"players"}  # not the castles: unchanged
        assert painted.twice() == {"footer", "log", "prompt"}  # resized (and the footer's new Decline key)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@aio
async def test_the_screen_after_decisions_is_the_screen_drawn_afresh(
    saves: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """Issue 28: what the terminal shows after twenty decisions drawn change by change (cells that
    changed, keys hidden and shown again, layouts; at 120x40 the side panels too) is the screen of
    the game opened afresh."""
    async with playing(saves, ("Ana", "Bo"), 7, size) as (game, app, pilot):
        await footer_line(pilot)
        await until(pilot, lambda: shows_latest(app), "the first frame marked drawn")
        painted = Painted(app, monkeypatch)
        for n in range(20):
            position = game.session.position
            await pilot.press("enter")
            await until(
                pilot,
                lambda: game.session.position > position and painted.cells == composed(app),  # noqa: B023
                f"decision {n + 1} drawn",
            )
        status = app.screen.query_one(StatusLine).region  # says what the last decision did
        shown = painted.cells
        name = game.name
        assert game.session.position == 20
    again = make_app(saves, game=AppContext.at(str(saves), profile=PROFILE).games.open(name))
    async with again.run_test(size=size) as pilot:
        await footer_line(pilot)
        fresh = composed(again)
    rows = [y for y in range(size[1]) if not status.y <= y < status.bottom]
    assert [shown[y] for y in rows] == [fresh[y] for y in rows]
