"""Driving ``norsewind serve`` end to end: an asyncssh client whose screen is a pyte terminal."""

from __future__ import annotations

import asyncio
import contextlib
import sys
import time
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import TypeVar

import asyncssh
import pyte
from quiet import until_quiet

from norsewind_tui.ssh.lifecycle import Server
from norsewind_tui.ssh.server import GameServer, ServeConfig

WAIT = 30.0  # seconds: the most any screen may take to appear on a busy 2-core machine
APP = [sys.executable, "-m", "norsewind_tui.cli"]  # the norsewind command, of this tree
SERVE = [*APP, "serve"]
TITLE = "Resume a saved game"  # a title-screen menu entry


def make_key(folder: Path, name: str) -> asyncssh.SSHKey:
    """A fresh ed25519 key pair written as ``folder/name`` and ``folder/name.pub``."""
    key = asyncssh.generate_private_key("ssh-ed25519", comment=f"{name}@test")
    (folder / name).write_bytes(key.export_private_key())
    (folder / name).chmod(0o600)
    (folder / f"{name}.pub").write_bytes(key.export_public_key())
    return key


def authorized_line(key: asyncssh.SSHKey, principals: str | None = None) -> str:
    line = key.export_public_key().decode().strip()
    return f'principals="{principals}" {line}' if principals else line


S = TypeVar("S", bound=Server)


@contextlib.asynccontextmanager
async def started(server: S) -> AsyncIterator[S]:
    """``server`` started (on a free loopback port when its ``config.port`` is 0), closed afterwards."""
    await server.start()
    try:
        yield server
    finally:
        await server.close()


def serving(config: ServeConfig, log: list[str] | None = None) -> contextlib.AbstractAsyncContextManager[GameServer]:
    """``norsewind serve``'s server, ``started``; its log lines are appended to ``log``."""
    config.log = log.append if log is not None else config.log
    return started(GameServer(config))


class _ClientSession(asyncssh.SSHClientSession[bytes]):
    def __init__(self, term: Terminal) -> None:
        self.term = term

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.term.feed(data, stderr=datatype == asyncssh.EXTENDED_DATA_STDERR)

    def connection_lost(self, exc: Exception | None) -> None:
        self.term.closed.set()
        self.term.changed.set()


class Screen:
    """A player's screen, drawn by pyte from what their client receives (an SSH channel here, a
    browser's websocket in tests/web), and the waits on it."""

    def __init__(self, cols: int = 100, rows: int = 32) -> None:
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self.changed = asyncio.Event()
        self.closed = asyncio.Event()

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    async def wait_for(self, *needles: str, timeout: float = WAIT, settle: float = 0.25) -> str:
        """Wait until the screen shows one of ``needles`` and has been still for ``settle`` seconds
        (so a half-redrawn screen, or a key sent too soon after Escape, cannot fool a test); returns
        the needle (AssertionError with the screen on timeout)."""
        deadline = time.monotonic() + timeout
        while True:
            screen = self.text()
            found = [needle for needle in needles if needle in screen]
            if found:
                await self.quiet(settle, timeout=max(0.0, deadline - time.monotonic()))
                screen = self.text()
                for needle in found:
                    if needle in screen:
                        return needle
            left = deadline - time.monotonic()
            if left <= 0 or self.closed.is_set():
                raise AssertionError(f"none of {needles!r} on the screen:\n{screen}")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)

    async def keys(self, keys: str) -> None:
        """Send ``keys`` to the app (a terminal writes them on its channel, a tab sends them on its
        websocket)."""
        raise NotImplementedError

    async def steps(self, *steps: tuple[str, str]) -> None:
        """For each ``(keys, needle)``: send the keys, then ``wait_for`` the needle."""
        for keys, needle in steps:
            await self.keys(keys)
            await self.wait_for(needle)

    async def quiet(self, gap: float = 0.3, timeout: float = WAIT) -> None:
        """Wait until nothing has arrived for ``gap`` seconds."""
        await until_quiet(self.changed, gap, timeout)


class Terminal(Screen):
    """One player's terminal: an SSH session with a pty, rendered by pyte."""

    def __init__(self, cols: int = 100, rows: int = 32) -> None:
        super().__init__(cols, rows)
        self.stderr = bytearray()
        self.conn: asyncssh.SSHClientConnection | None = None
        self.chan: asyncssh.SSHClientChannel[bytes] | None = None
        self.received = 0

    @classmethod
    async def connect(
        cls,
        port: int,
        user: str,
        key: asyncssh.SSHKey | None,
        *,
        cols: int = 100,
        rows: int = 32,
        term_type: str | None = "xterm-256color",
        command: str | None = None,
        env: Mapping[bytes | str, bytes | str] | None = None,
    ) -> Terminal:
        term = cls(cols, rows)
        term.conn = await connect(port, user, key)
        session_env: dict[bytes | str, bytes | str] = {name: value for name, value in (env or {}).items()}
        term.chan, _ = await term.conn.create_session(
            lambda: _ClientSession(term),
            command=command,
            term_type=term_type,
            term_size=(cols, rows) if term_type else None,
            env=session_env,
            encoding=None,
        )
        return term

    def feed(self, data: bytes, stderr: bool = False) -> None:
        self.received += len(data)
        if stderr:
            self.stderr += data
        else:
            self.raw += data
        self.stream.feed(data)
        self.changed.set()

    def press(self, keys: str | bytes) -> None:
        assert self.chan is not None
        self.chan.write(keys.encode() if isinstance(keys, str) else keys)

    async def keys(self, keys: str) -> None:
        self.press(keys)

    def resize(self, cols: int, rows: int) -> None:
        """Change the window size; the screen is blanked, so what shows next was redrawn by the app."""
        assert self.chan is not None
        self.screen.resize(rows, cols)
        self.screen.erase_in_display(2)
        self.chan.change_terminal_size(cols, rows)

    async def finished(self, timeout: float = WAIT) -> int | None:
        """Wait for the server to close the session; its exit status."""
        assert self.chan is not None
        await asyncio.wait_for(self.chan.wait_closed(), timeout)
        return self.chan.get_exit_status()

    async def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.conn.wait_closed(), 5)


async def connect(port: int, user: str, key: asyncssh.SSHKey | None) -> asyncssh.SSHClientConnection:
    """A client connection on loopback with only ``key`` (no agent, no config files, no known_hosts)."""
    return await asyncssh.connect(
        "127.0.0.1",
        port,
        username=user,
        client_keys=[key] if key is not None else None,
        known_hosts=None,
        agent_path=None,
        config=None,
        password=None,
        gss_host=None,
    )


async def at_the_title(port: int, *logins: tuple[str, asyncssh.SSHKey]) -> list[Terminal]:
    """Each (player name, key) logged in, one after the other, then each one's title screen waited for."""
    terms = [await Terminal.connect(port, user, key) for user, key in logins]
    for term in terms:
        await term.wait_for(TITLE)
    return terms


async def alice_opens_a_table(term: Screen) -> None:
    """alice, from the title: the lobby (t), a new table (n), opened as it is offered (ctrl+s)."""
    await term.steps(("t", "You are alice"), ("n", "Open a shared table"), ("\x13", "Table alice-table is open"))


# bob, in the lobby on alice-table: Enter, then y: he sits at its seat 2 (``steps``)
BOB_SITS = (("\r", "Sit at seat 2 of the table alice-table as bob?"), ("y", "You sit at seat 2 of alice-table"))
