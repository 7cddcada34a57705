"""Issue 24 point 4: two apps of one player at one table, one Enter in each on the same position.

The storage layer refuses a decision on a stale view (``TableMoved``); the app ties each
decision to the view drawn when its key arrived, so the Enter typed on a position the other
app has already decided is refused in one line, never applied to a position not yet shown.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events

from norsewind_tui.rules.queries import decision
from norsewind_tui.storage.tables import SharedTable, TableStore
from norsewind_tui.tui.screens.table import TableScreen
from norsewind_tui.tui.widgets.prompt import StatusLine

from .helpers import aio, make_app
from .waits import until

SIZE = (80, 24)


def alice_to_take_a_card(saves: Path) -> SharedTable:
    """A two-seat table (alice, bob) at the start of one of alice's turns: her pick, then her kingdom."""
    store = TableStore(saves)
    alice = store.create("alice", ["me", "open"], seed=1, name="duo")
    bob = store.open("duo", "bob")
    bob.join()
    for _ in range(200):
        alice.poll()
        bob.poll()
        state = alice.state
        if alice.is_my_turn() and decision(state) == "action":
            return alice
        mover = alice if alice.is_my_turn() else bob
        mover.push(mover.legal_moves()[0])
    raise AssertionError("alice never got to start a turn")


@pytest.mark.parametrize("early", [False, True], ids=["typed-on-the-view", "typed-before-the-first-frame"])
@aio
async def test_one_enter_in_each_of_two_apps_makes_one_decision(saves: Path, early: bool) -> None:
    """``early``: app two's Enter arrives before app two drew anything, as on a loaded machine
    that draws a new screen late; it is matched to the first view drawn, not to a later one."""
    table = alice_to_take_a_card(saves)
    position = table.session.position
    one, two = make_app(saves), make_app(saves)
    # the body runs as app two (the last run_test's context); app one's steps say so (one._context)
    async with one.run_test(size=SIZE) as pilot_one, two.run_test(size=SIZE) as pilot_two:
        first = TableScreen(TableStore(saves).open("duo", "alice"))
        second = TableScreen(TableStore(saves).open("duo", "alice"))
        enter = events.Key("enter", "\r")  # early: typed before either screen was drawn
        with one._context():
            await one.push_screen(first)
            await pilot_one.pause()
        await two.push_screen(second)
        await pilot_two.pause()
        assert first.state.current == second.state.current == 0  # both show alice's pick, the same position
        assert first.game.session.position == second.game.session.position == position
        if not early:
            enter = events.Key("enter", "\r")  # the second app's Enter arrives now, on the position shown
        with one._context():
            await pilot_one.press("enter")  # the first app's Enter is handled first: alice picks a card
        assert first.game.session.position == position + 1
        # the second app sees the pick (its follower, woken by the file) and draws it: then its Enter is handled
        await until(pilot_two, lambda: second.game.session.position == position + 1, "the pick to reach app 2")
        await pilot_two.pause()
        assert second.controller.asked()  # alice's kingdom now: the key, taken on this view, would decide it
        two.post_message(enter)
        await until(pilot_two, lambda: bool(second.query_one(StatusLine).message), "app 2 to answer its Enter")
        said = second.query_one(StatusLine).message
        assert said == "Nothing done: the game moved on (alice decided)."
        assert len(said) <= SIZE[0]  # one line at 80 columns
        on_disk = TableStore(saves).open("duo", "alice")
        assert on_disk.session.position == position + 1  # exactly one decision: nothing doubled
        assert second.game.session.position == position + 1
        with one._context():
            await pilot_one.pause()
        assert first.game.session.position == position + 1
        assert not first.query_one(StatusLine).message.startswith("Nothing done")  # its decision was made


@aio
async def test_keys_typed_ahead_in_one_app_make_each_decision(saves: Path) -> None:
    """A player's own decision counts from the moment its key arrived: the keys typed after it, before
    it was drawn, are meant for the positions it leads to (only a change from elsewhere waits to be drawn)."""
    table = alice_to_take_a_card(saves)
    position = table.session.position
    app = make_app(saves)
    async with app.run_test(size=SIZE) as pilot:
        screen = TableScreen(TableStore(saves).open("duo", "alice"))
        await app.push_screen(screen)
        await pilot.pause()
        burst = [events.Key("1", "1"), events.Key("1", "1")]  # slot 1, then kingdom 1, in one burst
        for key in burst:
            app.post_message(key)
        await until(pilot, lambda: screen.game.session.position == position + 2, "both decisions")
        assert TableStore(saves).open("duo", "alice").session.position == position + 2
        assert not screen.query_one(StatusLine).message.startswith("Nothing done")
