"""Learn to play (issue 14): the tutorial screen, played by a pilot that reads only the lesson panel."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from norsewind_tui.cli import parse
from norsewind_tui.lessons import is_tutorial, load_lessons, tutorial_game, tutorial_name
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.format import SeatMeta
from norsewind_tui.tui.screens.title import TitleScreen
from norsewind_tui.tui.screens.tutorial import LessonPanel, TutorialEndScreen, TutorialScreen
from norsewind_tui.tui.widgets.prompt import StatusLine

from .helpers import PROFILE, aio, make_app, shown
from .screens import opened

NEXT, ENTER = "Press n to go on.", "Press Enter."


@pytest.fixture(autouse=True)
def player(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NORSEWIND_PLAYER", "Ana")  # the tutorial's player is the app's player


def panel(pilot: Pilot[Any]) -> LessonPanel:
    screen = pilot.app.screen
    assert isinstance(screen, TutorialScreen), type(screen).__name__
    return screen.query_one(LessonPanel)


async def follow(pilot: Pilot[Any], limit: int = 400, stop: int | None = None) -> list[str]:
    """Press what the lesson panel says until the tutorial ends (or ``stop`` decisions are made)."""
    said: list[str] = []
    while isinstance(pilot.app.screen, TutorialScreen) and len(said) < limit:
        screen = pilot.app.screen
        if stop is not None and screen.game.session.position >= stop:
            break
        await pilot.pause()
        lesson = panel(pilot)
        text = lesson.plain
        width = lesson.size.width
        assert len(lesson.lines.wrap(pilot.app.console, width)) <= lesson.size.height, text  # nothing cut off
        said.append(text)
        status_line = screen.query_one(StatusLine)
        # the log's, prompt's and status's 5 lines at 80x24, less the castle display's second line when it has one
        # (the kingdoms stay whole)
        castle_lines = screen.query_one("#castles").size.height
        assert castle_lines in (1, 2)
        assert lesson.size.height + status_line.size.height == 6 - castle_lines, text
        if "Press 3 to see why" in text:  # the red tile lesson asks to try the refused kingdom first
            position = screen.game.session.position
            await pilot.press("3")
            status = await shown(pilot)
            assert "Not allowed: Mercia has a red tile: at most 2 buildings." in status
            assert screen.game.session.position == position  # nothing played
        if text.startswith("[Action B: a castle]"):  # the pointer: reverse video on the castle display only
            castles, market = screen.query_one("#castles"), screen.query_one("#market")
            assert castles.has_class("-lesson") and str(castles.styles.text_style) == "reverse"
            assert not market.has_class("-lesson") and str(market.styles.text_style) != "reverse"
        if text.startswith("[A kingdom at risk]"):  # the preview is of the asked choice (Wessex), not another
            assert "Enter: you gain 3 coins from the ship. You gain 2 coins for 1 farm." in await shown(pilot)
        if text.endswith(NEXT):
            await pilot.press("n")
        elif text.endswith(ENTER):
            await pilot.press("enter")
        else:
            pytest.fail(f"the lesson panel does not say what to press: {text!r}")
    return said


@aio
async def test_a_pilot_completes_the_tutorial_from_the_title_following_the_lesson_panel(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(saves, seed=None)
    async with app.run_test(size=(80, 24)) as pilot:
        title = await shown(pilot)
        lines = title.splitlines()
        learn = next(i for i, line in enumerate(lines) if "Learn to play" in line)
        assert learn < next(i for i, line in enumerate(lines) if "New game" in line)  # first: no finished game
        await pilot.press("enter")
        said = await follow(pilot)
        assert isinstance(app.screen, TutorialEndScreen)
        end = await shown(pilot)
        await pilot.press("c")  # the pointer to the campaign's level 1 is one key
        await pilot.pause()
        assert type(app.screen).__name__ == "CampaignScreen"
    lessons = [t for t in said if not t.startswith(("[Play on]", "[What happened]"))]
    assert len(lessons) == 18  # the welcome page, the status page and 16 lessons
    assert (
        "[What happened] Ana placed the Ship in Northumbria. Ana gained 2 coins from the ship."
        " Northumbria pays 1 per blacksmith in your other kingdoms: 1 blacksmith, 1 coin. Press n to go on."
    ) in said
    assert (
        "[Play on] Put it in East Anglia (row 2). Enter: you gain 4 coins from the ship."
        " You gain 2 coins for 1 ship. East Anglia then: h6>s2 at risk, -7 points. Press Enter."
    ) in said
    assert "East Anglia: 12 shields >= 8 helmets, safe: 6 prestige x 7 citizens = 42." in end
    assert "Wessex: 2 shields < 9 helmets, at risk: -7." in end
    assert "Your total: 95 points." in end
    assert "The Vikings' total: 28 points." in end
    assert "Solo campaign, level 1" in end
    library = AppContext.at(str(saves), profile=PROFILE)
    assert library.campaign()[2] == []  # no medal: the tutorial is not recorded in the campaign


@aio
async def test_the_tutorial_is_left_and_resumed_where_it_was_and_can_be_restarted(saves: Path) -> None:
    app = make_app(saves, seed=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await follow(pilot, stop=3)
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        position, index = screen.game.session.position, screen.tutorial.index
        assert position == 3
        await pilot.press("m")  # leave: the game is saved at every decision
        title = await shown(pilot)
        assert isinstance(app.screen, TitleScreen)
        assert "Continue: tutorial-Ana" in title
        again = await opened(pilot, "l", TutorialScreen)
        assert (again.game.session.position, again.tutorial.index) == (position, index)
        assert "goes on where you left it" in await shown(pilot)
        await pilot.press("R")
        await pilot.pause()
        await pilot.press("y")  # "Start over"
        await pilot.pause()
        fresh = app.screen
        assert isinstance(fresh, TutorialScreen)
        assert fresh.game.session.position == 0 and fresh.tutorial.index == 0
        assert fresh.game.name == tutorial_name("Ana") == "tutorial-Ana"


@aio
async def test_other_decisions_are_refused_kindly_and_the_page_waits_for_n(saves: Path) -> None:
    app = make_app(saves, seed=None)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot, "l", TutorialScreen)
        await pilot.press("enter")  # the welcome page is read first
        assert "First read the lesson above: press n to go on." in await shown(
            pilot
        )  # the status line is under it (issue 23.6)
        await pilot.press("n")
        await pilot.press("4")  # the lesson asks for the Ship in slot 2
        text = await shown(pilot)
        assert "Not this one for now: the lesson asks for the choice under the cursor." in text
        assert screen.game.session.position == 0
        assert screen.cursor == ("slot", 1)
        await pilot.press("n")
        assert "The lesson asks for a decision: press Enter to make it." in await shown(pilot)
        await pilot.press("enter")
        assert screen.game.session.position == 1


def test_norsewind_learn_opens_the_tutorial_and_keeps_the_saves_folder() -> None:
    _, args = parse(["--saves", "/tmp/x", "learn"])
    assert (args.page, args.saves) == ("learn", "/tmp/x")
    _, args = parse(["learn", "--saves", "/tmp/y"])
    assert (args.page, args.saves) == ("learn", "/tmp/y")


def test_only_the_tutorials_own_save_is_taught_and_it_has_no_campaign_profile(saves: Path) -> None:
    library = AppContext.at(str(saves), profile=PROFILE)
    game = tutorial_game(library.games, "Ana")
    try:
        assert game.name == "tutorial-Ana" and game.meta.profile is None  # never recorded: no medal
        assert is_tutorial(game)
    finally:
        game.close()
    lessons = load_lessons()
    other = library.new_game(lessons.config_for("Bo"), lessons.seed + 1, [SeatMeta("Bo")], name="tutorial-Bo")
    try:
        assert not is_tutorial(other)  # a game merely named like it opens on the plain game screen
    finally:
        other.close()
