"""An outside engine as a table's stand-in in the app (issue 29): the new-table form offers the engines
this host names (``<saves>/engines.toml``), and the table screen's driver runs the one the table names
for a player who is away; a broken one is one notification and greedy stands in.  The engines are real
programs (``examples/engine.py``, ``tests/fixtures/engines/broken.py``); the clock is a ``ManualClock``."""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

from example_engine import BROKEN, EXAMPLE, example_moves
from textual.notifications import Notify
from textual.pilot import Pilot
from textual.widgets import Select

from norsewind_tui.bots.engine import EngineFault, fault_line
from norsewind_tui.bots.greedy import GreedyBot
from norsewind_tui.rules import legal_moves
from norsewind_tui.storage.clock import ManualClock
from norsewind_tui.storage.engines import ENGINES_FILE
from norsewind_tui.storage.presence import PresenceStore
from norsewind_tui.storage.tables import SharedTable, TableStore
from norsewind_tui.tui.computer import bot_seed
from norsewind_tui.tui.messages import EngineNotice, GameChanged
from norsewind_tui.tui.screens.table import TableScreen

from .helpers import aio, make_app, new_table_form, screen_text
from .layout import layout_problems
from .waits import Seen, until

START = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
SIZE = (80, 24)
SEED = 29


def name_engines(saves: Path, engines: dict[str, str], seconds: float = 20) -> None:
    lines = []
    for name, command in engines.items():
        lines += [f"[engines.{name}]", f"command = {json.dumps(command)}", f"time = {seconds}", ""]
    saves.mkdir(parents=True, exist_ok=True)
    (saves / ENGINES_FILE).write_text("\n".join(lines), encoding="utf-8")
    os.chmod(saves / ENGINES_FILE, 0o600)


def bob_away(saves: Path, clock: ManualClock, engine: str) -> SharedTable:
    """alice's two-seat table ("friday", the stand-in after 5 minutes: ``engine``); bob joined and quit;
    five minutes on, alice is here.  alice decides (first choice) until it is bob's turn."""
    store = TableStore(saves)
    alice = store.create("alice", ["me", "open"], seed=SEED, name="friday", standin=5, standin_engine=engine)
    store.open("friday", "bob").join()
    alice.poll()
    here = {who: PresenceStore(saves, clock).enter(who) for who in ("alice", "bob")}
    for handle in here.values():
        handle.at_table("friday")
    here["bob"].leave()
    clock.advance(minutes=5)
    here["alice"].beat()
    while alice.is_my_turn():
        alice.push(alice.legal_moves()[0])
    return alice


def bobs(table: SharedTable) -> list[int]:
    s = table.view.session
    return [i for i in range(s.position) if s.mover(i) == 1]


@contextlib.asynccontextmanager
async def bob_stood_in(
    saves: Path, engine: str, command: str, seen: Seen
) -> AsyncIterator[tuple[Pilot[str], TableScreen, SharedTable]]:
    """The host names ``engine`` (``command``) and bob is away from ``bob_away``'s table with it as the
    stand-in; alice's app (messages to ``seen``) shows the table until it is her turn after bob's
    stand-in decided: its pilot, the table screen, and alice's own handle of the table."""
    name_engines(saves, {engine: command})
    clock = ManualClock(START)
    alice = bob_away(saves, clock, engine)
    app = make_app(saves)
    async with app.run_test(size=SIZE, message_hook=seen) as pilot:
        screen = TableScreen(TableStore(saves).open("friday", "alice"), clock=clock)
        await app.push_screen(screen)
        await until(pilot, lambda: screen.table.is_my_turn() and bool(bobs(screen.table)), "bob's stand-in turn")
        yield pilot, screen, alice


@aio
async def test_the_new_table_form_offers_the_hosts_engines_as_the_standin(saves: Path, as_alice: str) -> None:
    name_engines(saves, {"example": EXAMPLE, "deep": EXAMPLE})
    app = make_app(saves)
    async with app.run_test(size=SIZE) as pilot:
        form = await new_table_form(app, pilot)
        form.query_one("#table-seats", Select).value = 4
        by = form.query_one("#table-standin-by", Select)
        await pilot.pause()
        assert [(str(label), value) for label, value in by._options] == [
            ("The computer (normal)", ""),
            ("Outside engine deep", "deep"),
            ("Outside engine example", "example"),
        ]
        assert by.value == ""
        assert not layout_problems(app), screen_text(app)  # four seats and the engine's row fit 80x24
        by.value = "example"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table screen")
    table = TableStore(saves).open("alice-table", "alice")
    assert (table.view.standin, table.view.standin_engine, len(table.seats)) == (15, "example", 4)


@aio
async def test_a_host_that_names_no_engine_offers_only_the_computer(saves: Path, as_alice: str) -> None:
    app = make_app(saves)
    async with app.run_test(size=SIZE) as pilot:
        await new_table_form(app, pilot)
        assert not app.screen.query("#table-standin-by")
        assert "Stand-in by" not in screen_text(app)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table screen")
    assert TableStore(saves).open("alice-table", "alice").view.standin_engine is None


@aio
async def test_the_table_screen_runs_the_example_engine_for_a_player_away(saves: Path) -> None:
    seen = Seen(GameChanged, EngineNotice)
    async with bob_stood_in(saves, "example", EXAMPLE, seen) as (_pilot, screen, alice):
        table = screen.table
        mine = bobs(table)
        assert table.view.by_computer(1) == tuple(mine) and len(mine) >= 2
        assert [table.view.session.moves[i] for i in mine] == example_moves(table.view.session, mine)
        assert seen.counts[EngineNotice] == 0
    assert alice.poll() and alice.is_my_turn()


@aio
async def test_a_broken_standin_engine_is_one_notification_and_greedy_stands_in(saves: Path) -> None:
    command = f"{BROKEN} garbage"
    seen = Seen(Notify, EngineNotice)
    async with bob_stood_in(saves, "broken", command, seen) as (pilot, screen, _alice):
        table = screen.table
        s = table.view.session
        mine = bobs(table)
        with_choice = [i for i in mine if len(legal_moves(s.states[i])) > 1]
        fault = EngineFault("garbage", command, 1, s.states[with_choice[0]].turn, line="hello there")
        await until(pilot, lambda: bool(seen.notified), "the notification")
        assert seen.notified == [fault_line(fault)] and seen.counts[EngineNotice] == 1
        greedy = GreedyBot(bot_seed(SEED, 1))
        assert [s.moves[i] for i in with_choice] == [greedy.decide(s.states[i]) for i in with_choice]
        assert table.view.by_computer(1) == tuple(mine)
