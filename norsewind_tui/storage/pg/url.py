"""The database's URL: where it comes from, and how a message shows it (without its password)."""

from __future__ import annotations

import os
import re
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

from ..errors import StorageError

ENV_VAR = "NORSEWIND_DATABASE"
POOLER_VAR = "NORSEWIND_POOLER"  # the host's pooler (PgBouncer) as HOST:PORT: docs/SSH.md, issue 42
SCHEMES = ("postgresql", "postgres")
_PASSWORD_WORD = re.compile(r"(password\s*=\s*)('(?:[^'\\]|\\.)*'|\S+)", re.IGNORECASE)


class DatabaseUrlError(StorageError):
    """A ``--database`` value that is not a PostgreSQL URL."""


def through_pooler(url: str, pooler: str | None = None) -> str | None:
    """The connection string of ``url``'s database through the pooler ``pooler`` (``HOST:PORT``, the
    host a name, an address or a socket folder; else ``$NORSEWIND_POOLER``), or None when there is none.

    >>> through_pooler("postgresql://alice@/norsewind?host=/run/postgresql", "/run/pgbouncer:6432")
    'user=alice dbname=norsewind host=/run/pgbouncer port=6432'
    """
    pooler = pooler if pooler is not None else os.environ.get(POOLER_VAR)
    if not pooler:
        return None
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    host, _, port = pooler.rpartition(":")
    if not host or not port.isdigit():
        raise DatabaseUrlError(f"${POOLER_VAR}: {pooler!r} is not HOST:PORT (the pooler's, as /run/pgbouncer:6432)")
    given = {k: v for k, v in conninfo_to_dict(url).items() if k not in ("host", "port", "hostaddr")}
    return make_conninfo("", **given, host=host, port=port)


def shown_url(url: str) -> str:
    """``url`` as messages and logs show it: the password left out (in the user part or the query).

    >>> shown_url("postgresql://alice:s3cret@db.example.org:5433/norsewind?sslmode=require&password=x")
    'postgresql://alice@db.example.org:5433/norsewind?sslmode=require'
    >>> shown_url("postgresql://alice@/norsewind?host=/run/postgresql")
    'postgresql://alice@/norsewind?host=/run/postgresql'
    """
    if "://" not in url:  # not a URL (a key=value string?): hide whatever follows password=
        return _PASSWORD_WORD.sub(r"\1***", url)
    try:
        parts = urlsplit(url)
        netloc = parts.netloc
        if "@" in netloc:
            user, host = netloc.rsplit("@", 1)
            netloc = f"{user.split(':', 1)[0]}@{host}"
        query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k.lower() != "password"]
        return urlunsplit((parts.scheme, netloc, parts.path, urlencode(query, safe="/", quote_via=quote), ""))
    except ValueError:  # a broken URL (a bad port...): the part before any password only
        return url.split(":", 1)[0] + "://..."


def hide_password(text: str, url: str) -> str:
    """``text`` (a driver's message) with the URL's password, if it has one, blotted out."""
    try:
        password = urlsplit(url).password
    except ValueError:
        password = None
    text = _PASSWORD_WORD.sub(r"\1***", text)
    return text.replace(password, "***") if password else text


def has_password(url: str) -> bool:
    """Does ``url`` hold a password (in its user part, or a ``password`` word of its query)?

    >>> has_password("postgresql://ana:hunter2@db/norsewind"), has_password("postgresql://ana@db/n?password=x")
    (True, True)
    >>> has_password("postgresql://ana@/norsewind?host=/run/postgresql")
    False
    """
    if _PASSWORD_WORD.search(url) is not None:
        return True
    try:
        return bool(urlsplit(url).password)
    except ValueError:
        return False


def check_url(url: str) -> str:
    """``url`` if it is a ``postgresql://`` URL, else ``DatabaseUrlError`` (one line)."""
    scheme = url.split(":", 1)[0].lower() if "://" in url else ""
    if scheme not in SCHEMES:
        raise DatabaseUrlError(f"--database takes a URL such as postgresql://user@host/dbname, not {shown_url(url)!r}")
    return url


def resolve_database(given: str | None) -> str | None:
    """``--database URL``, else ``$NORSEWIND_DATABASE``, else None (the saves folder is the store)."""
    value = given or os.environ.get(ENV_VAR) or None
    return check_url(value) if value else None
