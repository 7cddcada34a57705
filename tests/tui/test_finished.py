"""R25, in the app: a finished game is final.

The score pad offers no undo or redo; u, ctrl+z and ctrl+y say that the game is
finished and its result recorded, and point at the log (L) for looking back.
Nothing they do changes the game, its save or the campaign table.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Static

from norsewind_tui.rules import apply, cards_for, legal_moves
from norsewind_tui.rules.moves import Move
from norsewind_tui.storage.context import AppContext
from norsewind_tui.tui.screens.dialogs import LogScreen
from norsewind_tui.tui.screens.game import GameScreen
from norsewind_tui.tui.targets import key_of
from norsewind_tui.tui.widgets.prompt import StatusLine
from norsewind_tui.words import past

from .helpers import PROFILE, aio, footer_line, new_game, running, shown

UNDO_REFUSED = "Not undone: the game is finished and its result recorded. L shows the game log."
REDO_REFUSED = "Not redone: the game is finished and its result recorded. L shows the game log."


def _one_from_the_end(saves: Path, seed: int) -> tuple[Any, Move]:
    """A solo game played with the first legal move each time, stopped before the move that ends it."""
    game = new_game(saves, ("Astrid",), seed=seed)
    while True:
        move = legal_moves(game.state)[0]
        if apply(game.state, move).is_over:
            return game, move
        game.push(move)


def _end_status(app: Any) -> str:
    return str(app.screen.query_one("#end-status", Static).content)


@aio
async def test_the_score_pad_offers_no_undo_and_every_way_back_says_why(saves: Path) -> None:
    game, last = _one_from_the_end(saves, seed=103)
    game.push(last)
    assert game.finished
    position, moves, assisted = game.session.position, len(game.session.moves), game.assisted
    context = AppContext.at(str(saves), profile=PROFILE)
    campaign = context.campaign()
    assert sum(row.played for row in campaign[0]) == 1  # the result is recorded, once
    async with running(saves, game) as (app, pilot):
        assert type(app.screen).__name__ == "EndScreen"
        footer = await footer_line(pilot)
        assert "Undo" not in footer and "Redo" not in footer  # not offered
        assert "L Log" in footer  # looking back is
        for key, said in (("u", UNDO_REFUSED), ("ctrl+y", REDO_REFUSED), ("ctrl+z", UNDO_REFUSED)):
            await pilot.press(key)
            assert type(app.screen).__name__ == "EndScreen"
            assert _end_status(app) == said
            assert game.session.position == position and len(game.session.moves) == moves
            assert game.finished and game.assisted == assisted
        assert "Astrid 9 - Vikings 81: margin -72." in await shown(pilot)  # the pad as it was
        # L: the whole log, down to the event that ended the game
        await pilot.press("L")
        log = app.screen
        assert isinstance(log, LogScreen)
        names = tuple(p.name for p in game.state.players)
        events = [e for batch in game.session.events[:position] for e in batch]
        assert [line.strip() for line in log.lines] == [past(e, names, cards_for(game.state)) for e in events]
        await pilot.press("escape")
        assert type(app.screen).__name__ == "EndScreen"
    # nothing on disk changed either: the save and the campaign table are as the game ended
    reopened = context.games.open(game.name, read_only=True)
    assert reopened.session.position == position and reopened.finished and reopened.assisted == assisted
    assert context.campaign() == campaign


@aio
async def test_the_game_screen_refuses_undo_and_redo_once_the_game_is_over(saves: Path) -> None:
    """The last decision ends the game: before the score pad replaces the board, u and ctrl+y say why."""
    game, last = _one_from_the_end(saves, seed=103)
    async with running(saves, game) as (app, pilot):
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.play(last)  # the score pad is on its way (switch_screen), the board still up
        assert game.finished
        position = game.session.position
        screen.action_undo()
        assert screen.query_one(StatusLine).message == UNDO_REFUSED
        screen.action_redo()
        assert screen.query_one(StatusLine).message == REDO_REFUSED
        assert game.session.position == position and not game.assisted
        await pilot.pause()
        assert type(app.screen).__name__ == "EndScreen"


@aio
async def test_keys_pressed_as_the_game_ends_take_nothing_back(saves: Path) -> None:
    """A key flood over the last decision: Enter ends the game, the undo keys after it are refused
    by whichever screen receives them."""
    game, last = _one_from_the_end(saves, seed=103)
    async with running(saves, game) as (app, pilot):
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.cursor = key_of(last)
        position = game.session.position
        await pilot.press("enter", "u", "ctrl+z", "ctrl+y", "u")
        await pilot.pause()
        assert game.finished and game.session.position == position + 1 and not game.assisted
        assert type(app.screen).__name__ == "EndScreen"
