"""``norsewind db``: the PostgreSQL store's own commands (``upgrade``; issue 25).

The one place above the storage layer that imports ``storage.pg`` (pyproject's contract allows it):
every other command gets its stores from ``AppContext``, whichever they are.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..options import Options
from . import UsageError


def add_db_commands(sub: Any) -> argparse.ArgumentParser:
    """Register ``db`` (and ``db upgrade``) on ``sub``; the ``db`` parser's own subparsers are
    ``dest="db_command"`` (more actions are added in this module)."""
    db: argparse.ArgumentParser = sub.add_parser("db", help="the PostgreSQL database: create or upgrade its schema")
    actions = db.add_subparsers(dest="db_command", metavar="ACTION", required=True)
    up = actions.add_parser("upgrade", help="create the schema, or bring it to this version (idempotent)")
    up.add_argument("--database", metavar="URL", default=argparse.SUPPRESS, help="postgresql://user@host/dbname")
    up.set_defaults(handler=cmd_db_upgrade)
    return db


def database_of(args: Options) -> str:
    """``--database`` or ``$NORSEWIND_DATABASE`` (checked), or ``UsageError`` when neither is given."""
    from ..storage.pg.url import ENV_VAR, resolve_database

    url = resolve_database(args.database)
    if url is None:
        raise UsageError(f"which database? give --database postgresql://user@host/dbname (or set {ENV_VAR})")
    return url


def cmd_db_upgrade(args: Options) -> int:
    """``norsewind db upgrade``: apply the migrations the database lacks; one line either way."""
    from ..storage.pg.schema import upgrade
    from ..storage.pg.url import shown_url

    url = database_of(args)
    before, after = upgrade(url)
    if before == after:
        print(f"norsewind db upgrade: {shown_url(url)} is at schema version {after} already: nothing to do")
    else:
        print(f"norsewind db upgrade: {shown_url(url)} upgraded from schema version {before} to {after}")
    return 0
