"""Saved games: create, open (replay and verify), autosave every decision, undo policy.

A ``SavedGame`` is a rules ``Session`` tied to a file.  Every change goes
through it (``push``, ``undo``, ``redo``) and is written at once, atomically,
with the previous generation kept as ``NAME.json.bak``.  A writable game holds
an exclusive lock (``NAME.json.lock``) naming its holder; a second process is
told who holds it, or opens the game read-only.  Before each write the file
on disk is checked to be the generation this process last read or wrote.

Undo policy: undo never reveals or changes hidden information.  One undo step
takes back the last human decision together with the computer players' moves
that followed it.  A step back over a card revealed from the draw or reserve
deck (``State.revealed`` grew) needs confirmation and marks the game
*assisted* for good: an assisted solo game scores but earns no medal.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from types import TracebackType

import msgspec

from ..rules.cards import CardDB, default_cards
from ..rules.engine import ConfigError, IllegalMove
from ..rules.events import Event
from ..rules.moves import Move
from ..rules.scoring import final_result
from ..rules.session import Session
from ..rules.state import GameConfig, State
from .atomic import (
    FileLock,
    Stamp,
    atomic_write,
    read_generation,
    read_limited,
    remove_stale_temps,
    set_aside,
    stamp_of,
)
from .errors import GameLocked, ReadOnlyGame, SaveConflict, SaveError, SaveMismatch
from .format import (
    FORMAT_VERSION,
    MAX_TEXT,
    SaveFile,
    SaveMeta,
    SeatMeta,
    decode_json,
    decode_save,
    digest_matches,
    encode_save,
    now,
    printable_problem,
    session_digest,
)
from .paths import BACKUP_SUFFIX, DAMAGED_SUFFIX, LOCK_SUFFIX, SUFFIX, ensure_dir, profiles_dir, sanitise_name
from .profiles import GameRecord, ProfileStore

_move_enc = msgspec.json.Encoder()


# --------------------------------------------------------------------------- loading and verifying


@dataclass
class Loaded:
    save: SaveFile
    session: Session
    migrated_from: int | None


def verify(save: SaveFile, source: str, cards: CardDB, migrated_from: int | None = None) -> Session:
    """Replay ``save`` and check it; the session at the saved position, or ``SaveError``."""
    if save.cards != cards.digest:
        made = f" ({save.meta.cards_source})" if save.meta.cards_source else ""
        raise SaveMismatch(
            f"{source}: $.cards: made with the card set {save.cards}{made}, not with the loaded one "
            f"{cards.digest} ({cards.source}): start Norsewind with --cards and that set's file"
        )
    config = save.config
    for i, player in enumerate(config.players):
        if len(player) > MAX_TEXT:
            raise SaveError(f"{source}: $.config.players[{i}]: a name of {len(player)} characters (at most {MAX_TEXT})")
        if (why := printable_problem(player)) is not None:
            raise SaveError(f"{source}: $.config.players[{i}]: the name {why}")
    meta = save.meta
    if len(meta.seats) != len(config.players):
        raise SaveError(f"{source}: $.meta.seats: {len(meta.seats)} seats for {len(config.players)} players")
    for i, seat in enumerate(meta.seats):
        if (why := printable_problem(seat.name)) is not None:
            raise SaveError(f"{source}: $.meta.seats[{i}].name: the name {why}")
    if meta.profile is not None and (why := printable_problem(meta.profile)) is not None:
        raise SaveError(f"{source}: $.meta.profile: the name {why}")
    if (meta.mode == "solo") != config.solo:
        raise SaveError(f"{source}: $.meta.mode: {meta.mode!r} for {len(config.players)} player(s)")
    if save.position > len(save.moves):
        raise SaveError(f"{source}: $.position: {save.position} is past the end of the log ({len(save.moves)} moves)")
    if not save.digest and migrated_from is None:
        raise SaveError(f"{source}: $.digest: missing")
    try:
        session = Session(config, save.seed, cards)
    except ConfigError as exc:
        raise SaveError(f"{source}: $.config: {exc}") from None
    except Exception as exc:  # a configuration the rules choke on is still just a broken file
        raise SaveError(f"{source}: $.config: cannot set up this game ({type(exc).__name__}: {exc})") from None
    for i, move in enumerate(save.moves):
        try:
            session.push(move)
        except IllegalMove as exc:
            raise SaveError(f"{source}: $.moves[{i}]: illegal move {_move_enc.encode(move).decode()}: {exc}") from None
        except Exception as exc:
            raise SaveError(
                f"{source}: $.moves[{i}]: the rules failed on {_move_enc.encode(move).decode()} "
                f"({type(exc).__name__}: {exc})"
            ) from None
    session.position = save.position
    state = session.state
    if save.digest and not digest_matches(save.digest, session, migrated_from or FORMAT_VERSION):
        raise SaveError(
            f"{source}: $.digest: the log does not replay to the saved state (hand-edited, or saved by different rules)"
        )
    if migrated_from is None:
        if meta.turn != state.turn:
            raise SaveError(f"{source}: $.meta.turn: says {meta.turn} but the log replays to turn {state.turn}")
        if meta.finished != state.is_over:
            raise SaveError(
                f"{source}: $.meta.finished: says {str(meta.finished).lower()} but the game "
                + ("is over" if state.is_over else "goes on")
            )
    return session


def load_bytes(data: bytes, source: str, cards: CardDB) -> Loaded:
    save, migrated = decode_save(data, source)
    return Loaded(save, verify(save, source, cards, migrated), migrated)


# --------------------------------------------------------------------------- listing


@dataclass(frozen=True)
class SaveSummary:
    """One line of the saves listing (read without replaying); ``error`` for a broken file."""

    name: str
    path: Path
    mode: str = "?"
    players: tuple[str, ...] = ()
    seats: tuple[SeatMeta, ...] = ()
    turn: int = 0
    updated: datetime | None = None
    finished: bool = False
    assisted: bool = False
    level: int | None = None
    moves: int = 0
    error: str | None = None
    mtime_ns: int = 0  # of the file: orders games saved within the same second
    profile: str | None = None  # solo: the profile that records the result


def _summary(name: str, path: Path) -> SaveSummary:
    try:
        if sanitise_name(name) != name:
            raise SaveError(f"{path}: not a valid save name (rename it to {sanitise_name(name)}{SUFFIX})")
        save, _ = decode_save(read_limited(path), str(path))
    except (SaveError, FileNotFoundError) as exc:
        return SaveSummary(name, path, error=str(exc))
    meta = save.meta
    return SaveSummary(
        name,
        path,
        meta.mode,
        tuple(save.config.players),
        meta.seats,
        meta.turn,
        meta.updated,
        meta.finished,
        meta.assisted,
        meta.level,
        save.position,
        profile=meta.profile,
    )


# --------------------------------------------------------------------------- the store


class GameStore:
    """The saved games in one folder."""

    def __init__(self, saves_dir: Path, cards: CardDB | None = None, profiles: ProfileStore | None = None) -> None:
        self.dir = ensure_dir(Path(saves_dir))
        self.cards = cards or default_cards()
        self.profiles = profiles or ProfileStore(profiles_dir(self.dir))

    # paths
    def path(self, name: str) -> Path:
        return self.dir / (sanitise_name(name) + SUFFIX)

    def _files(self, name: str) -> _Files:
        return _Files(self.dir, sanitise_name(name))

    def exists(self, name: str) -> bool:
        f = self._files(name)
        return f.main.exists() or f.backup.exists()

    # create
    def create(
        self,
        config: GameConfig,
        seed: int,
        seats: Sequence[SeatMeta],
        name: str | None = None,
        profile: str | None = None,
    ) -> SavedGame:
        """Start a game and write its first save at once; a free name is chosen when ``name`` is None.

        Raises ``SaveError`` (name taken, bad names, disk), or the rules' ``ConfigError``.
        ``profile`` names the solo campaign profile (default: the solo player's name).
        """
        seats = tuple(seats)
        if len(seats) != len(config.players):
            raise SaveError(f"{len(seats)} seats for {len(config.players)} players")
        for text in (*config.players, *(s.name for s in seats), *([profile] if profile else [])):
            if len(text) > MAX_TEXT:
                raise SaveError(f"the name {text[:20]!r}... is longer than {MAX_TEXT} characters")
            if (why := printable_problem(text)) is not None:
                raise SaveError(f"the name {text!r} {why}")
        session = Session(config, seed, self.cards)  # ConfigError for an impossible game
        solo = config.solo
        stamp = now()
        meta = SaveMeta(
            id=uuid.uuid4().hex,
            mode="solo" if solo else "multiplayer",
            seats=seats,
            created=stamp,
            updated=stamp,
            turn=session.state.turn,
            level=config.level if solo else None,
            finished=session.state.is_over,
            profile=(profile or config.players[0]) if solo and seats[0].kind == "human" else None,
            cards_source=self.cards.source[:256],
        )
        return self._new_file(name, session, meta, default=self._default_name(config))

    def _default_name(self, config: GameConfig) -> str:
        day = now().strftime("%Y-%m-%d")
        return f"{day}-solo-level-{config.level}" if config.solo else f"{day}-{len(config.players)}-players"

    def _new_file(self, name: str | None, session: Session, meta: SaveMeta, default: str) -> SavedGame:
        base = sanitise_name(name if name is not None else default)
        for n in range(1, 10_000):
            candidate = base if n == 1 else f"{base}-{n}"
            files = _Files(self.dir, candidate)
            if name is not None and (files.main.exists() or files.backup.exists()):
                raise SaveError(f"a game named {candidate} already exists in {self.dir}")
            lock = FileLock(files.lock, f"the game {candidate}")
            try:
                lock.acquire()  # GameLocked when someone is creating or playing it right now
            except GameLocked:
                if name is not None:
                    raise
                continue
            if files.main.exists() or files.backup.exists():
                lock.release()
                if name is not None:
                    raise SaveError(f"a game named {candidate} already exists in {self.dir}")
                continue
            game = SavedGame(self, files, session, meta, lock=lock, generation=0, stamp=None)
            try:
                game._write()
            except BaseException:
                lock.release()
                raise
            return game
        raise SaveError(f"no free name like {base} in {self.dir}")

    # open
    def open(self, name: str, read_only: bool = False) -> SavedGame:
        """Replay and verify the game ``name``.

        Raises ``SaveError`` (one line naming the file and the problem) or ``GameLocked``
        (who holds it) unless ``read_only``.  Never modifies the file.
        """
        files = self._files(name)
        lock = None
        if not read_only:
            lock = FileLock(files.lock, f"the game {files.name}")
            lock.acquire()
        try:
            if lock is not None:
                remove_stale_temps(files.main)
                remove_stale_temps(files.backup)
            gen = read_generation(files.main, files.backup, self._decode)
            if gen is None:
                raise SaveError(f"no saved game named {files.name} in {self.dir}")
        except BaseException:
            if lock is not None:
                if not files.main.exists() and not files.backup.exists():
                    with contextlib.suppress(OSError):
                        os.unlink(files.lock)
                lock.release()
            raise
        loaded = gen.value
        notice = gen.notice
        if loaded.migrated_from is not None:
            text = f"{files.main.name}: converted from save format {loaded.migrated_from} (rewritten on the next move)"
            notice = f"{notice}; {text}" if notice else text
        meta = loaded.save.meta
        if loaded.migrated_from is not None:
            state = loaded.session.state
            meta = msgspec.structs.replace(meta, turn=state.turn, finished=state.is_over)
        game = SavedGame(
            self,
            files,
            loaded.session,
            meta,
            lock=lock,
            generation=loaded.save.generation,
            stamp=gen.stamp,
            damaged_main=gen.damaged_main,
            notice=notice,
        )
        if not read_only:
            game._record_if_finished()
        return game

    def _decode(self, data: bytes, source: str) -> Loaded:
        return load_bytes(data, source, self.cards)

    def verify_file(self, path: Path) -> SavedGame:
        """Load any save file read-only and verify it (``saves verify FILE``); no lock, no fallback."""
        source = str(path)
        try:
            data = read_limited(path, follow=True)
        except FileNotFoundError:
            raise SaveError(f"{source}: no such file") from None
        loaded = load_bytes(data, source, self.cards)
        name = path.name[: -len(SUFFIX)] if path.name.endswith(SUFFIX) else path.name
        files = _Files(path.parent, name, main=path)
        notice = None if loaded.migrated_from is None else f"save format {loaded.migrated_from}, migrated"
        return SavedGame(
            self, files, loaded.session, loaded.save.meta, None, loaded.save.generation, None, notice=notice
        )

    # list, latest, remove
    def list(self) -> list[SaveSummary]:
        """Every save in the folder, newest first; broken ones carry their ``error``; never raises."""
        out = []
        try:
            entries = sorted(os.scandir(self.dir), key=lambda e: e.name)
        except OSError as exc:
            return [SaveSummary("?", self.dir, error=f"{self.dir}: cannot list: {exc.strerror or exc}")]
        for entry in entries:
            if entry.name.startswith(".") or not entry.name.endswith(SUFFIX):
                continue
            name = entry.name[: -len(SUFFIX)]
            summary = _summary(name, Path(entry.path))
            with contextlib.suppress(OSError):
                summary = dataclasses.replace(summary, mtime_ns=entry.stat(follow_symlinks=False).st_mtime_ns)
            out.append(summary)
        epoch = datetime.fromtimestamp(0).astimezone()
        out.sort(key=lambda s: (s.updated or epoch, s.mtime_ns, s.name), reverse=True)
        return out

    def latest(self) -> str | None:
        """The most recently saved game that is not finished (what ``resume`` opens), or None."""
        for s in self.list():
            if s.error is None and not s.finished:
                return s.name
        return None

    def remove(self, name: str) -> None:
        """Delete a game (its file, backup and lock); ``GameLocked`` while someone plays it."""
        files = self._files(name)
        if not files.main.exists() and not files.backup.exists():
            raise SaveError(f"no saved game named {files.name} in {self.dir}")
        lock = FileLock(files.lock, f"the game {files.name}")
        lock.acquire()
        try:
            for path in (files.main, files.backup, files.damaged):
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(path)
            remove_stale_temps(files.main)
            remove_stale_temps(files.backup)
            with contextlib.suppress(FileNotFoundError):
                os.unlink(files.lock)
        except OSError as exc:
            raise SaveError(f"cannot remove {files.main}: {exc.strerror or exc}") from None
        finally:
            lock.release()


class _Files:
    """The paths of one game."""

    def __init__(self, folder: Path, name: str, main: Path | None = None) -> None:
        self.name = name
        self.main = main or folder / (name + SUFFIX)
        self.backup = folder / (name + BACKUP_SUFFIX)
        self.damaged = folder / (name + DAMAGED_SUFFIX)
        self.lock = folder / (name + LOCK_SUFFIX)


# --------------------------------------------------------------------------- a game


class SavedGame:
    """A game tied to its save file.  Change it only through ``push``, ``undo`` and ``redo``."""

    def __init__(
        self,
        store: GameStore,
        files: _Files,
        session: Session,
        meta: SaveMeta,
        lock: FileLock | None,
        generation: int,
        stamp: Stamp | None,
        damaged_main: bool = False,
        notice: str | None = None,
    ) -> None:
        self.store = store
        self._files = files
        self.session = session
        self._meta = meta
        self._lock = lock
        self._generation = generation
        self._stamp = stamp
        self._damaged_main = damaged_main
        self.notice = notice  # a one-line message for the user (backup used, migrated, ...)

    # what it is
    @property
    def name(self) -> str:
        return self._files.name

    @property
    def path(self) -> Path:
        return self._files.main

    @property
    def read_only(self) -> bool:
        return self._lock is None

    @property
    def state(self) -> State:
        return self.session.state

    @property
    def seats(self) -> tuple[SeatMeta, ...]:
        return self._meta.seats

    @property
    def meta(self) -> SaveMeta:
        return self._meta

    @property
    def assisted(self) -> bool:
        return self._meta.assisted

    @property
    def finished(self) -> bool:
        return self.session.state.is_over

    @property
    def id(self) -> str:
        return self._meta.id

    @property
    def generation(self) -> int:
        return self._generation

    def __repr__(self) -> str:
        return f"<SavedGame {self.name} move {self.session.position}/{len(self.session.moves)}>"

    # writing
    def _writable(self) -> None:
        if self._lock is None:
            raise ReadOnlyGame(f"{self.path}: opened read-only (another session holds it)")

    def _check_version(self) -> None:
        """The file on disk must be the generation we last read or wrote (never clobber)."""
        current = stamp_of(self.path)
        if current is None or current == self._stamp:
            return
        try:
            probe = decode_json(read_limited(self.path), _Generation, str(self.path))
        except (SaveError, FileNotFoundError):
            probe = None
        if probe is not None and probe.generation == self._generation:
            self._stamp = current  # touched or copied in place, same content generation
            return
        raise SaveConflict(
            f"{self.path}: changed by another program since it was opened; not overwriting it "
            "(save this game under another name)"
        )

    def _snapshot(self) -> SaveFile:
        s = self.session
        state = s.state
        meta = msgspec.structs.replace(self._meta, updated=now(), turn=state.turn, finished=state.is_over)
        return SaveFile(
            format=FORMAT_VERSION,
            generation=self._generation + 1,
            cards=self.store.cards.digest,
            seed=s.seed,
            config=s.config,
            position=s.position,
            digest=session_digest(s),
            meta=meta,
            moves=tuple(s.moves),
        )

    def _write(self) -> None:
        """Autosave: atomically replace the file (the old generation becomes the backup)."""
        self._writable()
        self._check_version()
        save = self._snapshot()
        data = encode_save(save)
        try:
            if self._damaged_main:
                set_aside(self.path, self._files.damaged)
            atomic_write(self.path, data, backup=self._files.backup)
        except OSError as exc:
            raise SaveError(f"{self.path}: cannot save: {exc.strerror or exc}") from None
        self._damaged_main = False
        self._meta = save.meta
        self._generation = save.generation
        self._stamp = stamp_of(self.path)

    def save(self) -> None:
        """Write now (every change already does; for a game converted from an old format)."""
        self._write()

    # moves
    def legal_moves(self) -> list[Move]:
        return self.session.legal_moves()

    def push(self, move: Move) -> list[Event]:
        """Apply ``move`` and autosave; ``IllegalMove`` (untouched) if the rules refuse it.

        If the save cannot be written the move is taken back and ``SaveError`` raised, so the
        game in memory never runs ahead of the file.
        """
        self._writable()
        s = self.session
        pos = s.position
        kept = (s.states[pos + 1 :], s.moves[pos:], s.events[pos:])
        events = s.push(move)
        try:
            self._write()
        except SaveError:
            del s.states[pos + 1 :], s.moves[pos:], s.events[pos:]
            s.states.extend(kept[0])
            s.moves.extend(kept[1])
            s.events.extend(kept[2])
            s.position = pos
            raise
        self._record_if_finished()
        return events

    def _is_computer(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat].kind == "computer"

    def _mover(self, index: int) -> int:
        """The seat that decided move ``index``."""
        return self.session.states[index].current

    def _undo_target(self) -> int | None:
        """The position one undo step goes back to, or None."""
        s = self.session
        p = s.position
        while p > 0 and self._is_computer(self._mover(p - 1)):
            p -= 1
        if p > 0:
            return p - 1  # the human decision before the computer moves
        if s.position > 0 and not any(seat.kind == "human" for seat in self.seats):
            return s.position - 1  # computers only: one move at a time
        return None

    def can_undo(self) -> bool:
        return self._lock is not None and self._undo_target() is not None

    def undo_needs_confirmation(self) -> bool:
        """Would the next undo go back over a card revealed from a hidden deck?"""
        target = self._undo_target()
        return target is not None and self.session.states[target].revealed < self.state.revealed

    def undo(self, confirm: bool = False) -> bool:
        """Take back the last human decision (and the computer moves after it); autosaves.

        Returns False, changing nothing, when there is nothing to undo or the step needs
        confirmation and ``confirm`` is False.  A confirmed step over a revealed card marks
        the game assisted for good.
        """
        self._writable()
        target = self._undo_target()
        if target is None:
            return False
        needs = self.session.states[target].revealed < self.state.revealed
        if needs and not confirm:
            return False
        old_pos, old_meta = self.session.position, self._meta
        self.session.position = target
        if needs and not self._meta.assisted:
            self._meta = msgspec.structs.replace(self._meta, assisted=True)
        try:
            self._write()
        except SaveError:
            self.session.position, self._meta = old_pos, old_meta
            raise
        return True

    def can_redo(self) -> bool:
        return self._lock is not None and self.session.can_redo()

    def redo(self) -> bool:
        """Make the next undone decision again (and the computer moves after it); autosaves."""
        self._writable()
        s = self.session
        if not s.can_redo():
            return False
        old = s.position
        p = old + 1
        while p < len(s.moves) and self._is_computer(self._mover(p)):
            p += 1
        s.position = p
        try:
            self._write()
        except SaveError:
            s.position = old
            raise
        return True

    # the campaign
    def _record_if_finished(self) -> None:
        meta = self._meta
        if self._lock is None or meta.recorded or not meta.profile or not self.state.is_over or not self.state.solo:
            return
        result = final_result(self.state)
        assert result.vikings is not None and result.margin is not None
        record = GameRecord(
            game=meta.id,
            date=now(),
            level=self.state.config.level,
            score=result.scores[0],
            vikings=result.vikings,
            margin=result.margin,
            medal=None if meta.assisted else result.medal,
            seed=self.session.seed,
            assisted=meta.assisted,
            save=self.name,
            cards=self.store.cards.digest,
        )
        try:
            self.store.profiles.record(meta.profile, record)
        except SaveError as exc:
            self.notice = f"the result could not be recorded in the profile {meta.profile}: {exc}"
            return
        self._meta = msgspec.structs.replace(meta, recorded=True)
        try:
            self._write()
        except SaveError as exc:  # recorded once all the same: the profile knows the game id
            self.notice = str(exc)

    # other files
    def save_as(self, name: str) -> SavedGame:
        """Continue this game under a new name (a new file; this one is closed and kept as it is)."""
        if sanitise_name(name) == self.name:
            raise SaveError(f"the game is already saved as {self.name}")
        s = self.session
        session = Session.replay(s.config, s.seed, list(s.moves), s.position, self.store.cards)
        new = self.store._new_file(name, session, self._meta, default=name)
        self.close()
        return new

    def reload(self) -> bool:
        """Read-only games: pick up what the holder saved since; True when the game changed."""
        current = stamp_of(self.path)
        if current == self._stamp:
            return False
        gen = read_generation(self.path, self._files.backup, self.store._decode)
        if gen is None:
            raise SaveError(f"{self.path}: the game was removed")
        if gen.value.save.generation == self._generation and gen.stamp == current:
            self._stamp = current
            return False
        self.session = gen.value.session
        self._meta = gen.value.save.meta
        self._generation = gen.value.save.generation
        self._stamp = gen.stamp
        self.notice = gen.notice
        return True

    def close(self) -> None:
        """Release the lock (the game stays saved)."""
        lock, self._lock = self._lock, None
        if lock is not None:
            lock.release()

    def __enter__(self) -> SavedGame:
        return self

    def __exit__(self, t: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


class _Generation(msgspec.Struct):
    generation: int = -1
