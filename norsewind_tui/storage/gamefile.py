"""One game on disk, as saved games and shared tables both keep it.

A game is a save file (``docs/SAVES.md``) with a backup generation, a place to set a broken
file aside, and a lock file.  ``GameFiles`` reads a whole generation (the backup when the
main file is broken), peeks at a generation's number, and writes the next one atomically.
``Snapshot`` is one generation as a process knows it; ``OpenGame`` is what every open game
answers from its current snapshot.  What differs between a saved game and a table (who holds
the lock, when, and who may change what) stays in ``saves.py`` and ``tables.py``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Protocol

import msgspec

from ..rules.cards import CardDB
from ..rules.session import Session
from ..rules.state import State
from .atomic import (
    FileLock,
    Generation,
    Stamp,
    atomic_write,
    read_generation,
    read_limited,
    remove_stale_temps,
    set_aside,
    stamp_of,
)
from .errors import SaveError
from .format import FORMAT_VERSION, SaveFile, SaveMeta, SeatMeta, decode_json, encode_save, now, session_digest
from .paths import BACKUP_SUFFIX, DAMAGED_SUFFIX, LOCK_SUFFIX, SUFFIX, sanitise_name
from .verify import Loaded, load_bytes
from .watch import FileWatch, Watch

COMPUTER_SUFFIX = ".json.computer"  # the claim lock of whoever plays a table's computer seats now


class Current(ABC):
    """What a snapshot says of its game: a snapshot's own, an open game's current one's."""

    @abstractmethod
    def _current(self) -> Snapshot: ...

    @property
    def generation(self) -> int:
        return self._current().save.generation

    @property
    def meta(self) -> SaveMeta:
        return self._current().save.meta

    @property
    def seats(self) -> tuple[SeatMeta, ...]:
        return self._current().save.meta.seats

    @property
    def state(self) -> State:
        return self._current().session.state


@dataclass(frozen=True)
class Snapshot(Current):
    """One generation of a game file as this process knows it."""

    save: SaveFile
    session: Session
    stamp: Stamp | None = None  # of the main file as read or written
    damaged_main: bool = False  # read from the backup: set the broken main file aside before writing
    notice: str | None = None  # for the user: the backup was used, the format was migrated...
    warning: str | None = None  # written, but the disk failed after: it may not survive a power cut

    def _current(self) -> Snapshot:
        return self

    def with_meta(self, meta: SaveMeta) -> Snapshot:
        """This snapshot with other metadata (not written yet)."""
        return dataclasses.replace(self, save=msgspec.structs.replace(self.save, meta=meta))


def _to_move(state: State) -> int:
    """The seat to move, -1 once the game is over."""
    return -1 if state.is_over else state.current


class _Peek(msgspec.Struct):
    generation: int = -1


class Lock(Protocol):
    """An exclusive hold on a game (a ``FileLock``, or the database's advisory lock)."""

    @property
    def held(self) -> bool: ...

    def acquire(self, timeout: float = 0.0) -> None:
        """Take it, waiting up to ``timeout`` seconds; ``GameLocked`` names who holds it."""

    def release(self) -> None: ...


class GameDoc(Protocol):
    """Where one game's document lives, whichever the store (issue 25): a folder's files or a database row.

    The document is the save file's bytes (docs/SAVES.md) in both: read, replayed and checked against
    its digest on every load; written as the generation after the one read, refused (``SaveConflict``
    or a newer generation found) when another process wrote meanwhile.
    """

    name: str
    main: Path  # the save file (a database row: where its file would be; its analysis goes beside it)

    @property
    def source(self) -> str:
        """How messages name the document (the file's path, or the database and the row)."""

    def exists(self) -> bool: ...

    def read(self, cards: CardDB) -> Generation[Loaded] | None: ...

    def peek(self) -> int | None: ...

    def write(self, save: SaveFile, session: Session, base: Snapshot | None) -> Snapshot:
        """Write ``save``, ``session``'s document as the generation after ``base`` (``write_next``)."""

    def lock(self, what: str) -> Lock:
        """The game's writer's hold (a saved game: for a session; a table: around one write)."""

    def claim(self, what: str) -> Lock:
        """A table's computer seats' hold: who plays them now."""

    def tidy(self) -> None:
        """Under the lock: what an interrupted write left (temporary files) goes."""

    def stamp(self) -> Stamp | None:
        """What changes whenever the document does (a listing's cache key), None when it is missing."""

    def watch(self, fallback: float, notify: bool, claims: bool, held: Callable[[], int | None] | None = None) -> Watch:
        """What a follower waits on: woken when the document (and, with ``claims``, the claim) changes;
        ``held()``: the generation the follower holds, which a database's wake for it does not wake (a
        folder's watch wakes at each write: its look is a file's stat, not a query)."""

    def remove(self) -> None:
        """Delete the game (under its lock); ``OSError`` or ``SaveError`` when it cannot be."""


class Place(Protocol):
    """Where the games of one kind are: a folder, or a kind of row in the database."""

    @property
    def where(self) -> str:
        """How messages say where ("in /home/ana/saves", "in the database postgresql://...")."""

    def files(self, name: str, listed: Listed | None = None) -> GameDoc:
        """The game ``name``; ``listed``: its listing's entry, whose document (if it came with it) is
        its first read."""

    def listing(self, backups: bool = False, known: Mapping[str, int] | None = None) -> list[Listed]:
        """The games by name; ``OSError`` when they cannot be listed.  ``known``: the generations the
        caller holds already, by name: a database's listing brings every other game's document in the
        same query (issue 42: a lobby is one query, not one per table); a folder's brings none."""

    def data(self, found: Listed) -> bytes:
        """A listed game's document (``SaveError``, ``FileNotFoundError`` when it is gone)."""


class GameFiles:
    """The files of one game: the save, its backup, a broken save set aside, the lock."""

    def __init__(self, folder: Path, name: str, main: Path | None = None, owned: bool = False) -> None:
        self.name = name
        self.owned = owned  # a shared table: another account's file is not believed (trust.py)
        self.main = main or folder / (name + SUFFIX)
        self.backup = folder / (name + BACKUP_SUFFIX)
        self.damaged = folder / (name + DAMAGED_SUFFIX)
        self.lock_path = folder / (name + LOCK_SUFFIX)

    @property
    def source(self) -> str:
        return str(self.main)

    def exists(self) -> bool:
        return self.main.exists() or self.backup.exists()

    def lock(self, what: str) -> Lock:
        return FileLock(self.lock_path, what)

    def claim(self, what: str) -> Lock:
        return FileLock(self.claim_path, what)

    @property
    def claim_path(self) -> Path:
        return self.main.parent / (self.name + COMPUTER_SUFFIX)

    def tidy(self) -> None:
        remove_stale_temps(self.main)
        remove_stale_temps(self.backup)

    def stamp(self) -> Stamp | None:
        return stamp_of(self.main)

    def watch(self, fallback: float, notify: bool, claims: bool, held: Callable[[], int | None] | None = None) -> Watch:
        names: Collection[str] = (self.main.name, self.backup.name, *([self.claim_path.name] if claims else []))
        return FileWatch(self.main.parent, names, fallback, notify)

    def remove(self) -> None:
        for path in (self.main, self.backup, self.damaged, self.claim_path):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)
        self.tidy()
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.lock_path)

    def read(self, cards: CardDB) -> Generation[Loaded] | None:
        """Read, replay and verify the game (its backup when the main file is broken); None if neither exists."""

        def decode(data: bytes, source: str) -> Loaded:
            return load_bytes(data, source, cards)

        return read_generation(self.main, self.backup, decode, self.owned)

    def peek(self) -> int | None:
        """The generation of the main file (a cheap read), or None when it is missing or broken."""
        try:
            return decode_json(read_limited(self.main, owned=self.owned), _Peek, str(self.main)).generation
        except (SaveError, FileNotFoundError):
            return None

    def write(self, save: SaveFile, session: Session, base: Snapshot | None) -> Snapshot:
        """The one on disk becomes the backup.  ``SaveError`` when the disk refuses (the file is then
        unchanged)."""
        data = encode_save(save)
        before = stamp_of(self.main)
        try:
            if base is not None and base.damaged_main:
                set_aside(self.main, self.damaged)
            before = stamp_of(self.main)
            atomic_write(self.main, data, backup=self.backup)
        except OSError as exc:
            # Which step failed decides what the game is now: memory must follow the file.
            reason = exc.strerror or str(exc)
            if not self._holds(data, before):
                raise SaveError(f"cannot save {self.main.name}: {reason} (nothing changed)") from None
            warning = f"saved {self.main.name}, but the disk failed after: {reason} (a power cut may lose it)"
            return Snapshot(save, session, stamp_of(self.main), warning=warning)
        return Snapshot(save, session, stamp_of(self.main))

    def _holds(self, data: bytes, before: Stamp | None) -> bool:
        """After a failed write: is ``data`` under the save's name all the same (a step after the rename failed)?

        The rename gives the name a new file; while it is the file we read or wrote last, nothing
        was replaced.  When the new file cannot be read back it is taken as written: only this
        process writes under the lock, and a game behind its file would refuse every later write.
        """
        if stamp_of(self.main) in (before, None):
            return False
        try:
            return read_limited(self.main) == data
        except FileNotFoundError:
            return False
        except SaveError:
            return True


def write_next(
    doc: GameDoc,
    session: Session,
    meta: SaveMeta,
    cards: CardDB,
    base: Snapshot | None = None,
    stamp: datetime | None = None,
) -> Snapshot:
    """Write ``session`` to ``doc`` as the generation after ``base`` (None: the first).

    ``stamp`` (default: now) is the write's ``updated``, and its ``turn_since`` when the player to
    move is not ``base``'s (a first write always); otherwise ``meta.turn_since`` is kept (a file
    without it: its ``updated`` before this write, what it read as until now).
    """
    return doc.write(_next_save(session, meta, cards, base, stamp), session, base)


def _next_save(
    session: Session, meta: SaveMeta, cards: CardDB, base: Snapshot | None, stamp: datetime | None
) -> SaveFile:
    """The document of the generation after ``base`` (what every store writes: ``GameDoc.write``)."""
    state = session.state
    stamp = stamp or now()
    passed = base is None or _to_move(base.state) != _to_move(state)
    since = stamp if passed else meta.turn_since or meta.updated
    meta = msgspec.structs.replace(meta, updated=stamp, turn=state.turn, finished=state.is_over, turn_since=since)
    return SaveFile(
        format=FORMAT_VERSION,
        generation=_next_generation(base),
        cards=cards.digest,
        seed=session.seed,
        config=session.config,
        position=session.position,
        digest=session_digest(session),
        meta=meta,
        moves=tuple(session.moves),
    )


def _next_generation(base: Snapshot | None) -> int:
    if base is None:
        return 1
    return base.generation + (2 if base.damaged_main else 1)  # past the broken file's number too


def snapshot_of(gen: Generation[Loaded], notice: str | None = None) -> Snapshot:
    """The snapshot of a generation just read (``notice`` replaces the reader's)."""
    loaded = gen.value
    return Snapshot(loaded.save, loaded.session, gen.stamp, gen.damaged_main, notice or gen.notice)


@dataclass(frozen=True)
class Listed:
    """A save file found in a folder (or a row of the database)."""

    name: str
    path: Path
    from_backup: bool = False  # only its backup is there (``path`` is the backup): it opens from it
    stamp: Stamp | None = None  # a row's generation and time: what a file's stamp is to a folder
    document: bytes | None = None  # the row's document, when the listing brought it


class Folder:
    """The games of one folder (``owned``: a shared one, where another account's files are not believed)."""

    def __init__(self, folder: Path, owned: bool = False) -> None:
        self.dir = folder
        self.owned = owned

    @property
    def where(self) -> str:
        return f"in {self.dir}"

    def files(self, name: str, listed: Listed | None = None) -> GameDoc:
        return GameFiles(self.dir, sanitise_name(name), owned=self.owned)

    def listing(self, backups: bool = False, known: Mapping[str, int] | None = None) -> list[Listed]:
        return [dataclasses.replace(f, stamp=stamp_of(f.path)) for f in list_folder(self.dir, backups)]

    def data(self, found: Listed) -> bytes:
        return read_limited(found.path, owned=self.owned)


def list_folder(folder: Path, backups: bool = False) -> Iterator[Listed]:
    """The save files of ``folder`` by name; ``OSError`` when it cannot be listed.

    ``backups``: also the games whose main file is gone but whose backup holds them.
    """
    entries = {e.name: e for e in os.scandir(folder) if not e.name.startswith(".")}
    for name in sorted(entries):
        if name.endswith(SUFFIX):
            yield Listed(name[: -len(SUFFIX)], Path(entries[name].path))
        elif backups and name.endswith(BACKUP_SUFFIX) and name[: -len(BACKUP_SUFFIX)] + SUFFIX not in entries:
            yield Listed(name[: -len(BACKUP_SUFFIX)], Path(entries[name].path), from_backup=True)


def cannot_list(folder: Path, exc: OSError) -> str:
    return f"{folder}: cannot list: {exc.strerror or exc}"


def check_name(name: str, path: Path, what: str) -> None:
    """``SaveError`` when a listed file's name is not one this program would have written."""
    if sanitise_name(name) != name:
        raise SaveError(f"{path}: not a valid {what} name (rename it to {sanitise_name(name)}{SUFFIX})")


class OpenGame(Current):
    """What every open game answers from its current snapshot (``_current``) and its files."""

    _files: GameDoc

    @property
    def name(self) -> str:
        return self._files.name

    @property
    def path(self) -> Path:
        return self._files.main

    @property
    def session(self) -> Session:
        return self._current().session

    @property
    def assisted(self) -> bool:
        return self._current().meta.assisted

    @property
    def finished(self) -> bool:
        return self._current().state.is_over

    @property
    def id(self) -> str:
        return self._current().meta.id

    @property
    def warning(self) -> str | None:
        """One line when the last write reached the file but the disk failed after it (else None)."""
        return self._current().warning

    @property
    def branch_of(self) -> str | None:
        """The game this one plays on from (issue 12: no medal, R25), or None."""
        return self._current().meta.branch_of
