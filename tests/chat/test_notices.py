"""Turn notices outside the game (issue 41.4): the host's notices.toml names a command, a player
chooses it by name; a table becoming their turn while they are not at it runs it once (the example
script posts to a local web hook), batched, never for a player at the table, never for a name the
host does not know."""

from __future__ import annotations

import json
import os
import queue
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

import pytest
from tables.test_lobby import aio
from textual.widgets import Select, Static
from tui.waits import until

from norsewind_tui.options import Options
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.notices import load_notices
from norsewind_tui.storage.presence import PresenceStore
from norsewind_tui.storage.settings import Settings, SettingsStore
from norsewind_tui.storage.tables import SharedTable
from norsewind_tui.tui.app import NorsewindApp
from norsewind_tui.tui.screens.settings import SettingsScreen

WAIT = 30.0
SCRIPT = Path(__file__).parents[2] / "examples" / "notice-webhook.py"


@pytest.fixture
def hook(monkeypatch: pytest.MonkeyPatch) -> Iterator[queue.Queue[dict[str, str]]]:
    """A local web hook: each POST's JSON, in order; its URL in $NORSEWIND_HOOK (the script reads it)."""
    posts: queue.Queue[dict[str, str]] = queue.Queue()

    class Hook(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            posts.put(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
            self.send_response(204)
            self.end_headers()

        def log_message(self, format: str, *args: object) -> None:
            return None

    server = HTTPServer(("127.0.0.1", 0), Hook)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    monkeypatch.setenv("NORSEWIND_HOOK", f"http://127.0.0.1:{server.server_port}/norsewind")
    yield posts
    server.shutdown()


def host_file(saves: Path) -> None:
    path = saves / "notices.toml"
    path.write_text(
        f'come_back = "ssh -p 2222 games.example.org"\n[notices.hook]\ncommand = "{sys.executable} {SCRIPT}"\n'
    )
    os.chmod(path, 0o600)


def to(table: SharedTable, other: SharedTable, seat: int) -> None:
    """Both decide (the first choice) until it is ``seat``'s turn (the turn passed at least once)."""
    table.poll()
    start = table.state.current
    while True:
        for t in (table, other):
            t.poll()
        if table.state.current == seat and table.state.current != start:
            return
        mover = table if table.is_my_turn() else other
        mover.push(mover.legal_moves()[0])
        start = -1 if mover.state.current != start else start


def test_a_notice_runs_once_when_the_turn_comes_to_a_player_away(
    saves: Path, hook: queue.Queue[dict[str, str]]
) -> None:
    host_file(saves)
    context = AppContext(Options(saves=str(saves)))
    assert load_notices(saves).names() == ("hook",)
    context.settings.save("bob", Settings(notice="hook"))
    tables = context.tables
    notices = tables.turn_notice
    assert notices is not None
    alice = tables.create("alice", ["me", "open"], seed=5, name="friday")
    bob = tables.open("friday", "bob")
    assert bob.join() == 1
    at_table = PresenceStore(saves).enter("bob")
    at_table.at_table("friday")
    to(alice, bob, 1)  # bob's turn, bob at the table: no notice
    assert notices.wait_looked(1, WAIT) and hook.empty()
    at_table.leave()
    to(alice, bob, 1)  # bob's turn again, bob away: the notice
    assert hook.get(timeout=WAIT) == {"table": "friday", "open": "ssh -p 2222 games.example.org", "turn": "bob"}
    looked = notices.looked
    to(alice, bob, 1)  # within the batch's 10 minutes: no second run
    assert notices.wait_looked(looked + 2, WAIT) and hook.empty()  # alice's turn, then bob's


def test_a_name_the_host_does_not_know_runs_nothing(saves: Path, hook: queue.Queue[dict[str, str]]) -> None:
    host_file(saves)
    context = AppContext(Options(saves=str(saves)))
    context.settings.save("bob", Settings(notice="nope"))
    alice = context.tables.create("alice", ["me", "open"], seed=5, name="friday")
    bob = context.tables.open("friday", "bob")
    assert bob.join() == 1
    notices = context.tables.turn_notice
    assert notices is not None
    to(alice, bob, 1)
    assert notices.wait_looked(1, WAIT) and hook.empty()
    assert context.settings.load("bob")[0].notice == "nope"  # nothing else changed


@aio
async def test_settings_choose_a_notice_by_name_and_an_unknown_one_is_one_line(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    host_file(saves)
    monkeypatch.setenv("NORSEWIND_PLAYER", "bob")
    SettingsStore(saves).save("bob", Settings(notice="nope"))
    app = NorsewindApp(AppContext(Options(saves=str(saves))), seed=5, computer_delay=0.0, theme="norsewind")
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SettingsScreen())
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen), "the settings page")
        await pilot.pause()
        status = app.screen.query_one("#settings-status", Static)
        assert str(status.render()) == "Your turn notice 'nope' is not one this host names (hook): no notice runs."
        app.screen.query_one("#notice", Select).value = "hook"
        await until(pilot, lambda: app.session.settings.notice == "hook", "the setting saved")
        assert SettingsStore(saves).load("bob") == (Settings(notice="hook"), None)
