"""The computers' summary in the status line keeps where each card went (issue 23 point 12)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from norsewind_tui import words
from norsewind_tui.tui.widgets.prompt import StatusLine

from .helpers import aio, playing
from .waits import until

BOTS = ("Normal bot 2", "Normal bot 3")


@aio
async def test_the_computers_summary_keeps_the_kingdoms_at_80x24(saves: Path) -> None:
    """Two computers' whole turns do not fit the status line's two lines at 80 columns: the summary
    that fits still says where each card went ("took the Blacksmith into Mercia"), not only
    "Normal bot 2 took the Blacksmith" with an empty line below."""
    async with playing(saves, ("Ana", *BOTS), 12, computers=dict.fromkeys(BOTS, "easy")) as (game, app, pilot):
        status: Any = app.screen.query_one(StatusLine)
        for _ in range(2):  # the computers' turns after Ana's (twice, if they began)
            await until(pilot, lambda: game.state.current == 0, "Ana's turn")
            mine, turns = game.session.position, game.state.players[0].turns
            while game.state.players[0].turns == turns:  # Ana's turn (the computers may answer at once)
                await pilot.press("enter")
            await until(pilot, lambda: game.state.current == 0, "the computers' turns")
            await pilot.pause()
            events = [e for batch in game.session.events[mine:] for e in batch if e.player in (1, 2)]
            kingdoms = [words.kingdom(e.row) for e in events if e.kind == "placed"]
            assert len(kingdoms) == 2  # each computer placed a building or a castle
            screen: Any = app.screen
            summaries = words.computers_summary(events, screen.names, screen.db)
            assert not status.fits(summaries[0])  # the whole story is too long here
            assert status.message.startswith("Computers: ")
            for name, kingdom in zip(BOTS, kingdoms, strict=True):
                assert f"{name} took the " in status.message and f" into {kingdom}" in status.message
