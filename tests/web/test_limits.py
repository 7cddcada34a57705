"""``norsewind web`` under load and abuse (issue 26): --max-sessions, a cap on connections whose app
has not started yet (like serve's --max-startups), and bad requests: an HTTP error and one log line,
never a traceback."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Coroutine
from typing import Any

import aiohttp
import pytest
from tui.waits import until

from norsewind_tui.web.server import WebConfig

from .helpers import Browser, environment_of, probe_program, probed, serving, tabs


def hung_up(line: str, why: str) -> bool:
    """The app was hung up for ``why``: it ended on the SIGHUP, or on the SIGKILL that follows it
    after ``HANGUP_GRACE`` when a loaded machine has not let it end by then (both are serve's way)."""
    return any(f"alice@127.0.0.1: ended (signal {n}, {why}" in line for n in (1, 9))


NEVER_STARTS = [sys.executable, "-c", "import sys; sys.stdin.read()"]  # an app that never draws


def run(coro: Coroutine[Any, Any, None], timeout: float = 120) -> None:
    asyncio.run(asyncio.wait_for(coro, timeout))


def test_max_sessions_tells_the_next_tab_the_server_is_full(config: WebConfig) -> None:
    config.program = probe_program()
    config.max_sessions = 1

    async def main() -> None:
        log: list[str] = []
        async with serving(config, log) as server, tabs(server.port, 3) as (first, second, third):
            await first.open()
            await environment_of(first)
            await second.open()
            await second.wait_for("norsewind: the server is full; please try again later")
            assert await second.ended() == 1013  # try again later
            await first.drop()
            await until(None, lambda: not server.sessions, "the first session ended")
            await third.open()
            await environment_of(third)  # a place again
        assert "alice@127.0.0.1: refused: the server is full" in log

    run(main())


def test_apps_still_starting_are_capped_and_dropped_after_the_grace_time(config: WebConfig) -> None:
    config.program = NEVER_STARTS
    config.max_startups = 1
    config.login_grace_time = 5.0  # long enough for the second tab to come while the first is starting

    async def main() -> None:
        log: list[str] = []
        async with serving(config, log) as server, tabs(server.port, 3) as (first, second, third):
            await first.open()  # its app never starts: it stays "logging in"
            with pytest.raises(aiohttp.WSServerHandshakeError) as caught:
                await second.open()
            assert caught.value.status == 503
            await first.wait_for("norsewind: the game did not start; please try again")
            await first.ended()
            await until(None, lambda: len(server.startups) == 0, "the first connection let go")
            await third.open()  # counted again from zero
        assert any("GET /ws: 503 Service Unavailable (1 connections already logging in" in line for line in log), log
        assert any(hung_up(line, "not started within 5 s") for line in log), log

    run(main())


async def raw_request(port: int, data: bytes) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(data)
    await writer.drain()
    answer = await reader.read(65536)
    writer.close()
    return answer


def test_bad_http_requests_get_an_error_and_one_log_line(config: WebConfig) -> None:
    async def main() -> None:
        log: list[str] = []
        async with serving(config, log) as server:
            port = server.port
            assert (await raw_request(port, b"\x16\x03\x01 not http\r\n\r\n")).startswith(b"HTTP/1.0 400 ")
            assert (await raw_request(port, b"GET /ws HTTP/1.1\r\nHost: [::1]\r\n\r\n")).startswith(b"HTTP/1.1 400 ")
            assert (await raw_request(port, b"GET /../etc/passwd HTTP/1.1\r\nHost: [::1]\r\n\r\n")).startswith(
                b"HTTP/1.1 404 "
            )
            assert (await raw_request(port, b"DELETE / HTTP/1.1\r\nHost: [::1]\r\n\r\n")).startswith(b"HTTP/1.1 405 ")
            login = b"POST /login HTTP/1.1\r\nHost: [::1]\r\nContent-Length: 0\r\n\r\n"
            assert (await raw_request(port, login)).startswith(b"HTTP/1.1 404 ")  # this server knows who plays
        assert log[0].startswith("server: Error handling request from 127.0.0.1: BadHttpMethod: "), log
        assert log[1:] == [
            "127.0.0.1: GET /ws: 400 Bad Request (this address is for the game page's websocket)",
            "127.0.0.1: GET /../etc/passwd: 404 Not Found",
            "127.0.0.1: DELETE /: 405 Method Not Allowed",
            "127.0.0.1: POST /login: 404 Not Found (nothing to log in to: this server knows who you are)",
        ]
        assert all("\n" not in line and "Traceback" not in line for line in log)

    run(main())


@pytest.mark.parametrize(
    ("message", "why"),
    [
        ("not json", "not JSON"),
        ('{"stdin": "x"}', "not a list starting with its type"),
        ('["stdin", 5]', "stdin without its text"),
        ('["resize", {"width": "wide", "height": 24}]', "a size must be a positive whole number, not 'wide'"),
        ('["resize", {"width": 80, "height": 0}]', "a size must be a positive whole number, not 0"),
        ('["format c:"]', "unknown type 'format c:'"),
        (b"\x00binary", "a binary message"),
    ],
)
def test_a_bad_websocket_message_ends_that_tab_with_one_log_line(
    config: WebConfig, message: str | bytes, why: str
) -> None:
    async def main() -> None:
        log: list[str] = []
        async with probed(config, log) as (server, tab):
            await tab.press("hello")
            await tab.wait_for("got: hello")  # the keys reach the app
            assert tab.ws is not None
            if isinstance(message, bytes):
                await tab.ws.send_bytes(message)
            else:
                await tab.ws.send_str(message)
            await tab.ended()
            await until(None, lambda: not server.sessions, "the session ended")
        assert f"alice@127.0.0.1: bad websocket message ({why}); closed" in log, log
        assert any(hung_up(line, "bad message") for line in log), log

    run(main())


def test_a_ping_is_answered_and_a_huge_size_is_clamped(config: WebConfig) -> None:
    async def main() -> None:
        async with probed(config) as (_server, tab):
            await tab.send(["ping", "1234"])
            await tab.send(["resize", {"width": 10**9, "height": 10**9}])
            await tab.send(["focus"])
            await until(None, lambda: ["pong", "1234"] in tab.texts, "the pong")
            assert not tab.closed.is_set()

    run(main())


def test_a_tab_without_a_key_for_the_idle_timeout_is_hung_up_and_told_why(config: WebConfig) -> None:
    config.idle_timeout = 1.0

    async def main() -> None:
        log: list[str] = []
        async with probed(config, log) as (_server, tab):
            await tab.wait_for("norsewind: no key pressed for 1 seconds; disconnected (your game is saved)")
            await tab.ended()
        assert any(hung_up(line, "idle") for line in log), log

    run(main())


def log_of_a_tab_its_app_closes(config: WebConfig) -> list[str]:
    """Serve ``config.program``, open a tab, and wait until the app's end closes the tab and its
    session is gone; the server's log."""
    log: list[str] = []

    async def main() -> None:
        async with serving(config, log) as server, Browser(server.port) as tab:
            await tab.open()
            await tab.ended()
            await until(None, lambda: not server.sessions, "the session ended")

    run(main())
    return log


def test_an_app_that_fails_closes_its_tab_and_logs_its_last_line(config: WebConfig) -> None:
    """An app ending without the web driver's goodbye (a crash): the tab is closed, and the log has
    its exit status and the last line of its stderr, not the whole traceback."""
    crash = "import sys; print('__GANGLION__', flush=True); sys.stderr.write('Traceback:\\n  x\\nValueError: boom\\n')"
    config.program = [sys.executable, "-c", crash + "; sys.exit(3)"]
    (ended,) = [line for line in log_of_a_tab_its_app_closes(config) if ": ended (" in line]
    assert ended.startswith("alice@127.0.0.1: ended (exit 3, app quit, ") and ended.endswith(": ValueError: boom")


def test_an_app_whose_output_is_not_the_web_drivers_closes_its_tab(config: WebConfig) -> None:
    config.program = [sys.executable, "-c", "import sys, time; sys.stdout.write('x' * 200000); sys.stdout.flush()"]
    log = log_of_a_tab_its_app_closes(config)
    assert "alice@127.0.0.1: the app's output is not the web driver's" in log
    assert not any("Traceback" in line for line in log)
