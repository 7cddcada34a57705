"""The game's compact footer: its keys are composed compact, so mounting them styles each once."""

from __future__ import annotations

import random
from pathlib import Path

from textual.compose import compose
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from norsewind_tui.rules.moves import PickCastle
from norsewind_tui.rules.queries import decision
from norsewind_tui.storage.tables import TableStore
from norsewind_tui.tui.screens.table import TableScreen

from .helpers import aio, footer_line, last_line, make_app, new_game, screen_text
from .layout import layout_problems
from .waits import until


@aio
async def test_the_game_footers_keys_are_compact_before_they_are_mounted(saves: Path) -> None:
    """Textual remounts the footer's keys whenever the screen's keys change (at most decisions): a
    key mounted plain and then made compact was styled twice (issue 22 §4)."""
    app = make_app(saves, game=new_game(saves, ("Ana", "Bo"), seed=4))
    async with app.run_test(size=(80, 24)) as pilot:
        line = await footer_line(pilot)  # the keys are mounted (after the first frame)
        footer = app.screen.query_one("#footer", Footer)
        mounted = [key for key in footer.query(FooterKey) if key.display]
        widgets: list[Widget] = []
        footer.call_later(lambda: widgets.extend(compose(footer)))  # composed as a recompose does: in its own loop
        await until(pilot, lambda: bool(widgets), "the footer's compose")
        composed = [w for top in widgets for w in (top, *top._pending_children) if isinstance(w, FooterKey)]
        assert [k.key for k in composed] == [k.key for k in mounted]  # the keys the footer shows
        assert [k.has_class("-compact") for k in composed] == [True] * len(mounted)
        assert all(k.has_class("-compact") for k in mounted)
        assert "Choose" in line  # the footer's keys, as shown, at 80x24


def crowded_table(saves: Path) -> None:
    """alice and bob at a table, alice to decide with the most keys a decision shows: an action with a
    castle to choose from, just after an undo (so redo too)."""
    alice = TableStore(saves).create("alice", ["me", "open"], seed=4, name="friday")
    bob = TableStore(saves).open("friday", "bob")
    bob.join()
    rng = random.Random(4)
    while True:
        alice.poll()
        mover = alice if alice.is_my_turn() else bob
        mover.push(rng.choice(mover.legal_moves()))
        alice.poll()
        if alice.is_my_turn() and alice.undo_problem() is None and alice.undo(confirm=True):
            if decision(alice.state) == "action" and any(isinstance(m, PickCastle) for m in alice.legal_moves()):
                return
            alice.redo()
        bob.poll()


@aio
async def test_the_chat_key_is_never_cut_at_a_table_at_80x24(saves: Path) -> None:
    """A table's footer keeps room for "t Chat (new)" beside a decision's many keys (issue 41.2):
    ctrl+y's Redo is not shown there, nor q's Quit on the player's own decision; both keys work."""
    crowded_table(saves)
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = TableScreen(TableStore(saves).open("friday", "alice"))
        await app.push_screen(screen)
        await until(pilot, lambda: "Castles" in last_line(app), "the decision's keys")
        keys = "Enter Choose 1-5 Pick c Castles Esc Back u Undo h Hint ? Help t Chat"
        assert screen_text(app).splitlines()[-1].rstrip() == keys
        assert not layout_problems(app)
        screen.unread = 1
        screen.refresh_bindings()
        await until(pilot, lambda: "(new)" in last_line(app), "the unread mark")
        assert screen_text(app).splitlines()[-1].rstrip() == keys + " (new)"
        assert not layout_problems(app)
        assert screen.check_action("redo", ())  # working, out of the footer
        assert screen.check_action("quit_asked", ()) and not screen.check_action("leave", ("quit",))
        await pilot.press("q")  # q quits all the same
        await until(pilot, lambda: not app.is_running, "the app quits")
