"""``norsewind serve``: the built-in SSH server (asyncssh).

Every SSH connection that asks for a terminal gets its own ``norsewind`` process on its own
pseudo-terminal (see ``session.py``). Authentication is by public key against an
``authorized_keys`` file; the SSH user name is the player's identity, handed to the app as
``NORSEWIND_PLAYER`` (and ``USER``/``LOGNAME``); the app's command line is built from a typed
``AppOptions`` (``launch.py``). Nothing else is offered: no exec, no subsystems (sftp/scp), no port, agent or
X11 forwarding, no passwords.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Coroutine, Mapping
from typing import Any

import asyncssh

from ..options import Options
from ..safetext import safe_text
from ..storage.context import reach_database
from .command import check_cards, run_command
from .config import ServeConfig as ServeConfig
from .config import ServeError, check_config, config_of, resolve_host
from .keys import AuthorizedKeys, fingerprint, load_or_create_host_key, resolve_saves_dir, ssh_dir
from .launch import AppOptions, Served, command, served_environment
from .lifecycle import HANGUP_GRACE, log_to_stderr, run_until_signalled
from .limits import StartupLimiter, raise_open_files_limit
from .session import GameSession

KEEPALIVE_INTERVAL = 30.0
QUIET_INTERVAL = 10.0  # under a flood, a kind of log line is written once, then as a count this often


def listen_addresses(config: ServeConfig) -> list[str] | str:
    """What to bind: with --open the addresses checked to be loopback, never the spelling again (a
    name could resolve differently the second time); otherwise ``--host`` as given."""
    return resolve_host(config.host) if config.open else config.host


def describe_listening(config: ServeConfig, port: int) -> str:
    """``127.0.0.1:2222``; with a host spelled otherwise, what it is too: ``127.0.0.1:2222 (loopback,
    given as 127.1)``."""
    addresses = resolve_host(config.host) if config.open else [config.host]
    text = " and ".join(f"[{a}]:{port}" if ":" in a else f"{a}:{port}" for a in addresses)
    if addresses != [config.host]:
        text += f" ({'loopback, ' if config.open else ''}given as {config.host})"
    return text


class GameServer:
    """The SSH server; ``await start()``, then ``port``; ``await close()`` hangs up every session."""

    def __init__(self, config: ServeConfig) -> None:
        check_config(config)
        self.config = config
        self.idle_timeout = config.idle_timeout
        self.port = config.port
        self._log = config.log or (lambda message: None)
        self.folder = ssh_dir(config.saves)
        self.host_key, self.host_key_new = load_or_create_host_key(self.folder)
        self.keys: AuthorizedKeys | None = None
        if not config.open:
            path = config.authorized_keys or self.folder / "authorized_keys"
            if config.authorized_keys is None and not path.exists():
                raise ServeError(
                    f"nobody could log in: give --authorized-keys FILE (OpenSSH format), or put the keys "
                    f"in {path}, or use --open on loopback"
                )
            self.keys = AuthorizedKeys(path)
        self.sessions: set[GameSession] = set()
        self._all_sessions: set[GameSession] = set()
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self.startups = StartupLimiter(config.max_startups, config.per_source_startups)
        self.open_files = (0, 0)  # the soft RLIMIT_NOFILE before and after start()
        self._quiet: dict[str, tuple[int, str, asyncio.TimerHandle]] = {}  # kind: (count, summary, timer)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._old_handler: Any = None

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        self.open_files = raise_open_files_limit()
        # asyncio reports trouble accepting a connection (EMFILE, ...) with a traceback; one line here.
        self._loop = asyncio.get_running_loop()
        self._old_handler = self._loop.get_exception_handler()
        self._loop.set_exception_handler(self._loop_exception)
        try:
            self._acceptor = await asyncssh.create_server(
                lambda: _Connection(self),
                listen_addresses(self.config),
                self.config.port,
                server_host_keys=[self.host_key],
                encoding=None,
                line_editor=False,
                allow_pty=True,
                agent_forwarding=False,
                x11_forwarding=False,
                gss_host=None,
                login_timeout=self.config.login_grace_time,
                keepalive_interval=KEEPALIVE_INTERVAL,
                keepalive_count_max=4,
                server_version="Norsewind",
                reuse_address=True,
            )
        except OSError as exc:
            self._restore_handler()
            raise ServeError(f"cannot listen on {self.config.host}:{self.config.port}: {exc.strerror or exc}") from None
        self.port = self._acceptor.get_port()

    async def close(self) -> None:
        """Stop listening, hang up every app (SIGHUP), and wait for them to end."""
        if self._acceptor is not None:
            self._acceptor.close()
        tasks = []
        for session in list(self._all_sessions):
            session.hangup("server stopping", "norsewind: the server is stopping (your game is saved)")
            if session.task is not None:
                tasks.append(session.task)
        if tasks:
            await asyncio.wait(tasks, timeout=HANGUP_GRACE + 2)
        if self._acceptor is not None:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._acceptor.wait_closed(), 2)
        for kind in list(self._quiet):
            self._quiet[kind][2].cancel()
            self._flush_quiet(kind)
        self._restore_handler()

    def _restore_handler(self) -> None:
        if self._loop is not None:
            self._loop.set_exception_handler(self._old_handler)
            self._loop = None

    def _loop_exception(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """A connection's trouble (EMFILE on accept, a reset socket) is one log line; a bug keeps
        its traceback."""
        exc = context.get("exception")
        if exc is not None and not isinstance(exc, OSError):
            loop.default_exception_handler(context)
            return
        line = f"server: {context.get('message', 'error')}" + (f": {exc}" if exc is not None else "")
        # asyncio reports EMFILE once for every connection waiting to be accepted: one line, then a count
        self.log_quietly(line, line, "{} more times: " + line.removeprefix("server: "))

    def log_quietly(self, kind: str, line: str, summary: str) -> None:
        """Log ``line``; while lines of this ``kind`` keep coming, count them and log ``summary``
        (formatted with the count) every ``QUIET_INTERVAL`` seconds instead."""
        if kind in self._quiet:
            count, summary, timer = self._quiet[kind]
            self._quiet[kind] = (count + 1, summary, timer)
            return
        self._log(line)
        timer = asyncio.get_running_loop().call_later(QUIET_INTERVAL, self._flush_quiet, kind)
        self._quiet[kind] = (0, summary, timer)

    def _flush_quiet(self, kind: str) -> None:
        count, summary, _ = self._quiet.pop(kind)
        if count:
            self._log("server: " + summary.format(count))

    # ------------------------------------------------------------------ connections logging in

    def admit(self, peer: str) -> bool:
        """Count a new connection that is yet to log in; False (and it is to be closed) past a limit."""
        reason = self.startups.admit(peer)
        if reason is None:
            return True
        # A flood would write a line per connection: the first refusal now, the rest summed up later.
        self.log_quietly(
            "refused",
            f"{peer}: connection refused at once ({reason})",
            "refused {} more connection(s) past the login limits",
        )
        return False

    # ------------------------------------------------------------------ for the sessions

    def log(self, message: str) -> None:
        self._log(message)

    def acquire_slot(self, session: GameSession) -> bool:
        if len(self.sessions) >= self.config.max_sessions:
            return False
        self.sessions.add(session)
        return True

    def release_slot(self, session: GameSession) -> None:
        self.sessions.discard(session)

    def track(self, session: GameSession) -> None:
        self._all_sessions.add(session)

    def forget(self, session: GameSession) -> None:
        self._all_sessions.discard(session)

    def app_command(self, player: str, lines: bool = False) -> list[str]:
        """The session's command line (``player`` reaches the app in ``app_environment``); ``lines``:
        the line mode."""
        return command(AppOptions(cards=self.config.cards, lines=lines), self.config.program)

    def app_environment(self, player: str, term: str, client_env: Mapping[str, str]) -> dict[str, str]:
        """A minimal environment: nothing from the client but its terminal type (and truecolor)."""
        config = self.config
        served = Served(config.saves, self.folder / "empty-path", config.database, "ssh", config.extra_env)
        return served_environment(served, player, term, client_env.get("COLORTERM"))

    def app_cwd(self) -> str:
        return str(self.config.saves)


class _Connection(asyncssh.SSHServer):
    """One SSH connection: authentication, then at most one session."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.peer = "?"
        self.username = ""
        self.key_line: int | None = None
        self.opened = 0
        self.authenticated = False
        self.counted = False  # among the server's connections logging in

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        peer = conn.get_extra_info("peername")
        self.peer = str(peer[0]) if peer else "?"
        if self.server.admit(self.peer):
            self.counted = True
        else:
            conn.abort()  # before the server's greeting: the connection costs nothing more

    def _logged_in_or_gone(self) -> None:
        if self.counted:
            self.counted = False
            self.server.startups.done(self.peer)

    def begin_auth(self, username: str) -> bool:
        self.username = username
        return not self.server.config.open  # --open: no authentication at all

    def public_key_auth_supported(self) -> bool:
        return self.server.keys is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if self.server.keys is None:
            return False
        entry = self.server.keys.allows(key, username, self.peer, self.peer)
        if entry is None:
            return False
        self.key_line = entry.line
        return True

    def auth_completed(self) -> None:
        self._logged_in_or_gone()
        self.authenticated = True
        how = "open server" if self.key_line is None else f"key on line {self.key_line}"
        self.server.log(f"{self.username}@{self.peer}: logged in ({how})")

    def session_requested(self) -> GameSession | bool:
        self.opened += 1
        if self.opened > 1:
            return False  # one game per connection
        session = GameSession(self.server, self.username, self.peer)
        self.server.track(session)
        return session

    def connection_lost(self, exc: Exception | None) -> None:
        was_counted = self.counted
        self._logged_in_or_gone()
        if not self.authenticated:
            if was_counted and isinstance(exc, asyncssh.ConnectionLost) and "timeout" in str(exc).lower():
                grace = self.server.config.login_grace_time
                self.server.log_quietly(
                    "grace",
                    f"{self.username or '?'}@{self.peer}: dropped (not logged in within {grace:g} s)",
                    "dropped {} more connection(s) not logged in within the grace time",
                )
            elif self.username:
                self.server.log(f"{self.username}@{self.peer}: not let in (no accepted key for this name)")
        elif exc is not None:
            self.server.log(f"{self.username}@{self.peer}: connection lost ({exc})")


# --------------------------------------------------------------------------- the command


async def serve_forever(config: ServeConfig, ready: Callable[[GameServer], None] | None = None) -> None:
    """Run until SIGINT or SIGTERM, then hang up every session."""
    await run_until_signalled(GameServer(config), ready)


def run_serve(args: Options) -> int:
    """The ``norsewind serve`` handler."""
    logging.getLogger("asyncssh").setLevel(logging.WARNING)

    def ready(server: GameServer) -> None:
        key = f"host key {fingerprint(server.host_key)}" + (" (new)" if server.host_key_new else "")
        if server.config.open:
            who = "anyone on this machine (--open)"
        else:
            assert server.keys is not None
            who = f"keys in {server.keys.path}"
        where = describe_listening(server.config, server.port)
        print(safe_text(f"norsewind serve: listening on {where}; {key}; {who}"), flush=True)
        if server.keys is not None and server.keys.unrestricted:
            print(
                f'norsewind serve: note: {server.keys.unrestricted} key(s) have no principals="NAME" option '
                "and may log in under any player name",
                flush=True,
            )

    def configured() -> Coroutine[Any, Any, None]:
        config = config_of(args, log=log_to_stderr)
        check_config(config)  # before the saves folder or the host key are touched
        check_cards(config.cards)
        config.database = reach_database(args.database)  # before the saves folder is made, too
        config.saves = resolve_saves_dir(args.serve_saves or args.saves)
        return serve_forever(config, ready)

    return run_command("serve", configured)
