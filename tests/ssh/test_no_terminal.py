"""The app without a terminal, and with one that goes away (issue 11 section 1), and its quit message
where the player came in over SSH (issue 11 section 5).

- On pipes (``norsewind </dev/null >out``, or OpenSSH's ``ForceCommand`` for ``ssh host ls``) the
  app prints one line and exits 2 before drawing anything: no escape codes, no spinning.
- On a pty whose other side closes, the app ends within a second or so, by SIGHUP, with every
  decision saved and the game's lock released.
- Under ``norsewind serve`` and as a forced command, quitting says "log in again to continue".

OpenSSH runs a forced command as ``$SHELL -c COMMAND`` from its own process, with
``SSH_CONNECTION`` (and ``SSH_ORIGINAL_COMMAND`` when the client asked for a command) set; the
tests do the same, from a Python named ``sshd`` (a symlink), which is what the app looks at.
"""

from __future__ import annotations

import fcntl
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path

import pyte
import pytest

from norsewind_tui.storage import GameStore
from norsewind_tui.tui.terminal import COME_BACK, forced_by_sshd

from .helpers import APP

WAIT = 30.0  # the most a screen may take to appear on a busy 2-core machine
ROOT = Path(__file__).resolve().parents[2]
SSH_CONNECTION = "203.0.113.9 50022 192.0.2.1 2200"  # client address and port, server address and port


def app_env(saves: Path, **extra: str) -> dict[str, str]:
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(saves.parent),
        "PYTHONPATH": str(ROOT),
        "NORSEWIND_SAVES": str(saves),
        "USER": "bob",
        "LOGNAME": "bob",
        "TERM": "xterm-256color",
        "LANG": "C.UTF-8",
    }
    env.update(extra)
    return env


def fake_sshd(tmp_path: Path) -> Path:
    """A Python called ``sshd`` that runs ``$SHELL -c COMMAND`` the way sshd runs a forced command:
    ``sshd SHELL COMMAND`` (its stdin, stdout and stderr are passed on); exits with the command's status."""
    link = tmp_path / "sshd"
    link.symlink_to(sys.executable)
    return link


SSHD_CODE = "import subprocess, sys; sys.exit(subprocess.run([sys.argv[1], '-c', sys.argv[2]]).returncode)"


def test_on_pipes_one_line_exit_2_and_no_escape_codes(tmp_path: Path, saves: Path) -> None:
    """`python -m norsewind_tui.cli </dev/null >out`: one line, status 2, not a byte drawn."""
    out, err = tmp_path / "out", tmp_path / "err"
    with open(os.devnull, "rb") as devnull, open(out, "wb") as stdout, open(err, "wb") as stderr:
        result = subprocess.run(APP, stdin=devnull, stdout=stdout, stderr=stderr, env=app_env(saves), timeout=WAIT)
    assert result.returncode == 2
    assert out.read_bytes() == b""
    assert err.read_bytes() == (
        b"norsewind: the game needs a terminal; run it in one (its input and output are not terminals)\n"
    )
    assert not any(saves.iterdir())  # nothing created either


@pytest.mark.parametrize(
    ("original_command", "expected"),
    [
        ("ls", "norsewind: this login only runs the game, not commands; connect with: ssh -p 2200 bob@192.0.2.1"),
        (None, "norsewind: the game needs a terminal; connect with: ssh -t -p 2200 bob@192.0.2.1"),
    ],
)
def test_as_a_forced_command_without_a_terminal(
    tmp_path: Path, saves: Path, original_command: str | None, expected: str
) -> None:
    """`ssh -p 2200 bob@host ls </dev/null` (or `ssh -T`) to a login whose ForceCommand is the game:
    sshd runs it on pipes; it says how to connect in one line and exits 2 at once, drawing nothing."""
    extra = {"SSH_CONNECTION": SSH_CONNECTION, "SHELL": "/bin/sh"}
    if original_command is not None:
        extra["SSH_ORIGINAL_COMMAND"] = original_command
    command = " ".join(APP)
    result = subprocess.run(
        [str(fake_sshd(tmp_path)), "-c", SSHD_CODE, "/bin/sh", command],
        stdin=subprocess.PIPE,
        capture_output=True,
        env=app_env(saves, **extra),
        timeout=WAIT,
    )
    assert result.returncode == 2
    assert result.stdout == b""
    assert result.stderr == (expected + "\n").encode()


# --------------------------------------------------------------------------- a pty that goes away


class PtyApp:
    """The app on a pty (80x24), its screen read with pyte."""

    def __init__(self, env: dict[str, str], controlling: bool, argv: list[str] | None = None) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self.ended = False

        def take_terminal() -> None:  # as a login's session: the pty is the controlling terminal
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        self.proc = subprocess.Popen(
            argv or APP,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            preexec_fn=take_terminal if controlling else None,
        )
        os.close(slave)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def _read(self, timeout: float) -> None:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return
        try:
            data = os.read(self.master, 65536)
        except OSError:  # EIO: the app's side is closed (it ended)
            data = b""
        self.ended = not data
        self.raw += data
        self.stream.feed(data)

    def wait_for(self, predicate: Callable[[], bool], what: str) -> None:
        """Read the screen until ``predicate()``; AssertionError with the screen after WAIT or once
        the app's side of the pty is closed without it."""
        deadline = time.monotonic() + WAIT
        while not predicate():
            assert time.monotonic() < deadline and not self.ended, f"no {what}:\n{self.text()}"
            self._read(0.2)

    def press(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def close_master(self) -> None:
        os.close(self.master)


def moves(saves: Path) -> list[int]:
    return [s.moves for s in GameStore(saves).list() if s.error is None]


@pytest.mark.parametrize("controlling", [True, False], ids=["controlling-tty", "not-controlling"])
def test_a_closed_pty_ends_the_app_with_its_game_saved(saves: Path, controlling: bool) -> None:
    """Start a solo game on a pty, decide once, close the pty's master side: the app ends by SIGHUP
    (the kernel's when the pty is its controlling terminal, else its own on seeing the hangup) well
    within the bound, with the decision saved and the game's lock released."""
    app = PtyApp(app_env(saves), controlling)
    try:
        app.wait_for(lambda: "Resume a saved game" in app.text(), "title screen")
        app.press("n")
        app.wait_for(lambda: "Solo level" in app.text(), "new game form")
        app.press("\x13")  # ctrl+s: start
        app.wait_for(lambda: moves(saves) == [0], "saved game")
        app.wait_for(lambda: "bob:" in app.text(), "game screen")
        app.press("\r")
        app.wait_for(lambda: moves(saves) == [1], "first decision saved")
        started = time.monotonic()
        app.close_master()
        status = app.proc.wait(timeout=WAIT)
        elapsed = time.monotonic() - started
    finally:
        if app.proc.poll() is None:
            app.proc.kill()
            app.proc.wait()
    print(f"app ended {elapsed:.3f} s after its pty closed")
    assert status == -signal.SIGHUP
    assert moves(saves) == [1]
    (summary,) = GameStore(saves).list()
    GameStore(saves).open(summary.name).close()  # not locked: the app let go of it


def hang_up_at_the_title(saves: Path) -> int | None:
    """Start the app on its controlling pty, hang it up at the title screen as ``hang_up`` does
    (SIGHUP, then SIGCONT, to its process group), and return its status (None: still running)."""
    app = PtyApp(app_env(saves), controlling=True)
    try:
        app.wait_for(lambda: "Resume a saved game" in app.text(), "title screen")
        for sig in (signal.SIGHUP, signal.SIGCONT):
            os.killpg(app.proc.pid, sig)
        deadline = time.monotonic() + WAIT
        while app.proc.poll() is None and time.monotonic() < deadline:
            app._read(0.05)  # the app's last output is read, as the server's pty reader does
        return app.proc.poll()
    finally:
        if app.proc.poll() is None:
            app.proc.kill()
            app.proc.wait()
        app.close_master()


HANGUPS = 8  # rounds: before the fix about one hangup in six ended the app by its wedge exit (129)


def test_a_hangup_with_sigcont_ends_the_app_by_sighup_every_time(saves: Path) -> None:
    """A hangup comes as SIGHUP then SIGCONT to the app's process group, from the kernel (a closed
    controlling terminal) and from ``norsewind serve`` and ``norsewind web`` (``lifecycle.hang_up``).
    Textual answers SIGCONT by starting the terminal anew (its resume after a suspend); while the
    app ended, that could wedge it until the guard's exit 129 (a CI run's server log once gave
    another ending than SIGHUP for a dropped connection). Every round, the app ends by SIGHUP."""
    statuses = [hang_up_at_the_title(saves) for _ in range(HANGUPS)]
    assert statuses == [-signal.SIGHUP] * HANGUPS


def test_quit_message_says_log_in_again_when_served_or_forced(tmp_path: Path, saves: Path) -> None:
    """Quit a saved solo game with `q`: locally the message names `norsewind resume NAME`; under
    `norsewind serve` (NORSEWIND_SERVED=ssh) and as a forced command (run by sshd's shell with
    SSH_CONNECTION set) it says "log in again to continue" and names no command."""
    sshd = str(fake_sshd(tmp_path))
    runs = {
        "local": (app_env(saves), APP),
        "serve": (app_env(saves, NORSEWIND_SERVED="ssh"), APP),
        "forced": (
            app_env(saves, SSH_CONNECTION=SSH_CONNECTION),
            [sshd, "-c", SSHD_CODE, "/bin/sh", " ".join(APP)],
        ),
    }
    seen: dict[str, str] = {}
    for how, (env, argv) in runs.items():
        app = PtyApp(env, controlling=True, argv=argv)
        try:
            app.wait_for(lambda a=app: "Resume a saved game" in a.text(), "title screen")  # type: ignore[misc]
            app.press("n")
            app.wait_for(lambda a=app: "Solo level" in a.text(), "new game form")  # type: ignore[misc]
            app.press("\x13")
            app.wait_for(lambda a=app: "bob:" in a.text(), "game screen")  # type: ignore[misc]
            app.press("q")
            app.wait_for(lambda a=app: a.ended, "end of the app")  # type: ignore[misc]
            assert app.proc.wait(timeout=WAIT) == 0
        finally:
            if app.proc.poll() is None:
                app.proc.kill()
                app.proc.wait()
            os.close(app.master)
        seen[how] = app.raw.decode(errors="replace").split("Your game is saved as", 1)[1].splitlines()[0]
    local_name = seen["local"].split(":")[0].strip()
    assert seen["local"].strip() == f"{local_name}: norsewind resume {local_name}"
    for how in ("serve", "forced"):
        name = seen[how].split(":")[0].strip()
        assert seen[how].strip() == f"{name}: {COME_BACK}", how
        assert "norsewind resume" not in seen[how]


def test_forced_by_sshd_looks_at_the_parent_processes(tmp_path: Path) -> None:
    """This test's own process was not started by sshd; a child of a process called sshd was, and so
    is one of `sh -c` run by it; one of an interactive shell under sshd was not."""
    assert not forced_by_sshd()
    sshd = str(fake_sshd(tmp_path))
    probe = "from norsewind_tui.tui.terminal import forced_by_sshd; print(forced_by_sshd())"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}

    def under_sshd(code: str, *args: str) -> subprocess.CompletedProcess[str]:
        """Run ``code`` with ``args`` in the process called sshd, the probe somewhere below it."""
        return subprocess.run([sshd, "-c", code, *args], capture_output=True, text=True, env=env, timeout=WAIT)

    direct = under_sshd(
        "import subprocess, sys; subprocess.run([sys.argv[1], '-c', sys.argv[2]])", sys.executable, probe
    )
    assert direct.stdout == "True\n", direct.stderr
    through_shell = under_sshd(SSHD_CODE, "/bin/sh", f"{sys.executable} -c '{probe}'; true")
    assert through_shell.stdout == "True\n", through_shell.stderr
    interactive = under_sshd(
        "import subprocess, sys; subprocess.run(['/bin/sh', '-i'], input=sys.argv[1], text=True)",
        f"{sys.executable} -c '{probe}'\n",
    )
    assert interactive.stdout == "False\n", interactive.stderr
