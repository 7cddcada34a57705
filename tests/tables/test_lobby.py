"""The lobby and a table's screen, driven with Textual's pilot (issue 6, "Shared tables").

One app plays for alice (``NORSEWIND_PLAYER``); the other players are ``SharedTable`` objects
of the test, writing the same save file as another process would.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import DataTable, Select
from tui.screens import on_screen, table_screen
from tui.waits import Returns, shows_latest, until

from norsewind_tui.rules import GameConfig
from norsewind_tui.storage import FileLock, GameStore, SeatMeta
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.tables import OPEN, SharedTable, TableStore
from norsewind_tui.tui.app import NorsewindApp
from norsewind_tui.tui.screens.lobby import LobbyScreen
from norsewind_tui.tui.screens.review import ReviewScreen

from .conftest import seated_pair

SIZE = (100, 32)


def aio(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    @functools.wraps(test)
    def run(*args: Any, **kwargs: Any) -> None:
        asyncio.run(asyncio.wait_for(test(*args, **kwargs), 120))

    return run


@pytest.fixture(autouse=True)
def alice(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NORSEWIND_PLAYER", "alice")


def make_app(saves: Path, seed: int | None = 5, delay: float = 0.0) -> NorsewindApp:
    return NorsewindApp(AppContext.at(str(saves), profile="alice"), seed=seed, computer_delay=delay, theme="norsewind")


def text_of(app: App[Any]) -> str:
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text for strip in strips)


def screen_name(app: App[Any]) -> str:
    return type(app.screen).__name__


async def to_lobby(pilot: Pilot[Any]) -> None:
    await pilot.press("t")
    await until(pilot, lambda: screen_name(pilot.app) == "LobbyScreen", "the LobbyScreen")
    await pilot.pause()


# --------------------------------------------------------------------------- opening and joining


async def first_table(pilot: Pilot[Any]) -> SharedTable:
    """From the title, Enter on the lobby's first table: the table shown, once its screen is up."""
    app = pilot.app
    await to_lobby(pilot)
    await pilot.press("enter")
    await until(pilot, lambda: screen_name(app) == "TableScreen", "the TableScreen")
    table: SharedTable = table_screen(app).table
    return table


@aio
async def test_t_on_the_title_opens_the_lobby_and_n_a_new_table(saves: Path) -> None:
    """An empty lobby says how to start; n opens the new-table page; with 3 seats (2: open, 3: the
    easy computer) ctrl+s writes the table, seats alice, and shows its game screen."""
    app = make_app(saves, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await to_lobby(pilot)
        screen = text_of(app)
        assert "Shared tables" in screen and "You are alice" in screen and "No tables yet" in screen
        await pilot.press("n")
        await until(pilot, lambda: screen_name(app) == "NewTableScreen", "the NewTableScreen")
        assert "you (alice)" in text_of(app)
        app.screen.query_one("#table-seats", Select).value = 3
        app.screen.query_one("#table-kind-3", Select).value = "easy"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the TableScreen")
        table: SharedTable = table_screen(app).table
        assert table.name == "alice-table" and table.seat == 0
        assert [(s.name, s.kind, s.bot) for s in table.seats] == [
            ("alice", "human", None),
            (OPEN, "human", None),
            ("Easy bot 3", "computer", "easy"),
        ]
        assert (saves / "tables" / "alice-table.json").exists()
        assert "Table alice-table is open: others join it from Shared tables." in text_of(app)
        await pilot.press("m")  # back to the lobby, which lists it
        await until(pilot, lambda: screen_name(app) == "LobbyScreen", "the LobbyScreen")
        await until(pilot, lambda: "alice (you), open, Easy bot 3" in text_of(app), "the new table listed")


@aio
async def test_join_an_open_seat_from_the_lobby(saves: Path) -> None:
    """bob's table appears in alice's lobby by itself (the folder is re-read every second), with its
    seats and whose turn; Enter asks, y seats alice, and the game screen is hers to play."""
    store = TableStore(saves)
    app = make_app(saves)
    async with app.run_test(size=SIZE) as pilot:
        await to_lobby(pilot)
        bob = store.create("bob", ["me", "open"], seed=1)  # seed 1: bob begins
        await until(pilot, lambda: "bob-table" in text_of(app), "bob's table listed")
        screen = text_of(app)
        assert "bob, open" in screen and "bob " in screen.split("bob, open")[1][:30]  # whose turn: bob
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "ConfirmScreen", "the ConfirmScreen")
        assert "Sit at seat 2 of the table bob-table as alice?" in text_of(app)
        await pilot.press("y")
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the TableScreen")
        table: SharedTable = table_screen(app).table
        assert table.seat == 1 and table.state.players[1].name == "alice"
        assert bob.poll() and bob.holder(1) == "alice"
        assert "Waiting for bob" in text_of(app)


@aio
async def test_each_sees_the_others_decision(saves: Path) -> None:
    """alice's screen shows bob's decisions by itself (polling); alice's own decision (Enter)
    is in the file for bob's next look; Enter while it is bob's turn says whose turn it is."""
    store = TableStore(saves)
    bob, _alice = seated_pair(store, ("bob", "alice"), seed=1)
    app = make_app(saves)
    async with app.run_test(size=SIZE) as pilot:
        table = await first_table(pilot)  # alice holds a seat: resume it
        await pilot.press("enter")
        await pilot.pause()
        assert "Wait: it is bob's turn, not yours" in text_of(app)
        assert bob.session.position == 0 and table.session.position == 0
        for _ in range(3):
            while bob.is_my_turn():
                bob.push(bob.legal_moves()[0])
                await until(
                    pilot,
                    lambda: table.session.position == bob.session.position and shows_latest(app),
                    "bob's decision drawn",
                )
            assert "Waiting for bob" not in text_of(app) and table.is_my_turn()
            while table.is_my_turn():
                before = table.session.position
                await pilot.press("enter")
                await until(pilot, lambda b=before: table.session.position > b, "alice's decision")  # type: ignore[misc]
                assert bob.poll() and bob.session.moves == table.session.moves
        assert bob.is_my_turn()


@aio
async def test_watch_a_full_table_read_only(saves: Path) -> None:
    """carol (this app) finds every seat taken: Enter watches; the screen says so, choosing and undo
    are refused, and decisions still appear."""
    store = TableStore(saves)
    bob, _dave = seated_pair(store, ("bob", "dave"), seed=1)
    app = make_app(saves)
    async with app.run_test(size=SIZE) as pilot:
        table = await first_table(pilot)
        assert table.read_only
        assert "Watching (read-only)" in text_of(app) and "every seat is taken" in text_of(app)
        await pilot.press("enter")
        await pilot.pause()
        assert "you (alice) are watching" in text_of(app)
        await pilot.press("u")
        await pilot.pause()
        assert "nothing of yours to undo" in text_of(app)
        bob.push(bob.legal_moves()[0])
        await until(pilot, lambda: table.session.position == 1, "bob's decision shown")


@aio
async def test_undo_at_a_table_from_the_keyboard(saves: Path) -> None:
    """u takes back alice's own decision; after bob has decided, u says why it cannot."""
    store = TableStore(saves)
    bob, _alice = seated_pair(store, ("bob", "alice"), seed=2)  # seed 2: seat 2 (alice) begins
    app = make_app(saves)
    async with app.run_test(size=SIZE) as pilot:
        table = await first_table(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: table.session.position == 1, "alice's decision")
        await pilot.press("u")
        await until(pilot, lambda: table.session.position == 0, "the undo")
        assert "Undone." in text_of(app)
        while table.is_my_turn():
            before = table.session.position
            await pilot.press("enter")
            await until(pilot, lambda b=before: table.session.position > b, "alice's decision")  # type: ignore[misc]
        bob.poll()
        bob.push(bob.legal_moves()[0])
        await until(
            pilot,
            lambda: table.session.position == bob.session.position and shows_latest(app),
            "bob's decision drawn",
        )
        await pilot.press("u")
        await pilot.pause()
        assert "bob has decided since your last decision" in text_of(app)
        assert bob.session.position == table.session.position


@aio
async def test_the_app_plays_the_computer_seat_unless_another_process_claims_it(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the computer to move, the app plays it (once); while another process holds the
    computer claim, the app leaves it alone: its look at the computer's turn, made while the test
    holds the claim, comes back with nothing played."""
    steps = Returns()
    monkeypatch.setattr(SharedTable, "computer_step", steps.wrap(SharedTable.computer_step))
    store = TableStore(saves)
    alice = store.create("alice", ["me", "easy"], seed=2)  # seed 2: the computer begins
    claim = FileLock(store.dir / "alice-table.json.computer", "another process")
    claim.acquire()
    app = make_app(saves)
    async with app.run_test(size=SIZE) as pilot:
        await to_lobby(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the TableScreen")
        assert "(computer) is thinking" in text_of(app)
        assert await steps.next(0) is None  # the app tried, found the claim held, and played nothing
        assert not alice.poll() and alice.session.position == 0
        claim.release()
        table: SharedTable = table_screen(app).table
        await until(pilot, lambda: table.is_my_turn(), "the computer's turn played")
        alice.poll()
        moves = alice.session.moves
        assert moves and all(alice.view.mover(i) == 1 for i in range(len(moves)))


@aio
async def test_names_are_shown_literally(saves: Path) -> None:
    """A table whose names look like markup (written by some other program) is listed with the names
    exactly as they are; nothing is styled or swallowed."""
    tables = GameStore(saves / "tables")
    names = ("[b]eve[/b]", "[link=http://x]m[/link]")
    seats = [SeatMeta(names[0]), SeatMeta(names[1], "computer", "easy")]
    tables.create(GameConfig(players=names), 4, seats, name="odd").close()
    app = make_app(saves)
    async with app.run_test(size=(120, 32)) as pilot:
        await to_lobby(pilot)
        screen = text_of(app)
        assert "[b]eve[/b], [link=http://x]m[/link]" in screen
        await pilot.press("w")
        await until(pilot, lambda: screen_name(app) == "TableScreen", "the TableScreen")
        assert "[b]eve[/b]" in text_of(app)


@aio
async def test_a_broken_table_is_listed_with_its_problem(saves: Path) -> None:
    (saves / "tables").mkdir(mode=0o700)
    (saves / "tables" / "bad.json").write_text('{"format": 1}', encoding="utf-8")
    app = make_app(saves)
    async with app.run_test(size=(120, 32)) as pilot:
        await to_lobby(pilot)
        assert "bad" in text_of(app) and "missing required field" in text_of(app)
        await pilot.press("enter")
        await pilot.pause()
        assert screen_name(app) == "LobbyScreen"


@aio
async def test_a_table_only_its_backup_holds_is_listed_marked(saves: Path) -> None:
    store = TableStore(saves)
    table = store.create("bob", ["me", "open"], seed=1)
    store.open(table.name, "carol").join()
    table.path.unlink()
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_lobby(pilot)
        await until(pilot, lambda: "(from backup)" in text_of(app), "the backup's table listed")
        assert "bob-table" in text_of(app) and "bob, open" in text_of(app)  # the backup: before carol joined


def finish(
    store: TableStore, seed: int, players: tuple[str, str] = ("alice", "bob"), name: str | None = None
) -> tuple[SharedTable, SharedTable]:
    """A two-seat table the first player opens and the second joins, played to the end (each takes
    the first choice): both players' tables."""
    first, second = seated_pair(store, players, seed, name)
    while not first.finished:
        for table in (first, second):
            table.poll()
            if table.is_my_turn():
                table.push(table.legal_moves()[0])
    second.poll()
    return first, second


@aio
async def test_a_finished_table_shows_its_score_pad_and_says_why_undo_cannot(saves: Path) -> None:
    """Resuming a finished table shows the score pad; u there says why not (R25: the game is final)
    and stays on the pad."""
    alice, _bob = finish(TableStore(saves), seed=2)
    position = alice.session.position
    app = make_app(saves)
    async with app.run_test(size=SIZE) as pilot:
        await to_lobby(pilot)
        assert "finished" in text_of(app)
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "TableEndScreen", "the TableEndScreen")
        assert "Score pad" in text_of(app)
        await pilot.press("u")
        await until(pilot, lambda: "Not undone" in text_of(app), "the refusal")
        assert "Not undone: the game is finished and its result recorded." in text_of(app)
        assert screen_name(app) == "TableEndScreen"
        assert alice.fetch() is None and alice.session.position == position


@aio
async def test_undo_on_the_table_screen_takes_back_exactly_one_decision(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """u on the table screen undoes once, not once per handler of its class hierarchy: the table's
    undo is called once for the key, counted when the key and what it queued are all handled."""
    from norsewind_tui.tui.screens.table import TableScreen

    undos = Returns()
    monkeypatch.setattr(SharedTable, "undo", undos.wrap(SharedTable.undo))
    store = TableStore(saves)
    alice = store.create("alice", ["me", "open"], seed=1)  # alice begins
    alice.push(alice.legal_moves()[0])
    alice.push(alice.legal_moves()[0])
    assert alice.undo_problem() is None
    app = make_app(saves)
    async with app.run_test(size=SIZE) as pilot:
        table = store.open(alice.name, "alice")
        await app.push_screen(TableScreen(table))
        await pilot.press("u")
        assert await undos.next(0) is True
        await pilot.pause()  # the key's handlers have all run, and the messages they posted
        assert undos.values == [True]
        assert table.session.position == 1 and alice.fetch() is not None
        assert "Undone." in text_of(app)


@aio
async def test_delete_only_a_finished_table_or_ones_nobody_else_sits_at(saves: Path) -> None:
    """d on a table where bob plays is refused; on a finished table it asks, then deletes the file."""
    store = TableStore(saves)
    finish(store, seed=2)  # alice-table, finished
    playing = store.create("bob", ["me", "open"], seed=1)
    app = make_app(saves)
    async with app.run_test(size=SIZE) as pilot:
        await to_lobby(pilot)
        rows = [r.name for r in on_screen(app, LobbyScreen).rows]
        assert rows == [playing.name, "alice-table"]
        await pilot.press("d")
        await pilot.pause()
        assert "Only a finished table" in text_of(app) and playing.path.exists()
        await pilot.press("down", "d")
        await until(pilot, lambda: screen_name(app) == "ConfirmScreen", "the ConfirmScreen")
        assert "Delete the table alice-table and its game?" in text_of(app)
        await pilot.press("y")
        await until(pilot, lambda: "The table alice-table is deleted." in text_of(app), "the deletion said")
        assert not (saves / "tables" / "alice-table.json").exists()
        assert [r.name for r in store.list()] == [playing.name]


# --------------------------------------------------------------------------- review from the lobby (issue 12)


def select(app: App[Any], name: str) -> None:
    """Put the lobby's cursor on the table ``name``."""
    rows = [r.name for r in on_screen(app, LobbyScreen).rows]
    app.screen.query_one("#tables", DataTable).move_cursor(row=rows.index(name))


@aio
async def test_r_reviews_a_table_you_sat_at_and_refuses_one_you_did_neither_at(saves: Path) -> None:
    """r on alice's finished table opens its review at the last decision (Esc: back to the lobby);
    on bob and dave's finished table, where alice neither sat nor watched, the status line says
    why not; once she has watched it (w), r reviews it too.  No table file is written."""

    store = TableStore(saves)
    mine, _bob = finish(store, seed=2)  # alice-table: alice and bob
    theirs, _dave = finish(store, seed=3, players=("bob", "dave"), name="bobs")
    files = {t.name: t.path.read_bytes() for t in (mine, theirs)}
    app = make_app(saves)
    async with app.run_test(size=SIZE) as pilot:
        await to_lobby(pilot)
        assert "Review" in text_of(app)  # in the footer
        select(app, mine.name)
        await pilot.press("r")
        await until(pilot, lambda: screen_name(app) == "ReviewScreen", "the ReviewScreen")
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.game.name == "alice-table"
        assert review.position == review.timeline.end == mine.session.position
        assert review.timeline.state(review.timeline.end) == mine.state
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "LobbyScreen", "the LobbyScreen")
        select(app, "bobs")
        await pilot.press("r")
        await pilot.pause()
        assert screen_name(app) == "LobbyScreen"
        assert on_screen(app, LobbyScreen).status == (
            "You can review only a table you sat at or watched: w watches bobs first."
        )
        assert "You can review only a table you sat at or watched" in text_of(app)
        await pilot.press("w")
        await until(pilot, lambda: screen_name(app) == "TableEndScreen", "the TableEndScreen")
        await pilot.press("m")
        await until(pilot, lambda: screen_name(app) == "LobbyScreen", "the LobbyScreen")
        await pilot.pause()
        select(app, "bobs")
        await pilot.press("r")
        await until(pilot, lambda: screen_name(app) == "ReviewScreen", "the ReviewScreen")
        assert on_screen(app, ReviewScreen).position == theirs.session.position
    assert {t.name: t.path.read_bytes() for t in (mine, theirs)} == files


@aio
async def test_a_table_still_played_is_reviewed_but_not_played_on(saves: Path) -> None:
    """A table in play reviews up to its last decision; p refuses (a new game from its deal would
    show the cards the table has still to draw) and nothing is written."""
    from norsewind_tui.tui.widgets.prompt import StatusLine

    store = TableStore(saves)
    alice = store.create("alice", ["me", "open"], seed=1)
    alice.push(alice.legal_moves()[0])
    before = alice.path.read_bytes()
    app = make_app(saves)
    async with app.run_test(size=SIZE) as pilot:
        await to_lobby(pilot)
        await pilot.press("r")
        await until(pilot, lambda: screen_name(app) == "ReviewScreen", "the ReviewScreen")
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.position == 1
        await pilot.press("p")
        await pilot.pause()
        assert screen_name(app) == "ReviewScreen"
        message = "The table is still being played: play on from it once it is over."
        assert str(review.query_one(StatusLine).message) == message
    assert alice.path.read_bytes() == before
    assert [p.name for p in saves.glob("*.json")] == []
