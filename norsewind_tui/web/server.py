"""``norsewind web``: the game in a browser (issue 26).

An aiohttp server around textual-serve's parts: its page script (``textual.js``: xterm.js and the
websocket protocol) and its packet format to Textual's web driver (``AppService.encode_packet``).
The rest is ours, because it is what ``norsewind serve`` already does for a session and textual-serve
does not: who plays (``config.py``: the account's own player on loopback, a shared password and a
signed cookie, or a trusted proxy's header), ``--max-sessions``, a cap on connections logging in at
once, the app's environment (``ssh/launch.py``'s ``served_environment``, the same as an SSH
session's, with ``NORSEWIND_SERVED=web``), its end (SIGHUP, then SIGKILL: the game is saved at every
decision), and one log line, never a traceback, for a bad request.

One websocket is one app process: ``python -m norsewind_tui.cli`` with Textual's web driver on
pipes. The browser's messages (``["stdin", text]``, ``["resize", {"width", "height"}]``,
``["ping", x]``, ``["focus"]``, ``["blur"]``) become packets to the app; the app's packets become
binary frames (its terminal output) to the browser.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import hmac
import ipaddress
import json
import logging
import os
import secrets
import signal
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import textual_serve
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService

from ..options import Options
from ..safetext import safe_text
from ..ssh.command import check_cards, run_command
from ..ssh.config import is_loopback_address
from ..ssh.keys import resolve_saves_dir, ssh_dir
from ..ssh.launch import AppOptions, Served, app_command, served_environment
from ..ssh.lifecycle import (
    HANGUP_GRACE,
    hang_up,
    hang_up_when_idle,
    kill_now,
    log_to_stderr,
    run_until_signalled,
)
from ..ssh.limits import StartupLimiter, raise_open_files_limit
from ..storage.atomic import atomic_write
from ..storage.context import reach_database
from ..storage.errors import StorageError
from ..storage.identity import identity_problem, player_identity
from ..storage.paths import ensure_dir
from .config import WebConfig as WebConfig
from .config import WebError, check_web_config, config_of, read_password
from .connections import IdleConnections, QuietLog
from .failures import HOST_FAILURES_ALLOWED, Failures, seconds
from .page import game_page, login_page

STATIC = Path(textual_serve.__file__).parent / "static"
READY_LINE = b"__GANGLION__\n"  # the web driver's first line: the app has started
COOKIE = "norsewind_player"
COOKIE_SECONDS = 30 * 86400
KEY_FILE = "cookie_key"
LOGGED_OUT_FILE = "logged_out"  # the cookies logged out before their expiry
MAX_MESSAGE = 65536  # the longest websocket message a browser may send (a paste)
MAX_SIZE = 1000  # columns or rows, as serve clamps a window
STDERR_KEPT = 4096
TERM = "xterm-256color"  # xterm.js
QUIT = b"quit"  # the close reason of a tab whose player quit (page.py: its next load starts anew)
NAME_RULE = "Player names are 1-32 letters, digits, '.', '_' or '-', starting with a letter or a digit."


def _address(text: str | None) -> str:
    """An address as one spelling (``::ffff:127.0.0.1`` is 127.0.0.1), or the text as it came."""
    try:
        ip = ipaddress.ip_address((text or "?").split("%")[0])
    except ValueError:
        return text or "?"
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ip)


def _is_address(name: str) -> bool:
    """``name`` is an address in figures (no DNS name a page could rebind)."""
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


# --------------------------------------------------------------------------- the signed cookie


class CookieSigner:
    """``name.expiry-nonce.signature``: HMAC-SHA256 under a key kept in ``<saves>/web`` (so a restart keeps
    players logged in); a cookie the server did not make, one past its time, or one logged out
    (``revoke``: its signature kept until its expiry in ``logged_out``, so a copy of it, or a restart,
    does not bring it back) names nobody."""

    def __init__(self, key: bytes, clock: Callable[[], float] = time.time, logged_out: Path | None = None) -> None:
        self.key = key
        self.clock = clock
        self.logged_out = logged_out  # the file of revoked cookies: "EXPIRY SIGNATURE" lines
        self.revoked: dict[str, int] = {}  # signature: expiry
        if logged_out is not None:
            self._load(logged_out)

    def _load(self, path: Path) -> None:
        try:
            text = path.read_text(encoding="ascii", errors="replace")
        except FileNotFoundError:
            return
        except OSError as exc:
            raise WebError(f"cannot read the logged-out cookies {path}: {exc.strerror or exc}") from None
        for line in text.splitlines():
            expiry, _, signature = line.partition(" ")
            if expiry.isdigit() and signature:
                self.revoked[signature] = int(expiry)

    def _signature(self, body: str) -> str:
        digest = hmac.new(self.key, body.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    def make(self, name: str) -> str:
        # a nonce after the expiry: two logins in one second get two cookies, so logging one out
        # does not log out the other (a cookie without one, as made before, is still read)
        body = f"{name}.{int(self.clock()) + COOKIE_SECONDS}-{secrets.token_hex(6)}"
        return f"{body}.{self._signature(body)}"

    def name_of(self, value: str | None) -> str | None:
        if not value or value.count(".") < 2 or len(value) > 200:
            return None
        body, signature = value.rsplit(".", 1)
        name, expiry = body.rsplit(".", 1)
        if not hmac.compare_digest(signature, self._signature(body)) or signature in self.revoked:
            return None
        expiry = expiry.split("-", 1)[0]
        if not expiry.isdigit() or int(expiry) < self.clock() or identity_problem(name) is not None:
            return None
        return name

    def revoke(self, value: str | None) -> tuple[str | None, str | None]:
        """Log ``value`` out for good: the name it named (None: it named nobody already), and why the
        file could not be written (then it is logged out until the server stops), or None."""
        name = self.name_of(value)
        if name is None or value is None:
            return None, None
        body, signature = value.rsplit(".", 1)
        now = self.clock()
        self.revoked = {sig: expiry for sig, expiry in self.revoked.items() if expiry >= now}
        self.revoked[signature] = int(body.rsplit(".", 1)[1].split("-", 1)[0])
        if self.logged_out is not None:
            lines = "".join(f"{expiry} {sig}\n" for sig, expiry in self.revoked.items())
            try:
                atomic_write(self.logged_out, lines.encode("ascii"))
            except OSError as exc:
                return name, f"cannot write {self.logged_out}: {exc.strerror or exc}"
        return name, None


def load_or_create_key(folder: Path) -> bytes:
    """The cookie key in ``folder`` (32 random bytes, mode 0600, made on first start)."""
    path = folder / KEY_FILE
    try:
        ensure_dir(folder, private=True)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        except FileExistsError:
            if path.stat().st_mode & 0o077:
                raise WebError(f"{path} may be read by others; it must be 0600 (chmod 600 it)") from None
            key = path.read_bytes()
            if len(key) < 32:
                raise WebError(f"{path} is not a cookie key (delete it: a new one is made)") from None
            return key
        key = os.urandom(32)
        with os.fdopen(fd, "wb") as out:
            out.write(key)
        return key
    except OSError as exc:
        raise WebError(f"cannot keep the cookie key {path}: {exc.strerror or exc}") from None
    except StorageError as exc:
        raise WebError(str(exc)) from None


# --------------------------------------------------------------------------- one app process


@dataclass
class SessionStats:
    started: float = field(default_factory=time.monotonic)
    bytes_in: int = 0
    bytes_out: int = 0


class WebSession:
    """One browser tab's app: started, fed, ended, as ``ssh/session.py``'s ``GameSession`` does on a pty."""

    def __init__(self, server: WebServer, player: str, peer: str, ws: web.WebSocketResponse) -> None:
        self.server = server
        self.player = player
        self.peer = peer
        self.ws = ws
        self.stats = SessionStats()
        self.proc: asyncio.subprocess.Process | None = None
        self.pid: int | None = None
        self.ready = asyncio.Event()  # the app's first line came: it runs
        self.quitting = False  # the app said it is ending (the web driver's "exit"), or its output ended
        self.ended = asyncio.Event()  # its output is over
        self.cookie = ""  # the signature of the cookie that opened it (password logins)
        self.reason: str | None = None  # why the server ended it (None: the app quit)
        self.message: str | None = None  # told the player after the app ended
        self.last_input = time.monotonic()
        self.stderr = bytearray()
        self._tasks: list[asyncio.Task[None]] = []

    async def start(self, cols: int, rows: int, go_on: bool = False) -> None:
        config = self.server.config
        env = served_environment(self.server.served, self.player, TERM, "truecolor")
        env.update(  # what textual-serve's AppService gives its apps
            TEXTUAL_DRIVER="textual.drivers.web_driver:WebDriver",
            TEXTUAL_FPS="60",
            TEXTUAL_COLOR_SYSTEM="truecolor",
            TERM_PROGRAM="textual",
            TERM_PROGRAM_VERSION=version("textual-serve"),
            COLUMNS=str(cols),
            ROWS=str(rows),
        )
        self.proc = await asyncio.create_subprocess_exec(
            *app_command(AppOptions(cards=config.cards, no_mouse=config.no_mouse, go_on=go_on), config.program),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=env,
            cwd=str(config.saves),
            start_new_session=True,
            close_fds=True,
        )
        self.pid = self.proc.pid
        self._tasks = [asyncio.ensure_future(self._output()), asyncio.ensure_future(self._errors())]
        if config.idle_timeout > 0:
            idle = hang_up_when_idle(config.idle_timeout, lambda: self.last_input, self.hangup)
            self._tasks.append(asyncio.ensure_future(idle))

    # ------------------------------------------------------------------ the app to the browser

    async def _output(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        stdout = self.proc.stdout
        try:
            for _ in range(10):  # the web driver's first line (a few lines may come before it)
                line = await stdout.readline()
                if not line:
                    return
                if line == READY_LINE:
                    self.ready.set()
                    break
            else:
                return
            while True:
                kind = await stdout.readexactly(1)
                size = int.from_bytes(await stdout.readexactly(4), "big")
                payload = await stdout.readexactly(size)
                if kind == b"D":
                    self.stats.bytes_out += len(payload)
                    await self._send(payload)
                elif kind == b"M" and _meta_type(payload) == "exit":
                    self.quitting = True
                    if self.reason is None:  # the player quit; a hung-up app's tab closes after its message
                        await self.close_tab(QUIT)
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        except ValueError:  # a first line longer than the stream's limit: not the web driver
            self.server.log(f"{self.player}@{self.peer}: the app's output is not the web driver's")
        finally:
            self.quitting = True  # its output is over: the app is ending (by itself, or hung up)
            self.ended.set()
            if self.message:  # why the server ended it, after its last screen
                await self._send(b"\x1b[?1049l\x1b[0m\r\n" + self.message.encode() + b"\r\n")
            await self.close_tab()  # the tab's end: the page says the game has ended

    async def _send(self, payload: bytes) -> None:
        if not self.ws.closed:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await self.ws.send_bytes(payload)

    async def close_tab(self, why: bytes = b"") -> None:
        """Close the websocket; ``QUIT`` tells the page the player quit (a reload starts anew)."""
        with contextlib.suppress(ConnectionError, RuntimeError):
            await self.ws.close(message=why)

    async def _errors(self) -> None:
        assert self.proc is not None and self.proc.stderr is not None
        while chunk := await self.proc.stderr.read(4096):
            self.stderr += chunk
            del self.stderr[:-STDERR_KEPT]

    # ------------------------------------------------------------------ the browser to the app

    async def packet(self, kind: bytes, payload: bytes) -> None:
        proc = self.proc
        if proc is None or proc.stdin is None or proc.returncode is not None:
            return
        with contextlib.suppress(ConnectionError, RuntimeError):
            proc.stdin.write(AppService.encode_packet(kind, payload))  # type: ignore[arg-type]
            await proc.stdin.drain()

    async def keys(self, text: str) -> None:
        self.last_input = time.monotonic()
        data = text.encode("utf-8", "replace")
        self.stats.bytes_in += len(data)
        await self.packet(b"D", data)

    async def meta(self, data: dict[str, object]) -> None:
        await self.packet(b"M", json.dumps(data).encode())

    # ------------------------------------------------------------------ the end

    def hangup(self, reason: str, message: str | None = None) -> None:
        """End the app as serve does (SIGHUP, then SIGKILL after a grace period); ``message`` is
        written to the browser's terminal after it has gone."""
        if self.reason is not None:
            return
        self.reason, self.message = reason, message
        if self.proc is not None:
            hang_up(self.proc, self.server.config.hangup_grace)

    async def wait(self) -> int:
        """Wait for the app to end (its output read to the end); its exit status."""
        assert self.proc is not None
        try:  # an app that said it is ending and does not: hung up like any other
            returncode = await asyncio.wait_for(asyncio.shield(self.proc.wait()), HANGUP_GRACE)
        except TimeoutError:
            self.hangup("did not end after quitting")
            returncode = await self.proc.wait()
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self.ended.wait(), 1.0)
        for task in self._tasks:
            task.cancel()
        return returncode

    def last_error(self) -> str:
        lines = self.stderr.decode("utf-8", "replace").strip().splitlines()
        return safe_text(lines[-1]) if lines else ""


def _meta_type(payload: bytes) -> object:
    try:
        data = json.loads(payload)
    except ValueError:
        return None
    return data.get("type") if isinstance(data, dict) else None


class BadMessage(Exception):
    """A websocket message no browser page of ours sends."""


def _size(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise BadMessage(f"a size must be a positive whole number, not {value!r}"[:120])
    return min(value, MAX_SIZE)


def _digest(password: str) -> bytes:
    return hashlib.sha256(password.encode("utf-8", "replace")).digest()


def _query_size(request: web.Request, name: str, default: int) -> int:
    text = request.query.get(name, "")
    return min(int(text), MAX_SIZE) if text.isdigit() and int(text) > 0 else default


# --------------------------------------------------------------------------- the server


class WebServer:
    """The web server; ``await start()``, then ``port``; ``await close()`` hangs up every app."""

    def __init__(self, config: WebConfig) -> None:
        check_web_config(config)
        self.config = config
        self.port = config.port
        self._log = config.log or (lambda message: None)
        if config.how == "owner":
            config.owner = config.owner or player_identity()
            problem = identity_problem(config.owner)
            if problem:
                raise WebError(problem)
        self.password = read_password(config.password_file) if config.password_file is not None else None
        web_dir = config.saves / "web"
        key = load_or_create_key(web_dir)
        if self.password is not None:  # a new password logs everyone out: their cookies were signed for the old one
            key = hmac.new(key, b"norsewind web password\0" + _digest(self.password), hashlib.sha256).digest()
        self.cookies = CookieSigner(key, logged_out=web_dir / LOGGED_OUT_FILE)
        folder = ssh_dir(config.saves)
        self.served = Served(config.saves, folder / "empty-path", config.database, "web", config.extra_env)
        self.proxies = {_address(p) for p in config.trust_proxy}
        self.own_hosts = {"localhost", config.host.lower().strip("[]")}  # the names a page may use here
        if config.public_url:
            self.own_hosts.add((urlsplit(config.public_url).hostname or "").lower())
        self.startups = StartupLimiter(config.max_startups, config.per_source_startups)
        self.failures = Failures()
        self.quietly = QuietLog(self.log)
        self.idle = IdleConnections(  # plain HTTP connections holding no request, capped as startups are
            config.max_startups, config.per_source_startups, config.login_grace_time, self.quietly, _address
        )
        self.sessions: set[WebSession] = set()  # those holding a place (--max-sessions)
        self._all: set[WebSession] = set()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._runner: web.AppRunner | None = None
        self.closing = False
        self._restore_logging: Callable[[], None] = lambda: None

    # ------------------------------------------------------------------ lifecycle

    def make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._errors], client_max_size=16384)
        app.add_routes(
            [
                web.get("/", self.index),
                web.post("/login", self.login),
                web.post("/logout", self.logout),
                web.get("/ws", self.websocket),
                web.get("/ws/continue", self.websocket),  # a reloaded tab: the latest game at once
                web.get("/favicon.ico", self.no_icon),
                web.static("/static", STATIC, show_index=False, follow_symlinks=False),
            ]
        )
        return app

    async def start(self) -> None:
        raise_open_files_limit()
        self._restore_logging = quiet_aiohttp(self.log)
        self._runner = web.AppRunner(self.make_app(), access_log=None, handle_signals=False, shutdown_timeout=1.0)
        await self._runner.setup()
        assert self._runner.server is not None
        self.idle.attach(self._runner.server)
        site = web.TCPSite(self._runner, self.config.host, self.config.port, reuse_address=True)
        try:
            await site.start()
        except OSError as exc:
            await self._runner.cleanup()
            self._restore_logging()
            raise WebError(f"cannot listen on {self.config.host}:{self.config.port}: {exc.strerror or exc}") from None
        server = site._server
        sockets = getattr(server, "sockets", None) or []
        self.port = int(sockets[0].getsockname()[1]) if sockets else self.config.port

    async def close(self) -> None:
        """Stop listening, hang up every app (SIGHUP), and wait for them to end (``hurry``: at once)."""
        self.closing = True
        if self._all:
            self.log(f"server: stopping: {len(self._all)} app(s) hung up (Ctrl+C again ends them at once)")
        for session in list(self._all):
            session.hangup("server stopping", "norsewind: the server is stopping (your game is saved)")
        tasks = [t for t in self._tasks if not t.done()]
        if tasks:
            await asyncio.wait(tasks, timeout=self.config.hangup_grace + 2)
        if self._runner is not None:
            await self._runner.cleanup()
        self.quietly.flush()
        self._restore_logging()

    def hurry(self) -> None:
        """A second Ctrl+C while stopping: the apps still running end now (SIGKILL), not after their
        grace period; the stop goes on as before (each app's end logged, the port closed). Every
        decision was saved as it was made."""
        running = [s for s in self._all if s.proc is not None and s.proc.returncode is None]
        self.log(f"server: stopping at once: {len(running)} app(s) killed")
        for session in running:
            assert session.proc is not None
            kill_now(session.proc)

    def log(self, message: str) -> None:
        self._log(message)

    def url(self) -> str:
        if self.config.public_url:
            return self.config.public_url + "/"
        host = self.config.host
        return f"http://[{host}]:{self.port}/" if ":" in host else f"http://{host}:{self.port}/"

    # ------------------------------------------------------------------ requests

    @web.middleware
    async def _errors(self, request: web.Request, handler: Callable[[web.Request], Any]) -> web.StreamResponse:
        """A refused or bad request is one log line and its HTTP status; never a traceback."""
        try:
            if self.config.how == "owner":
                self._own_host(request)
            response: web.StreamResponse = await handler(request)
            return response
        except web.HTTPException as exc:
            if exc.status >= 400:
                why = f" ({exc.text})" if exc.text and not exc.text.startswith(f"{exc.status}:") else ""
                what = f"{request.method} {safe_text(request.path[:80])}"
                self.log(f"{_address(request.remote)}: {what}: {exc.status} {exc.reason}{why}")
            raise
        finally:
            self.idle.answered(request)  # its connection holds no request now (or is a game's, or gone)

    def _refuse(self, status: type[web.HTTPException], text: str, **headers: str) -> web.HTTPException:
        return status(text=text, headers=headers or None)

    def who(self, request: web.Request) -> str | None:
        """The player this request is from; None when a login is needed (HTTP errors for the rest)."""
        peer = _address(request.remote)
        how = self.config.how
        if how == "owner":
            if not is_loopback_address(peer):
                raise self._refuse(web.HTTPForbidden, "this server plays for its own account: loopback only")
            return self.config.owner
        if how == "header":
            if peer not in self.proxies:
                raise self._refuse(web.HTTPForbidden, "only the proxy may connect")
            header = self.config.trust_header
            assert header is not None
            names = request.headers.getall(header, [])
            if len(names) > 1:  # the proxy's and a client's, passed on: which is whose cannot be told
                raise self._refuse(web.HTTPBadRequest, f"{header} came {len(names)} times; the proxy must send it once")
            name = names[0] if names else ""
            if not name:
                raise self._refuse(web.HTTPUnauthorized, f"the proxy sent no {self.config.trust_header}")
            if identity_problem(name) is not None:
                raise self._refuse(web.HTTPForbidden, "player names are 1-32 letters, digits, '.', '_' or '-'")
            return name
        return self.cookies.name_of(request.cookies.get(COOKIE))

    def _own_host(self, request: web.Request) -> None:
        """Where every tab plays as the account's player, a request must name this server: its
        listening address, ``localhost``, an address in figures, or ``--public-url``'s host. A page
        served under another name that resolves here (DNS rebinding) is its own origin to the browser,
        so the origin check alone lets it play; its ``Host`` header still names it."""
        host = request.headers.get("Host")
        if host is None:
            return  # no browser sends a request without one
        try:
            name = (urlsplit("//" + host).hostname or "").lower()
        except ValueError:
            name = ""
        if name in self.own_hosts or _is_address(name):
            return
        said = safe_text(host[:80])
        raise self._refuse(web.HTTPForbidden, f"this server plays for its own account: not at the name {said}")

    def _same_origin(self, request: web.Request) -> None:
        """A page elsewhere may not open a game or log in here (a browser always sends Origin). The
        host is compared, not the scheme: behind a proxy with TLS the page is https and the request
        that reaches here is http (``--public-url`` names the host when the proxy does not pass it)."""
        origin = request.headers.get("Origin")
        if origin is None:
            return
        allowed = {request.host.lower()}
        if self.config.public_url:
            allowed.add(urlsplit(self.config.public_url).netloc.lower())
        if urlsplit(origin).netloc.lower() not in allowed:
            raise self._refuse(web.HTTPForbidden, "a page from another site may not play here")

    async def index(self, request: web.Request) -> web.Response:
        player = self.who(request)
        if player is None:
            return web.Response(text=login_page(), content_type="text/html", headers=_NO_STORE)
        size = _query_size(request, "fontsize", 16)
        page = game_page(player, min(size, 64), logout=self.config.how == "password")
        return web.Response(text=page, content_type="text/html", headers=_NO_STORE)

    async def no_icon(self, request: web.Request) -> web.Response:
        return web.Response(status=204)  # a browser asks; nothing to log

    async def login(self, request: web.Request) -> web.Response:
        if self.config.how != "password" or self.password is None:
            raise self._refuse(web.HTTPNotFound, "nothing to log in to: this server knows who you are")
        self._same_origin(request)
        peer = _address(request.remote)
        wait = self.failures.wait(peer)
        if wait > 0:
            again = seconds(wait)
            said = f"too many refused logins; try again in {again} s"
            raise self._refuse(web.HTTPTooManyRequests, said, **{"Retry-After": again})
        wait = self.failures.host_wait()
        if wait > 0:  # guesses from many addresses: one line, then a count (not a line each)
            again = seconds(wait)
            self.quietly(
                "logins",
                f"server: {HOST_FAILURES_ALLOWED} refused logins within a minute from all addresses; "
                "every login waits (429) until the oldest is a minute old",
                "refused {} more login(s) past the limit of refused logins from all addresses",
            )
            said = f"too many refused logins on this server; try again in {again} s"
            return web.Response(status=429, text=said, headers={"Retry-After": again, **_NO_STORE})
        if self.startups.admit(peer) is not None:
            raise self._refuse(web.HTTPServiceUnavailable, "too many connections logging in; try again later")
        try:
            form = await request.post()
        finally:
            self.startups.done(peer)
        name, password = form.get("name"), form.get("password")
        if not isinstance(name, str) or not isinstance(password, str):
            raise self._refuse(web.HTTPBadRequest, "the form needs a name and a password")
        name = name.strip()
        if identity_problem(name) is not None:
            page = login_page(NAME_RULE)
            return web.Response(status=400, text=page, content_type="text/html", headers=_NO_STORE)
        if not hmac.compare_digest(_digest(password), _digest(self.password)):
            self.failures.failed(peer)
            self.log(f"{name}@{peer}: login refused (wrong password)")
            page = login_page("Wrong password.", name)
            return web.Response(status=403, text=page, content_type="text/html", headers=_NO_STORE)
        self.log(f"{name}@{peer}: logged in (password)")
        response = web.HTTPSeeOther(location=".")
        response.set_cookie(
            COOKIE,
            self.cookies.make(name),
            max_age=COOKIE_SECONDS,
            httponly=True,
            samesite="Strict",
            secure=self._secure(),
        )
        raise response

    async def logout(self, request: web.Request) -> web.Response:
        """End the cookie's session: the cookie is revoked (a copy of it names nobody either) and
        cleared, the tabs it opened are hung up, and the next request asks for a login."""
        if self.config.how != "password":
            raise self._refuse(web.HTTPNotFound, "nothing to log out of: this server knows who you are")
        self._same_origin(request)
        peer = _address(request.remote)
        value = request.cookies.get(COOKIE)
        name, problem = self.cookies.revoke(value)
        if name is not None:
            self.log(f"{name}@{peer}: logged out" + (f" until the server stops ({problem})" if problem else ""))
        if name is not None and value is not None:
            signature = value.rsplit(".", 1)[1]
            for session in list(self._all):
                if session.cookie == signature:
                    session.hangup("logged out", "norsewind: logged out (your game is saved)")
        response = web.HTTPSeeOther(location=".")
        response.del_cookie(COOKIE, httponly=True, samesite="Strict", secure=self._secure())
        raise response

    def _secure(self) -> bool:
        return bool(self.config.public_url and self.config.public_url.startswith("https:"))

    async def websocket(self, request: web.Request) -> web.WebSocketResponse:
        player = self.who(request)
        if player is None:
            raise self._refuse(web.HTTPUnauthorized, "log in first")
        self._same_origin(request)
        ws = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        if not ws.can_prepare(request).ok:
            raise self._refuse(web.HTTPBadRequest, "this address is for the game page's websocket")
        peer = _address(request.remote)
        reason = self.startups.admit(peer)
        if reason is not None:
            raise self._refuse(web.HTTPServiceUnavailable, f"{reason}; try again later")
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        counted = True
        try:
            await ws.prepare(request)
            if self.closing or len(self.sessions) >= self.config.max_sessions:
                self.log(f"{player}@{peer}: refused: the server is full")
                await ws.send_bytes(b"norsewind: the server is full; please try again later\r\n")
                await ws.close(code=1013, message=b"the server is full")
                return ws
            session = WebSession(self, player, peer, ws)
            if self.config.how == "password":  # the cookie's signature: a logout hangs its tabs up
                session.cookie = str(request.cookies.get(COOKIE, "")).rsplit(".", 1)[-1]
            self.sessions.add(session)
            self._all.add(session)
            try:
                cols, rows = _query_size(request, "width", 80), _query_size(request, "height", 24)
                try:
                    await session.start(cols, rows, go_on=request.path.endswith("/continue"))
                except OSError as exc:
                    self.log(f"{player}@{peer}: refused: cannot start the game ({exc.strerror})")
                    await ws.send_bytes(f"norsewind: the server cannot start the game ({exc.strerror})\r\n".encode())
                    await ws.close(code=1011)
                    return ws
                self.log(f"{player}@{peer}: playing (browser {cols}x{rows}, pid {session.pid})")
                if not await self._started(session):
                    return ws
                self.startups.done(peer)
                counted = False
                await self._messages(session)
            finally:
                if session.proc is not None:
                    if not session.quitting:  # the tab went away (or a bad message, the grace time...)
                        session.hangup("connection closed")
                    await self._ended(session)
                self.sessions.discard(session)
                self._all.discard(session)
        finally:
            if counted:
                self.startups.done(peer)
            self._tasks.discard(task)
        return ws

    async def _started(self, session: WebSession) -> bool:
        """Wait for the app's first line, within the login grace time (else it is ended)."""
        ready = asyncio.ensure_future(session.ready.wait())
        ended = asyncio.ensure_future(session.ended.wait())
        await asyncio.wait({ready, ended}, timeout=self.config.login_grace_time, return_when=asyncio.FIRST_COMPLETED)
        ready.cancel()
        ended.cancel()
        if session.ready.is_set():
            return True
        grace = self.config.login_grace_time
        if not session.ended.is_set():
            session.hangup(f"not started within {grace:g} s", "norsewind: the game did not start; please try again")
        return False

    async def _messages(self, session: WebSession) -> None:
        ws = session.ws
        async for message in ws:
            if message.type != WSMsgType.TEXT:
                if message.type == WSMsgType.ERROR:
                    break
                self._bad(session, "a binary message")
                break
            try:
                await self._take(session, message.data)
            except BadMessage as exc:
                self._bad(session, str(exc))
                break
            if session.ended.is_set():
                break

    def _bad(self, session: WebSession, what: str) -> None:
        self.log(f"{session.player}@{session.peer}: bad websocket message ({safe_text(what)}); closed")
        session.hangup("bad message")

    async def _take(self, session: WebSession, text: str) -> None:
        try:
            envelope = json.loads(text)
        except ValueError:
            raise BadMessage("not JSON") from None
        if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
            raise BadMessage("not a list starting with its type")
        kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
        if kind == "stdin":
            if not isinstance(data, str):
                raise BadMessage("stdin without its text")
            await session.keys(data)
        elif kind == "resize":
            if not isinstance(data, dict):
                raise BadMessage("resize without its size")
            width, height = _size(data.get("width")), _size(data.get("height"))
            await session.meta({"type": "resize", "width": width, "height": height})
        elif kind == "ping":
            if not isinstance(data, str) or len(data) > 64:
                raise BadMessage("ping without its stamp")
            await session.ws.send_json(["pong", data])
        elif kind in ("focus", "blur"):
            await session.meta({"type": kind})
        else:
            raise BadMessage(f"unknown type {kind[:40]!r}")

    async def _ended(self, session: WebSession) -> None:
        returncode = await session.wait()
        elapsed = time.monotonic() - session.stats.started
        how = f"exit {returncode}" if returncode >= 0 else f"signal {-returncode}"
        why = "app quit" if session.quitting and returncode >= 0 else session.reason or "app quit"
        error = session.last_error() if returncode not in (0, -signal.SIGHUP) else ""
        self.log(
            f"{session.player}@{session.peer}: ended ({how}, {why}, {elapsed:.0f} s, "
            f"{session.stats.bytes_in} B in, {session.stats.bytes_out} B out)" + (f": {error}" if error else "")
        )
        await session.close_tab()


# The pages: never cached, never framed by another site, and able to reach nothing but this server
# (textual.js fetches a ?ping= address it is given: the policy keeps it here).
CSP = (
    "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "font-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; "
    "base-uri 'none'"
)
_NO_STORE = {
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
}


# --------------------------------------------------------------------------- the command


class _OneLine(logging.Handler):
    """aiohttp's own complaints (a request it could not parse, a handshake cut off) as one line, no
    traceback. A request that is not HTTP at all aiohttp logs at the debug level: it is one line too."""

    def __init__(self, log: Callable[[str], None]) -> None:
        super().__init__(logging.DEBUG)
        self.write = log

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if record.levelno < logging.WARNING and not message.startswith("Error handling request"):
            return
        exc = record.exc_info[1] if record.exc_info else None
        said = str(getattr(exc, "message", None) or exc) if exc is not None else ""
        why = next((line.strip() for line in said.splitlines() if line.strip()), "")[:120]
        self.write(f"server: {message}" + (f": {type(exc).__name__}: {why}" if exc is not None else ""))


LOGGERS = ("aiohttp.server", "aiohttp.web", "aiohttp.access", "aiohttp.websocket")


def quiet_aiohttp(log: Callable[[str], None]) -> Callable[[], None]:
    """Route aiohttp's loggers to ``log``, one line a record; the function that puts them back."""
    before = []
    for name in LOGGERS:
        logger = logging.getLogger(name)
        before.append((logger, logger.handlers, logger.propagate, logger.level))
        logger.handlers = [_OneLine(log)]
        logger.propagate = False
        logger.setLevel(logging.DEBUG)

    def restore() -> None:
        for logger, handlers, propagate, level in before:
            logger.handlers, logger.propagate = handlers, propagate
            logger.setLevel(level)

    return restore


async def web_forever(config: WebConfig, ready: Callable[[WebServer], None] | None = None) -> int:
    """Run until SIGINT or SIGTERM, then hang up every app; a second signal while it stops ends them
    at once. The exit status: 0, or 128 + the second signal (130 for a second Ctrl+C)."""
    server = WebServer(config)
    return await run_until_signalled(server, ready, hurry=server.hurry)


def describe_players(config: WebConfig) -> str:
    if config.how == "owner":
        return f"everyone plays as {config.owner} (this account; loopback only)"
    if config.how == "header":
        return f"players named by {config.trust_header} from {', '.join(config.trust_proxy)}"
    return "players log in with a name and the password in " + str(config.password_file)


def run_web(args: Options, program: list[str] | None = None, hangup_grace: float = HANGUP_GRACE) -> int:
    """The ``norsewind web`` handler (``program``, ``hangup_grace``: ``WebConfig``'s, for tests)."""

    def ready(server: WebServer) -> None:
        line = f"norsewind web: open {server.url()} in a browser; {describe_players(server.config)}"
        print(safe_text(line), flush=True)

    def configured() -> Coroutine[Any, Any, int]:
        config = config_of(args, log=log_to_stderr)
        config.program, config.hangup_grace = program, hangup_grace
        check_web_config(config)
        check_cards(config.cards)
        if config.password_file is not None:  # before the saves folder is made, too
            read_password(config.password_file)
        config.database = reach_database(args.database)
        config.saves = resolve_saves_dir(args.serve_saves or args.saves)
        return web_forever(config, ready)

    return run_command("web", configured)
