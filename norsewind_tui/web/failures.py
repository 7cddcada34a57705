"""Refused logins (``--password-file``): a limit per source and one for the whole host (issue 38.6).

Per source: at most ``FAILURES_ALLOWED`` refused logins within ``FAILURE_WINDOW`` seconds, then every
attempt from there (even a right one) waits until the oldest is that old. A source is an IPv4
address, or an IPv6 /64 (one host or household holds a whole /64, so its addresses are one guesser).
For the whole host: at most ``HOST_FAILURES_ALLOWED`` within the window from all sources together, so
guesses spread over many addresses (40 addresses, one guess each) meet a limit too; past it every
login waits, the players already logged in play on.
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections import deque
from collections.abc import Callable

FAILURES_ALLOWED = 5  # refused logins from one source ...
FAILURE_WINDOW = 60.0  # ... within this many seconds; then 429 until the oldest is that old
HOST_FAILURES_ALLOWED = 20  # refused logins from all sources together within the window


def source_of(peer: str) -> str:
    """The source a refused login is counted against: the IPv4 address, or the IPv6 /64."""
    try:
        ip = ipaddress.ip_address(peer)
    except ValueError:
        return peer
    if isinstance(ip, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((int(ip) >> 64 << 64, 64)))
    return str(ip)


class Failures:
    """Refused logins per source and in all, within ``FAILURE_WINDOW`` seconds."""

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        allowed: int = FAILURES_ALLOWED,
        host_allowed: int = HOST_FAILURES_ALLOWED,
    ) -> None:
        self.clock = clock
        self.allowed = allowed
        self.host_allowed = host_allowed
        self.seen: dict[str, deque[float]] = {}  # source: the times of its refused logins
        self.all: deque[float] = deque()

    def _wait(self, times: deque[float], allowed: int) -> float:
        now = self.clock()
        while times and times[0] <= now - FAILURE_WINDOW:
            times.popleft()
        return max(0.0, times[0] + FAILURE_WINDOW - now) if len(times) >= allowed else 0.0

    def wait(self, peer: str) -> float:
        """Seconds ``peer``'s source must wait before it may try again (0: it may now)."""
        times = self.seen.get(source_of(peer))
        return 0.0 if times is None else self._wait(times, self.allowed)

    def host_wait(self) -> float:
        """Seconds every login must wait, the host's ceiling being met (0: none)."""
        return self._wait(self.all, self.host_allowed)

    def failed(self, peer: str) -> None:
        now = self.clock()
        self.all.append(now)
        self.seen.setdefault(source_of(peer), deque()).append(now)
        # forget the sources whose last refusal is past the window (the host's ceiling bounds them)
        self.seen = {source: times for source, times in self.seen.items() if times and times[-1] > now - FAILURE_WINDOW}


def seconds(wait: float) -> str:
    """A ``Retry-After`` value: whole seconds, at least 1."""
    return str(max(1, math.ceil(wait)))
