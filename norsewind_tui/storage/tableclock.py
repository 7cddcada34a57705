"""A clock per table (issue 41.1): each person's seat spends its own bank while it is to move.

The table holds the clock (``format.TableClock``), each seat's bank as it was at ``clock_since``
(the write that last changed it) and a seal.  A seat's time left is its bank minus the time since
``clock_since`` while it is to move; every write of the table charges that time to the seat to move
and starts again from the write (``after``), and a decision of that seat gives back the clock's
``add`` (up to the ``cap``).  A bank that ran out is played by the table's stand-in (``tables.py``),
and the seat gets back one decision's time (the empty-bank rule, ``EMPTY_BANK``): the player takes
the seat back by deciding within it.

Trust (docs/SAVES.md): the clock runs on the host's time, and a table file can be edited.  So a
write seals the clock (an HMAC with a key of the host's account, ``clock.key`` in the saves
folder) over the table's id, position, stamp and banks.  A clock whose seal does not match (edited
by hand, forged, or written by another host) is not believed: the seat to move gets a full bank,
counted from when this process first saw that generation.  A stamp in the future (a forged one, or
the host's clock stepped back) counts as no time spent.  Neither can make a clock run out.

>>> from datetime import UTC, datetime
>>> spec = TableClock("turn", start=3600, add=3600, cap=3 * 3600)
>>> banked(spec, 1200, decided=True), banked(spec, 10_000, decided=True), banked(spec, -5, decided=True)
(4800, 10800, 3600)
>>> banked(TableClock("live", start=600, add=0), -5, decided=True)
30
"""

from __future__ import annotations

import hashlib
import hmac
import os
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from .errors import SaveError
from .format import SaveMeta, TableClock

KEY_FILE = "clock.key"
EMPTY_BANK = 30  # seconds: the least an emptied bank gets back (a live clock with nothing added)

__all__ = ["EMPTY_BANK", "ClockKeeper", "TableClock", "banked", "parse_clock"]


def banked(spec: TableClock, left: int, decided: bool) -> int:
    """A seat's bank after a write: ``left`` (what it had, less the time spent; may be negative),
    plus ``add`` for a decision of its own, up to the cap; an emptied bank gets one decision's time."""
    if left <= 0 and decided:
        left = max(spec.add, EMPTY_BANK)
    elif decided:
        left += spec.add
    left = max(left, 0)
    return left if spec.cap is None else min(left, spec.cap)


def seal_of(key: bytes, meta: SaveMeta, position: int) -> str:
    """The host's seal over a clock: the table, its position, the stamp and the banks."""
    since = meta.clock_since.isoformat() if meta.clock_since is not None else ""
    text = f"{meta.id}|{position}|{since}|{','.join(map(str, meta.clock_left))}"
    return hmac.new(key, text.encode(), hashlib.sha256).hexdigest()[:32]


@dataclass
class ClockKeeper:
    """The clocks of one store's tables, for one process: the host's key and what it first saw when."""

    saves_dir: Path
    _key: bytes | None = None
    _seen: dict[tuple[str, int], datetime] = field(default_factory=dict)

    def key(self) -> bytes:
        """The host's key (made on first use, readable by this account only)."""
        if self._key is None:
            path = self.saves_dir / KEY_FILE
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                pass
            else:
                with os.fdopen(fd, "wb") as out:
                    out.write(os.urandom(32).hex().encode())
            try:
                key = path.read_bytes().strip()
            except OSError as exc:
                raise SaveError(f"{path}: cannot read the clocks' key: {exc.strerror or exc}") from None
            if len(key) < 32:  # a writer racing us has not written it yet, or it was emptied
                raise SaveError(f"{path}: the clocks' key is too short: remove it to make a new one")
            self._key = key
        return self._key

    def seal(self, meta: SaveMeta, position: int) -> str:
        return seal_of(self.key(), meta, position)

    def sealed(self, meta: SaveMeta, position: int) -> bool:
        """Does the table's clock carry this host's seal (False: edited, forged, or another host's)?"""
        whole = meta.clock_since is not None and len(meta.clock_left) == len(meta.seats)
        return whole and hmac.compare_digest(meta.clock_seal, self.seal(meta, position))

    def believed(
        self, meta: SaveMeta, position: int, generation: int, now: datetime
    ) -> tuple[tuple[int, ...], datetime]:
        """The banks and the stamp to count from: the table's when its seal is the host's, else full
        banks from when this process first saw this generation (never a clock run out by a forgery)."""
        spec = meta.clock
        assert spec is not None
        if self.sealed(meta, position):
            assert meta.clock_since is not None
            return meta.clock_left, meta.clock_since
        seen = self._seen.setdefault((meta.id, generation), now)
        full = spec.start if spec.cap is None else max(spec.start, spec.cap)
        return (full,) * len(meta.seats), seen

    def left(self, meta: SaveMeta, position: int, generation: int, seat: int, now: datetime) -> int:
        """Seconds ``seat`` (to move) has left now; a stamp in the future counts as no time spent."""
        banks, since = self.believed(meta, position, generation, now)
        spent = max(int((now - since).total_seconds()), 0)
        return banks[seat] - spent


def parse_clock(text: str) -> TableClock | None:
    """A clock as the command line and the line mode write it: ``none``, ``live:MIN+SEC``
    (minutes for the game, seconds added per decision) or ``turn:HOURSh/CAPh`` / ``turn:DAYSd/CAPd``
    (one decision's time, banked up to the cap).  ``ValueError`` with one line for anything else.

    >>> parse_clock("live:10+5"), parse_clock("turn:1d/3d").cap, parse_clock("none")
    (TableClock(kind='live', start=600, add=5, cap=None), 259200, None)
    """
    text = text.strip().lower()
    if text in ("", "none", "off"):
        return None
    kind, _, rest = text.partition(":")
    try:
        if kind == "live":
            minutes, _, add = rest.partition("+")
            spec = TableClock("live", start=int(minutes) * 60, add=int(add or 0))
            if not 1 <= int(minutes) <= 600 or not 0 <= spec.add <= 600:
                raise ValueError
            return spec
        if kind == "turn":
            per, _, cap = rest.partition("/")
            each, most = _span(per), _span(cap or per)
            if not 3600 <= each <= most <= 30 * 86400:
                raise ValueError
            return TableClock("turn", start=each, add=each, cap=most)
    except ValueError:
        pass
    raise ValueError(
        f"{text[:40]!r} is not a clock: none, live:MINUTES+SECONDS (live:10+5) or "
        "turn:TIME/CAP in hours or days (turn:1d/3d)"
    )


def _span(text: str) -> int:
    unit = {"h": 3600, "d": 86400}.get(text[-1:])
    if unit is None:
        raise ValueError
    return int(text[:-1]) * unit
