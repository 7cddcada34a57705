"""Presence in the database (issue 25): the records of ``storage/presence.py``, a row per app process.

A row holds the very JSON a presence file holds, decoded as strictly and checked the same way
(its identity must be the row's); the rules of being live, stale, from the future and away are
the folder store's, unchanged: only where the records are kept differs, so a player at a table
on host A is seen as present by host B.
"""

from __future__ import annotations

import secrets
from collections.abc import Collection
from datetime import datetime
from pathlib import Path

import msgspec

from ..clock import Clock, system_clock
from ..errors import SaveError
from ..format import decode_json
from ..identity import IDENTITY_RE
from ..presence import (
    _TOKEN_LEN,
    MAX_RECORD,
    MAX_RECORDS,
    PRESENCE_FORMAT,
    PresenceHandle,
    PresenceRecord,
    PresenceStore,
    Where,
)
from .home import Conn, Home


def _key(identity: str, token: str) -> Path:
    """The name a record would have in a presence folder (what messages and caches know it by)."""
    return Path(f"{identity}@{token}.json")


class DbPresenceStore(PresenceStore):
    """The presence records of the database ``home`` (one store per thread, as in the folder)."""

    def __init__(self, home: Home, clock: Clock = system_clock) -> None:
        super().__init__(Path("presence"), clock)
        self.home = home
        self.dir = Path(f"{home.shown} presence")  # how messages name where the records are

    def enter(self, identity: str) -> PresenceHandle:
        if IDENTITY_RE.fullmatch(identity) is None:
            raise SaveError(f"{identity!r} cannot be shown as present: not a player name")
        handle = DbPresenceHandle(self, identity, secrets.token_hex(_TOKEN_LEN // 2))
        self._forget_old(identity)
        handle.in_app()
        return handle

    def _forget_old(self, identity: str) -> None:
        gone = [
            path.name.removesuffix(".json").split("@", 1)[1]
            for path, record in self._records(identity)
            if not self._live(record)
        ]
        if gone:
            sql = "DELETE FROM presence WHERE identity = %s AND token = ANY(%s)"
            self.home.run(lambda c: c.execute(sql, (identity, gone)))

    def _records(self, identity: str | None = None) -> list[tuple[Path, PresenceRecord]]:
        return self._rows(None if identity is None else [identity])

    def _records_of(self, identities: Collection[str]) -> list[tuple[Path, PresenceRecord]]:
        return self._rows(sorted(set(identities)))  # one query for them all (issue 42)

    def _rows(self, identities: list[str] | None) -> list[tuple[Path, PresenceRecord]]:
        """Everyone's records (at most ``MAX_RECORDS``), or those of ``identities`` (each one's own rows,
        whatever else the table holds, issue 38.9; ``MAX_RECORDS`` each at most)."""
        self.problems = []

        def rows(conn: Conn) -> list[tuple[object, ...]]:
            if identities is not None:
                sql = (
                    "SELECT identity, token, record, updated FROM ("
                    " SELECT *, row_number() OVER (PARTITION BY identity ORDER BY token) AS n"
                    " FROM presence WHERE identity = ANY(%s)) AS own WHERE n <= %s ORDER BY identity, token"
                )
                return conn.execute(sql, (identities, MAX_RECORDS)).fetchall()
            sql = "SELECT identity, token, record, updated FROM presence ORDER BY identity, token LIMIT %s"
            return conn.execute(sql, (MAX_RECORDS + 1,)).fetchall()

        found: list[tuple[Path, PresenceRecord]] = []
        if identities == []:
            return found
        listed = self.home.run(rows, transaction=False)
        if identities is None:
            self._cut = len(listed) > MAX_RECORDS
            if self._cut:
                self.problems.append(f"{self.dir}: more than {MAX_RECORDS} presence records; only the first are read")
                listed = listed[:MAX_RECORDS]
        for who, token, data, updated in listed:
            path = _key(str(who), str(token))
            raw = bytes(data) if isinstance(data, (bytes, memoryview)) else b""
            when = updated.timestamp() if isinstance(updated, datetime) else 0.0
            stamp = (0, len(raw), int(when * 1_000_000_000))
            record = self._decode(path, raw)
            if record is not None:
                found.append((path, self._in_time(f"{self.dir}/{path}", stamp, record)))
        return found

    def _decode(self, path: Path, raw: bytes) -> PresenceRecord | None:
        if len(raw) > MAX_RECORD:
            self.problems.append(f"skipped a presence record: {path}: too big")
            return None
        try:
            record = decode_json(raw, PresenceRecord, str(path))
        except SaveError as exc:
            self.problems.append(f"skipped a presence record: {exc}")
            return None
        return self._of_this_version(path, record)


class DbPresenceHandle(PresenceHandle):
    """This process's own row."""

    def __init__(self, store: DbPresenceStore, identity: str, token: str) -> None:
        super().__init__(store, identity, token)
        self.home = store.home
        self.token = token
        self._written = False

    def _write(self, where: Where, table: str | None, moved: bool) -> None:
        now = self.store.clock()
        since = now if moved else self.since
        record = PresenceRecord(PRESENCE_FORMAT, self.identity, where, since, now, table)
        sql = (
            "INSERT INTO presence (identity, token, record) VALUES (%s, %s, %s) ON CONFLICT (identity, token)"
            " DO UPDATE SET record = excluded.record, updated = now()"
        )
        args = (self.identity, self.token, msgspec.json.encode(record))
        self.home.run(lambda c: c.execute(sql, args))  # StoreUnreachable: the keeper says so, tries again
        self.since, self.where, self.table, self._written = since, where, table, True

    def in_app(self) -> None:
        self._write("app", None, moved=self.where != "app" or self.table is not None or not self._written)
