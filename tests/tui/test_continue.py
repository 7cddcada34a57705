"""The title screen offers this player's latest unfinished game first (issue 6: a dropped
connection loses nothing; reconnecting offers to resume the game autosaved at the last decision),
and with ``norsewind --continue`` opens it at once (issue 26: a reloaded browser tab)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.widgets import OptionList

from norsewind_tui.rules import legal_moves
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.tables import TableStore
from norsewind_tui.tui.app import NorsewindApp

from .helpers import PROFILE, aio, footer_line, make_app, new_game, shown
from .screens import game_screen
from .waits import until


def _played(saves: Path, names: tuple[str, ...], seed: int, moves: int) -> tuple[str, int, Any]:
    """A game with a few decisions made, closed (as a dropped session leaves it): name, position, state."""
    game = new_game(saves, names, seed=seed)
    for _ in range(moves):
        game.push(legal_moves(game.state)[0])
    out = (game.name, game.session.position, game.state)
    game.close()
    return out


def _finished(saves: Path, names: tuple[str, ...], seed: int) -> str:
    game = new_game(saves, names, seed=seed)
    while not game.state.is_over:
        game.push(legal_moves(game.state)[0])
    name: str = game.name
    game.close()
    return name


def _menu(app: Any) -> OptionList:
    return app.screen.query_one("#menu", OptionList)  # type: ignore[no-any-return]


@aio
async def test_the_players_latest_unfinished_game_comes_first_and_enter_resumes_it(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NORSEWIND_PLAYER", "ana")
    _played(saves, ("ana",), seed=3, moves=2)  # older game of ana's
    name, position, state = _played(saves, ("ana", "Bob"), seed=4, moves=5)  # her latest
    _played(saves, ("carl",), seed=6, moves=1)  # someone else's, saved after hers
    _finished(saves, ("ana",), seed=7)  # hers but over
    assert position == 5
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        text = await shown(pilot)
        menu = _menu(app)
        assert menu.get_option_at_index(0).id == "continue"
        assert menu.highlighted == 0
        assert f"Continue: {name} (turn {state.turn}, multiplayer, saved " in text
        assert menu.option_count == 14  # the usual thirteen below it (Learn to play, Daily deal, puzzle, TV...)
        await pilot.press("enter")
        assert type(app.screen).__name__ == "GameScreen"
        resumed = game_screen(app).game
        assert resumed.name == name
        assert resumed.session.position == position
        assert resumed.state == state  # exactly where the dropped session left it


@aio
async def test_a_solo_game_of_the_players_profile_counts_as_theirs(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The seat is named otherwise, but the save's profile (the helpers' ``tester``) is the identity."""
    monkeypatch.setenv("NORSEWIND_PLAYER", "tester")
    name, position, _ = _played(saves, ("Ana Viking",), seed=8, moves=1)
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        assert f"Continue: {name} (turn " in await shown(pilot)
        await pilot.press("enter")
        assert game_screen(app).game.session.position == position


# A shared table where the player holds a seat is offered since issue 11 asked for it (section 5):
# test_title_turns.py::test_a_table_where_you_hold_a_seat_is_offered_in_continue; a table where they
# only watch still is not (test_title_turns.py::test_no_your_turn_line_for_a_watcher).
@pytest.mark.parametrize("others", ["another player", "finished only", "empty"])
@aio
async def test_no_entry_without_an_unfinished_game_of_this_player(
    saves: Path, monkeypatch: pytest.MonkeyPatch, others: str
) -> None:
    monkeypatch.setenv("NORSEWIND_PLAYER", "ana")
    if others == "another player":
        _played(saves, ("bob", "Carl"), seed=3, moves=2)
    elif others == "finished only":
        _finished(saves, ("ana",), seed=7)
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        text = await shown(pilot)
        menu = _menu(app)
        assert "Continue" not in text
        assert menu.option_count == 13  # with Learn to play, the Daily deal, Settings, the puzzle, Tournaments, TV
        # issue 14: "Learn to play" leads the menu until the player has finished a game
        first = "new" if others == "finished only" else "learn"
        assert menu.get_option_at_index(0).id == first
        await pilot.press("enter")
        assert type(app.screen).__name__ == ("NewGameScreen" if first == "new" else "TutorialScreen")


@aio
async def test_a_game_held_by_another_session_offers_to_watch(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The old session is still alive (its lock held): Enter says so and offers read-only, no traceback."""
    monkeypatch.setenv("NORSEWIND_PLAYER", "ana")
    game = new_game(saves, ("ana",), seed=3)
    game.push(legal_moves(game.state)[0])
    try:
        app = make_app(saves)
        async with app.run_test(size=(80, 24)) as pilot:
            await shown(pilot)
            assert _menu(app).get_option_at_index(0).id == "continue"
            await pilot.press("enter")
            assert type(app.screen).__name__ == "ConfirmScreen"
            assert "in use" in await shown(pilot)
    finally:
        game.close()


@aio
async def test_leaving_a_game_from_the_palette_releases_it_for_continue(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The palette's "Title screen" closes the game like the menu key does, so Continue resumes it
    (not "watch read-only", which a still-held lock would bring)."""
    monkeypatch.setenv("NORSEWIND_PLAYER", "ana")
    name, position, _ = _played(saves, ("ana", "Bob"), seed=4, moves=3)
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot)
        await pilot.press("enter")
        assert type(app.screen).__name__ == "GameScreen"
        app.goto_title()  # what the palette's "Title screen" command runs
        await pilot.pause()
        assert app.session.active_game is None
        await shown(pilot)
        await pilot.press("enter")
        assert type(app.screen).__name__ == "GameScreen"
        resumed = game_screen(app).game
        assert resumed.name == name and resumed.session.position == position
        assert not resumed.read_only


# --------------------------------------------------------------------------- norsewind --continue
# A browser tab reloaded under norsewind web (issue 26): the title opens the player's latest
# unfinished game at once, a saved game or a table where they hold a seat, whichever changed last;
# with none, the title stays.


def continuing(saves: Path) -> NorsewindApp:
    return NorsewindApp(AppContext.at(str(saves), profile=PROFILE), seed=5, theme="norsewind", page="continue")


@aio
async def test_with_nothing_to_continue_the_title_stays(saves: Path) -> None:
    app = continuing(saves)
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: app.session.around is not None, "the first look at the tables")
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"


@aio
async def test_the_players_saved_game_opens_at_once(saves: Path) -> None:
    app = continuing(saves)
    game = new_game(saves, (app.context.identity,))
    name = game.name
    game.close()
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "GameScreen", "the game screen")
        assert game_screen(app).game.name == name


@aio
async def test_a_table_changed_after_the_saved_game_opens_instead(saves: Path) -> None:
    app = continuing(saves)
    new_game(saves, (app.context.identity,)).close()
    TableStore(saves).create(app.context.identity, ["me", "open"], seed=1)
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "TableScreen", "the table screen")
        assert game_screen(app).game.name == f"{app.context.identity}-table"


@aio
async def test_a_blurred_browser_app_resumes_with_its_keys_and_the_cursor_line(saves: Path) -> None:
    """Issue 39: a browser's app starts blurred (textual's web driver) and a reloaded tab opens the
    game at once: its key bar was empty, and the status line the first tip, until the first key."""
    app = continuing(saves)
    _played(saves, (app.context.identity,), seed=5, moves=1)
    async with app.run_test(size=(80, 24)) as pilot:
        app.post_message(events.AppBlur())
        await until(pilot, lambda: type(app.screen).__name__ == "GameScreen", "the game screen")
        assert not app.app_focus
        assert (await footer_line(pilot)).strip() == "Enter Choose 1-4 Kingdom Esc Back u Undo h Hint ? Help q Quit"
        lines = (await shown(pilot)).splitlines()
        assert [line.rstrip() for line in lines[-4:-1]] == [
            "root: choose the kingdom for the Inn.",
            "Enter: you place the Inn in Northumbria, paying 3. You can take no citizen or",
            "disc: the supplies next to slot 1 have none to place. Northumbria then: h4>s0 at",
        ]
