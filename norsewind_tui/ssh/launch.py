"""Start the app inside a served session: ``python -m norsewind_tui.ssh.launch [norsewind args]``.

(``launch --exec PROGRAM ARGS...`` runs another program instead; only the server's own Python API
can ask for that, e.g. the tests' terminal probe. The command line offers no way to.)

The server starts this in a new session (``setsid``) with the pseudo-terminal's slave side as
stdin, stdout and stderr. Here it makes that terminal the controlling terminal (so window-size
changes arrive as SIGWINCH and a hangup as SIGHUP), makes the job-control signals harmless (no
suspend: there is no shell to suspend to), and then becomes ``norsewind`` (``exec``: the same
process, so the terminal and the ignored signals stay; the SSH layer never imports the command line).

``AppOptions`` is the app's command line as the server gives it: a typed object, turned into
arguments here, so the server does not read the command-line parser; ``served_environment`` is the
whole environment a served app gets (``norsewind serve`` and ``norsewind web`` alike).
"""

from __future__ import annotations

import fcntl
import os
import signal
import sys
import termios
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..activity import VARIABLE as ACTIVITY

MODULE = "norsewind_tui.ssh.launch"
APP_MODULE = "norsewind_tui.cli"  # run as ``python -m``: the ``norsewind`` command


@dataclass(frozen=True)
class AppOptions:
    """What a served session's ``norsewind`` is started with (the player comes in the environment)."""

    cards: Path | None = None  # --cards FILE
    no_mouse: bool = False  # --no-mouse
    go_on: bool = False  # --continue: the player's latest game at once (a reloaded browser tab)
    lines: bool = False  # play --lines: the line mode (docs/LINES.md)

    def argv(self) -> list[str]:
        """The ``norsewind`` arguments these options stand for."""
        cards = ["--cards", str(self.cards)] if self.cards is not None else []
        lines = ["play", "--lines"] if self.lines else []
        return cards + (["--no-mouse"] if self.no_mouse else []) + (["--continue"] if self.go_on else []) + lines


@dataclass(frozen=True)
class Served:
    """What every app a server starts shares: its saves folder, its database, the empty ``PATH``."""

    saves: Path
    empty_path: Path  # a folder with nothing in it: the app has no programs to run
    database: str | None = None  # the environment, not the command line: ps shows no password
    how: str = "ssh"  # NORSEWIND_SERVED: "ssh" (norsewind serve) or "web" (norsewind web)
    extra: Mapping[str, str] = field(default_factory=dict)  # added last (the Python API: tests, benches)


def served_environment(served: Served, player: str, term: str, colorterm: str | None = None) -> dict[str, str]:
    """A served app's whole environment: nothing from the client but its terminal type (and
    truecolor); ``player`` is the identity (``NORSEWIND_PLAYER``, ``USER``, ``LOGNAME``)."""
    env = {
        "TERM": term,
        "LANG": "C.UTF-8",
        "PYTHONUTF8": "1",
        "PATH": str(served.empty_path),
        "HOME": os.environ.get("HOME", str(served.saves)),
        "USER": player,
        "LOGNAME": player,
        "NORSEWIND_PLAYER": player,
        "NORSEWIND_SAVES": str(served.saves),
        "NORSEWIND_SERVED": served.how,
    }
    if served.database is not None:
        env["NORSEWIND_DATABASE"] = served.database
    if colorterm in ("truecolor", "24bit"):
        env["COLORTERM"] = colorterm
    # the operator's, never the client's; NORSEWIND_POOLER: the host's pooler (docs/SSH.md, issue 42)
    for name in ("PYTHONPATH", "VIRTUAL_ENV", ACTIVITY, "NORSEWIND_POOLER"):
        if name in os.environ:
            env[name] = os.environ[name]
    env.update(served.extra)
    return env


def command(options: AppOptions, program: list[str] | None = None) -> list[str]:
    """The command line of a served session: this module, then ``norsewind``'s arguments.

    ``program`` runs another program on the terminal instead (the server's Python API only).
    """
    argv = [sys.executable, "-m", MODULE]
    if program is not None:
        return [*argv, "--exec", *program]
    return [*argv, *options.argv()]


def app_command(options: AppOptions, program: list[str] | None = None) -> list[str]:
    """``norsewind`` itself, without taking a terminal (``norsewind web``: the app's input and output
    are pipes to the server); ``program`` runs another program instead (the Python API only)."""
    return list(program) if program is not None else [sys.executable, "-m", APP_MODULE, *options.argv()]


def take_terminal(fd: int = 0) -> None:
    """Make ``fd``'s terminal the controlling terminal and turn off the suspend keys."""
    fcntl.ioctl(fd, termios.TIOCSCTTY, 0)
    attrs = termios.tcgetattr(fd)
    disabled = os.fpathconf(fd, "PC_VDISABLE") if "PC_VDISABLE" in os.pathconf_names else 0
    for name in ("VSUSP", "VDSUSP"):
        index = getattr(termios, name, None)
        if index is not None:
            attrs[6][index] = bytes([disabled]) if isinstance(attrs[6][index], bytes) else disabled
    termios.tcsetattr(fd, termios.TCSANOW, attrs)


def main(argv: list[str]) -> int:
    try:
        take_terminal(0)
    except OSError as exc:
        print(f"norsewind: cannot take the terminal: {exc.strerror}", file=sys.stderr)
        return 2
    for sig in (signal.SIGTSTP, signal.SIGTTIN, signal.SIGTTOU):
        signal.signal(sig, signal.SIG_IGN)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)

    exec_other = argv[:1] == ["--exec"] and len(argv) > 1
    program = argv[1:] if exec_other else [sys.executable, "-m", APP_MODULE, *argv]
    try:
        os.execv(program[0], program)
    except OSError as exc:
        print(f"norsewind: cannot run {program[0]}: {exc.strerror}", file=sys.stderr)
        return 127
    return 127  # not reached: execv does not return


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
