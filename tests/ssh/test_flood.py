"""``norsewind serve`` under a flood of connections that never log in, and ``--open``'s address check
(issue 15 section 4).

Everything stays on loopback: the flood comes from 127.0.0.2-127.0.0.5 (Linux answers for all of
127.0.0.0/8), the real player from 127.0.0.1. A silent connection is a plain TCP socket that never
says a word; the server either greets it (``SSH-2.0-...``: it is let in to log in) or closes it at
once without a greeting (refused past a limit).
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import resource
import subprocess
import time
from collections.abc import AsyncIterator, Coroutine
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from tui.waits import until

from norsewind_tui.ssh.keys import ServeError
from norsewind_tui.ssh.server import GameServer, ServeConfig, describe_listening

from .conftest import Keys
from .helpers import SERVE, WAIT, connect, serving

FLOOD_SOURCE = "127.0.0.2"


def run(coro: Coroutine[Any, Any, None], timeout: float = 120) -> None:
    asyncio.run(asyncio.wait_for(coro, timeout))


class Silent:
    """A TCP connection from ``source`` that never sends anything."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    @classmethod
    async def open(cls, port: int, source: str = FLOOD_SOURCE) -> Silent:
        reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
        return cls(reader, writer)

    async def greeted(self) -> bool:
        """True when the server greets this connection, False when it closes it without a word."""
        try:
            line = await asyncio.wait_for(self.reader.readline(), WAIT)
        except ConnectionResetError:
            return False
        assert line == b"" or line.startswith(b"SSH-2.0-Norsewind"), line
        return line != b""

    async def closed_by_server(self) -> None:
        """Wait until the server closes this connection (end of file)."""
        while await asyncio.wait_for(self.reader.read(4096), WAIT):
            pass

    def close(self) -> None:
        self.writer.close()


@contextlib.asynccontextmanager
async def flood(port: int, count: int, sources: tuple[str, ...] = (FLOOD_SOURCE,)) -> AsyncIterator[list[Silent]]:
    """``count`` silent connections, spread over ``sources`` in turn, opened one after the other (so
    which are let in is exact); closed afterwards."""
    opened: list[Silent] = []
    try:
        for i in range(count):
            opened.append(await Silent.open(port, sources[i % len(sources)]))
        yield opened
    finally:
        for conn in opened:
            conn.close()


def test_a_flood_of_silent_connections_cannot_keep_a_player_out(config: ServeConfig, keys: Keys) -> None:
    """Ten more silent connections than the server's whole cap, from one address: all but the
    per-address cap are closed at once, and a player with a key logs in while the flood is still
    held (not after its login grace time ran out), measured with the test's own clock."""
    config.login_grace_time = 60.0  # far longer than the test: nothing of the flood times out

    async def main() -> None:
        log: list[str] = []
        async with serving(config, log) as server:
            count = config.max_startups + 10
            async with flood(server.port, count) as silent:
                greeted = [await conn.greeted() for conn in silent]
                assert greeted == [True] * config.per_source_startups + [False] * (count - config.per_source_startups)
                assert server.startups.pending == {FLOOD_SOURCE: config.per_source_startups}

                started = time.monotonic()
                player = await asyncio.wait_for(connect(server.port, "alice", keys.alice), WAIT)
                elapsed = time.monotonic() - started
                # The flood was still there while the player logged in: nothing had to time out first.
                assert server.startups.pending == {FLOOD_SOURCE: config.per_source_startups}
                print(f"player logged in {elapsed:.3f} s after {count} silent connections (cap 2 s)")
                player.close()
                await player.wait_closed()
        assert f"{FLOOD_SOURCE}: connection refused at once ({config.per_source_startups} connections" in log[0]
        assert any("alice@127.0.0.1: logged in" in line for line in log), log
        assert f"server: refused {count - config.per_source_startups - 1} more connection(s)" in log[-1], log
        assert not any("Traceback" in line for line in log)

    run(main())


def test_the_total_cap_and_the_login_grace_time(config: ServeConfig, keys: Keys) -> None:
    """With at most 4 logging in (2 per address), a fifth connection is refused from any address,
    even a player's; once one of the four leaves, or the login grace time drops them, a player
    gets in."""
    config.max_startups, config.per_source_startups = 4, 2
    sources = ("127.0.0.2", "127.0.0.3", "127.0.0.4")

    async def main() -> None:
        async with serving(config) as server, flood(server.port, 6, sources) as silent:
            greeted = [await conn.greeted() for conn in silent]
            # .2, .3, .4, .2 let in (4 in all); .3 and .4 then past the total
            assert greeted == [True, True, True, True, False, False]
            assert server.startups.pending == {"127.0.0.2": 2, "127.0.0.3": 1, "127.0.0.4": 1}
            with pytest.raises((asyncssh.Error, OSError)):
                await connect(server.port, "alice", keys.alice)
            silent[0].close()
            await until(None, lambda: len(server.startups) == 3, "three startups")
            player = await connect(server.port, "alice", keys.alice)
            assert len(server.startups) == 3  # logged in: no longer counted
            player.close()

        config.login_grace_time = 0.5
        log: list[str] = []
        async with serving(config, log) as server, flood(server.port, 4, sources) as silent:
            assert [await conn.greeted() for conn in silent] == [True] * 4
            for conn in silent:
                await conn.closed_by_server()  # dropped after the grace time
            await until(None, lambda: len(server.startups) == 0, "no startup left")
        # one line, then a count (a flood of silent connections would otherwise write one each)
        assert log[0] == "?@127.0.0.2: dropped (not logged in within 0.5 s)", log
        assert log[1:] == ["server: dropped 3 more connection(s) not logged in within the grace time"], log

    run(main())


@pytest.mark.parametrize("limited", ["soft", "hard"])
def test_the_command_raises_its_file_limit_and_logs_no_traceback_under_a_flood(tmp_path: Path, limited: str) -> None:
    """The issue's case: more silent connections than the descriptor limit the server was started
    with. With a low soft limit, the server raised it to the hard one; with a low hard limit too, it
    ran out of descriptors while accepting and said so in one line (then a count), not a traceback
    per connection. Either way it refused the excess at once, let a player in, and logged no
    traceback. (Its --host is loopback spelled as a number, named as such in the listening line.)"""
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    low = 40 if limited == "hard" else 128
    if hard != resource.RLIM_INFINITY and hard < low:
        low = hard
    limits = (low, low) if limited == "hard" else (low, hard)
    proc = subprocess.Popen(
        [*SERVE, "--open", "--host", "2130706433", "--port", "0", "--saves", str(tmp_path / "s")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, limits),
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        match = re.search(r"listening on 127\.0\.0\.1:(\d+) \(loopback, given as 2130706433\); host key", first)
        assert match, first
        port = int(match.group(1))
        row = re.search(r"Max open files\s+(\S+)\s+(\S+)", Path(f"/proc/{proc.pid}/limits").read_text())
        assert row is not None and row.group(1) == row.group(2)  # soft raised to hard
        if limits[1] != resource.RLIM_INFINITY:
            assert int(row.group(1)) == limits[1]

        async def main() -> None:
            async with flood(port, 128 + 20) as silent:
                greeted = [await conn.greeted() for conn in silent]
                assert greeted.count(True) == 8  # --per-source-max-startups' default
                conn = await asyncio.wait_for(connect(port, "erik", None), WAIT)
                conn.close()

        run(main())
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    assert "Traceback" not in err, err
    emfile = [line for line in err.splitlines() if "Too many open files" in line]
    if limited == "soft":
        assert emfile == []
    else:  # at most the first line and a count
        assert len(emfile) <= 2 and all("socket.accept() out of system resource" in line for line in emfile), emfile
    assert f"{FLOOD_SOURCE}: connection refused at once" in err
    assert "erik@127.0.0.1: logged in (open server)" in err


@pytest.mark.parametrize("spelling", ["127.1", "0x7f000001", "2130706433"])
def test_open_accepts_loopback_however_it_is_spelled(tmp_path: Path, spelling: str) -> None:
    """The address is compared, not its spelling; the listening line names what it is."""
    config = ServeConfig(saves=tmp_path, host=spelling, port=0, open=True)

    async def main() -> None:
        async with serving(config) as server:
            where = describe_listening(config, server.port)
            assert where == f"127.0.0.1:{server.port} (loopback, given as {spelling})"
            conn = await connect(server.port, "erik", None)
            conn.close()

    run(main())


def test_open_refuses_an_address_that_is_not_loopback_however_spelled(tmp_path: Path) -> None:
    """``0x0a000001`` is 10.0.0.1: refused in one line that says so; nothing is created."""
    for spelling, named in (("0x0a000001", "0x0a000001 (which is 10.0.0.1)"), ("0.0.0.0", "0.0.0.0;")):
        with pytest.raises(ServeError, match=re.escape(f"not on {named}")):
            GameServer(ServeConfig(saves=tmp_path, host=spelling, port=0, open=True))
    assert list(tmp_path.iterdir()) == []
