"""A profile's game record as a database row, and the short connections that read and write them."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

import msgspec
import psycopg

from ..errors import SaveError
from ..records import GameRecord
from .connect import connect, lost

Connection = psycopg.Connection[tuple[Any, ...]]

COLUMNS = "game, date, level, score, vikings, margin, medal, seed, assisted, save, cards, daily"


def record_of(row: Sequence[Any], source: str) -> GameRecord:
    """The record of a row of ``COLUMNS``, checked as a profile file's is; ``SaveError`` naming ``source``."""
    raw = dict(zip(COLUMNS.split(", "), row, strict=True))
    if isinstance(raw["date"], datetime):
        raw["date"] = raw["date"].astimezone(UTC)
    try:
        record = msgspec.convert(raw, GameRecord)
    except msgspec.ValidationError as exc:
        raise SaveError(f"{source}: {exc}") from None
    if (why := record.problem()) is not None:
        raise SaveError(f"{source}: {why}")
    return record


# A record as one JSON text made by the server (the hall reads thousands: msgspec decodes and checks
# a record's JSON several times faster than the driver converts its twelve columns); the stamp in UTC.
_UTC_STAMP = "to_char(r.date AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"')"
AS_JSON = (
    "json_build_object("
    + ", ".join(f"'{c}', " + (_UTC_STAMP if c == "date" else f"r.{c}") for c in COLUMNS.split(", "))
    + ")::text"
)
_decoder = msgspec.json.Decoder(GameRecord)


def record_of_json(text: str, source: str) -> GameRecord:
    """The record of an ``AS_JSON`` text, checked as ``record_of`` checks a row."""
    try:
        record = _decoder.decode(text)
    except msgspec.ValidationError as exc:
        raise SaveError(f"{source}: {exc}") from None
    if (why := record.problem()) is not None:
        raise SaveError(f"{source}: {why}")
    return record


def row_of(profile: str, game: GameRecord) -> tuple[Any, ...]:
    return (profile, *(getattr(game, column) for column in COLUMNS.split(", ")))


@contextmanager
def connect_to(url: str) -> Iterator[Connection]:
    """A short connection, closed after use (a host holds few: issue 25); a query that fails is
    ``DatabaseUnreachable``, one line naming the database without its password."""
    conn = connect(url)
    try:
        with conn:
            yield conn
    except psycopg.Error as exc:
        raise lost(exc, url) from None
