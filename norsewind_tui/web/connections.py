"""A cap on plain HTTP connections that hold no request (issue 26), like ``serve --max-startups``.

aiohttp keeps a connection that never sends a request open for an hour (its keep-alive timeout), so
a flood of such connections would use up the file descriptors. Here every connection is counted
while it holds no request: from its opening to its first request's headers ("fresh"), and again
between requests ("kept", a browser's keep-alive connection). The counts are capped as serve caps
connections logging in (``--max-startups`` in total, ``--per-source-max-startups`` from one address,
a ``StartupLimiter`` of their own: a websocket whose app is starting counts in the server's other
one). A connection past a cap is first made room for by closing a kept connection (a browser opens
a new one when it needs it); past the total, else by closing the oldest connection of the address
holding the most, if it holds more than the newcomer's (so 4 addresses cannot keep a fifth out);
else it is closed at once; a connection that holds no request for
``--login-grace-time`` seconds is closed. Refusals are logged quietly: the first one as a line, the
rest of a flood as a count every ``QUIET_INTERVAL`` seconds. A connection serving a request, or a
websocket's game, is never counted nor closed here: the sessions playing keep playing.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web
from aiohttp.web_protocol import RequestHandler

from ..ssh.limits import StartupLimiter

QUIET_INTERVAL = 10.0  # under a flood, a kind of log line is written once, then as a count this often


class QuietLog:
    """Log a line; while lines of its kind keep coming, count them and log a summary (formatted with
    the count) every ``QUIET_INTERVAL`` seconds instead (as ``serve`` does)."""

    def __init__(self, log: Callable[[str], None], interval: float = QUIET_INTERVAL) -> None:
        self.log = log
        self.interval = interval
        self._quiet: dict[str, tuple[int, str, asyncio.TimerHandle]] = {}  # kind: (count, summary, timer)

    def __call__(self, kind: str, line: str, summary: str) -> None:
        if kind in self._quiet:
            count, summary, timer = self._quiet[kind]
            self._quiet[kind] = (count + 1, summary, timer)
            return
        self.log(line)
        timer = asyncio.get_running_loop().call_later(self.interval, self._flush, kind)
        self._quiet[kind] = (0, summary, timer)

    def _flush(self, kind: str) -> None:
        count, summary, _ = self._quiet.pop(kind)
        if count:
            self.log("server: " + summary.format(count))

    def flush(self) -> None:
        """Write every count now (the server is stopping)."""
        for kind in list(self._quiet):
            self._quiet[kind][2].cancel()
            self._flush(kind)


@dataclass(eq=False)
class _Connection:
    peer: str
    requests: int = 0  # requests it has sent
    counted: bool = False  # holds no request, and counted in the limiter
    since: float = field(default_factory=time.monotonic)  # when it last became idle
    timer: asyncio.TimerHandle | None = None


class IdleConnections:
    """Counts the connections of an aiohttp server that hold no request (``attach`` it to the
    server before it listens); ``request``/``answered`` are told by the server's middleware."""

    def __init__(
        self,
        total: int,
        per_source: int,
        grace: float,
        quietly: QuietLog,
        address: Callable[[str | None], str],
    ) -> None:
        self.limiter = StartupLimiter(total, per_source)
        self.grace = grace
        self.quietly = quietly
        self.address = address
        self.open: dict[RequestHandler, _Connection] = {}
        self.seen = 0  # connections accepted so far

    def __len__(self) -> int:
        return len(self.limiter)

    def attach(self, server: web.Server) -> None:
        """Be told of the server's connections: its two hooks, and its request factory (called when
        a request's headers have come, before any handler or middleware runs)."""
        made, lost, factory = server.connection_made, server.connection_lost, server.request_factory

        def connection_made(handler: RequestHandler, transport: asyncio.Transport) -> None:
            made(handler, transport)
            self.made(handler, transport)

        def connection_lost(handler: RequestHandler, exc: BaseException | None = None) -> None:
            self.lost(handler)
            lost(handler, exc)

        def request_factory(message: Any, payload: Any, protocol: RequestHandler, writer: Any, task: Any) -> Any:
            self.request(protocol)
            return factory(message, payload, protocol, writer, task)

        server.connection_made = connection_made  # type: ignore[method-assign]
        server.connection_lost = connection_lost  # type: ignore[method-assign]
        server.request_factory = request_factory

    # ------------------------------------------------------------------ a connection's life

    def made(self, handler: RequestHandler, transport: asyncio.Transport) -> None:
        self.seen += 1
        peername = transport.get_extra_info("peername")
        conn = _Connection(self.address(str(peername[0]) if peername else None))
        if self._admit(conn.peer) is not None:
            limiter = self.limiter
            full = len(limiter) >= limiter.total
            how_many = f"{limiter.total} connections" if full else f"{limiter.per_source} connections from this address"
            self.quietly(
                "refused",
                f"{conn.peer}: connection closed at once ({how_many} already open without a request)",
                "closed {} more connection(s) at once past the limits on connections without a request",
            )
            # At once, but after aiohttp's handler has started (an abort now would end the
            # connection before its task runs, which then fails on a half-made handler).
            asyncio.get_running_loop().call_soon(transport.abort)
            return
        self.open[handler] = conn
        self._count(handler, conn)

    def request(self, handler: RequestHandler) -> None:
        """A request's headers came on ``handler``'s connection: it is busy, no longer counted."""
        conn = self.open.get(handler)
        if conn is None:
            return
        conn.requests += 1
        self._uncount(conn)

    def answered(self, request: web.BaseRequest) -> None:
        """The handler of ``request`` returned: its connection (kept alive for the next request)
        holds no request again; past a cap it is closed once its response is written."""
        handler = request.protocol
        conn = self.open.get(handler) if isinstance(handler, RequestHandler) else None
        if conn is None or conn.counted or request.transport is None or request.transport.is_closing():
            return
        if request.headers.get("Upgrade", "").lower() == "websocket":  # a websocket's connection ends with it
            return
        if self._admit(conn.peer) is not None:
            handler.close()  # after this response (the browser opens another when it needs one)
            return
        self._count(handler, conn)

    def lost(self, handler: RequestHandler) -> None:
        conn = self.open.pop(handler, None)
        if conn is not None:
            self._uncount(conn)

    # ------------------------------------------------------------------ the counts

    def _admit(self, peer: str) -> str | None:
        reason = self.limiter.admit(peer)
        if reason is None:
            return None
        its_own = self.limiter.pending[peer] >= self.limiter.per_source  # else the total is what is full
        if self._make_room(peer, anywhere=not its_own) or (not its_own and self._displace(peer)):
            reason = self.limiter.admit(peer)
        return reason

    def _count(self, handler: RequestHandler, conn: _Connection) -> None:
        """``conn`` (admitted by the limiter) holds no request: counted, and closed after the grace time."""
        conn.counted = True
        conn.since = time.monotonic()
        conn.timer = asyncio.get_running_loop().call_later(self.grace, self._expire, handler)

    def _uncount(self, conn: _Connection) -> None:
        if conn.timer is not None:
            conn.timer.cancel()
            conn.timer = None
        if conn.counted:
            conn.counted = False
            self.limiter.done(conn.peer)

    def _make_room(self, peer: str, anywhere: bool) -> bool:
        """Close the oldest kept connection (one that has served a request and holds none now): from
        ``peer``, or from anywhere when only the total is full. True if one was closed."""
        kept = [
            (conn.since, handler)
            for handler, conn in self.open.items()
            if conn.counted and conn.requests and (anywhere or conn.peer == peer) and _idle(handler)
        ]
        if not kept:
            return False
        _, handler = min(kept, key=lambda pair: pair[0])
        self._close(handler)
        return True

    def _displace(self, peer: str) -> bool:
        """The total is full and no kept connection can go: close the oldest connection of the address
        holding the most, if it holds more than ``peer`` does, so that a few addresses cannot keep every
        other one out (per address: see docs/WEB.md). True if one was closed."""
        pending = self.limiter.pending
        most = max(pending.values(), default=0)
        if most <= pending.get(peer, 0):
            return False  # ``peer`` is among those holding the most: it is the one refused
        holders = [
            (conn.since, handler)
            for handler, conn in self.open.items()
            if conn.counted and pending.get(conn.peer, 0) == most and _idle(handler)
        ]
        if not holders:
            return False
        _, handler = min(holders, key=lambda pair: pair[0])
        taken = self.open[handler].peer
        self.quietly(
            "displaced",
            f"{taken}: connection closed to make room for {peer} ({most} connections from {taken} "
            "open without a request, the most from one address)",
            "closed {} more connection(s) to make room for an address holding fewer",
        )
        self._close(handler)
        return True

    def _expire(self, handler: RequestHandler) -> None:
        conn = self.open.get(handler)
        if conn is None or not conn.counted:
            return
        if not _idle(handler):  # still writing the last response: look again later
            conn.timer = asyncio.get_running_loop().call_later(self.grace, self._expire, handler)
            return
        if not conn.requests:
            self.quietly(
                "grace",
                f"{conn.peer}: connection closed (no request within {self.grace:g} s)",
                "closed {} more connection(s) without a request within the grace time",
            )
        self._close(handler)

    def _close(self, handler: RequestHandler) -> None:
        conn = self.open.pop(handler, None)
        if conn is not None:
            self._uncount(conn)
        handler.force_close()  # it holds no request: nothing is cut short


def _idle(handler: RequestHandler) -> bool:
    """No request in progress on the connection (its last response written)."""
    return not getattr(handler, "_request_in_progress", False)
