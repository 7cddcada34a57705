"""A disk that fails while the app saves: one line in the status bar, and the game plays on (issue 15 s2)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from norsewind_tui.storage import GameStore, atomic
from norsewind_tui.storage.gamefile import GameFiles
from norsewind_tui.storage.tables import SharedTable, TableStore
from norsewind_tui.tui.widgets.prompt import StatusLine

from .helpers import aio, make_app, playing, shown
from .screens import table_screen
from .waits import until


def _failing(err: int) -> object:
    def fail(*args: object, **kw: object) -> None:
        raise OSError(err, os.strerror(err))

    return fail


def _status_rows(text: str) -> str:
    """What the status line shows (its two rows above the footer), words joined by one space."""
    return " ".join(" ".join(text.splitlines()[-3:-1]).split())


@aio
async def test_a_failing_disk_gets_one_line_and_the_game_plays_on(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with playing(saves, ("Ana",), 21) as (game, app, pilot):
        await pilot.press("enter")
        assert game.session.position == 1

        # The disk is full before the new file is under the save's name: nothing changes.
        monkeypatch.setattr(atomic, "write_new", _failing(errno.ENOSPC))
        state = game.state
        await pilot.press("enter")
        status = app.screen.query_one(StatusLine).message
        assert game.state == state and game.session.position == 1
        assert status == f"cannot save {game.path.name}: No space left on device (nothing changed)"
        assert status in _status_rows(await shown(pilot))  # the whole line, at 80 columns
        monkeypatch.undo()

        # The folder's fsync fails after the rename: the decision stands, and the player is told.
        monkeypatch.setattr(atomic, "fsync_dir", _failing(errno.EIO))
        await pilot.press("enter")
        status = app.screen.query_one(StatusLine).message
        assert game.session.position == 2
        assert status.startswith(f"saved {game.path.name}, but the disk failed after: Input/output error"), status
        assert "Input/output error" in _status_rows(await shown(pilot))
        monkeypatch.undo()

        # The disk is back: the next decisions save as usual.
        for position in (3, 4, 5):
            await pilot.press("enter")
            assert game.session.position == position
            assert game.warning is None
            assert "cannot save" not in (await shown(pilot))
        name = game.name
        await pilot.press("q")

    again = GameStore(saves).open(name)
    assert again.session.position == 5 and again.notice is None
    again.close()


def _agrees(table: SharedTable, store: TableStore) -> bool:
    """The table's view is the generation in its file."""
    read = GameFiles(store.dir, table.name).read(store.cards)
    assert read is not None
    on_disk = read.value
    return (on_disk.save.generation, on_disk.session.moves) == (table.generation, table.session.moves)


@aio
async def test_a_failing_disk_at_a_shared_table(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer's decisions saved while the folder's fsync fails are shown as such; a full disk refuses
    alice's decision in one line; once the disk is back, both play on."""
    monkeypatch.setenv("NORSEWIND_PLAYER", "alice")
    store = TableStore(saves)
    store.create("alice", ["me", "easy"], seed=2)  # seed 2: the computer begins
    monkeypatch.setattr(atomic, "fsync_dir", _failing(errno.EIO))
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await until(pilot, lambda: type(app.screen).__name__ == "LobbyScreen", "the lobby")
        await pilot.pause()
        await pilot.press("enter")
        await until(pilot, lambda: type(app.screen).__name__ == "TableScreen", "the table")
        table: SharedTable = table_screen(app).table
        await until(pilot, lambda: table.is_my_turn() and table.session.position > 0, "the computer's decisions")
        await pilot.pause()
        said = "saved alice-table.json, but the disk failed after: Input/output error"
        assert app.screen.query_one(StatusLine).message.startswith(said)
        assert _agrees(table, store)
        monkeypatch.undo()

        monkeypatch.setenv("NORSEWIND_PLAYER", "alice")
        monkeypatch.setattr(atomic, "write_new", _failing(errno.ENOSPC))
        position = table.session.position
        await pilot.press("enter")
        status = app.screen.query_one(StatusLine).message
        assert status == "cannot save alice-table.json: No space left on device (nothing changed)"
        assert status in _status_rows(await shown(pilot))
        assert table.session.position == position and _agrees(table, store)
        monkeypatch.undo()

        await pilot.press("enter")  # alice decides (the disk is back), then the computer if her turn ends
        await until(pilot, lambda: table.session.position > position and table.is_my_turn(), "alice's turn again")
        assert _agrees(table, store) and table.warning is None
