"""The terminal the app runs on: is there one, where did the player come from, and has it gone.

- ``terminal_refusal()``: the one line to print (and exit 2) when stdin, stdout or stderr is not a
  terminal, before anything is drawn: started on pipes (``norsewind </dev/null``, or OpenSSH's
  ``ForceCommand`` for ``ssh host ls``), the app would write escape codes into them and read end of
  file in a loop for ever. The line says how to connect with one, as ``norsewind serve`` does.
- ``logged_in_remotely()``: the app runs as a login's game (``norsewind serve``, ``norsewind web`` or a
  forced command), where "log in again" is the way back, not a command the player cannot run.
- ``served_in_browser()``: the app runs under ``norsewind web``: its input and output are pipes to the
  server (Textual's web driver), not a terminal, and that is as it should be.
- ``HangupGuard``: while the app runs, a terminal that goes away (SIGHUP, a closed pty, end of file)
  ends the app at once, after the decision being saved, instead of reading nothing in a loop.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import threading
from collections.abc import Mapping
from pathlib import Path
from types import FrameType, TracebackType
from typing import Any

from textual.app import App

from ..bots.engine import end_engines

COME_BACK = "log in again to continue"
SSHD_NAMES = ("sshd", "sshd-session")  # the process OpenSSH runs a login's command from
SHELLS = ("sh", "bash", "dash", "zsh", "ksh", "mksh", "fish", "tcsh", "csh", "busybox")
HANGUP_GRACE = 0.9  # seconds the app gets to finish after a hangup before the process is ended


def _ssh_command(environ: Mapping[str, str], terminal: bool) -> str | None:
    """``ssh [-t] [-p PORT] USER@HOST`` for the login this process runs in (from ``SSH_CONNECTION``)."""
    parts = environ.get("SSH_CONNECTION", "").split()
    user = environ.get("USER") or environ.get("LOGNAME")
    if len(parts) != 4 or not user:
        return None
    host, port = parts[2], parts[3]
    return "ssh" + (" -t" if terminal else "") + ("" if port == "22" else f" -p {port}") + f" {user}@{host}"


WEB = "web"  # NORSEWIND_SERVED under norsewind web ("ssh" under norsewind serve)


def served_in_browser(environ: Mapping[str, str] | None = None) -> bool:
    """True under ``norsewind web``: the server said so and Textual's driver is the web driver."""
    env = os.environ if environ is None else environ
    return env.get("NORSEWIND_SERVED") == WEB and "web_driver" in env.get("TEXTUAL_DRIVER", "")


def terminal_refusal(environ: Mapping[str, str] | None = None) -> str | None:
    """The one-line refusal when stdin, stdout or stderr is not a terminal; None when all three are
    (or when the app is served to a browser, whose driver talks to the server through pipes)."""
    env = os.environ if environ is None else environ
    if served_in_browser(env) or all(_isatty(fd) for fd in (0, 1, 2)):
        return None
    if "SSH_ORIGINAL_COMMAND" in env:  # `ssh host CMD` to a login whose forced command is the game
        where = _ssh_command(env, terminal=False)
        how = f"; connect with: {where}" if where else "; log in without a command"
        return f"norsewind: this login only runs the game, not commands{how}"
    where = _ssh_command(env, terminal=True)
    if where:
        return f"norsewind: the game needs a terminal; connect with: {where}"
    return "norsewind: the game needs a terminal; run it in one (its input and output are not terminals)"


def _isatty(fd: int) -> bool:
    try:
        return os.isatty(fd)
    except OSError:
        return False


# --------------------------------------------------------------------------- where the player came from


def _proc_name_and_parent(pid: int, proc: Path) -> tuple[str, int] | None:
    try:
        stat = (proc / str(pid) / "stat").read_text()
    except OSError:
        return None
    name = stat[stat.index("(") + 1 : stat.rindex(")")]
    return name, int(stat[stat.rindex(")") + 2 :].split()[1])


def _runs_with_c(pid: int, proc: Path) -> bool:
    try:
        return "-c" in (proc / str(pid) / "cmdline").read_bytes().decode(errors="replace").split("\0")[1:]
    except OSError:
        return False


def forced_by_sshd(pid: int | None = None, proc: Path = Path("/proc")) -> bool:
    """True when ``pid`` (this process) is a login's command: sshd started it, directly or through the
    user's shell with ``-c`` (what ``ForceCommand`` does), not an interactive shell the player can
    type ``norsewind resume`` into. Where ``/proc`` is missing: False."""
    me = os.getpid() if pid is None else pid
    parent = _proc_name_and_parent(me, proc)
    if parent is None:
        return False
    name, ppid = _proc_name_and_parent(parent[1], proc) or ("", 0)
    if name in SSHD_NAMES:
        return True
    if name.split("-")[-1] in SHELLS and _runs_with_c(parent[1], proc):
        grandparent = _proc_name_and_parent(ppid, proc)
        return grandparent is not None and grandparent[0] in SSHD_NAMES
    return False


def logged_in_remotely(environ: Mapping[str, str] | None = None) -> bool:
    """True under ``norsewind serve`` or ``norsewind web`` and as OpenSSH's forced command for a login,
    where the way back to a game is to log in again."""
    env = os.environ if environ is None else environ
    if env.get("NORSEWIND_SERVED") in ("ssh", WEB) or "SSH_ORIGINAL_COMMAND" in env:
        return True
    return "SSH_CONNECTION" in env and forced_by_sshd()


def come_back_hint(command: str) -> str:
    """How to come back to a game: ``command`` locally; "log in again to continue" for a login's game."""
    return COME_BACK if logged_in_remotely() else command


# --------------------------------------------------------------------------- the terminal going away


def _end_wedged() -> None:
    """The app did not end within HANGUP_GRACE of a hangup: end it, and its outside engines."""
    end_engines()
    os._exit(128 + signal.SIGHUP)


class HangupGuard:
    """``with HangupGuard(app): app.run()``: on SIGHUP, or when stdin's terminal hangs up (a closed
    pty, end of file), ask the app to exit (the decision in hand is saved first: decisions run on the
    app's loop), then end the process by SIGHUP, as a hung-up program does. A wedged app is ended
    after ``HANGUP_GRACE`` seconds whatever it is doing. Served to a browser, ``fd`` is the pipe from
    the server, and its end (the server gone) is the hangup. When ``fd`` is not a terminal otherwise
    (the app's tests, which run it without one) the guard does nothing."""

    def __init__(self, app: App[Any], fd: int = 0) -> None:
        self.app = app
        self.fd = fd
        self.hung_up = threading.Event()
        self._wake_r, self._wake_w = os.pipe()
        self._done = False
        self.active = False
        self._thread = threading.Thread(target=self._watch, name="norsewind-hangup", daemon=True)
        self._old_handler: Any = None  # SIGHUP's handler before (None: not installed here)

    def __enter__(self) -> HangupGuard:
        self.active = _isatty(self.fd) or served_in_browser()
        if not self.active:
            return self
        if threading.current_thread() is threading.main_thread():
            self._old_handler = signal.signal(signal.SIGHUP, self._on_sighup)
        self._thread.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self._done = True
        if not self.active:
            for fd in (self._wake_r, self._wake_w):
                os.close(fd)
            return
        with contextlib.suppress(OSError):
            os.write(self._wake_w, b"x")
        if not self.hung_up.is_set() and self._terminal_gone():
            self.hung_up.set()  # the app noticed first (an I/O error on the dead terminal)
        if self.hung_up.is_set():
            # Nothing more can reach the player: no exit message, no traceback; end as hung up.
            end_engines()  # in sessions of their own, a hangup does not reach them
            signal.signal(signal.SIGHUP, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGHUP)
        self._thread.join(1.0)
        for fd in (self._wake_r, self._wake_w):
            os.close(fd)
        if self._old_handler is not None:
            signal.signal(signal.SIGHUP, self._old_handler)

    def _on_sighup(self, signum: int, frame: FrameType | None) -> None:
        # A hangup comes with SIGCONT (lifecycle.hang_up, as the kernel's does), and Textual's
        # SIGCONT handler starts the terminal anew (its resume after a suspend) while the app
        # ends, which can wedge the end past HANGUP_GRACE. Python runs pending handlers in signal
        # order, so this one, SIGHUP's, turns that off before the SIGCONT is handled.
        signal.signal(signal.SIGCONT, signal.SIG_DFL)
        self.hung_up.set()
        with contextlib.suppress(OSError):
            os.write(self._wake_w, b"h")

    def _terminal_gone(self) -> bool:
        poller = select.poll()
        poller.register(self.fd, 0)  # POLLHUP and POLLERR are reported whatever the mask
        try:
            return any(mask & (select.POLLHUP | select.POLLERR | select.POLLNVAL) for _, mask in poller.poll(0))
        except OSError:
            return True

    def _watch(self) -> None:
        poller = select.poll()
        poller.register(self.fd, 0)
        poller.register(self._wake_r, select.POLLIN)
        gone = select.POLLHUP | select.POLLERR | select.POLLNVAL
        while not self._done and not self.hung_up.is_set():
            try:
                events = poller.poll()
            except InterruptedError:
                continue
            if any(fd == self.fd and mask & gone for fd, mask in events):
                self.hung_up.set()
        if self._done:
            return
        timer = threading.Timer(HANGUP_GRACE, _end_wedged)
        timer.daemon = True
        timer.start()
        with contextlib.suppress(Exception):  # the app may be ending already
            self.app.call_from_thread(self.app.exit)
