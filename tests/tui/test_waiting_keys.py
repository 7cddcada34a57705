"""Read-only views show only the keys that do something (issue 39): a second tab watching a game,
and a player waiting at a table, were offered "Enter Choose 1-5 Pick ... u Undo h Hint". The keys
pressed anyway say why they do nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.tables import TableStore
from norsewind_tui.tui.screens.table import TableScreen
from norsewind_tui.tui.widgets.prompt import StatusLine

from .helpers import PROFILE, aio, footer_line, make_app, new_game, running
from .screens import game_screen
from .tables_at import mover_and_watcher
from .waits import until


def status(app: Any) -> str:
    return str(app.screen.query_one(StatusLine).message)


@aio
async def test_a_watched_game_offers_no_choice_undo_or_hint(saves: Path) -> None:
    holder = new_game(saves, ("Ana", "Bo"), seed=26)
    watched = AppContext.at(str(saves), profile=PROFILE).games.open(holder.name, read_only=True)
    async with running(saves, watched) as (app, pilot):
        assert (await footer_line(pilot)).split() == ["?", "Help", "q", "Quit"]
        watching = "Watching, read-only: the board follows the game; tab shows the other players, ? the keys."
        assert status(app) == watching
        await pilot.press("enter")
        await pilot.pause()
        problem = game_screen(app).game.turn_problem()
        assert problem is not None
        assert status(app) == "Wait: " + str(problem) + "."
        await pilot.press("u")
        await pilot.pause()
        assert status(app) == "Not undone: this game is open read-only."  # the play controller's words
        await pilot.press("h")
        await pilot.pause()
        assert status(app) == "No hint while watching: hints are for the player to move."
    holder.close()


@aio
async def test_a_player_waiting_at_a_table_is_offered_no_choice_undo_or_hint(saves: Path) -> None:
    mover, waiter = mover_and_watcher(saves)
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(TableScreen(TableStore(saves).open(mover.name, mover.identity)))
        screen: Any = app.screen
        await pilot.pause()
        mine = "Enter Choose 1-5 Pick Esc Back u Undo h Hint ? Help t Chat"  # the chat, q out of the footer (room)
        assert (await footer_line(pilot)).rstrip() == mine
        while screen.controller.asked():  # the mover plays its turn out: then waits for the other
            screen.game.push(screen.game.legal_moves()[0])
            screen.sync()
            await pilot.pause()
        assert (await footer_line(pilot)).rstrip() == "? Help q Quit t Chat"
        await pilot.press("h")
        await pilot.pause()
        assert status(app) == "No hint: it is not your decision."
        await pilot.press("u")
        await pilot.pause()
        said = "Not undone: your last decision revealed a card to everyone: it cannot be undone at a shared table."
        assert status(app) == said  # the play controller's words, the line mode's too
        waiter.poll()
        waiter.push(waiter.legal_moves()[0])  # the other player decides: nothing of the waiter's to undo
        await until(pilot, lambda: screen.game.session.position == waiter.session.position, "the other's decision")
        await pilot.pause()
        assert (await footer_line(pilot)).rstrip() == "? Help q Quit t Chat"
        await pilot.press("enter")
        await pilot.pause()
        assert status(app) == f"Wait: it is {waiter.identity}'s turn, not yours (you are {mover.identity}, seat 1)."
