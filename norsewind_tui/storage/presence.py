"""Presence: who is at a table, who is in the app, who went away and since when.

Every running app keeps one small record in ``presence/`` of the saves folder,
``IDENTITY@TOKEN.json`` (a token per process, so one player may have two
terminals): where it is (``app`` or ``table`` NAME), since when, and when it was
last seen. A live app refreshes its record (``beat``: the file's modification
time, which wakes no other app) every ``HEARTBEAT`` seconds; a terminal that
goes away or a player who quits writes ``away``. A record not refreshed for
``STALE`` seconds is a process that was killed: its player is away since it
was last seen. So "bob is away since 10:42" holds
whatever way bob's terminal ended. A record stamped more than ``SKEW`` seconds
after now (a killed app whose clock ran ahead) is not live: its player is away
since this process first read it (issue 24.2).

Records are written by other players' processes: each is read with a size limit,
without following links, decoded strictly, and skipped (with a notice in
``problems``) when broken or written by another Unix account (``trust.py``); an
identity is never taken from a file name alone.  Only names ``enter`` makes are
read, from a bounded listing (``listing.py``).

Time comes from a ``Clock`` (``clock.py``), so tests can let days pass:

>>> import tempfile
>>> from datetime import UTC, datetime
>>> from pathlib import Path
>>> from .clock import ManualClock
>>> clock = ManualClock(datetime(2026, 11, 30, 10, 0, tzinfo=UTC))
>>> store = PresenceStore(Path(tempfile.mkdtemp()), clock)
>>> bob = store.enter("bob")
>>> bob.at_table("friday")
>>> store.of("bob").words()
'at the table friday'
>>> clock.advance(minutes=42)
>>> bob.leave()
>>> store.of("bob").words()
'away since 10:42'
>>> store.away_since("bob").isoformat()
'2026-11-30T10:42:00+00:00'
>>> store.of("carol").words()
'not seen here'
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import sys
import time
from collections.abc import Collection
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Annotated, Literal

import msgspec

from ..words import storage as say
from ..words.storage import clock_words as clock_words  # where the app and the line mode import it
from .atomic import Stamp as FileStamp
from .atomic import atomic_write, read_limited, stamp_of
from .clock import Clock, system_clock
from .errors import SaveError
from .format import Stamp, decode_json
from .identity import IDENTITY_RE
from .listing import list_bounded, list_noting
from .paths import ensure_dir

PRESENCE_DIR = "presence"
PRESENCE_FORMAT = 1
HEARTBEAT = 20  # seconds between two refreshes of a live record
STALE = 3 * HEARTBEAT  # a record not refreshed for this long belongs to a process that was killed
SKEW = 10  # seconds a record may be ahead of this clock (another host's) and still be believed
MAX_RECORD = 4096  # bytes: a record is ~200; anything bigger is not one of ours
MAX_RECORDS = 2000  # records read in one listing (a folder others can fill is bounded: listing.py)
NEVER_SEEN = datetime(1970, 1, 1, tzinfo=UTC)  # ``away_since`` of an identity with no record here

Where = Literal["app", "table", "away"]
Identity = Annotated[str, msgspec.Meta(pattern=f"^{IDENTITY_RE.pattern}$")]
TableName = Annotated[str, msgspec.Meta(max_length=64, pattern=r"^[A-Za-z0-9][A-Za-z0-9._-]*$")]
_TOKEN_LEN = 12
# when this process first read each record stamped in the future (``_in_time``), by path and stamp:
# shared by all its stores, so the lobby and a table agree on how long a player has been away
_FROM_THE_FUTURE: dict[tuple[str, FileStamp | None], datetime] = {}
RECORD_NAME = re.compile(rf"{IDENTITY_RE.pattern}@[0-9a-f]{{{_TOKEN_LEN}}}\.json")  # what ``enter`` names


def _is_record_name(name: str) -> bool:
    return RECORD_NAME.fullmatch(name) is not None


class PresenceRecord(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One process's record (the file's content)."""

    format: int
    identity: Identity
    where: Where
    since: Stamp  # came into the app / sat at ``table`` / went away
    seen: Stamp  # last refreshed (``since`` for an away record)
    table: TableName | None = None


class Presence(msgspec.Struct, frozen=True):
    """What the others know of one identity (the best of its records)."""

    identity: str
    where: Where
    since: datetime | None  # None: never seen in this saves folder
    table: str | None = None

    @property
    def present(self) -> bool:
        return self.where != "away"

    def words(self, now: datetime | None = None, local: bool = False) -> str:
        """'at the table NAME', 'in the app', 'away since 10:42' (the date too when it is not the
        day of ``now``; UTC unless ``local``)."""
        return say.presence(self.where, self.table, self.since, local, now)


def _place_of(record: PresenceRecord) -> tuple[str, str, str | None, datetime]:
    """What a record says that others are shown (not ``seen``: a beat changes that alone)."""
    return record.identity, record.where, record.table, record.since


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)


def _ns(when: datetime) -> int:
    """A file time for ``when``, in whole microseconds (what a record's stamp keeps), exactly."""
    return (when - _EPOCH) // _MICROSECOND * 1000


def _beaten(record: PresenceRecord, mtime_ns: int) -> PresenceRecord:
    """``record`` seen at its file's modification time when that is later (``beat`` sets it)."""
    if record.where == "away":
        return record
    touched = _EPOCH + timedelta(microseconds=mtime_ns // 1000)
    return msgspec.structs.replace(record, seen=touched) if touched > record.seen else record


class PresenceStore:
    """The presence records of one saves folder."""

    def __init__(self, saves_dir: Path, clock: Clock = system_clock) -> None:
        self.dir = saves_dir / PRESENCE_DIR
        self.clock = clock
        self.problems: list[str] = []  # records skipped by the last listing, one line each
        # records read before, by file name, with the (inode, size, mtime) they were read at: the
        # app looks every few seconds, and most records have not changed since (not thread-safe:
        # one store per thread)
        self._cache: dict[str, tuple[tuple[int, int, int], PresenceRecord]] = {}
        self._shown: dict[str, tuple[str, str, str | None, datetime]] | None = None  # shown_changed's
        self._cut = False  # the last listing of every record reached a bound: some were not read

    def enter(self, identity: str) -> PresenceHandle:
        """This process is now in the app for ``identity`` (``SaveError`` when it cannot say so)."""
        if IDENTITY_RE.fullmatch(identity) is None:
            raise SaveError(f"{identity!r} cannot be shown as present: not a player name")
        ensure_dir(self.dir)
        handle = PresenceHandle(self, identity, secrets.token_hex(_TOKEN_LEN // 2))
        self._forget_old(identity)
        handle.in_app()
        return handle

    def _forget_old(self, identity: str) -> None:
        """Delete ``identity``'s records of processes that are gone (it is present again), and the
        temporary files its killed processes left (older than ``STALE``: no write takes that long)."""
        for path, record in self._records(identity):
            if not self._live(record):
                with contextlib.suppress(OSError):
                    path.unlink()
        prefix = f".{identity}@"
        with contextlib.suppress(OSError):
            temps = list_bounded(self.dir, lambda n: n.startswith(prefix) and n.endswith(".tmp"), MAX_RECORDS, "temps")
            for entry in temps.entries:
                with contextlib.suppress(OSError):
                    if time.time() - entry.stat(follow_symlinks=False).st_mtime > STALE:
                        os.unlink(entry.path)

    def _live(self, record: PresenceRecord) -> bool:
        return record.where != "away" and self.clock() - record.seen <= timedelta(seconds=STALE)

    def _in_time(self, path: str, stamp: FileStamp | None, record: PresenceRecord) -> PresenceRecord:
        """``record``, unless it is stamped later than now plus ``SKEW`` (issue 24.2: its app's clock ran
        ahead and it was killed, the clock stepped back, or it is forged): then it would keep its player
        present for ever, and away since a time to come would hold a stand-in that long.  Such a
        record says its player is away since this process first read it, for as long as it lasts."""
        key = (path, stamp)
        first = _FROM_THE_FUTURE.get(key)
        if first is None:
            if max(record.seen, record.since) <= self.clock() + timedelta(seconds=SKEW):
                return record
            if len(_FROM_THE_FUTURE) >= 2 * MAX_RECORDS:  # bounded: forget the oldest half
                for old in list(_FROM_THE_FUTURE)[:MAX_RECORDS]:
                    _FROM_THE_FUTURE.pop(old, None)
            first = _FROM_THE_FUTURE.setdefault(key, self.clock())
        return msgspec.structs.replace(record, where="away", table=None, since=first, seen=first)

    def _records(self, identity: str | None = None) -> list[tuple[Path, PresenceRecord]]:
        """The records (``identity``'s only, when given: from every name of the folder, whatever
        else it holds, issue 38.9; else at most ``MAX_RECORDS`` of everyone's)."""
        self.problems = []
        found: list[tuple[Path, PresenceRecord]] = []
        prefix = f"{identity}@"
        cannot = lambda exc: f"{self.dir}: cannot list: {exc.strerror or exc}"  # noqa: E731
        # temporary files of a write in progress and junk are not records
        if identity is None:
            listing = list_noting(self.dir, _is_record_name, MAX_RECORDS, "presence records", self.problems, cannot)
        else:  # the names alone are looked at (~0.1 s for 100,000): only this identity's are read
            own = lambda n: n.startswith(prefix) and _is_record_name(n)  # noqa: E731
            listing = list_noting(self.dir, own, MAX_RECORDS, "presence records", self.problems, cannot, sys.maxsize)
        if listing is None:
            return found
        if identity is None:
            self._cut = listing.notice is not None
        cache: dict[str, tuple[tuple[int, int, int], PresenceRecord]] = {}
        for entry in listing.entries:
            name = entry.name
            stamp = stamp_of(Path(entry.path))
            known = self._cache.get(name)
            if stamp is not None and known is not None and known[0] == stamp:
                record: PresenceRecord | None = known[1]
            else:
                record = self._read(Path(entry.path))
            if record is not None:
                if stamp is not None:
                    cache[name] = (stamp, record)
                    record = _beaten(record, stamp[2])
                found.append((Path(entry.path), self._in_time(entry.path, stamp, record)))
        if identity is None:
            self._cache = cache
        else:
            self._cache.update(cache)
        return found

    def _records_of(self, identities: Collection[str]) -> list[tuple[Path, PresenceRecord]]:
        """The records of ``identities`` (each one's own, whatever else the folder holds): a folder
        reads each one's names; the database, one query for them all."""
        found: list[tuple[Path, PresenceRecord]] = []
        problems: list[str] = []
        for who in sorted(set(identities)):
            found += self._records(who)
            problems += self.problems
        self.problems = problems
        return found

    def _read(self, path: Path) -> PresenceRecord | None:
        try:
            record = decode_json(read_limited(path, MAX_RECORD, owned=True), PresenceRecord, str(path))
        except FileNotFoundError:
            return None  # its process just replaced or removed it
        except SaveError as exc:
            self.problems.append(f"skipped a presence record: {exc}")
            return None
        return self._of_this_version(path, record)

    def _of_this_version(self, path: Path, record: PresenceRecord) -> PresenceRecord | None:
        """``record``, unless it is another version's or not the identity its name says (a problem noted)."""
        if record.format != PRESENCE_FORMAT or not path.name.startswith(record.identity + "@"):
            self.problems.append(f"skipped a presence record: {path}: not a record of this version")
            return None
        return record

    def shown_changed(self, names: Collection[str]) -> bool:
        """Did the records named (files of the folder that changed) change what the others are shown:
        a record new, gone, or somewhere else since this store last read it?  A beat refreshes
        ``seen`` alone: no (issue 28: with 20 apps, one beats every second; each app's look waits
        for a move).  The first call reads every record, to know them."""
        if self._shown is None:
            self._shown = {path.name: _place_of(record) for path, record in self._records()}
        changed = False
        for name in names:
            if not _is_record_name(name):
                continue  # a temporary file of a write, or junk
            record = self._read(self.dir / name) if (self.dir / name).exists() else None
            place = None if record is None else _place_of(record)
            if self._shown.get(name) != place:
                changed = True
            if place is None:
                self._shown.pop(name, None)
            else:
                self._shown[name] = place
        self.problems = []
        return changed

    def all(self, also: Collection[str] = ()) -> dict[str, Presence]:
        """Every identity with a record here, with its presence; those of ``also`` (the players at the
        tables) read on their own when the listing reached its bound (junk must not hide them)."""
        by_identity: dict[str, list[PresenceRecord]] = {}
        for _, record in self._records():
            by_identity.setdefault(record.identity, []).append(record)
        if self._cut:
            problems = self.problems
            wanted = {who for who in also if IDENTITY_RE.fullmatch(who) is not None}
            for who in wanted:
                by_identity[who] = []
            for _, record in self._records_of(wanted):
                if record.identity in wanted:
                    by_identity[record.identity].append(record)
            self.problems = problems + [p for p in self.problems if p not in problems]
        return {who: self._presence(who, records) for who, records in sorted(by_identity.items()) if records}

    def of(self, identity: str) -> Presence:
        """``identity``'s presence ('away', since None, when it has no record here): its own records,
        whatever else the folder holds."""
        if IDENTITY_RE.fullmatch(identity) is None:
            return Presence(identity, "away", None)
        return self._presence(identity, [r for _, r in self._records(identity) if r.identity == identity])

    def of_each(self, identities: Collection[str]) -> dict[str, Presence]:
        """``of`` for each of ``identities``, read together (the database: one query, not one each)."""
        wanted = {who for who in identities if IDENTITY_RE.fullmatch(who) is not None}
        records: dict[str, list[PresenceRecord]] = {who: [] for who in wanted}
        for _, record in self._records_of(wanted) if wanted else ():
            if record.identity in records:
                records[record.identity].append(record)
        return {
            who: self._presence(who, records[who]) if who in records else Presence(who, "away", None)
            for who in sorted(set(identities))
        }

    def _presence(self, identity: str, records: list[PresenceRecord]) -> Presence:
        live = [r for r in records if self._live(r)]
        at_tables = sorted((r for r in live if r.where == "table"), key=lambda r: r.since, reverse=True)
        if at_tables:
            return Presence(identity, "table", at_tables[0].since, at_tables[0].table)
        if live:
            return Presence(identity, "app", min(r.since for r in live))
        last = max((r.since if r.where == "away" else r.seen for r in records), default=None)
        return Presence(identity, "away", last)

    def away_since(self, identity: str) -> datetime | None:
        """None while ``identity`` is in the app or at a table; else when it went away
        (``NEVER_SEEN`` when it never was here): what a stand-in computer waits on."""
        presence = self.of(identity)
        if presence.present:
            return None
        return presence.since or NEVER_SEEN


class PresenceHandle:
    """This process's own record: where its player is now."""

    def __init__(self, store: PresenceStore, identity: str, token: str) -> None:
        self.store = store
        self.identity = identity
        self.path = store.dir / f"{identity}@{token}.json"
        self.where: Where = "app"
        self.table: str | None = None
        self.since = store.clock()

    def _write(self, where: Where, table: str | None, moved: bool) -> None:
        now = self.store.clock()
        if moved:
            self.since = now
        self.where, self.table = where, table
        record = PresenceRecord(PRESENCE_FORMAT, self.identity, where, self.since, now, table)
        atomic_write(self.path, msgspec.json.encode(record), mtime_ns=_ns(now))

    def in_app(self) -> None:
        """At the title screen, in a solo game, anywhere but at a table."""
        self._write("app", None, moved=self.where != "app" or self.table is not None or not self.path.exists())

    def at_table(self, name: str) -> None:
        """Sitting at (or watching) the shared table ``name``."""
        self._write("table", name, moved=self.where != "table" or self.table != name)

    def beat(self) -> None:
        """Still here (call every ``HEARTBEAT`` seconds; a missed beat reads as away after ``STALE``).

        A beat sets the record's modification time and rewrites nothing: the other apps watch this
        folder for files replaced or removed, and a time set wakes none of them (issue 28: with 20
        apps one beats every second, and each wake-up cost every app about 1 ms).  The readers take
        the later of the record's ``seen`` and its file's time.  A record that is gone is written."""
        if self.where == "away":
            return
        stamp = _ns(self.store.clock())
        try:
            os.utime(self.path, ns=(stamp, stamp), follow_symlinks=False)
        except FileNotFoundError:  # removed meanwhile (a clean-up by hand): say where this player is
            self._write(self.where, self.table, moved=False)

    def leave(self) -> None:
        """The player quit or the terminal went away: away from now on."""
        self._write("away", None, moved=True)
