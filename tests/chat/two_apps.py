"""Two real apps at one table, as the chat's and the clock's tests meet them: bob in the line mode (a
process on a pty) seated at alice's table, and alice's app opened at it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from lines.pty_lines import APP, WAIT, LinePty, line_env
from textual.pilot import Pilot
from tui.waits import until

from norsewind_tui.options import Options
from norsewind_tui.storage.context import AppContext
from norsewind_tui.tui.app import NorsewindApp
from norsewind_tui.tui.screens.table import TableScreen

NAME = "friday"


@contextmanager
def bob_seated(saves: Path, store_url: str | None, wait: float = WAIT) -> Iterator[LinePty]:
    """bob's line mode, at the table ``NAME`` (seat 2, joined before); closed at the end."""
    env = line_env(saves, "bob", **({"NORSEWIND_DATABASE": store_url} if store_url else {}))
    bob = LinePty([*APP, "play", "--lines"], env)
    try:
        bob.expect_text("6. Shared tables", wait)
        bob.send("6")
        bob.expect_text(f"1. {NAME}: ", wait)
        bob.send("1")
        bob.expect_text(f"At the table {NAME}, seat 2.", wait)
        yield bob
    finally:
        bob.close()


def alice_app(saves: Path, store_url: str | None, monkeypatch: pytest.MonkeyPatch) -> NorsewindApp:
    """alice's app on the same store (not started: the test runs it)."""
    monkeypatch.setenv("NORSEWIND_PLAYER", "alice")
    context = AppContext(Options(saves=str(saves), database=store_url, profile="alice"))
    return NorsewindApp(context, seed=5, computer_delay=0.0, theme="norsewind")


async def at_table(app: NorsewindApp, pilot: Pilot[Any]) -> TableScreen:
    """alice's app opened at the table ``NAME``: its screen, once shown."""
    app.open_table(app.context.tables.open(NAME, "alice"))
    await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
    screen = app.screen
    assert isinstance(screen, TableScreen)
    return screen
