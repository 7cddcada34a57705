"""Messages true where they are read (issue 11 section 5): keys that do nothing say why, and the wording list."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from norsewind_tui import words
from norsewind_tui.rules import Event, Refusal, default_cards
from norsewind_tui.rules.state import Phase
from norsewind_tui.tui.screens.game import digits
from norsewind_tui.tui.widgets.prompt import StatusLine

from .helpers import aio, finished_game, footer_line, last_line, make_app, playing, running, screen_text
from .screens import game_screen
from .tables_at import mover_and_watcher
from .test_layout import game_at
from .waits import until


def status(app: Any) -> str:
    return str(app.screen.query_one(StatusLine).message)


@pytest.mark.parametrize(
    ("key", "why"),
    [
        ("r", "r: the market can be refreshed only when you can afford no building in it (R12)."),
        ("p", "p: you can pass only when no action is possible (R13)."),
        ("d", "d: there is nothing to decline now; take a building or a castle first."),
        ("ctrl+y", "Nothing to redo."),
    ],
)
@aio
async def test_a_key_that_does_nothing_at_the_market_says_why(saves: Path, key: str, why: str) -> None:
    async with playing(saves, ("Ana", "Bo"), 7) as (game, app, pilot):
        assert f" {key} " not in " " + await footer_line(pilot)  # not offered in the footer
        await pilot.press(key)
        await pilot.pause()
        assert status(app) == why
        assert game.session.position == 0


async def status_after(saves: Path, phase: Phase, key: str) -> str:
    """What the status line says once ``key`` is pressed at the first ``phase`` decision of Ana and Bo."""
    app = make_app(saves, game=game_at(saves, ("Ana", "Bo"), phase))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(key)
        await pilot.pause()
        return status(app)


@aio
async def test_c_while_choosing_a_kingdom_says_why(saves: Path) -> None:
    said = await status_after(saves, "building_kingdom", "c")
    assert said.startswith("c: a castle is bought instead of a building")


@pytest.mark.parametrize(("phase", "footer"), [("action", "1-5 Pick"), ("building_kingdom", "1-4 Kingdom")])
@aio
async def test_the_footer_offers_the_digits_of_the_decision(saves: Path, phase: Phase, footer: str) -> None:
    game = game_at(saves, ("Ana", "Bo"), phase)
    async with running(saves, game) as (_app, pilot):
        last = await footer_line(pilot)
        assert footer in last and ("1-5" in last) == (footer == "1-5 Pick")
        if phase == "building_kingdom":
            await pilot.press("1")  # the "1" of the footer chooses the first kingdom
            assert game.state.phase != phase or game.session.position > 0


def test_wording() -> None:
    assert digits(1) == "1" and digits(4) == "1-4"  # never "press 1-1"
    db = default_cards()
    inn, castle = db.index_of["A-12"], db.index_of["A-35"]
    unpaid = Refusal("castle_fits_nowhere", card=castle, reasons=(Refusal("castle_cost", cost=3, coins=1),))
    assert words.refusal(unpaid, db, plain=True) == "that castle costs 3 and you have 1: you cannot pay for it"
    red = Refusal("building_fits_nowhere", card=inn, reasons=(Refusal("red_two_buildings", 2),))
    assert words.refusal(red, db, plain=True) == "the Inn fits no kingdom: Mercia has a red tile: at most 2 buildings"
    citizen = Event("citizen", 0, row=3, holder=0, what="blue")
    assert words.future(citizen, ("Ana",), db, mover=0) == "you put a blue citizen on building 1 of Wessex."
    placed = Event("placed", 0, inn, 2, value=2)
    assert words.future(placed, ("Ana",), db, mover=0) == "you place the Inn in Mercia, paying 2."


@aio
async def test_the_preview_speaks_of_what_would_happen(saves: Path) -> None:
    said = await status_after(saves, "citizen_space", "right")
    assert said.startswith("Enter: you put "), said
    assert " put " in said and "Ana put" not in said


@aio
async def test_the_taken_castle_is_spaced_and_the_end_is_said_once(saves: Path) -> None:
    game = game_at(saves, ("Ana", "Bo"), "castle_kingdom")
    async with running(saves, game) as (app, pilot):
        await pilot.pause()
        assert "taken: $" in screen_text(app) and "taken:$" not in screen_text(app)
    app = make_app(saves, game=finished_game(saves, ("Ana",)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert screen_text(app).lower().count("the game is over") == 1


@aio
async def test_the_title_footer_offers_t(saves: Path) -> None:
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:  # the footer is drawn after the first frame
        await until(pilot, lambda: "t Tables" in last_line(app), "the footer's t Tables")
        assert "t Tables" in screen_text(app).splitlines()[-1]


@aio
async def test_a_stale_message_is_cleared_by_the_next_decision_at_a_table(saves: Path, as_alice: str) -> None:
    from norsewind_tui.storage.tables import TableStore
    from norsewind_tui.tui.screens.table import TableScreen

    mover, watcher = mover_and_watcher(saves)
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(TableScreen(TableStore(saves).open(watcher.name, watcher.identity)))
        await pilot.pause()
        await pilot.press("enter")  # not this player's decision: refused, with the reason
        await pilot.pause()
        assert status(app).startswith("Wait: ")
        mover.poll()
        mover.push(mover.legal_moves()[0])  # the other player decides
        screen: Any = app.screen
        await until(pilot, lambda: screen.state.turn != 1 or screen.game.session.position > 0, "the other's decision")
        await pilot.pause()
        assert game_screen(app).game.session.position == 1
        assert not status(app).startswith("Wait: ")


@aio
async def test_at_a_table_your_own_board_is_the_default_and_named(saves: Path, as_alice: str) -> None:
    from norsewind_tui.storage.tables import TableStore
    from norsewind_tui.tui.screens.table import TableScreen
    from norsewind_tui.tui.widgets.kingdoms import KingdomsView

    mover, watcher = mover_and_watcher(saves)
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        table = TableStore(saves).open(watcher.name, watcher.identity)
        await app.push_screen(TableScreen(table))
        await pilot.pause()
        view = app.screen.query_one(KingdomsView).view
        assert view is not None and view.seat == table.seat != view.state.current
        assert "[Viewing your kingdoms; tab] Waiting for " in screen_text(app)
        await pilot.press("tab")
        await pilot.pause()
        assert status(app).startswith(f"Showing {mover.identity}'s kingdoms.")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@aio
async def test_the_income_is_written_as_the_help_teaches_it(saves: Path, size: tuple[int, int]) -> None:
    """Issue 39: the rows wrote "Smith+1" at every width (no room for "inc" beside the tile spaces)
    while the help taught "inc Smith+1": the rows, the help and the tutorial say "Smith+1"."""
    from norsewind_tui.tui.text import TYPE_SHORT
    from norsewind_tui.tui.widgets.kingdoms import KingdomsView
    from norsewind_tui.words.help import NOTATION

    async with playing(saves, ("Ana",), 7, size) as (_game, app, pilot):
        await pilot.pause()
        widget = app.screen.query_one(KingdomsView)
        lines = [strip.text for strip in app.screen._compositor.render_strips()][widget.region.y : widget.region.bottom]
        incomes = [line for line in lines if any(f"{t}+" in line for t in TYPE_SHORT.values())]
        assert [re.findall(r"(?:inc )?[A-Z][a-z]+\+\d", line)[0] for line in incomes] == [
            "Smith+1",
            "Ship+2",
            "Inn+1",
            "Farm+2",
        ], incomes
    assert "inc " not in NOTATION and 'its income "Smith+1": 1 coin per blacksmith\n' in NOTATION
