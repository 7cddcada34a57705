"""``norsewind db``: the PostgreSQL store's own commands (``upgrade``; issue 25).

The one place above the storage layer that imports ``storage.pg`` (pyproject's contract allows it):
every other command gets its stores from ``AppContext``, whichever they are.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ..options import Options
from . import UsageError, load_cards

if TYPE_CHECKING:
    from ..storage.pg.transfer import Plan


def add_db_commands(sub: Any) -> argparse.ArgumentParser:
    """Register ``db`` (and ``db upgrade``) on ``sub``; the ``db`` parser's own subparsers are
    ``dest="db_command"`` (more actions are added in this module)."""
    db: argparse.ArgumentParser = sub.add_parser("db", help="the PostgreSQL database: create or upgrade its schema")
    actions = db.add_subparsers(dest="db_command", metavar="ACTION", required=True)
    up = actions.add_parser("upgrade", help="create the schema, or bring it to this version (idempotent)")
    up.add_argument("--database", metavar="URL", default=argparse.SUPPRESS, help="postgresql://user@host/dbname")
    up.set_defaults(handler=cmd_db_upgrade)
    into = actions.add_parser("import", help="copy a saves folder (games, tables, profiles) into the database")
    into.add_argument("file", metavar="DIR", help="the saves folder (it is read, never changed)")
    into.add_argument("--database", metavar="URL", default=argparse.SUPPRESS, help="postgresql://user@host/dbname")
    into.set_defaults(handler=cmd_db_import)
    out = actions.add_parser("export", help="write the database's games, tables and profiles into a saves folder")
    out.add_argument("file", metavar="DIR", help="the saves folder (no file there is replaced)")
    out.add_argument("--database", metavar="URL", default=argparse.SUPPRESS, help="postgresql://user@host/dbname")
    out.set_defaults(handler=cmd_db_export)
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


def cmd_db_import(args: Options) -> int:
    """``norsewind db import DIR``: every game checked by replay, then copied; a second run adds nothing."""
    from pathlib import Path

    from ..storage.pg.transfer import import_folder

    folder = Path(args.file)
    if not folder.is_dir():
        raise UsageError(f"{folder}: not a saves folder (no such folder)")
    url = database_of(args)
    _check_schema(url)
    return _run("import", import_folder(url, folder, load_cards(args.cards)))


def cmd_db_export(args: Options) -> int:
    """``norsewind db export DIR``: the database's games, tables and profiles written into DIR."""
    from pathlib import Path

    from ..storage.pg.transfer import export_folder

    url = database_of(args)
    _check_schema(url)
    return _run("export", export_folder(url, Path(args.file), load_cards(args.cards)))


def _check_schema(url: str) -> None:
    """One line (exit 2) unless the database is at this program's schema: nothing is written otherwise."""
    from ..storage.pg.connect import connect
    from ..storage.pg.schema import check

    with connect(url) as conn:
        check(conn, url)


def _run(action: str, plan: Plan) -> int:
    """Run ``plan`` under a progress bar (on standard error), then one line per note and the totals."""
    import sys

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from ..safetext import safe_text

    added: dict[str, int] = {}
    notes: list[str] = []
    there = 0
    columns = (TextColumn(f"{action}"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.description}"))
    with Progress(*columns, console=Console(file=sys.stderr), transient=True) as progress:
        task = progress.add_task("", total=plan.total)
        for step in plan.steps:
            progress.update(task, advance=1, description=safe_text(f"{step.what} {step.name}")[:30])
            if step.added:
                added[step.what] = added.get(step.what, 0) + step.added
            elif step.note is None:
                there += 1
            if step.note is not None:
                notes.append(f"{step.what} {step.name}: {step.note}")
    for note in notes:
        print(f"norsewind db {action}: {safe_text(note)}")
    moved = [_count(added.get(what, 0), word) for what, word in _WORDS]
    if added.get("ratings"):  # said once there are any (issue 27)
        moved.append(_count(added["ratings"], "rated game"))
    print(f"norsewind db {action}: {', '.join(moved)}; {there} already there")
    return 0


_WORDS = (("game", "game"), ("table", "table"), ("profile", "profile record"))


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")
