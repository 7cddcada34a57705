"""A table's clock in the app (issue 41.1): the players bar shows the running clock at 80x24 with
nothing cut, and when bob's clock runs out alice's app plays the stand-in for him, marked in the log.
Time is a ``ManualClock`` given to both stores; the timer's call is made by the test."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from seat_turns import bob_on_the_clock

from norsewind_tui.storage.clock import ManualClock
from norsewind_tui.storage.tables import TableStore
from norsewind_tui.tui.messages import GameChanged
from norsewind_tui.tui.screens.table import TableScreen
from norsewind_tui.tui.widgets.log import GameLog
from norsewind_tui.tui.widgets.players import PlayersBar

from .helpers import aio, make_app, screen_text
from .layout import layout_problems
from .waits import Seen, until

START = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


@aio
async def test_the_app_shows_the_clock_and_plays_the_standin_when_it_runs_out(saves: Path) -> None:
    clock = ManualClock(START)
    alice, bob = bob_on_the_clock(saves, clock)
    bank = bob.clock_left()
    assert bank is not None
    seen = Seen(GameChanged)
    app = make_app(saves)
    async with app.run_test(size=(80, 24), message_hook=seen) as pilot:
        screen = TableScreen(TableStore(saves, clock=clock).open("friday", "alice"), clock=clock)
        await app.push_screen(screen)
        await pilot.pause()
        clock.advance(seconds=bank - 65)
        screen.tick_clock()
        await pilot.pause()
        assert screen.query_one(PlayersBar).tags == {1: "(away) 1:05"}  # bob has no app open here
        assert not layout_problems(app), screen_text(app)  # nothing cut off at 80x24
        position = alice.session.position
        clock.advance(seconds=65)
        screen.tick_clock()  # the timer's call: bob's clock ran out, he is here all the same
        await seen.next(pilot, GameChanged, 0)
        await until(pilot, lambda: screen.table.view.by_computer(1) == (position,), "the stand-in's decision")
        assert any(line.startswith("Computer for bob: ") for line in screen.query_one(GameLog).plain_lines)
