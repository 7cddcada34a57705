"""Playing the real game through ``norsewind web`` (issue 26) with an HTTP and websocket client that
speaks textual-serve's protocol, the screen read with pyte; the saves folder is the ground truth."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import pytest
from tui.waits import until

from norsewind_tui.storage import GameStore
from norsewind_tui.web.server import WebConfig

from .helpers import Browser, serving

TITLE = "Resume a saved game"  # a title-screen menu entry


def run(coro: Coroutine[Any, Any, None], timeout: float = 150) -> None:
    asyncio.run(asyncio.wait_for(coro, timeout))


def moves_saved(saves: Path) -> list[int]:
    return [s.moves for s in GameStore(saves).list() if s.error is None]


def finished(saves: Path) -> bool:
    return [s.finished for s in GameStore(saves).list() if s.error is None] == [True]


async def decide(tab: Browser, saves: Path, key: str = "\r") -> int:
    """Press ``key`` (Enter: choose what the cursor is on) and wait for the decision to be saved."""
    before = max(moves_saved(saves), default=0)
    await tab.press(key)
    await until(None, lambda: max(moves_saved(saves), default=0) > before, "the decision saved", show=tab.text)
    return max(moves_saved(saves))


def test_a_whole_solo_game_in_a_tab_reloaded_and_resumed_at_the_same_decision(config: WebConfig, saves: Path) -> None:
    """Open the page's websocket and see the title screen; start a solo game as the account's player;
    decide twice (each autosaved); the tab goes away (the app is hung up, nothing lost); a new tab's
    title offers the game first; the tab reloaded (ws/continue) is back in the game at once, at the
    decision it was at, and the game is played on to its score pad."""

    async def main() -> None:
        log: list[str] = []
        async with serving(config, log) as server, Browser(server.port) as tab:
            async with tab.http.get(tab.base) as page:
                assert page.status == 200 and "textual.js" in await page.text()
            await tab.open()
            await tab.wait_for(TITLE)
            await tab.steps(("n", "Solo level"))
            await tab.press("\x13")  # ctrl+s: start
            await until(None, lambda: moves_saved(saves) == [0], "the new game saved", show=tab.text)
            await tab.wait_for("alice:")  # the account's player plays
            assert [await decide(tab, saves) for _ in range(2)] == [1, 2]
            await tab.quiet()
            prompt = [line for line in tab.text().splitlines() if "alice:" in line]
            assert prompt, tab.text()

            (session,) = server.sessions
            pid = session.pid
            assert pid is not None
            await tab.drop()  # the tab is closed (or reloaded)
            await until(None, lambda: not server.sessions, "the session ended")
            with pytest.raises(ProcessLookupError):
                os.kill(pid, 0)
            assert moves_saved(saves) == [2]

            async with Browser(server.port) as fresh:  # a new tab: the title, the game offered first
                await fresh.open()
                await fresh.wait_for("Continue: ")
                assert fresh.text().index("Continue: ") < fresh.text().index("New game")

            async with Browser(server.port) as again:  # the tab reloaded: the game at once, at its decision
                await again.open(go_on=True)
                await again.wait_for("alice:")
                assert [line for line in again.text().splitlines() if "alice:" in line] == prompt
                assert moves_saved(saves) == [2]
                assert await decide(again, saves) == 3
                while not finished(saves):  # and on to the end of the game
                    await decide(again, saves)
                await again.wait_for("Score pad")
                assert "Vikings" in again.text()
        assert any("alice@127.0.0.1: playing (browser 100x32" in line for line in log), log
        assert any("alice@127.0.0.1: ended (signal 1, connection closed" in line for line in log), log

    run(main())


@pytest.mark.parametrize("no_mouse", [False, True], ids=["mouse", "no-mouse"])
def test_no_mouse_turns_the_web_drivers_mouse_reporting_off(config: WebConfig, no_mouse: bool) -> None:
    """Textual's web driver turns every mouse report on whatever it is told; with --no-mouse the app
    turns them off again before its first screen, so the browser sends no mouse events."""
    config.no_mouse = no_mouse

    async def main() -> None:
        async with serving(config) as server, Browser(server.port) as tab:
            await tab.open()
            await tab.wait_for(TITLE)
            raw = bytes(tab.raw)
            for mode in (b"1000", b"1003", b"1006"):
                on, off = raw.rfind(b"\x1b[?" + mode + b"h"), raw.rfind(b"\x1b[?" + mode + b"l")
                assert on >= 0, mode  # the driver's
                assert (off > on) == no_mouse, mode

    run(main())


def test_a_paste_in_the_browser_arrives_whole_and_in_order(config: WebConfig) -> None:
    """A bracketed paste with an escape in it (issue 23.17) is one paste under the web driver too:
    the name field gets ABCD, where Textual's own parser made it ^CDAB."""

    async def main() -> None:
        async with serving(config) as server, Browser(server.port) as tab:
            await tab.open()
            await tab.wait_for(TITLE)
            await tab.steps(("n", "Solo level"), ("\x1b[200~AB\x1bCD\x1b[201~", "Player 1     ABCD"))
            assert "^CD" not in tab.text()

    run(main())
