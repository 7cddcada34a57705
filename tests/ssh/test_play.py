"""Playing the real game through ``norsewind serve`` (issue 6): log in with a key, play a solo game,
resize, drop the connection, come back and resume. The screen is read with pyte; the saves
folder is the ground truth for the decisions made.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import pytest
from tui.waits import until

from norsewind_tui.ssh.server import ServeConfig
from norsewind_tui.storage import GameStore

from .conftest import Keys
from .helpers import TITLE, Terminal, at_the_title, serving


def run(coro: Coroutine[Any, Any, None], timeout: float = 150) -> None:
    asyncio.run(asyncio.wait_for(coro, timeout))


def moves_saved(saves: Path) -> list[int]:
    return [s.moves for s in GameStore(saves).list() if s.error is None]


def row_of(term: Terminal, needle: str) -> int:
    """The last screen row containing ``needle`` (-1 if none)."""
    rows = [i for i, line in enumerate(term.screen.display) if needle in line]
    return rows[-1] if rows else -1


async def decide(term: Terminal, saves: Path, key: str = "\r") -> int:
    """Press ``key`` (Enter: choose what the cursor is on) and wait for the decision to be saved."""
    before = max(moves_saved(saves), default=0)
    term.press(key)
    await until(None, lambda: max(moves_saved(saves), default=0) > before, "the decision saved", show=term.text)
    return max(moves_saved(saves))


def test_solo_game_resize_drop_and_resume(config: ServeConfig, keys: Keys, saves: Path) -> None:
    """Log in with a key and see the title screen; start a solo game as the SSH user; play three
    decisions (each autosaved); shrink the window below the app's minimum (it reports the new size)
    and enlarge it (the game is redrawn at each new size: footer on the new last row, lines across
    the new width); drop the connection (the app
    is hung up, nothing is lost); log in again, resume the game and play on."""

    async def main() -> None:
        log: list[str] = []
        async with serving(config, log) as server:
            term = await Terminal.connect(server.port, "alice", keys.alice, cols=100, rows=32)
            await term.wait_for(TITLE)
            term.press("n")
            await term.wait_for("Solo level")
            assert "alice" in term.screen.display[row_of(term, "Player 1")]  # the SSH user is the player
            term.press("\x13")  # ctrl+s: start
            await until(None, lambda: moves_saved(saves) == [0], "the new game saved", show=term.text)
            await term.wait_for("alice:")
            assert [await decide(term, saves) for _ in range(3)] == [1, 2, 3]
            await term.quiet()
            screen_before = term.text()

            term.resize(60, 20)  # below the app's minimum: it names the size it was told
            await term.wait_for("60x20")
            for cols, rows in ((90, 26), (130, 40)):
                term.resize(cols, rows)

                def footer_last(r: int = rows) -> bool:
                    return row_of(term, "Enter Choose") == r - 1

                await until(None, footer_last, "the footer on the last row", show=term.text)
                await term.quiet()
                widest = max(len(line.rstrip()) for line in term.screen.display)
                assert cols - 10 < widest <= cols, term.text()  # drawn across the new width
            assert term.text() != screen_before

            (session,) = server.sessions
            pid = session.pid
            assert pid is not None
            assert term.conn is not None
            term.conn.abort()  # the connection drops
            await until(None, lambda: not server.sessions, "every session ended")
            with pytest.raises(ProcessLookupError):
                os.kill(pid, 0)
            assert moves_saved(saves) == [3]

            again = await Terminal.connect(server.port, "alice", keys.alice, cols=100, rows=32)
            await again.wait_for(TITLE)
            again.press("r")
            await again.wait_for("solo")
            again.press("\r")
            await again.wait_for("alice:")
            assert await decide(again, saves) == 4
            await again.close()
        ended = [line for line in log if ": ended (" in line]
        assert any("alice@127.0.0.1: ended (signal 1, connection closed" in line for line in ended), ended

    run(main())


def test_two_players_at_once_each_have_their_own_app_and_name(config: ServeConfig, keys: Keys) -> None:
    """Two simultaneous logins get two app processes, each knowing its own player name; quitting
    the app ends that player's connection with exit status 0."""

    async def main() -> None:
        async with serving(config) as server:
            alice, erik = await at_the_title(server.port, ("alice", keys.alice), ("erik", keys.bob))
            for term in (alice, erik):
                term.press("n")
                await term.wait_for("Solo level")
            assert "alice" in alice.screen.display[row_of(alice, "Player 1")]
            assert "erik" in erik.screen.display[row_of(erik, "Player 1")]
            assert len({s.pid for s in server.sessions}) == 2
            erik.press("\x1b")  # back to the title screen
            await erik.wait_for(TITLE)
            erik.press("q")
            assert await erik.finished() == 0
            assert len(server.sessions) == 1
            await alice.close()

    run(main())
