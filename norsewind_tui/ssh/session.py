"""One SSH session = one app process on its own pseudo-terminal.

The session owns the pty's master side: bytes from the client go to the app, the app's output goes
to the client, window-size changes become ``TIOCSWINSZ`` (the kernel then sends SIGWINCH to the
app). When the client goes away, or sits idle too long, or the server stops, the app gets SIGHUP
(and SIGKILL a few seconds later if it is still there). Since the app autosaves after every
decision, nothing is lost.

Requests that are not "a terminal running the game" are answered with a polite one-line message
and exit status 1: commands (``ssh host ls``), sessions without a terminal (``ssh -T host``),
an invalid player name, a full server. Subsystems (sftp, ...) are refused outright.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import os
import struct
import termios
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

import asyncssh

from .keys import valid_player_name
from .lifecycle import HANGUP_GRACE as HANGUP_GRACE
from .lifecycle import hang_up, hang_up_when_idle

DEFAULT_SIZE = (80, 24)
READ_CHUNK = 65536
INPUT_HIGH_WATER = 65536

# Sent to the client when the app did not get to restore the terminal itself (killed by us or by
# a signal): attributes, mouse and focus reporting, bracketed paste, the kitty keyboard protocol,
# line wrap, cursor, alternate screen.
TERMINAL_RESET = (
    b"\x1b[0m\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?1004l\x1b[?2004l"
    b"\x1b[<u\x1b[?7h\x1b[?25h\x1b[?1049l\r\n"
)


LINES = "lines"  # the login command, or the value of NORSEWIND_MODE, that asks for the line mode
MODE_VARIABLE = "NORSEWIND_MODE"


class SessionHost(Protocol):
    """What a session needs from its server."""

    port: int
    idle_timeout: float

    def acquire_slot(self, session: GameSession) -> bool: ...
    def release_slot(self, session: GameSession) -> None: ...
    def forget(self, session: GameSession) -> None: ...
    def app_command(self, player: str, lines: bool = False) -> list[str]: ...
    def app_environment(self, player: str, term: str, client_env: Mapping[str, str]) -> dict[str, str]: ...
    def app_cwd(self) -> str: ...
    def log(self, message: str) -> None: ...


def set_window_size(fd: int, cols: int, rows: int, xpix: int = 0, ypix: int = 0) -> None:
    """``TIOCSWINSZ`` on a pty (on the master side the kernel signals SIGWINCH to the app)."""
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, xpix, ypix))


def sane_term(term: str | None) -> str:
    """The client's ``TERM`` when it looks like a terminal name, else ``xterm-256color``."""
    if term and len(term) <= 64 and all(c.isalnum() or c in "._+-" for c in term):
        return term
    return "xterm-256color"


@dataclass
class SessionStats:
    started: float = field(default_factory=time.monotonic)
    bytes_in: int = 0
    bytes_out: int = 0


class GameSession(asyncssh.SSHServerSession[bytes]):
    """The server side of one SSH session channel."""

    def __init__(self, host: SessionHost, player: str, peer: str) -> None:
        self.host = host
        self.player = player
        self.peer = peer
        self.stats = SessionStats()
        self.pid: int | None = None
        self._chan: asyncssh.SSHServerChannel[bytes] | None = None
        self._term: str | None = None
        self._size = (*DEFAULT_SIZE, 0, 0)
        self._pty = False
        self._command: str | None = None
        self._master: int | None = None
        self._proc: asyncio.subprocess.Process | None = None
        self._input = bytearray()
        self._reading_output = False
        self._writing_input = False
        self._input_paused = False
        self._output_done = asyncio.Event()
        self._hangup_reason: str | None = None
        self._hangup_message: str | None = None
        self._channel_open = True
        self._last_input = time.monotonic()
        self._slot = False
        self.task: asyncio.Task[None] | None = None
        self._idle_task: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ SSH requests

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self._chan = chan

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Mapping[int, int]
    ) -> bool:
        self._pty = True
        self._term = term_type
        self._set_size(*term_size)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self._command = command  # accepted only to answer it politely in session_started
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal: str) -> None:
        """Signals from the client are ignored: the keys reach the app as bytes."""

    def session_started(self) -> None:
        assert self._chan is not None
        sockname = self._chan.get_extra_info("sockname")
        address = str(sockname[0]) if sockname else "HOST"
        where = f"ssh -p {self.host.port} {self.player}@{address}"
        if self._command is not None and not self.wants_lines():
            self._refuse(f"norsewind: this server only runs the game, not commands; connect with: {where}")
        elif not self._pty:
            self._refuse(f"norsewind: the game needs a terminal; connect with: {where.replace('ssh', 'ssh -t', 1)}")
        elif not valid_player_name(self.player):
            self._refuse(
                "norsewind: player names are 1-32 letters, digits, '.', '_' or '-', starting "
                "with a letter or digit; log in under such a name"
            )
        elif not self.host.acquire_slot(self):
            self._refuse("norsewind: the server is full; please try again later")
        else:
            self._slot = True
            self.task = asyncio.ensure_future(self._run())

    def wants_lines(self) -> bool:
        """The line mode (docs/LINES.md): the command ``lines`` (``ssh -t host lines``), or the
        client's ``NORSEWIND_MODE=lines`` (``ssh -o SetEnv=NORSEWIND_MODE=lines host``)."""
        assert self._chan is not None
        if self._command is not None:
            return self._command.strip() == LINES
        return self._chan.get_environment().get(MODE_VARIABLE, "").strip() == LINES

    def _refuse(self, message: str) -> None:
        self.host.log(f"{self.player}@{self.peer}: refused: {message.removeprefix('norsewind: ')}")
        assert self._chan is not None
        end = "\r\n" if self._pty else "\n"
        self._chan.write_stderr((message + end).encode())
        self._chan.exit(1)

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self._last_input = time.monotonic()
        self.stats.bytes_in += len(data)
        self._input += data
        self._flush_input()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self._set_size(width, height, pixwidth, pixheight)

    def eof_received(self) -> bool:
        self.hangup("end of input")
        return True

    def connection_lost(self, exc: Exception | None) -> None:
        self._channel_open = False
        self.hangup("connection closed")
        self._forget_when_done()

    def _forget_when_done(self) -> None:
        if not self._channel_open and (self.task is None or self.task.done() or self._proc is None):
            self.host.forget(self)

    def pause_writing(self) -> None:
        self._want_output(False)

    def resume_writing(self) -> None:
        self._want_output(True)

    # ------------------------------------------------------------------ the app process

    async def _run(self) -> None:
        assert self._chan is not None
        term = sane_term(self._term)
        try:
            master, slave = os.openpty()
        except OSError as exc:
            self.host.release_slot(self)
            self._refuse(f"norsewind: the server cannot open a terminal ({exc.strerror}); try again later")
            return
        self._master = master
        cols, rows, xpix, ypix = self._size
        try:
            set_window_size(master, cols, rows, xpix, ypix)
            attrs = termios.tcgetattr(slave)
            attrs[0] |= getattr(termios, "IUTF8", 0)
            termios.tcsetattr(slave, termios.TCSANOW, attrs)
            os.set_blocking(master, False)
            self._proc = await asyncio.create_subprocess_exec(
                *self.host.app_command(self.player, self.wants_lines()),
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=self.host.app_environment(self.player, term, self._chan.get_environment()),
                cwd=self.host.app_cwd(),
                start_new_session=True,
                close_fds=True,
            )
        except OSError as exc:
            self._close_master()
            self.host.release_slot(self)
            self._refuse(f"norsewind: the server cannot start the game ({exc.strerror})")
            return
        finally:
            os.close(slave)  # the app holds its own copies
        self.pid = self._proc.pid
        self.host.log(f"{self.player}@{self.peer}: playing ({term} {cols}x{rows}, pid {self.pid})")
        self._want_output(True)
        self._flush_input()
        if self.host.idle_timeout > 0:
            self._idle_task = asyncio.ensure_future(
                hang_up_when_idle(self.host.idle_timeout, lambda: self._last_input, self.hangup)
            )
        if self._hangup_reason is not None:  # the client left while the app was starting
            self._signal_app()
        try:
            returncode = await self._proc.wait()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._output_done.wait(), 1.0)
        finally:
            if self._idle_task is not None:
                self._idle_task.cancel()
            self._close_master()
            self.host.release_slot(self)
            self._slot = False
        elapsed = time.monotonic() - self.stats.started
        how = f"exit {returncode}" if returncode >= 0 else f"signal {-returncode}"
        self.host.log(
            f"{self.player}@{self.peer}: ended ({how}, {self._hangup_reason or 'app quit'}, {elapsed:.0f} s, "
            f"{self.stats.bytes_in} B in, {self.stats.bytes_out} B out)"
        )
        if self._channel_open and self._chan is not None:
            with contextlib.suppress(OSError, asyncssh.Error):
                if returncode < 0 or self._hangup_reason is not None:
                    self._chan.write(TERMINAL_RESET)
                if self._hangup_message:
                    self._chan.write((self._hangup_message + "\r\n").encode())
                self._chan.exit(returncode if returncode >= 0 else 128 - returncode)
        self._channel_open = False
        self.host.forget(self)

    def hangup(self, reason: str, message: str | None = None) -> None:
        """End the app (SIGHUP, then SIGKILL after a grace period); ``message`` goes to the client after."""
        if self._hangup_reason is not None:
            return
        self._hangup_reason = reason
        self._hangup_message = message
        if self._proc is not None:
            self._signal_app()

    def _signal_app(self) -> None:
        if self._proc is not None:
            hang_up(self._proc)

    # ------------------------------------------------------------------ pty plumbing

    def _set_size(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        cols = width if width > 0 else DEFAULT_SIZE[0]
        rows = height if height > 0 else DEFAULT_SIZE[1]
        self._size = (min(cols, 1000), min(rows, 1000), pixwidth, pixheight)
        if self._master is not None:
            with contextlib.suppress(OSError):
                set_window_size(self._master, *self._size)

    def _want_output(self, on: bool) -> None:
        if self._master is None or self._output_done.is_set() or on == self._reading_output:
            return
        _watch(self._master, on, self._on_output, writable=False)
        self._reading_output = on

    def _on_output(self) -> None:
        assert self._master is not None
        try:
            data = os.read(self._master, READ_CHUNK)
        except BlockingIOError:
            return
        except OSError as exc:  # EIO: every process closed the slave side
            if exc.errno != errno.EIO:
                self.host.log(f"{self.player}@{self.peer}: pty read error: {exc.strerror}")
            data = b""
        if not data:
            self._want_output(False)
            self._output_done.set()
            return
        self.stats.bytes_out += len(data)
        if self._channel_open and self._chan is not None:
            try:
                self._chan.write(data)
            except (OSError, asyncssh.Error):
                self._channel_open = False

    def _flush_input(self) -> None:
        if self._master is None:
            self._pause_input_if_full()
            return
        while self._input:
            try:
                n = os.write(self._master, self._input)
            except BlockingIOError:
                break
            except OSError:
                self._input.clear()
                break
            del self._input[:n]
        self._want_input_writable(bool(self._input))
        self._pause_input_if_full()

    def _want_input_writable(self, on: bool) -> None:
        if self._master is None or on == self._writing_input:
            return
        _watch(self._master, on, self._flush_input, writable=True)
        self._writing_input = on

    def _pause_input_if_full(self) -> None:
        if self._chan is None:
            return
        full = len(self._input) > INPUT_HIGH_WATER
        if full and not self._input_paused:
            self._chan.pause_reading()
            self._input_paused = True
        elif not full and self._input_paused:
            self._chan.resume_reading()
            self._input_paused = False

    def _close_master(self) -> None:
        if self._master is None:
            return
        self._want_output(False)
        self._want_input_writable(False)
        self._output_done.set()
        with contextlib.suppress(OSError):
            os.close(self._master)
        self._master = None


SessionFactory = Callable[[], GameSession]


def _watch(fd: int, on: bool, callback: Callable[[], None], *, writable: bool) -> None:
    """Have the running loop call ``callback`` when ``fd`` is readable (or ``writable``), or stop."""
    loop = asyncio.get_running_loop()
    if on:
        (loop.add_writer if writable else loop.add_reader)(fd, callback)
    else:
        (loop.remove_writer if writable else loop.remove_reader)(fd)
