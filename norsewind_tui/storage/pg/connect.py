"""Connections to the database: one line when it cannot be reached, naming it without its password."""

from __future__ import annotations

import psycopg

from ..errors import StoreUnreachable
from .url import hide_password, shown_url

CONNECT_TIMEOUT = 5  # seconds: a host that does not answer is reported, not waited on for minutes
APPLICATION = "norsewind"  # pg_stat_activity's application_name (bench/host.py counts them)


class DatabaseUnreachable(StoreUnreachable):
    """The database did not answer, or refused this program (nothing was read or written)."""


# the server's refusals when it (or the role, or the database) has no connection left to give
_FULL = ("too many clients", "too many connections", "remaining connection slots are reserved")


def full_words(reason: str) -> str | None:
    """The refusal of a server with no connection left, from the driver's message (None: another).

    >>> full_words('connection failed: connection to server on socket "/s" failed: FATAL:  too many clients already')
    'too many clients already'
    """
    if not any(words in reason for words in _FULL):
        return None
    return reason.rsplit("FATAL:", 1)[-1].strip()


def reason_of(exc: psycopg.Error, url: str) -> str:
    """The driver's message, its first line, the password hidden."""
    text = str(exc).strip().splitlines()
    line = hide_password(text[0] if text else type(exc).__name__, url).removeprefix("connection is bad: ")
    return line.removeprefix("FATAL:  ")


def connect(
    url: str, autocommit: bool = False, application: str = APPLICATION, via: str | None = None
) -> psycopg.Connection[tuple[object, ...]]:
    """A new connection to ``url`` (through the pooler's connection string ``via`` if given: then no
    statement is prepared, as a pooler in transaction mode hands each transaction another server
    connection); ``DatabaseUnreachable`` (one line) when there is none to be had."""
    try:
        return psycopg.connect(
            via or url,
            autocommit=autocommit,
            connect_timeout=CONNECT_TIMEOUT,
            application_name=application,
            prepare_threshold=None if via else 5,
        )
    except psycopg.Error as exc:
        reason = reason_of(exc, url)
        full = full_words(reason)
        if full is not None:  # it answered: it is busy, not down
            raise DatabaseUnreachable(
                f"the database {shown_url(url)} is full: it takes no more connections now ({full}); try again later"
            ) from None
        raise DatabaseUnreachable(f"cannot reach the database {shown_url(url)}: {reason}") from None


def lost(exc: psycopg.Error, url: str) -> DatabaseUnreachable:
    """The error for a connection lost (or a query refused) in the middle of some work."""
    return DatabaseUnreachable(f"the database {shown_url(url)} cannot be reached: {reason_of(exc, url)}")
