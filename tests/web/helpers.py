"""Driving ``norsewind web`` without a browser: aiohttp's HTTP and websocket client, speaking what
textual-serve's page script speaks (``["stdin", text]``, ``["resize", {...}]``, ``["ping", x]``), with
the frames it gets drawn by a pyte terminal, as xterm.js draws them in a page."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
from ssh.helpers import WAIT, Screen, started
from tui.waits import until

from norsewind_tui.web.server import WebConfig, WebServer


def serving(config: WebConfig, log: list[str] | None = None) -> contextlib.AbstractAsyncContextManager[WebServer]:
    """``norsewind web``'s server, ``started``; its log lines are appended to ``log``."""
    config.log = log.append if log is not None else config.log
    return started(WebServer(config))


class Browser(Screen):
    """One tab: its cookies (an aiohttp session) and, once ``open``, its game's websocket; closed at
    the end of ``async with Browser(port) as tab:``."""

    def __init__(self, port: int, cols: int = 100, rows: int = 32, source: str | None = None) -> None:
        super().__init__(cols, rows)
        self.base = f"http://127.0.0.1:{port}/"
        connector = aiohttp.TCPConnector(local_addr=(source, 0)) if source else None  # from 127.0.0.2...
        self.http = aiohttp.ClientSession(
            connector=connector, cookie_jar=aiohttp.CookieJar(unsafe=True)
        )  # unsafe: cookies for 127.0.0.1
        self.cols, self.rows = cols, rows
        self.close_code: int | None = None
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self._reader: asyncio.Task[None] | None = None
        self.texts: list[object] = []  # the JSON messages the server sent (pong...)

    async def login(self, name: str, password: str) -> aiohttp.ClientResponse:
        """Post the login form (redirects followed: a good login ends on the game page)."""
        async with self.http.post(self.base + "login", data={"name": name, "password": password}) as response:
            await response.read()
            return response

    async def open(self, headers: dict[str, str] | None = None, go_on: bool = False) -> None:
        """Open the game's websocket at this tab's size, as the page's script does (``go_on``: as a
        reloaded tab does, for the player's latest game at once)."""
        url = f"{self.base}ws{'/continue' if go_on else ''}?width={self.cols}&height={self.rows}"
        self.ws = await self.http.ws_connect(url, headers=headers, max_msg_size=0)
        self.screen.reset()
        self.closed.clear()
        self._reader = asyncio.ensure_future(self._read(self.ws))
        await self.ws.send_json(["resize", {"width": self.cols, "height": self.rows}])

    async def _read(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        async for message in ws:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.raw += message.data
                self.stream.feed(message.data)
            elif message.type == aiohttp.WSMsgType.TEXT:
                self.texts.append(message.json())
            self.changed.set()
        self.close_code = ws.close_code
        self.closed.set()
        self.changed.set()

    async def press(self, keys: str) -> None:
        assert self.ws is not None
        await self.ws.send_json(["stdin", keys])

    async def keys(self, keys: str) -> None:
        await self.press(keys)

    async def send(self, data: object) -> None:
        assert self.ws is not None
        await self.ws.send_json(data)

    async def ended(self, timeout: float = WAIT) -> int | None:
        """Wait for the server to close the websocket; its close code."""
        await asyncio.wait_for(self.closed.wait(), timeout)
        return self.close_code

    async def drop(self) -> None:
        """The tab goes away (closed, reloaded, the network gone): the websocket closes."""
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            await asyncio.wait_for(self._reader, WAIT)

    async def cut(self) -> None:
        """The network goes away under the tab: its connection is cut (a TCP reset), with no
        websocket close, as when a laptop's Wi-Fi drops; the server finds its end from the socket."""
        assert self.ws is not None
        transport = self.ws._response.connection.transport if self.ws._response.connection else None
        assert transport is not None
        transport.abort()
        if self._reader is not None:
            await asyncio.wait_for(self._reader, WAIT)

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.drop()
        await self.http.close()

    async def __aenter__(self) -> Browser:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()


@contextlib.asynccontextmanager
async def tabs(port: int, count: int) -> AsyncIterator[tuple[Browser, ...]]:
    """``count`` tabs of the server on ``port``, all closed afterwards."""
    async with contextlib.AsyncExitStack() as stack:
        yield tuple([await stack.enter_async_context(Browser(port)) for _ in range(count)])


PROBE = Path(__file__).with_name("probe.py")


def probe_program() -> list[str]:
    """The stand-in app (``probe.py``): its environment, then an echo of the keys it is sent."""
    return [sys.executable, str(PROBE)]


async def environment_of(tab: Browser) -> dict[str, str]:
    """The environment the probe was started with, as it sent it."""
    await until(None, lambda: b"\r\nenv: " in tab.raw and tab.raw.count(b"\r\n") >= 2, "the probe's environment")
    text = tab.raw.split(b"\r\nenv: ", 1)[1].split(b"\r\n", 1)[0]
    env: dict[str, str] = json.loads(text)
    return env


@contextlib.asynccontextmanager
async def probed(config: WebConfig, log: list[str] | None = None) -> AsyncIterator[tuple[WebServer, Browser]]:
    """The probe served (``serving``) and one tab open on it, once the probe has sent its environment."""
    config.program = probe_program()
    async with serving(config, log) as server, Browser(server.port) as tab:
        await tab.open()
        await environment_of(tab)
        yield server, tab
