"""The line printed before the app starts over SSH (issue 13): "Your turn at 2 tables: ..." under
``norsewind serve`` (its app runs with ``NORSEWIND_SERVED=ssh``) and as OpenSSH's forced command
(run by sshd's shell with ``SSH_CONNECTION`` set, here from a Python named ``sshd``); nothing when
it is your turn nowhere, and nothing locally (the title says it)."""

from __future__ import annotations

import fcntl
import os
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from child_env import app_env

from .tables_at import table_at_turn_of

WAIT = 30.0
APP = [sys.executable, "-m", "norsewind_tui.cli"]
SSHD_CODE = "import subprocess, sys; sys.exit(subprocess.run([sys.argv[1], '-c', sys.argv[2]]).returncode)"


def _run(saves: Path, argv: list[str], **extra: str) -> bytes:
    """The app on a pty until its title is drawn; everything it wrote by then."""
    master, slave = os.openpty()
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = app_env(saves, "alice", USER="alice", **extra)
    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    out = bytearray()
    try:
        deadline = time.monotonic() + WAIT
        while b"Resume a saved game" not in out:
            assert time.monotonic() < deadline, bytes(out[-400:])
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    out += os.read(master, 65536)
                except OSError:
                    break
    finally:
        proc.kill()
        proc.wait()
        os.close(master)
    return bytes(out)


@pytest.fixture
def two_turns(saves: Path) -> Path:
    table_at_turn_of(saves, "friday", "alice")
    table_at_turn_of(saves, "sunday", "bob")
    table_at_turn_of(saves, "saturday", "alice")
    return saves


LINE = b"Your turn at 2 tables: saturday, friday.\r\n"


def test_served(two_turns: Path) -> None:
    out = _run(two_turns, APP, NORSEWIND_SERVED="ssh")
    assert out.startswith(LINE)  # before anything the app draws


def test_forced_command(two_turns: Path, tmp_path: Path) -> None:
    sshd = tmp_path / "sshd"
    sshd.symlink_to(sys.executable)
    argv = [str(sshd), "-c", SSHD_CODE, "/bin/sh", " ".join(APP)]
    out = _run(two_turns, argv, SSH_CONNECTION="203.0.113.9 50022 192.0.2.1 2200")
    assert out.startswith(LINE)


def test_locally_and_when_it_is_your_turn_nowhere(saves: Path) -> None:
    table_at_turn_of(saves, "sunday", "bob")
    assert b"Your turn" not in _run(saves, APP, NORSEWIND_SERVED="ssh")
    table_at_turn_of(saves, "friday", "alice")
    assert b"Your turn" not in _run(saves, APP)  # locally: the title says it
    assert _run(saves, APP, NORSEWIND_SERVED="ssh").startswith(b"Your turn at 1 table: friday.\r\n")
