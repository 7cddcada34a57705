"""The rematch on a table's score pad in the app (issue 27), at 80x24: n proposes it or sits down in
the one another player proposed, D declines it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from tui.layout import layout_problems
from tui.screens import on_screen, table_screen
from tui.waits import until

from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.standin import STANDIN_BOT
from norsewind_tui.storage.tables import TableStore
from norsewind_tui.tui.app import NorsewindApp
from norsewind_tui.tui.screens.dialogs import ConfirmScreen
from norsewind_tui.tui.screens.lobby import LobbyScreen

from .test_lobby import aio
from .test_rematch import finished

SIZE = (80, 24)


def app_as(saves: Path, who: str, monkeypatch: pytest.MonkeyPatch) -> NorsewindApp:
    monkeypatch.setenv("NORSEWIND_PLAYER", who)
    return NorsewindApp(AppContext.at(str(saves), profile=who), seed=5, computer_delay=0.0, theme="norsewind")


def text_of(app: App[Any]) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def proposed(saves: Path) -> TableStore:
    """The tables where "friday" is finished and alice proposed its rematch (bob's seat kept)."""
    store = TableStore(saves)
    alice, _ = finished(store)
    store.rematch(alice, seed=99)
    return store


def screen_name(app: App[Any]) -> str:
    return type(app.screen).__name__


@aio
async def test_n_on_the_score_pad_proposes_a_rematch(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = TableStore(saves)
    finished(store)
    app = app_as(saves, "alice", monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        app.open_table(app.context.tables.open("friday", "alice"))
        await until(pilot, lambda: screen_name(app) == "TableEndScreen", "the score pad")
        await until(pilot, lambda: "n Rematch" in text_of(app), "the rematch key in the footer")
        await pilot.press("n")
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the rematch's game screen")
        table = table_screen(app).table
        assert (table.name, table.seat, table.view.invited(1)) == ("friday-rematch", 0, "bob")
        await until(pilot, lambda: "Rematch friday-rematch: the others sit down" in text_of(app), "the notice")
        assert not [p for p in layout_problems(app) if "Rematch friday-rematch" in p]
    bob = store.invitation(store.open("friday", "bob"))
    assert bob is not None and bob.name == "friday-rematch"


@aio
async def test_the_invited_player_reads_the_proposal_and_sits_down(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = proposed(saves)
    app = app_as(saves, "bob", monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        app.open_table(app.context.tables.open("friday", "bob"))
        proposal = "alice proposes a rematch (friday-rematch): n sits down, D declines"
        await until(pilot, lambda: proposal in text_of(app).replace("\n", " "), "the proposal")
        await pilot.press("n")
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the rematch's game screen")
        table = table_screen(app).table
        assert (table.name, table.seat) == ("friday-rematch", 1)
    assert store.open("friday-rematch", "alice").view.holder(1) == "bob"


@aio
async def test_d_declines_and_the_computer_takes_the_seat(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = proposed(saves)
    app = app_as(saves, "bob", monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        app.open_table(app.context.tables.open("friday", "bob"))
        await until(pilot, lambda: "alice proposes a rematch" in text_of(app), "the proposal")
        await pilot.press("D")
        said = "Rematch friday-rematch: bob declined; the computer (normal) plays seat 2."
        await until(pilot, lambda: said in text_of(app).replace("\n", " "), "the decline said")
        assert screen_name(app) == "TableEndScreen"
    assert store.open("friday-rematch", "alice").view.seats[1].kind == "computer"


@aio
async def test_the_lobby_lists_the_kept_seat_and_enter_sits_down(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = proposed(saves)
    app = app_as(saves, "bob", monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await until(pilot, lambda: "bob (invited)" in text_of(app), "the rematch in the lobby")
        assert "you (invited)" in text_of(app)  # whose turn: the seat kept for bob
        assert on_screen(app, LobbyScreen).rows[0].name == "friday-rematch"
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "ConfirmScreen", "the question")
        await until(pilot, lambda: "Sit down for the rematch friday-rematch (seat 2, kept for" in text_of(app), "it")
        await pilot.press("y")
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the rematch's game screen")
    assert store.open("friday-rematch", "alice").view.holder(1) == "bob"


@aio
async def test_r_gives_a_seat_kept_for_a_player_who_stays_away_to_the_computer(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At the rematch's table screen its proposer's R asks, then gives bob's kept seat to the computer
    and says so (alice is to move in this deal: nothing the computer does follows at once)."""
    store = TableStore(saves)
    alice, _ = finished(store)
    assert store.rematch(alice, seed=98).state.current == 0
    app = app_as(saves, "alice", monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        app.open_table(app.context.tables.open("friday-rematch", "alice"))
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the rematch's game screen")
        await pilot.press("R")
        await until(pilot, lambda: screen_name(app) == "ConfirmScreen", "the question")
        question = "bob has not sat down for the rematch: the computer takes seat 2?"
        assert on_screen(app, ConfirmScreen).question == question
        await pilot.press("y")
        said = f"Bob did not sit down; the computer ({STANDIN_BOT}) plays seat 2."
        await until(pilot, lambda: said in text_of(app).replace("\n", " "), "the change said")
        assert screen_name(app) == "TableScreen"
    view = store.open("friday-rematch", "alice").view
    assert (view.seats[1].kind, view.invited(1)) == ("computer", None)
