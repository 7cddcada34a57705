"""The app through restarts of PostgreSQL and of the pooler (issue 42): a table of two hosts, the app
(Textual, 80x24) watching it on host A through PgBouncer while alice and bob decide on host B.  Each
outage the app sees is said in one line; the app keeps its screen, and catches up with the decision
made once the database (or the pooler) is back; a restart it never saw costs it nothing, not even a
line.  How soon it catches up (issue 42: within 2 s) is ``bench/outage.py``'s to measure: a loaded
machine stretches any time a test could read."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from pgserver import PgServer
from tables.test_lobby import aio
from tui.screens import table_screen
from tui.waits import Seen, until

from norsewind_tui.options import Options
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.pg.home import Home
from norsewind_tui.storage.tables import SharedTable
from norsewind_tui.tui.app import NorsewindApp
from norsewind_tui.tui.messages import GameChanged
from norsewind_tui.tui.widgets.prompt import StatusLine

from .test_pooler import decide, tables

NAME = "friday"


@pytest.fixture
def restarted(pg_server: PgServer) -> Iterator[PgServer]:
    """The server and its pooler, started again at the end whatever the test did to them."""
    yield pg_server
    if not (pg_server.data / "postmaster.pid").exists():
        pg_server.pg_ctl("start")
    if not (pg_server.root / "pooler.pid").exists():
        pg_server.start_pooler()


def troubles(app: NorsewindApp, seen: list[str]) -> list[str]:
    """The status lines saying the database is away, each once, in the order shown."""
    lines = app.screen.query(StatusLine)  # none while the screen draws itself again
    message = str(lines.first().message) if lines else ""
    if message.startswith("Trouble: ") and (not seen or seen[-1] != message):
        seen.append(message)
    return seen


@aio
async def test_the_app_through_the_pooler_goes_on_through_restarts_of_postgresql_and_the_pooler(
    tmp_path: Path, saves: Path, pooled_url: str, restarted: PgServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    host_b = Home(pooled_url)
    (tmp_path / "host-b").mkdir(mode=0o700)
    host_b.relay.folder = tmp_path / "host-b" / "wake"  # another host: its own listener
    try:
        alice = tables(host_b, tmp_path / "b").create("alice", ["me", "open"], seed=5, name=NAME)
        bob = tables(host_b, tmp_path / "b").open(NAME, "bob")
        assert bob.join() == 1
        seats: tuple[SharedTable, ...] = (alice, bob)
        taken: list[object] = []
        monkeypatch.setenv("NORSEWIND_PLAYER", "carol")
        context = AppContext(Options(saves=str(saves), database=pooled_url, profile="carol"))
        assert context.home is not None and context.home.pooled is not None
        app = NorsewindApp(context, seed=5, computer_delay=0.0, theme="norsewind")
        said: list[str] = []
        async with app.run_test(size=(80, 24), message_hook=Seen(GameChanged)) as pilot:
            app.open_table(context.tables.open(NAME, "carol"))  # watching: every decision comes from host B
            await until(pilot, lambda: type(app.screen).__name__ == "TableScreen", "the table")
            screen = table_screen(app)

            def shown() -> int:
                return screen.table.generation

            async def catches_up(outage: str) -> None:
                """A decision on host B once it is back, until the app shows it."""
                decide(seats, taken)
                generation = max(t.generation for t in seats)

                def caught_up() -> bool:
                    troubles(app, said)  # every status line shown meanwhile
                    return shown() == generation

                await until(pilot, caught_up, outage)

            await catches_up("a decision")
            restarted.restart_pooler()  # unseen by the app: its pooler's connection is closed, kept
            await catches_up("after the pooler's restart")
            restarted.pg_ctl("restart")  # unseen too: its listener connects again
            await catches_up("after PostgreSQL's restart")
            assert troubles(app, said) == [], "a restart the app never saw says nothing"

            async def away(stop: Callable[[], None], start: Callable[[], None]) -> None:
                """An outage the app sees (it looks meanwhile): one line; then the decision after it."""
                stop()
                screen.wake_worker()  # a look while it is away
                count = len(said)
                await until(pilot, lambda: len(troubles(app, said)) > count, "the database is away")
                start()
                await catches_up("after the outage")
                assert app.is_running and app.screen is screen

            await away(functools.partial(restarted.pg_ctl, "stop"), functools.partial(restarted.pg_ctl, "start"))
            await away(restarted.stop_pooler, restarted.start_pooler)
            assert [line.split(":")[0] for line in said] == ["Trouble", "Trouble"], said  # one line each
            assert all("cannot" in line for line in said), said
        final = tables(host_b, tmp_path / "b").open(NAME, "x")
        assert list(final.session.moves) == taken and final.session.position == 5
    finally:
        host_b.close()
