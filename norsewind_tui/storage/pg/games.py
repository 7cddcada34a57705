"""Saved games and shared tables as rows of the database (issue 25): the same documents as files.

A game is a row of ``games`` (kind ``save`` or ``table``, name, generation, document): the document
is the very bytes a save file holds, replayed and checked against its digest on every load
(``load_bytes``), so a row edited by hand is checked, never trusted.  A write is one statement in
one transaction, ``UPDATE ... WHERE generation = <the one read>``: two hosts writing at once give one
new generation and one ``SaveConflict``, never two and never a lost one.  Locks are leases
(``home.py``); watches wake on ``NOTIFY`` (a trigger sends the kind, generation and name of every
change, never the game), heard by the host's one listener (``relay.py``).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path

from ...rules.cards import CardDB
from ...rules.session import Session
from ..atomic import Generation, Stamp
from ..errors import GameLocked, SaveConflict, SaveError
from ..format import SaveFile, encode_save
from ..gamefile import GameDoc, Listed, Lock, Snapshot
from ..paths import SUFFIX, sanitise_name
from ..verify import Loaded, load_bytes
from ..watch import Watch
from .connect import DatabaseUnreachable
from .home import Conn, Home, home, lock_key
from .relay import Held

KINDS = ("save", "table")
_LISTING = "SELECT name, generation, octet_length(document), updated FROM games WHERE kind = %s ORDER BY name"
# the rows of a kind, each with its document unless the caller holds its generation (two arrays:
# the names and the generations it holds)
_WITH_DOCUMENTS = (
    "SELECT g.name, g.generation, octet_length(g.document), g.updated,"
    " CASE WHEN k.generation = g.generation THEN NULL ELSE g.document END"
    " FROM games g LEFT JOIN unnest(%s::text[], %s::bigint[]) AS k (name, generation) ON k.name = g.name"
    " WHERE g.kind = %s ORDER BY g.name"
)
STEP = 0.01  # seconds between two tries of a lock another process holds


def _stamp(generation: object, size: object, updated: object) -> Stamp:
    """What identifies one version of a row (a file's stamp is inode, size, time)."""
    when = updated.timestamp() if isinstance(updated, datetime) else 0.0
    return (int(str(generation)), int(str(size)), int(when * 1_000_000_000))


class DbLock:
    """A lease of this process (``home.py``), taken and refused as a ``FileLock`` is."""

    def __init__(self, home: Home, key: str, what: str) -> None:
        self.home = home
        self.key = key
        self.what = what
        self._held = False

    @property
    def held(self) -> bool:
        return self._held

    def acquire(self, timeout: float = 0.0) -> None:
        if self._held:
            return
        deadline = time.monotonic() + timeout
        while not self.home.try_lock(self.key):
            if time.monotonic() >= deadline:
                who = self.home.holder_of(self.key)
                raise GameLocked(
                    f"{self.what} is in use by {who.user} (pid {who.pid} on {who.host}); open it read-only to watch",
                    who.user,
                    who.pid,
                    who.host,
                )
            time.sleep(STEP)
        self._held = True

    def release(self) -> None:
        if self._held:
            self._held = False
            self.home.unlock(self.key)


class DbGameFiles:
    """One game's row.  ``main`` is where a file of it would be (its analysis goes beside it)."""

    def __init__(self, home: Home, kind: str, name: str, folder: Path, listed: Listed | None = None) -> None:
        self.home = home
        self.kind = kind
        self.name = name
        self.main = folder / (name + SUFFIX)
        self.source = f"{home.shown} {kind} {name}"  # how a broken row is named in messages
        # the row as a listing brought it (its stamp, its document): the first read, no query
        self._listed: tuple[Stamp, object] | None = None
        if listed is not None and listed.document is not None and listed.stamp is not None:
            self._listed = (listed.stamp, listed.document)

    def _one(self, sql: str) -> tuple[object, ...] | None:
        def query(conn: Conn) -> tuple[object, ...] | None:
            return conn.execute(sql.encode(), (self.kind, self.name)).fetchone()

        return self.home.run(query, transaction=False)

    def exists(self) -> bool:
        return self._one("SELECT 1 FROM games WHERE kind = %s AND name = %s") is not None

    def read(self, cards: CardDB) -> Generation[Loaded] | None:
        listed, self._listed = self._listed, None
        if listed is not None:
            stamp, data = listed
        else:
            row = self._one(
                "SELECT generation, octet_length(document), updated, document FROM games WHERE kind = %s AND name = %s"
            )
            if row is None:
                return None
            stamp, data = _stamp(*row[:3]), row[3]
        loaded = load_bytes(bytes(data) if isinstance(data, (bytes, memoryview)) else b"", self.source, cards)
        if (column := stamp[0]) != loaded.save.generation:  # edited by hand: the writes would all fail
            raise SaveError(
                f"{self.source}: the row's generation {column} is not its document's ({loaded.save.generation})"
            )
        return Generation(loaded, None, False, stamp, False)

    def peek(self) -> int | None:
        row = self._one("SELECT generation FROM games WHERE kind = %s AND name = %s")
        return None if row is None else int(str(row[0]))

    def stamp(self) -> Stamp | None:
        row = self._one("SELECT generation, octet_length(document), updated FROM games WHERE kind = %s AND name = %s")
        return None if row is None else _stamp(*row)

    def write(self, save: SaveFile, session: Session, base: Snapshot | None) -> Snapshot:
        """In one transaction checked against ``base``'s generation."""
        data = encode_save(save)
        args = (self.kind, self.name, save.generation, data)

        def store(conn: Conn) -> tuple[object, ...] | None:
            if base is None:
                sql = (
                    "INSERT INTO games (kind, name, generation, document) VALUES (%s, %s, %s, %s)"
                    " ON CONFLICT DO NOTHING RETURNING generation, octet_length(document), updated"
                )
                return conn.execute(sql, args).fetchone()
            sql = (
                "UPDATE games SET generation = %s, document = %s, updated = now()"
                " WHERE kind = %s AND name = %s AND generation = %s"
                " RETURNING generation, octet_length(document), updated"
            )
            return conn.execute(sql, (save.generation, data, self.kind, self.name, base.generation)).fetchone()

        try:
            row = self.home.run(store)
        except DatabaseUnreachable:
            row = self._written(save.generation, data)
            if row is None:
                raise
        if row is None and base is None:
            raise SaveError(f"a game named {self.name} already exists in the database {self.home.shown}")
        if row is None:
            raise SaveConflict(
                f"{self.name}: changed by another process since it was read; not overwritten (look again)"
            )
        return Snapshot(save, session, _stamp(*row))

    def _written(self, generation: int, data: bytes) -> tuple[object, ...] | None:
        """After a write whose answer was lost: its row if the commit reached the server after all.

        A connection can drop after the server committed and before the answer arrived; the write
        is then taken, and saying "not taken" would be wrong (the player's next decision would meet
        a generation it did not know).  One look, on a new connection; None if not written, or
        if the database still cannot be reached.
        """

        def look(conn: Conn) -> tuple[object, ...] | None:
            sql = (
                "SELECT generation, octet_length(document), updated FROM games"
                " WHERE kind = %s AND name = %s AND generation = %s AND document = %s"
            )
            return conn.execute(sql, (self.kind, self.name, generation, data)).fetchone()

        try:
            return self.home.run(look, transaction=False)
        except DatabaseUnreachable:
            return None

    def lock(self, what: str) -> Lock:
        return DbLock(self.home, lock_key(self.kind, self.name, "writer"), what)

    def claim(self, what: str) -> Lock:
        return DbLock(self.home, lock_key(self.kind, self.name, "computer"), what)

    def tidy(self) -> None:
        return None  # a transaction leaves nothing half written

    def watch(self, fallback: float, notify: bool, claims: bool, held: Held = None) -> Watch:
        return self.home.watch(self.kind, self.name, fallback, notify, held)

    def remove(self) -> None:
        self._one("DELETE FROM games WHERE kind = %s AND name = %s RETURNING 1")


class DbPlace:
    """The games of one kind in the database; ``folder``: where their analyses and messages point."""

    def __init__(self, home: Home, kind: str, folder: Path) -> None:
        assert kind in KINDS
        self.home = home
        self.kind = kind
        self.folder = folder

    @property
    def where(self) -> str:
        return f"in the database {self.home.shown}"

    def files(self, name: str, listed: Listed | None = None) -> GameDoc:
        return DbGameFiles(self.home, self.kind, sanitise_name(name), self.folder, listed)

    def listing(self, backups: bool = False, known: Mapping[str, int] | None = None) -> list[Listed]:
        """The rows of this kind; with ``known``, each with its document unless its generation is the
        one known (one query for the lobby or the saves' list, not one per game)."""
        names, generations = (list(known), list(known.values())) if known is not None else ([], [])

        def rows(conn: Conn) -> list[tuple[object, ...]]:
            if known is None:
                return conn.execute(_LISTING, (self.kind,)).fetchall()
            return conn.execute(_WITH_DOCUMENTS, (names, generations, self.kind)).fetchall()

        return [
            Listed(
                str(r[0]),
                self.folder / (str(r[0]) + SUFFIX),
                stamp=_stamp(*r[1:4]),
                document=bytes(r[4]) if len(r) > 4 and isinstance(r[4], (bytes, memoryview)) else None,
            )
            for r in self.home.run(rows, transaction=False)
        ]

    def data(self, found: Listed) -> bytes:
        if found.document is not None:
            return found.document

        def one(conn: Conn) -> tuple[object, ...] | None:
            sql = "SELECT document FROM games WHERE kind = %s AND name = %s"
            return conn.execute(sql, (self.kind, found.name)).fetchone()

        row = self.home.run(one, transaction=False)
        if row is None:
            raise FileNotFoundError(found.name)
        data = row[0]
        return bytes(data) if isinstance(data, (bytes, memoryview)) else b""


def database_place(url: str, kind: str, folder: Path) -> DbPlace:
    """The games of ``kind`` in the database at ``url`` (this process's one connection to it)."""
    return DbPlace(home(url), kind, folder)
