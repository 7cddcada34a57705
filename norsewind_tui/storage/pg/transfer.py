"""``norsewind db import`` and ``db export``: a saves folder into the database and back (issue 25).

Import reads the folder and never writes it: each game (a save, a table) is read as the folder
store reads it (its backup when the main file is broken) and replayed to its digest before its
very bytes become a row; each profile is loaded as the app loads it (rebuilt in memory when its
file is broken) and its records go in one transaction.  Both are idempotent: a game already
there (same kind and name) is left as it is, a record already there (same game id) is not
added again, so a second run adds nothing.  Export is the same the other way, and never
replaces a file that is there.  Each step yields one ``Step``: the command draws its progress
bar from them.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ...rules.cards import CardDB
from ..atomic import fsync_dir, read_generation, read_limited, write_new
from ..errors import SaveError
from ..gamefile import list_folder
from ..halloffame import trusted_daily
from ..paths import BACKUP_SUFFIX, SUFFIX, ensure_dir, profiles_dir, sanitise_name
from ..profiles import ProfileStore
from ..ratings import LEDGER, ledger_path
from ..tables import TABLES_DIR
from ..verify import load_bytes
from .home import home
from .profiles import PgProfileStore, rate_into, record_into
from .rows import COLUMNS, Connection, connect_to, record_of

KINDS = {"save": "game", "table": "table"}
_DOCUMENT = "SELECT document FROM games WHERE kind = %s AND name = %s"


@dataclass(frozen=True)
class Step:
    """One game or profile moved: what it is, how much it added, why something was left out."""

    what: str  # "game", "table", "profile"
    name: str
    added: int  # 1 for a game added, the records added for a profile, 0 when all was there
    note: str | None = None  # one line: why it (or some of it) was left out


@dataclass(frozen=True)
class Plan:
    """The steps to come (for the progress bar's total) and the iterator that runs them."""

    total: int
    steps: Iterator[Step]


# --------------------------------------------------------------------------- into the database


def _checked(cards: CardDB) -> Callable[[bytes, str], tuple[bytes, int]]:
    """A file's bytes and generation once they replay to their digest (``SaveError`` if not)."""

    def decode(data: bytes, source: str) -> tuple[bytes, int]:
        return data, load_bytes(data, source, cards).save.generation

    return decode


def import_folder(url: str, folder: Path, cards: CardDB) -> Plan:
    """The plan of copying the saves folder ``folder`` (games, ``tables/``, ``profiles/``) into ``url``."""
    games = [("save", listed) for listed in _games_in(folder)]
    games += [("table", listed) for listed in _games_in(folder / TABLES_DIR)]
    store = ProfileStore(profiles_dir(folder), cards=cards, saves=(folder, folder / TABLES_DIR))
    names = store.names() if profiles_dir(folder).is_dir() else []
    main = ledger_path(profiles_dir(folder))
    rated = main.exists() or main.with_name(main.name[: -len(SUFFIX)] + BACKUP_SUFFIX).exists()

    def run() -> Iterator[Step]:
        with connect_to(url) as conn:  # one connection; a transaction per step (a run cut short keeps its steps)
            for kind, (name, main) in games:
                yield _import_game(conn, kind, name, main, cards)
            for name in names:
                yield _import_profile(conn, store, name)
            if rated:
                yield _import_ratings(conn, store)

    return Plan(len(games) + len(names) + rated, run())


def _import_ratings(conn: Connection, store: ProfileStore) -> Step:
    """The folder's counted results, after the database's own, each once (by its game's id)."""
    try:
        games = store.results()
    except SaveError as exc:
        return Step("ratings", LEDGER, 0, f"skipped: {exc}")
    with conn.transaction():
        added = sum(rate_into(conn, g) for g in games)
    return Step("ratings", LEDGER, added, None)


def _games_in(folder: Path) -> list[tuple[str, Path]]:
    """The games of ``folder`` (a game whose main file is gone but its backup is there too)."""
    if not folder.is_dir():
        return []
    found = []
    for listed in list_folder(folder, backups=True):
        found.append((listed.name, listed.path.with_name(listed.name + SUFFIX)))
    return found


def _import_game(conn: Connection, kind: str, name: str, main: Path, cards: CardDB) -> Step:
    what = KINDS[kind]
    try:
        if sanitise_name(name) != name:
            raise SaveError(f"{main}: not a name this program writes (rename it to {sanitise_name(name)}{SUFFIX})")
        # a table's file of another account is not believed, as the table store does not (trust.py)
        read = read_generation(main, main.with_name(name + BACKUP_SUFFIX), _checked(cards), owned=kind == "table")
    except SaveError as exc:
        return Step(what, name, 0, f"skipped: {exc}")
    if read is None:  # removed meanwhile
        return Step(what, name, 0, f"skipped {main}: it is gone")
    document, generation = read.value
    with conn.transaction():
        added = conn.execute(
            "INSERT INTO games (kind, name, generation, document) VALUES (%s, %s, %s, %s) "
            "ON CONFLICT DO NOTHING RETURNING 1",
            (kind, name, generation, document),
        ).fetchone()
        held = None if added else conn.execute(_DOCUMENT, (kind, name)).fetchone()
    if held is not None and bytes(held[0]) != document:
        return Step(what, name, 0, f"kept the database's {what} {name}: {main} is another game of that name")
    return Step(what, name, 1 if added else 0, read.notice)


def _import_profile(conn: Connection, store: ProfileStore, stem: str) -> Step:
    try:
        profile = store.load(stem)
    except SaveError as exc:
        return Step("profile", stem, 0, f"skipped: {exc}")
    if _safe(profile.name) != stem:
        return Step("profile", stem, 0, f"skipped {stem}{SUFFIX}: its name does not match the file's name")
    games = [g for g in profile.games if trusted_daily(g)]
    notes = [profile.notice] if profile.notice else []
    if left := len(profile.games) - len(games):
        notes.append(f"left out {left} daily result(s) with a seed not of that day")
    with conn.transaction():
        added = sum(record_into(conn, stem, profile.name, g) for g in games)
    return Step("profile", stem, added, "; ".join(notes) or None)


def _safe(name: str) -> str | None:
    try:
        return sanitise_name(name)
    except SaveError:
        return None


# --------------------------------------------------------------------------- out of the database


def export_folder(url: str, folder: Path, cards: CardDB) -> Plan:
    """The plan of writing the database's games, tables and profiles into the saves folder ``folder``."""
    with connect_to(url) as conn:
        games = conn.execute('SELECT kind, name FROM games ORDER BY kind, name COLLATE "C"').fetchall()
        names = conn.execute('SELECT key, name FROM profiles ORDER BY key COLLATE "C"').fetchall()
        rated = conn.execute("SELECT EXISTS (SELECT 1 FROM rated_games)").fetchone() == (True,)

    def run() -> Iterator[Step]:
        with connect_to(url) as conn:
            for kind, name in games:
                yield _export_game(conn, folder, kind, name, cards)
            for key, name in names:
                yield _export_profile(conn, folder, key, name, cards)
        if rated:
            yield _export_ratings(url, folder, cards)

    return Plan(len(games) + len(names) + rated, run())


def _export_ratings(url: str, folder: Path, cards: CardDB) -> Step:
    """The database's counted results into the folder's, after its own, each once; in one write."""
    games, skipped = PgProfileStore(home(url)).results()
    note = f"left out {skipped} result(s) that do not check" if skipped else None
    try:
        added = ProfileStore(profiles_dir(folder), cards=cards).rate_all(games)
    except SaveError as exc:
        return Step("ratings", LEDGER, 0, "; ".join(n for n in (note, str(exc)) if n))
    return Step("ratings", LEDGER, added, note)


def _export_game(conn: Connection, folder: Path, kind: str, name: str, cards: CardDB) -> Step:
    what = KINDS.get(kind, kind)
    with conn.transaction():
        row = conn.execute(_DOCUMENT, (kind, name)).fetchone()
    if row is None:
        return Step(what, name, 0, f"skipped the {what} {name}: it is gone")
    document = bytes(row[0])
    try:
        if sanitise_name(name) != name:
            raise SaveError(f"the {what} {name!r} in the database: not a name this program writes")
        load_bytes(document, f"the {what} {name} in the database", cards)  # a row is checked, never trusted
    except SaveError as exc:
        return Step(what, name, 0, f"skipped: {exc}")
    target = ensure_dir(folder / TABLES_DIR if kind == "table" else folder) / (name + SUFFIX)  # as the stores make them
    try:
        if read_limited(target) == document:
            return Step(what, name, 0)
        return Step(what, name, 0, f"skipped: {target} is there already, with another game (not replaced)")
    except FileNotFoundError:
        pass
    except SaveError as exc:  # too big, a symbolic link...: not ours to replace either
        return Step(what, name, 0, f"skipped: {exc} (not replaced)")
    try:
        _write_new(target, document)
    except FileExistsError:
        return Step(what, name, 0, f"skipped: {target} appeared meanwhile (not replaced)")
    except OSError as exc:
        raise SaveError(f"{target}: cannot write: {exc.strerror or exc}") from None
    return Step(what, name, 1)


def _write_new(path: Path, data: bytes) -> None:
    """Write a file that is not there yet, never replacing one (a link fails if the name is taken)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")  # a name atomic.remove_stale_temps knows
    write_new(tmp, data)
    try:
        os.link(tmp, path)
        fsync_dir(path.parent)
    finally:
        tmp.unlink(missing_ok=True)


def _export_profile(conn: Connection, folder: Path, key: str, name: str, cards: CardDB) -> Step:
    with conn.transaction():
        rows = conn.execute(f"SELECT {COLUMNS} FROM game_records WHERE profile = %s ORDER BY seq", (key,)).fetchall()
    games, notes = [], []
    for i, row in enumerate(rows):
        try:
            games.append(record_of(row, f"the profile {key} in the database: $.games[{i}]"))
        except SaveError as exc:  # a row edited by hand: left out, said
            notes.append(str(exc))
    try:
        added = ProfileStore(profiles_dir(folder), cards=cards).record_all(name, games)  # one write
    except SaveError as exc:
        return Step("profile", key, 0, "; ".join([*notes, str(exc)]))
    return Step("profile", key, added, "; ".join(notes) or None)
