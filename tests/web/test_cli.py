"""``norsewind web`` as a command: it prints the address to open, serves the page, stops cleanly on
Ctrl+C; a mistake in its options is one line and exit status 2, before anything is bound."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import pytest
from ssh.helpers import APP
from tui.waits import until

from .helpers import Browser, environment_of

COMMAND = [*APP, "web"]
STOPPING = Path(__file__).with_name("stopping.py")  # the command with an app that ignores SIGHUP


def test_serves_on_loopback_prints_the_address_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    env = {**os.environ, "NORSEWIND_PLAYER": "bob"}
    proc = subprocess.Popen(
        [*COMMAND, "--port", "0", "--saves", str(tmp_path / "s")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    told: list[bool] = []  # Ctrl+C sent
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        match = re.fullmatch(
            r"norsewind web: open (http://127\.0\.0\.1:\d+/) in a browser; everyone plays as bob "
            r"\(this account; loopback only\)\n",
            first,
        )
        assert match, first
        with urllib.request.urlopen(match.group(1), timeout=30) as page:
            assert page.status == 200
            assert "<title>Norsewind: bob</title>" in page.read().decode()

        async def main() -> None:  # a tab playing when Ctrl+C comes: its app is hung up, it is told
            async with Browser(int(match.group(1).rsplit(":", 1)[1].rstrip("/"))) as tab:
                await tab.open()
                await tab.wait_for("Resume a saved game")
                proc.send_signal(signal.SIGINT)
                told.append(True)
                await tab.wait_for("norsewind: the server is stopping (your game is saved)")
                await tab.ended()

        asyncio.run(asyncio.wait_for(main(), 120))
    finally:
        if proc.poll() is None and not told:  # a second Ctrl+C while it stops would end it at once
            proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    assert "bob@127.0.0.1: ended (signal 1, server stopping" in err


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--host", "0.0.0.0"], "listens on loopback only (127.0.0.1 or ::1), not on 0.0.0.0"),
        (["--host", "0x0a000001"], "not on 0x0a000001 (which is 10.0.0.1)"),
        (["--password-file", "p", "--trust-header", "X-Forwarded-User"], "choose either --password-file"),
        (["--trust-header", "X Forwarded"], "--trust-header must be an HTTP header name"),
        (["--trust-header", "X-User", "--trust-proxy", "proxy.example"], "--trust-proxy takes numeric addresses"),
        (["--port", "70000"], "--port must be 0-65535, not 70000"),
        (["--max-sessions", "0"], "--max-sessions must be at least 1"),
        (["--idle-timeout", "nan"], "--idle-timeout must be 0 (off) or more seconds, not nan"),
        (["--public-url", "ftp://x"], "--public-url must be an http:// or https:// address"),
    ],
)
def test_usage_errors_are_one_line(tmp_path: Path, extra: list[str], message: str) -> None:
    result = subprocess.run(
        [*COMMAND, "--port", "0", "--saves", str(tmp_path / "s"), *extra],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2, (extra, result)
    assert result.stderr.startswith("norsewind web: ") and result.stderr.count("\n") == 1, result.stderr
    assert message in result.stderr, result.stderr
    assert not (tmp_path / "s").exists()  # nothing created


def test_a_password_file_others_can_read_is_refused(tmp_path: Path) -> None:
    password = tmp_path / "password"
    password.write_text("correct horse battery\n")
    password.chmod(0o644)
    result = subprocess.run(
        [*COMMAND, "--saves", str(tmp_path / "s"), "--host", "0.0.0.0", "--password-file", str(password)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    mode = "has mode 0644; it must be 0600 (chmod 600 it)"
    assert result.stderr == f"norsewind web: the password file {password} {mode}\n"
    assert not (tmp_path / "s").exists()


def test_an_app_ends_by_itself_when_its_server_is_killed(tmp_path: Path) -> None:
    """SIGKILL to the server leaves its apps without their pipe: each ends by itself (as a hung-up
    terminal app does), its game saved, instead of running on with nobody to play."""
    env = {**os.environ, "NORSEWIND_PLAYER": "bob"}
    proc = subprocess.Popen(
        [*COMMAND, "--port", "0", "--saves", str(tmp_path / "s")], stdout=subprocess.PIPE, text=True, env=env
    )
    try:
        assert proc.stdout is not None
        match = re.search(r"open http://127\.0\.0\.1:(\d+)/", proc.stdout.readline())
        assert match

        async def main() -> int:
            async with Browser(int(match.group(1))) as tab:
                await tab.open()
                await tab.wait_for("Resume a saved game")
                (app,) = [int(p) for p in Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()]
                proc.kill()
                await until(None, lambda: not Path(f"/proc/{app}").exists() or zombie(app), "the app ended")
                return app

        asyncio.run(asyncio.wait_for(main(), 120))
    finally:
        proc.kill()
        proc.wait(timeout=30)


def zombie(pid: int) -> bool:
    """Ended and not yet reaped (its parent, the killed server, is gone too: init reaps it soon)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def test_a_second_ctrl_c_while_stopping_ends_the_apps_at_once_and_cleanly(tmp_path: Path) -> None:
    """The first Ctrl+C hangs the apps up and waits for them (here one that ignores SIGHUP, with 10
    minutes before its SIGKILL); a second one kills them now, and the server still ends by itself:
    its log, no traceback, exit status 130."""
    env = {**os.environ, "NORSEWIND_PLAYER": "bob"}
    proc = subprocess.Popen(
        [sys.executable, str(STOPPING), "--port", "0", "--saves", str(tmp_path / "s")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    errors: list[str] = []
    assert proc.stderr is not None
    reader = threading.Thread(target=lambda: errors.extend(proc.stderr or ()), daemon=True)
    reader.start()
    try:
        assert proc.stdout is not None
        match = re.search(r"open http://127\.0\.0\.1:(\d+)/", proc.stdout.readline())
        assert match

        async def main() -> None:
            tab = Browser(int(match.group(1)))
            try:
                await tab.open()
                await environment_of(tab)
                (app,) = [int(p) for p in Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()]
                proc.send_signal(signal.SIGINT)
                stopping = "server: stopping: 1 app(s) hung up (Ctrl+C again ends them at once)"
                await until(None, lambda: any(stopping in line for line in errors), "the stop begun")
                assert not zombie(app)  # it ignores the SIGHUP: the stop waits for it
                proc.send_signal(signal.SIGINT)
                await tab.wait_for("norsewind: the server is stopping (your game is saved)")
                await tab.ended()
                await until(None, lambda: zombie(app), "the app killed")
            finally:
                await tab.close()

        asyncio.run(asyncio.wait_for(main(), 120))
        assert proc.wait(timeout=60) == 130
    finally:
        proc.kill()
        proc.wait(timeout=30)
    reader.join(timeout=30)
    err = "".join(errors)
    assert "Traceback" not in err, err
    assert "server: stopping at once: 1 app(s) killed" in err
    assert "bob@127.0.0.1: ended (signal 9, server stopping" in err
