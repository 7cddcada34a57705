"""``norsewind serve``: authentication, the pty an app gets, limits and refusals (issue 6).

These drive the real server over loopback with an asyncssh client. Where a test needs to see
exactly what an app is given (controlling terminal, environment, SIGWINCH, SIGHUP), the server
runs ``probe.py`` instead of the game; the game itself is driven in ``test_play.py``.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from tui.waits import until

from norsewind_tui.ssh.keys import HOST_KEY_NAME, ServeError, is_loopback_only, parse_authorized_keys
from norsewind_tui.ssh.server import GameServer, ServeConfig

from .conftest import Keys
from .helpers import APP, SERVE, Terminal, connect, serving


def run(coro: Coroutine[Any, Any, None], timeout: float = 90) -> None:
    asyncio.run(asyncio.wait_for(coro, timeout))


def probe_line(term: Terminal, tag: str) -> str:
    lines = [line for line in term.raw.decode(errors="replace").splitlines() if line.startswith(f"[{tag}]")]
    assert lines, f"no [{tag}] line in {bytes(term.raw)!r}"
    return lines[-1]


# --------------------------------------------------------------------------- authentication


def test_key_login_gets_a_pty_as_controlling_terminal_with_client_term_and_size(
    probe_config: ServeConfig, keys: Keys
) -> None:
    """A listed key logs in; the app runs on a pty that is its controlling terminal, in its own session,
    with the client's TERM and window size, the player name as identity, and a minimal environment."""

    async def main() -> None:
        async with serving(probe_config) as server:
            term = await Terminal.connect(
                server.port,
                "alice",
                keys.alice,
                cols=91,
                rows=27,
                term_type="screen-256color",
                env={"LD_PRELOAD": "/tmp/evil.so", "COLORTERM": "truecolor"},
            )
            await term.wait_for("[ready]")
            line = probe_line(term, "probe")
            assert "tty=True controlling=True leader=True" in line
            assert "term=screen-256color size=91x27" in line
            assert "player=alice user=alice" in line
            env = set(re.search(r"env=(\S+)", line).group(1).split(","))  # type: ignore[union-attr]
            assert "LD_PRELOAD" not in env and "SSH_CONNECTION" not in env
            assert {"TERM", "NORSEWIND_PLAYER", "NORSEWIND_SAVES", "COLORTERM", "PATH"} <= env
            assert env <= {
                "TERM",
                "LANG",
                "PYTHONUTF8",
                "PATH",
                "HOME",
                "USER",
                "LOGNAME",
                "NORSEWIND_PLAYER",
                "NORSEWIND_SAVES",
                "NORSEWIND_SERVED",
                "COLORTERM",
                "PYTHONPATH",
                "VIRTUAL_ENV",
                "LC_CTYPE",
            }
            await term.close()

    run(main())


def test_wrong_key_and_wrong_name_are_refused(config: ServeConfig, keys: Keys) -> None:
    """A key not in authorized_keys is refused; a key with principals="alice" cannot log in as bob;
    a key without principals may use any name."""

    async def main() -> None:
        log: list[str] = []
        async with serving(config, log) as server:
            with pytest.raises(asyncssh.PermissionDenied):
                await connect(server.port, "alice", keys.stranger)
            with pytest.raises(asyncssh.PermissionDenied):
                await connect(server.port, "bob", keys.alice)
            with pytest.raises(asyncssh.PermissionDenied):
                await connect(server.port, "alice", None)
            conn = await connect(server.port, "carol", keys.bob)
            conn.close()
            await conn.wait_closed()
        assert any("carol@127.0.0.1: logged in (key on line 4)" in line for line in log), log

    run(main())


def test_authorized_keys_are_reread_when_the_file_changes(config: ServeConfig, keys: Keys) -> None:
    """Adding a player's key to the file lets them in without restarting the server."""

    async def main() -> None:
        async with serving(config) as server:
            with pytest.raises(asyncssh.PermissionDenied):
                await connect(server.port, "dora", keys.stranger)
            text = keys.authorized.read_text() + keys.stranger.export_public_key().decode()
            keys.authorized.write_text(text)
            conn = await connect(server.port, "dora", keys.stranger)
            conn.close()

    run(main())


def test_authorized_keys_problems_are_one_line_errors(tmp_path: Path, keys: Keys) -> None:
    """A line that is not a key names the file and line; an empty file is refused."""
    with pytest.raises(ServeError, match=r"^f, line 2: not a public key"):
        parse_authorized_keys("# c\nssh-ed25519 AAAAnotbase64\n", "f")
    with pytest.raises(ServeError, match=r"no public keys"):
        parse_authorized_keys("# nothing\n", "f")
    entries = parse_authorized_keys(keys.authorized.read_text(), "f")
    assert [(e.line, e.principals) for e in entries] == [(2, ("alice",)), (4, None)]


def test_host_key_is_created_once_with_mode_0600_and_kept(config: ServeConfig, keys: Keys) -> None:
    """The host key is generated on first start next to the saves, mode 0600, and reused after a restart."""

    async def main() -> None:
        seen = []
        for _ in range(2):
            async with serving(config) as server:
                conn = await connect(server.port, "alice", keys.alice)
                host_key = conn.get_server_host_key()
                assert host_key is not None
                seen.append(host_key.export_public_key())
                conn.close()
        assert seen[0] == seen[1]

    run(main())
    path = config.saves / "ssh" / HOST_KEY_NAME
    assert path.stat().st_mode & 0o777 == 0o600
    path.chmod(0o644)
    with pytest.raises(ServeError, match="must be 0600"):
        GameServer(config)


# --------------------------------------------------------------------------- the pty


def test_resize_input_exit_status(probe_config: ServeConfig, keys: Keys) -> None:
    """Window-size changes reach the app as SIGWINCH with the new size; keys reach it byte for byte;
    its exit status comes back to the client."""

    async def main() -> None:
        async with serving(probe_config) as server:
            term = await Terminal.connect(server.port, "alice", keys.alice, cols=80, rows=24)
            await term.wait_for("[ready]")
            term.resize(120, 40)
            await until(None, lambda: b"[winch] 120x40" in term.raw, "the new size", show=lambda: bytes(term.raw))
            term.press(b"\x1b[A\x03z")
            await until(None, lambda: b"[got] 1b5b41037a" in term.raw, "the keys", show=lambda: bytes(term.raw))
            term.press("q")
            assert await term.finished() == 3

    run(main())


def test_dropped_connection_hangs_up_the_app(probe_config: ServeConfig, keys: Keys, tmp_path: Path) -> None:
    """When the client's connection drops, the app gets SIGHUP and its slot is freed."""

    async def main() -> None:
        async with serving(probe_config) as server:
            term = await Terminal.connect(server.port, "alice", keys.alice)
            await term.wait_for("[ready]")
            assert len(server.sessions) == 1
            (session,) = server.sessions
            pid = session.pid
            assert pid is not None
            assert term.conn is not None
            term.conn.abort()
            await until(None, lambda: (tmp_path / "hup").exists(), "the hang-up")
            await until(None, lambda: not server.sessions, "every session ended")
            with pytest.raises(ProcessLookupError):
                os.kill(pid, 0)

    run(main())


def test_an_app_that_ignores_sighup_is_killed(probe_config: ServeConfig, keys: Keys, tmp_path: Path) -> None:
    """An app still running a few seconds after the hangup is killed (SIGKILL), freeing its slot."""
    assert probe_config.program is not None
    probe_config.program.append("--ignore-hup")

    async def main() -> None:
        async with serving(probe_config) as server:
            term = await Terminal.connect(server.port, "alice", keys.alice)
            await term.wait_for("[ready]")
            (session,) = server.sessions
            assert term.conn is not None
            term.conn.abort()
            await until(None, lambda: (tmp_path / "hup").exists(), "the hang-up")
            assert (tmp_path / "hup").read_text() == "ignored"
            assert server.sessions == {session}  # still running after SIGHUP ...
            await until(None, lambda: not server.sessions, "every session ended")  # ... until killed
            assert session.pid is not None
            with pytest.raises(ProcessLookupError):
                os.kill(session.pid, 0)

    run(main())


def test_stopping_the_server_hangs_up_every_player_with_a_message(
    probe_config: ServeConfig, keys: Keys, tmp_path: Path
) -> None:
    """Closing the server ends every app (SIGHUP) and tells each player why, before closing."""

    async def main() -> None:
        server = GameServer(probe_config)
        await server.start()
        term = await Terminal.connect(server.port, "alice", keys.alice)
        await term.wait_for("[ready]")
        await server.close()
        await term.wait_for("the server is stopping (your game is saved)", timeout=10)
        assert (tmp_path / "hup").read_text() == "hup"
        assert b"\x1b[?1049l" in term.raw  # the terminal was reset after the app was hung up
        await term.close()

    run(main())


def test_idle_timeout_hangs_up_with_a_message(probe_config: ServeConfig, keys: Keys, tmp_path: Path) -> None:
    """No key for --idle-timeout seconds: the app is hung up and the player told why."""
    probe_config.idle_timeout = 3.0
    hup = tmp_path / "hup"

    async def main() -> None:
        async with serving(probe_config) as server:
            term = await Terminal.connect(server.port, "alice", keys.alice)
            await term.wait_for("[ready]")  # the app has started (and the screen sat still a moment)
            pressed = time.time()
            term.press("x")  # the idle time now counts from this key
            await term.wait_for("[got] 78")  # the app got it, so the server saw it
            assert not hup.exists()
            await term.wait_for("no key pressed for 3 seconds")
            assert hup.read_text() == "hup"
            # the probe wrote the marker when hung up: 3 s after the key at the earliest (a load only delays it)
            assert hup.stat().st_mtime - pressed >= 3.0 - 0.05
            assert await term.finished() == 0

    run(main())


# --------------------------------------------------------------------------- refusals and limits


def test_sessions_without_a_terminal_and_commands_are_refused_politely(probe_config: ServeConfig, keys: Keys) -> None:
    """`ssh -T` (no pty) and `ssh host CMD` get a one-line message and exit status 1; no app starts."""

    async def main() -> None:
        log: list[str] = []
        async with serving(probe_config, log) as server:
            conn = await connect(server.port, "alice", keys.alice)
            result = await conn.run(term_type=None, encoding="utf-8")
            assert result.exit_status == 1
            assert "the game needs a terminal; connect with: ssh -t -p" in str(result.stderr)
            conn.close()
            conn = await connect(server.port, "alice", keys.alice)
            result = await conn.run("sh -c id", term_type="xterm", encoding="utf-8")
            assert result.exit_status == 1
            assert "only runs the game, not commands" in str(result.stderr)
            assert "uid=" not in str(result.stdout)
            conn.close()
        assert not any("playing" in line for line in log), log

    run(main())


def test_no_subsystems_forwarding_or_second_session(probe_config: ServeConfig, keys: Keys) -> None:
    """sftp, port forwarding in both directions and a second session on one connection are refused."""

    async def main() -> None:
        async with serving(probe_config) as server:
            conn = await connect(server.port, "alice", keys.alice)
            with pytest.raises(asyncssh.ChannelOpenError, match="Session request failed"):
                await conn.start_sftp_client()
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.open_connection("127.0.0.1", server.port)
            with pytest.raises(asyncssh.ChannelListenError):
                await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 9)
            conn.close()
            term = await Terminal.connect(server.port, "alice", keys.alice)
            await term.wait_for("[ready]")
            assert term.conn is not None
            with pytest.raises(asyncssh.ChannelOpenError):
                await term.conn.create_session(asyncssh.SSHClientSession, term_type="xterm")
            await term.close()

    run(main())


def test_max_sessions(probe_config: ServeConfig, keys: Keys) -> None:
    """With --max-sessions 1 a second player is told the server is full; once the first leaves, they get in."""
    probe_config.max_sessions = 1

    async def main() -> None:
        async with serving(probe_config) as server:
            first = await Terminal.connect(server.port, "alice", keys.alice)
            await first.wait_for("[ready]")
            second = await Terminal.connect(server.port, "bob", keys.bob)
            assert await second.finished() == 1
            assert b"the server is full" in second.stderr
            first.press("q")
            assert await first.finished() == 3
            await until(None, lambda: not server.sessions, "every session ended")
            third = await Terminal.connect(server.port, "bob", keys.bob)
            await third.wait_for("[ready]")
            assert "player=bob" in probe_line(third, "probe")
            await third.close()
            await first.close()
            await second.close()

    run(main())


def test_bad_player_name_is_refused_politely(probe_config: ServeConfig, keys: Keys) -> None:
    """A user name that cannot be a player name (here with a space) gets a one-line message."""

    async def main() -> None:
        async with serving(probe_config) as server:
            term = await Terminal.connect(server.port, "bad name", keys.bob)
            assert await term.finished() == 1
            assert b"player names are 1-32 letters" in term.stderr

    run(main())


# --------------------------------------------------------------------------- the command line


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_open_on_a_non_loopback_address_is_refused_without_binding(tmp_path: Path) -> None:
    """`--open --host 0.0.0.0` is one line on stderr, exit 2, before anything is created or bound."""
    port = _free_port()
    saves = tmp_path / "saves"
    result = subprocess.run(
        [*SERVE, "--open", "--host", "0.0.0.0", "--port", str(port), "--saves", str(saves)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and "--open" in result.stderr and "loopback" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (saves / "ssh").exists()
    with socket.socket() as sock:  # nothing holds the port
        sock.bind(("0.0.0.0", port))
    assert not is_loopback_only("0.0.0.0") and not is_loopback_only("") and not is_loopback_only("::")
    assert is_loopback_only("127.0.0.1") and is_loopback_only("::1") and is_loopback_only("127.5.0.1")


def test_a_serve_usage_error_is_said_before_asyncssh_is_imported(tmp_path: Path) -> None:
    """A third of a second a start (issue 22 §4): the options are checked first."""
    code = (
        "import sys\n"
        "from norsewind_tui.cli import main\n"
        f"code = main(['serve', '--open', '--port', '70000', '--saves', {str(tmp_path / 's')!r}])\n"
        "print(code, 'asyncssh' in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert (result.stdout, result.stderr) == ("2 False\n", "norsewind serve: --port must be 0-65535, not 70000\n")
    assert not (tmp_path / "s").exists()  # nothing created


def test_cli_usage_errors_are_one_line(tmp_path: Path, keys: Keys) -> None:
    """No way to log in, a missing key file, a bad port, a timeout that is not a number of seconds
    (nan, inf and negative values would each turn it off), a broken card set: one line each, exit 2."""
    cases = [
        ([], "nobody could log in"),
        (["--authorized-keys", str(tmp_path / "missing")], "cannot read"),
        (["--open", "--port", "70000"], "--port must be"),
        (["--open", "--max-sessions", "0"], "--max-sessions"),
        (["--open", "--idle-timeout", "nan"], "--idle-timeout must be 0 (off) or more seconds, not nan"),
        (["--open", "--idle-timeout", "inf"], "--idle-timeout must be 0 (off) or more seconds, not inf"),
        (["--open", "--idle-timeout", "-1"], "--idle-timeout must be 0 (off) or more seconds, not -1"),
        (["--open", "--login-grace-time", "0"], "--login-grace-time must be more than 0 seconds, not 0"),
        (["--open", "--login-grace-time", "nan"], "--login-grace-time must be more than 0 seconds"),
        (["--open", "--max-startups", "0"], "--max-startups must be at least 1"),
        (["--open", "--per-source-max-startups", "0"], "--per-source-max-startups must be at least 1"),
        (["--open", "--authorized-keys", str(keys.authorized)], "either --open"),
        (["--open", "--port", "0"], "problem(s)"),  # with --cards pointing at a broken file (below)
    ]
    broken = tmp_path / "broken.toml"
    broken.write_text("[card_set]\nname = 1\n")
    for extra, message in cases:
        cards = ["--cards", str(broken)] if message == "problem(s)" else []
        result = subprocess.run(
            [*APP, *cards, "serve", "--port", "0", "--saves", str(tmp_path / "s"), *extra],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 2, (extra, result)
        assert message in result.stderr and result.stderr.count("\n") == 1, (extra, result.stderr)


def test_cli_serves_open_on_loopback_and_stops_on_sigterm(tmp_path: Path) -> None:
    """`norsewind serve --open --port 0` prints where it listens, lets a key-less client in, and stops
    cleanly on SIGTERM."""
    proc = subprocess.Popen(
        [*SERVE, "--open", "--port", "0", "--saves", str(tmp_path / "s")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        match = re.search(r"listening on 127\.0\.0\.1:(\d+); host key SHA256:\S+ \(new\); anyone", first)
        assert match, first

        async def main() -> None:
            conn = await connect(int(match.group(1)), "erik", None)
            result = await conn.run("true", encoding="utf-8")
            assert result.exit_status == 1 and "not commands" in str(result.stderr)
            conn.close()

        run(main(), timeout=60)
    finally:
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert "erik@127.0.0.1: logged in (open server)" in err
