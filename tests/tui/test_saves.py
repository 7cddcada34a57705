"""Save, quit, resume, undo and redo from the keyboard (the saves' undo policy)."""

from __future__ import annotations

from pathlib import Path

from norsewind_tui.tui.summaries import summaries

from .helpers import aio, make_app, pick_a_building, playing, shown
from .screens import game_screen


async def _one_turn(pilot, game) -> None:  # type: ignore[no-untyped-def]
    """Play the current player's turn with Enter until the turn changes."""
    turn = game.state.turn
    while game.state.turn == turn and not game.state.is_over:
        await pilot.press("enter")


@aio
async def test_quit_then_resume_from_the_title_screen(saves: Path) -> None:
    async with playing(saves, ("Ana",), 21) as (game, app, pilot):
        name = game.name
        await _one_turn(pilot, game)
        await pilot.press("enter")  # one decision into the next turn
        position = game.session.position
        state = game.state
        assert position >= 2
        await pilot.press("q")
    # the way back reaches these saves (issue 39.10): the app was started with them
    assert app.return_value is not None and f"norsewind --saves {saves} resume {name}" in app.return_value

    again = make_app(saves)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        assert type(again.screen).__name__ == "ResumeScreen"
        assert name in await shown(pilot)
        await pilot.press("enter")
        assert type(again.screen).__name__ == "GameScreen"
        resumed = game_screen(again).game
        assert resumed.name == name
        assert resumed.session.position == position
        assert resumed.state == state  # exactly where we were, mid-turn
        assert "choose" in await shown(pilot)  # the pending decision is prompted


@aio
async def test_undo_over_a_revealed_card_asks_first_and_marks_the_game_assisted(saves: Path) -> None:
    async with playing(saves, ("Ana",), 22) as (game, app, pilot):
        await _one_turn(pilot, game)
        after_turn = game.session.position
        revealed = game.state.revealed
        assert revealed > 0
        await pilot.press("u")
        assert type(app.screen).__name__ == "ConfirmScreen"
        assert "assisted" in await shown(pilot)
        await pilot.press("n")  # keep playing: nothing changes
        assert game.session.position == after_turn and not game.assisted
        await pilot.press("u", "y")
        assert type(app.screen).__name__ == "GameScreen"
        assert game.session.position < after_turn
        assert game.assisted
        await pilot.press("ctrl+y")
        assert game.session.position == after_turn
        assert game.state.revealed == revealed


@aio
async def test_undo_within_a_turn_needs_no_confirmation(saves: Path) -> None:
    async with playing(saves, ("Ana", "Bo"), 23) as (game, app, pilot):
        await pick_a_building(pilot, game)
        assert game.session.position == 1
        await pilot.press("ctrl+z")
        assert type(app.screen).__name__ == "GameScreen"
        assert game.session.position == 0 and not game.assisted
        assert "Undone" in await shown(pilot)


@aio
async def test_save_as_continues_under_the_new_name(saves: Path) -> None:
    async with playing(saves, ("Ana",), 24) as (game, app, pilot):
        old = game.name
        await pilot.press("enter")
        await pilot.press("s")
        assert type(app.screen).__name__ == "NameScreen"
        await pilot.press("ctrl+a", "ctrl+k", *"my-game", "enter")
        screen = game_screen(app)
        assert type(screen).__name__ == "GameScreen"
        assert screen.game.name == "my-game"
        assert "Saved as my-game" in await shown(pilot)
        await pilot.press("enter")
        position = screen.game.session.position
    names = {g.name: g for g in summaries(app.context.own_games())}
    assert {old, "my-game"} <= set(names)
    reopened = app.context.games.open("my-game")
    assert reopened.session.position == position
    reopened.close()
