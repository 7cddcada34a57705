"""The database's schema: numbered migrations kept in the package, its version in the database.

``migrations/NNNN_what.sql`` are applied in order by ``upgrade`` (``norsewind db upgrade``), each in
the transaction that records it in ``schema_version`` (a row per migration applied), under an
advisory lock, so two hosts upgrading at once apply each migration once.  ``check`` is what every
opening of the store does: a database older than this program asks for ``norsewind db upgrade``,
a newer one is refused (this program would not know what it writes), and nothing is written.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from importlib import resources

import psycopg

from ..errors import StorageError
from .connect import connect, lost
from .url import shown_url

_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
_LOCK = 0x6E6F7273  # pg_advisory_xact_lock's key for upgrades ("nors")


class SchemaProblem(StorageError):
    """The database's schema is not the one this program knows (older or newer): nothing written."""


@dataclass(frozen=True)
class Migration:
    number: int
    name: str
    sql: str


def migrations() -> tuple[Migration, ...]:
    """The package's migrations, numbered 1, 2, 3... with no gap (a gap is a packaging mistake)."""
    found: list[Migration] = []
    for entry in resources.files(__package__ + ".migrations").iterdir():
        if match := _NAME.match(entry.name):
            found.append(Migration(int(match[1]), entry.name, entry.read_text(encoding="utf-8")))
    found.sort(key=lambda m: m.number)
    if [m.number for m in found] != list(range(1, len(found) + 1)):
        raise RuntimeError(f"the migrations are not numbered 1 to {len(found)}: {[m.name for m in found]}")
    return tuple(found)


def latest() -> int:
    """The schema version this program writes."""
    return len(migrations())


def version_of(conn: psycopg.Connection[tuple[object, ...]]) -> int:
    """The database's schema version (0: never upgraded)."""
    exists = conn.execute("SELECT to_regclass('schema_version') IS NOT NULL").fetchone()
    if not exists or not exists[0]:
        return 0
    row = conn.execute("SELECT coalesce(max(version), 0) FROM schema_version").fetchone()
    return int(str(row[0])) if row else 0


def _too_new(url: str, found: int, known: int) -> SchemaProblem:
    return SchemaProblem(
        f"the database {shown_url(url)} has schema version {found}, newer than this program knows ({known}): "
        "upgrade norsewind (nothing was written)"
    )


def check(conn: psycopg.Connection[tuple[object, ...]], url: str) -> None:
    """``SchemaProblem`` unless the database is at this program's schema version."""
    found, known = version_of(conn), latest()
    if found > known:
        raise _too_new(url, found, known)
    if found < known:
        raise SchemaProblem(
            f"the database {shown_url(url)} has schema version {found}, this program needs {known}: "
            f"run {shlex.join(['norsewind', 'db', 'upgrade', '--database', shown_url(url)])}"
        )


def upgrade(url: str) -> tuple[int, int]:
    """Apply the migrations the database lacks; (version before, version after).

    ``SchemaProblem`` for a newer schema (nothing is changed), ``DatabaseUnreachable`` without one.
    """
    conn = connect(url)
    try:
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK,))
            conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_version ("
                " version integer PRIMARY KEY, name text NOT NULL, applied timestamptz NOT NULL DEFAULT now())"
            )
            before, known = version_of(conn), latest()
            if before > known:
                raise _too_new(url, before, known)
            for migration in migrations()[before:]:
                conn.execute(migration.sql.encode())  # bytes, no parameters: several statements at once
                conn.execute(
                    "INSERT INTO schema_version (version, name) VALUES (%s, %s)", (migration.number, migration.name)
                )
        return before, known
    except psycopg.Error as exc:
        raise lost(exc, url) from None
    finally:
        conn.close()
