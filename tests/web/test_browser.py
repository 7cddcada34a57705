"""``norsewind web`` in a real browser (issue 26): Debian's chromium, headless, driven by Playwright
(``executable_path``: no browser is downloaded). Log in, start a game, decide from the keyboard,
reload the page: back at the same decision; continue, a screenshot at 80x24, quit, and log out. What the page's
websocket receives is drawn by pyte too, to read the screen (xterm.js draws on a canvas)."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import pyte
import pytest
from playwright.async_api import Page, ViewportSize, WebSocket, async_playwright
from tui.waits import until

from norsewind_tui.storage import GameStore
from norsewind_tui.web.server import WebConfig

from .helpers import serving

CHROMIUM = "/usr/bin/chromium"  # Debian's package (tests/setup-machine installs it)
MISSING = (
    f"{CHROMIUM} is missing: as root, apt-get install chromium (or run tests/setup-machine, README's second command)"
)
PASSWORD = "correct horse battery"
TERMINAL = "textarea.xterm-helper-textarea"  # where xterm.js takes the keyboard


@pytest.fixture
def chromium() -> str:
    """Debian's chromium; without it the test fails with one line saying how to get it, not
    Playwright's page of traceback."""
    if not Path(CHROMIUM).is_file() or not os.access(CHROMIUM, os.X_OK):
        pytest.fail(MISSING, pytrace=False)
    return CHROMIUM


def run(coro: Coroutine[Any, Any, None], timeout: float = 240) -> None:
    asyncio.run(asyncio.wait_for(coro, timeout))


def moves_saved(saves: Path) -> list[int]:
    return [s.moves for s in GameStore(saves).list() if s.error is None]


class Tab:
    """A page, with what its game's websocket receives drawn by pyte and the sizes it sent."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.sizes: list[tuple[int, int]] = []
        page.on("websocket", self._socket)

    def _socket(self, ws: WebSocket) -> None:
        self.screen.reset()
        ws.on("framereceived", self._received)
        ws.on("framesent", self._sent)

    def _received(self, payload: str | bytes) -> None:
        if isinstance(payload, bytes):
            self.stream.feed(payload)

    def _sent(self, payload: str | bytes) -> None:
        message = json.loads(payload)
        if message[0] == "resize":
            self.sizes.append((message[1]["width"], message[1]["height"]))
            self.screen.resize(message[1]["height"], message[1]["width"])

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    async def shows(self, needle: str) -> None:
        await until(None, lambda: needle in self.text(), f"{needle!r} in the browser", show=self.text)

    async def press(self, key: str) -> None:
        await self.page.focus(TERMINAL)
        await self.page.keyboard.press(key)


async def fit_80x24(page: Page, tab: Tab) -> None:
    """Size the window so that the page's terminal is 80 columns by 24 rows (the cell's size is
    the font's: measured from the size the page chose first)."""
    await until(None, lambda: bool(tab.sizes), "the page's first size")
    for _ in range(4):
        cols, rows = tab.sizes[-1]
        if (cols, rows) == (80, 24):
            return
        box = await page.evaluate(
            "() => { const r = document.querySelector('.xterm-screen').getBoundingClientRect();"
            " return [r.width, r.height, window.innerWidth, window.innerHeight]; }"
        )
        width, height, inner_w, inner_h = (float(v) for v in box)
        cell_w, cell_h = width / cols, height / rows
        count = len(tab.sizes)
        size: ViewportSize = {
            "width": int(inner_w - width + 80 * cell_w + 1),
            "height": int(inner_h - height + 24 * cell_h + 1),
        }
        await page.set_viewport_size(size)

        def resized(n: int = count) -> bool:
            return len(tab.sizes) > n

        await until(None, resized, "the page's new size")
    raise AssertionError(f"the terminal is {tab.sizes[-1]}, not 80x24")


def test_log_in_play_reload_and_continue_in_chromium(
    config: WebConfig, saves: Path, tmp_path: Path, chromium: str
) -> None:
    password = tmp_path / "password"
    password.write_text(PASSWORD + "\n")
    password.chmod(0o600)
    config.password_file = password

    async def main() -> None:
        log: list[str] = []
        async with serving(config, log) as server, async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=chromium)
            try:
                page = await browser.new_page(viewport={"width": 800, "height": 480})
                tab = Tab(page)
                await page.goto(f"http://127.0.0.1:{server.port}/")
                await page.fill("#name", "erik")
                await page.fill("#password", PASSWORD)
                await page.click("button[type=submit]")
                await page.wait_for_selector("body.-first-byte")  # xterm.js drew the app's first bytes
                assert await page.title() == "Norsewind: erik"
                await fit_80x24(page, tab)
                await tab.shows("Resume a saved game")

                await tab.press("n")
                await tab.shows("Solo level")
                await tab.press("Control+s")  # start
                await until(None, lambda: moves_saved(saves) == [0], "the new game saved", show=tab.text)
                await tab.shows("erik:")
                await tab.press("Enter")
                await until(None, lambda: moves_saved(saves) == [1], "the decision saved", show=tab.text)

                def drawn() -> bool:  # the cursor's line: "Northumbria then: ...", or when the move says
                    # more, "Enter: " and what it does ("you place the Ship in ...", "you gain 5 coins
                    # from the ship. ...": the deal is any, so is the sentence)
                    text = tab.text()
                    return " then: " in text or any(line.lstrip().startswith("Enter: ") for line in text.splitlines())

                await until(None, drawn, "the cursor's line", show=tab.text)
                decision = tab.text().splitlines()[-4:]  # the prompt, the cursor's line and the keys
                assert decision[-1] == "Enter Choose 1-4 Kingdom Esc Back u Undo h Hint ? Help q Quit"

                await page.reload()  # a new websocket, a new app: back in the game at once
                await page.wait_for_selector("body.-first-byte")
                await tab.shows("erik:")  # the same lines before any key (issue 39: no keys, the first tip)
                await until(None, lambda: tab.text().splitlines()[-4:] == decision, "the same lines", show=tab.text)
                assert moves_saved(saves) == [1]
                assert "Resume a saved game" not in tab.text()
                await tab.press("Enter")
                await until(None, lambda: moves_saved(saves) == [2], "the next decision saved", show=tab.text)
                assert tab.sizes[-1] == (80, 24)
                shot = await page.screenshot(path=str(tmp_path / "game-80x24.png"))
                assert shot.startswith(b"\x89PNG") and len(shot) > 10_000

                await tab.press("q")  # quit: the app ends, and the page says so
                await page.wait_for_selector("body.-closed")
                assert await page.is_visible("text=This session has ended (every decision is saved).")
                assert await page.evaluate("() => sessionStorage.getItem('norsewind-tab')") is None  # anew
                await until(None, lambda: not server.sessions, "the app ended")

                await page.click("button:has-text('Log out')")  # the box's other button
                await page.wait_for_selector("#password")  # the login form: the next request asked for it
                assert await page.title() == "Norsewind: log in"
                assert await page.context.cookies() == []  # the cookie cleared
            finally:
                await browser.close()
        assert "erik@127.0.0.1: logged in (password)" in log
        assert sum("erik@127.0.0.1: playing (browser" in line for line in log) == 2
        assert any("erik@127.0.0.1: ended (exit 0, app quit" in line for line in log), log
        assert "erik@127.0.0.1: logged out" in log
        assert not [line for line in log if ": 404 " in line or "Traceback" in line]  # not "84049 B out"

    run(main())
