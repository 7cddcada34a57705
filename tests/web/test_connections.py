"""Plain HTTP connections that never send a request (issue 26): capped like ``serve --max-startups``
(in total and from one address), closed after the login grace time, one log line for a flood; the
tabs playing keep playing. Raw sockets, from 127.0.0.1, 127.0.0.2 and 127.0.0.3 (all loopback)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

import pytest
from ssh.helpers import WAIT
from tui.waits import until

from norsewind_tui.web.server import WebConfig, WebServer

from .helpers import Browser, environment_of, probe_program, serving

Socket = tuple[asyncio.StreamReader, asyncio.StreamWriter]


def run(coro: Coroutine[Any, Any, None], timeout: float = 180) -> None:
    asyncio.run(asyncio.wait_for(coro, timeout))


async def connect(port: int, source: str) -> Socket:
    return await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))


async def idle_from(server: WebServer, source: str, count: int) -> list[Socket]:
    """``count`` connections from ``source`` that send nothing, each seen by the server."""
    sockets = []
    for _ in range(count):
        seen = server.idle.seen + 1
        sockets.append(await connect(server.port, source))

        def accepted(n: int = seen) -> bool:
            return server.idle.seen == n

        await until(None, accepted, "the connection accepted")
    return sockets


async def closed_by_server(sock: Socket) -> bytes:
    """Wait for the server to close ``sock``: what it had sent before (b"" for nothing)."""
    reader, _ = sock
    received = b""
    try:
        while chunk := await asyncio.wait_for(reader.read(65536), WAIT):
            received += chunk
    except ConnectionResetError:
        pass
    return received


async def page_on(sock: Socket) -> bytes:
    """Ask for the page on ``sock`` (kept alive): the whole response."""
    reader, writer = sock
    writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    await writer.drain()
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), WAIT)
    length = next(
        int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")
    )
    return head + await asyncio.wait_for(reader.readexactly(length), WAIT)


def close_all(sockets: list[Socket]) -> None:
    for _, writer in sockets:
        writer.close()


def test_a_flood_of_connections_without_a_request_is_capped_and_tabs_keep_playing(
    config: WebConfig, caplog: pytest.LogCaptureFixture
) -> None:
    config.program = probe_program()
    config.max_startups, config.per_source_startups = 4, 3
    config.login_grace_time = 600.0  # none of them is closed for its idling while the test runs

    async def main() -> None:
        log: list[str] = []
        sockets: list[Socket] = []
        async with serving(config, log) as server:
            tab = Browser(server.port)
            try:
                await tab.open()  # a tab playing before the flood
                await environment_of(tab)
                assert len(server.idle) == 0  # a game's websocket is not counted

                first, second, third = await idle_from(server, "127.0.0.1", 3)
                sockets += [first, second, third]
                past = await connect(server.port, "127.0.0.1")  # past the cap from one address
                assert await closed_by_server(past) == b""
                assert len(server.idle) == 3

                other = await idle_from(server, "127.0.0.2", 1)  # another address: the total is 4
                sockets += other
                # past the total: the oldest connection of the address holding the most makes room
                sockets += await idle_from(server, "127.0.0.2", 1)
                assert await closed_by_server(first) == b""
                assert len(server.idle) == 4  # 2 from each
                equal = await connect(server.port, "127.0.0.2")  # holding as many as any: closed at once
                assert await closed_by_server(equal) == b""
                assert len(server.idle) == 4

                await tab.press("still here")  # the tab plays on
                await tab.wait_for("got: still here")

                # A browser's kept-alive connection makes room: one from 127.0.0.1 asks for the page ...
                other[0][1].close()
                await until(None, lambda: len(server.idle) == 3, "a connection from 127.0.0.2 gone")
                kept = await connect(server.port, "127.0.0.1")
                sockets.append(kept)
                page = await page_on(kept)
                assert page.startswith(b"HTTP/1.1 200 OK\r\n") and b"<title>Norsewind: alice</title>" in page
                await until(None, lambda: len(server.idle) == 4, "the kept connection counted again")
                # ... and a new connection from there (3 from it, its cap) closes it, not itself
                newer = await connect(server.port, "127.0.0.1")
                sockets.append(newer)
                assert await closed_by_server(kept) == b""
                assert len(server.idle) == 4
                assert (await page_on(newer)).startswith(b"HTTP/1.1 200 OK\r\n")  # newer was let in
                # with the total full, a kept connection from anywhere makes room for another address
                await until(None, lambda: len(server.idle) == 4, "newer kept alive")
                sockets += await idle_from(server, "127.0.0.3", 1)
                assert await closed_by_server(newer) == b""
                assert len(server.idle) == 4

                await tab.press("again")
                await tab.wait_for("got: again")
            finally:
                close_all(sockets)
                await tab.close()
        refusals = [line for line in log if "connection closed at once" in line]
        assert refusals == [
            "127.0.0.1: connection closed at once (3 connections from this address already open without a request)"
        ]
        assert "server: closed 1 more connection(s) at once past the limits on connections without a request" in log
        assert [line for line in log if "make room" in line] == [
            "127.0.0.1: connection closed to make room for 127.0.0.2 (3 connections from 127.0.0.1 open "
            "without a request, the most from one address)"
        ]
        assert not any("Traceback" in line or "grace" in line for line in log), log

    run(main())
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []  # asyncio's too


def test_a_connection_without_a_request_is_closed_after_the_grace_time(config: WebConfig) -> None:
    config.login_grace_time = 2.0

    async def main() -> None:
        log: list[str] = []
        async with serving(config, log) as server:
            sockets = await idle_from(server, "127.0.0.1", 2)
            kept = await connect(server.port, "127.0.0.2")
            sockets.append(kept)
            assert (await page_on(kept)).startswith(b"HTTP/1.1 200 OK\r\n")
            try:
                for sock in sockets:  # the two that sent nothing, and the kept one idle since its page
                    assert await closed_by_server(sock) == b""
                assert len(server.idle) == 0
                sockets.append(await connect(server.port, "127.0.0.1"))
                assert (await page_on(sockets[-1])).startswith(b"HTTP/1.1 200 OK\r\n")
            finally:
                close_all(sockets)
        assert [line for line in log if "within" in line] == [
            "127.0.0.1: connection closed (no request within 2 s)",
            "server: closed 1 more connection(s) without a request within the grace time",
        ]

    run(main())


def test_silent_connections_from_four_addresses_leave_a_fifth_able_to_load_the_page(config: WebConfig) -> None:
    """Issue 38.3: 8 silent connections from each of 4 addresses fill the default caps (32, 8 from one
    address); a fifth address's connection takes the place of the oldest silent one of an address
    holding the most, instead of being closed at once, and loads the page, flood renewed or not."""
    config.login_grace_time = 600.0  # the flood is never closed for its idling while the test runs

    async def main() -> None:
        log: list[str] = []
        flood: list[Socket] = []
        async with serving(config, log) as server:
            try:
                for n in range(2, 6):
                    flood += await idle_from(server, f"127.0.0.{n}", 8)
                assert len(server.idle) == 32

                newcomer = await connect(server.port, "127.0.0.6")
                flood.append(newcomer)
                assert await closed_by_server(flood[0]) == b""  # the oldest from 127.0.0.2
                page = await page_on(newcomer)
                assert page.startswith(b"HTTP/1.1 200 OK\r\n") and b"<title>Norsewind: alice</title>" in page
                await until(None, lambda: len(server.idle) == 32, "the newcomer kept alive")

                # the flood renews from 127.0.0.2: it closes the newcomer's kept-alive connection ...
                flood += await idle_from(server, "127.0.0.2", 1)
                assert await closed_by_server(newcomer) == b""
                # ... and the fifth address's next connection is let in again
                again = await connect(server.port, "127.0.0.6")
                flood.append(again)
                assert (await page_on(again)).startswith(b"HTTP/1.1 200 OK\r\n")
                assert len(server.idle) <= 32
            finally:
                close_all(flood)
        assert not any("connection closed at once" in line for line in log), log
        assert log[0] == (
            "127.0.0.2: connection closed to make room for 127.0.0.6 (8 connections from 127.0.0.2 open "
            "without a request, the most from one address)"
        )
        assert "server: closed 1 more connection(s) to make room for an address holding fewer" in log

    run(main())
