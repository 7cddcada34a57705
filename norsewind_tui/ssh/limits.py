"""What keeps ``norsewind serve`` answering under a flood of connections that never log in.

Like OpenSSH's ``MaxStartups``/``PerSourceMaxStartups`` and ``LoginGraceTime``: at most so many
connections may be logging in at once, in total and from one address; the next one is closed at
once (before the server even says hello), so a flood can neither use up the file descriptors nor
keep a real player out for longer than the login grace time. Also: the soft limit on open files is
raised to the hard limit at start; and the check of a number of seconds (no nan, no inf).
"""

from __future__ import annotations

import math
import resource
from collections import Counter


class StartupLimiter:
    """Counts connections that have not logged in yet, in total and per source address."""

    def __init__(self, total: int, per_source: int) -> None:
        self.total = total
        self.per_source = per_source
        self.pending: Counter[str] = Counter()

    def admit(self, source: str) -> str | None:
        """Count a new connection from ``source``; the reason it is refused instead, or None."""
        if sum(self.pending.values()) >= self.total:
            return f"{self.total} connections already logging in"
        if self.pending[source] >= self.per_source:
            return f"{self.per_source} connections from this address already logging in"
        self.pending[source] += 1
        return None

    def done(self, source: str) -> None:
        """An admitted connection from ``source`` logged in or went away."""
        self.pending[source] -= 1
        if self.pending[source] <= 0:
            del self.pending[source]

    def __len__(self) -> int:
        return sum(self.pending.values())


def raise_open_files_limit() -> tuple[int, int]:
    """Raise the soft ``RLIMIT_NOFILE`` to the hard limit (every player holds a pty and a socket);
    the (old, new) soft limits. Where the hard limit is "unlimited" the kernel refuses that as a
    soft limit, so the soft limit stays where it was."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == hard or hard == resource.RLIM_INFINITY:
        return soft, soft
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (OSError, ValueError):
        return soft, soft
    return soft, hard


def check_seconds(option: str, value: float, allow_zero: bool = True) -> str | None:
    """What is wrong with ``value`` as a number of seconds for ``option``, or None. ``nan``, ``inf``
    and negative values are refused: each would quietly turn a timeout off."""
    if math.isfinite(value) and (value > 0 or (allow_zero and value == 0)):
        return None
    least = "0 (off) or more" if allow_zero else "more than 0"
    return f"{option} must be {least} seconds, not {value:g}"
