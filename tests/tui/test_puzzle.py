"""The daily puzzle in the app (issue 43): the title's entry, one try, the answer."""

from __future__ import annotations

from pathlib import Path

from puzzles.fixtures import decision

from norsewind_tui import puzzles
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.daily import utc_today
from norsewind_tui.storage.puzzles import PuzzleBook
from norsewind_tui.tui.app import NorsewindApp
from norsewind_tui.tui.screens.puzzle import PuzzleScreen
from norsewind_tui.tui.screens.title import TitleScreen

from .helpers import PROFILE, aio, make_app, screen_text, shown
from .screens import opened
from .waits import until


@aio
async def test_the_title_opens_the_puzzle_and_one_pick_gives_the_answer(saves: Path) -> None:
    found = puzzles.from_truth(decision(2))
    assert found is not None
    PuzzleBook(saves).add([found])
    assert PuzzleBook(saves).daily(utc_today(), []) == found  # today's (whatever the shipped ones are)
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Daily puzzle" in await shown(pilot)
        screen = await opened(pilot, "z", PuzzleScreen)
        assert screen.shown is not None
        right = [c.move for c in screen.shown.order].index(found.answer)
        for _ in range(right):
            await pilot.press("down")
        await pilot.press("enter")
        text = await shown(pilot)
        assert "Right: that is the better decision." in text
        assert "  take the Farm in slot 3: -13.0 points ±2.0" in text  # the answer whole, scrolled to
        assert "puzzles: rating 1138 over 1 try, streak 1 day" in text
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("p")
        text = await shown(pilot)
        assert "Daily deals (puzzles: rating 1138 over 1 try, streak 1 day): none yet" in text


@aio
async def test_norsewind_puzzle_opens_the_app_on_the_puzzle_and_esc_goes_to_the_title(saves: Path) -> None:
    found = puzzles.from_truth(decision(2))
    assert found is not None
    PuzzleBook(saves).add([found])
    assert PuzzleBook(saves).daily(utc_today(), []) == found
    context = AppContext.at(str(saves), profile=PROFILE)
    app = NorsewindApp(context, page="puzzle", theme="norsewind")
    async with app.run_test(size=(80, 24)) as pilot:
        # The page opens at its end: the question and its choices in sight, under the position.
        await until(pilot, lambda: "take the Ship in slot 2" in screen_text(app), "the choices in sight")
        assert isinstance(app.screen, PuzzleScreen)
        assert "Find the better decision (one try)." in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
