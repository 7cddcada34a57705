"""Saved games: create, open (replay and verify), autosave every decision, undo and redo.

A ``SavedGame`` is a rules ``Session`` tied to a file.  Every change goes
through it (``push``, ``undo``, ``redo``) and is written at once, atomically,
with the previous generation kept as ``NAME.json.bak``.  A writable game holds
an exclusive lock (``NAME.json.lock``) naming its holder; a second process is
told who holds it, or opens the game read-only.  Before each write the file
on disk is checked to be the generation this process last read or wrote.

Undo policy (``undo.py``, shared with the tables): undo never reveals or
changes hidden information.  One undo step takes back the last human decision
together with the computer players' moves that followed it.  A step back over a
card revealed from the draw or reserve deck (``State.revealed`` grew) needs
confirmation and marks the game *assisted* for good: an assisted solo game
scores but earns no medal.  A finished game is final (R25).

What a saved game shares with a shared table (the file's generations, reading,
writing, listing) is ``gamefile.py``'s; what is its own is the lock held for as
long as the game is open, the version check against other programs, and the
solo campaign's record.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import time
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType

import msgspec

from ..rules.cards import CardDB, default_cards
from ..rules.events import Event
from ..rules.moves import Move
from ..rules.scoring import final_result
from ..rules.session import Session
from ..rules.state import GameConfig
from ..words import storage as say
from .analysis import analysis_path
from .atomic import read_limited
from .dailyseed import daily_of
from .errors import NOT_TAKEN, GameLocked, ReadOnlyGame, SaveConflict, SaveError, StorageError, StoreUnreachable
from .format import MAX_TEXT, SaveMeta, SeatMeta, decode_save, now, printable_problem
from .gamefile import (
    Folder,
    GameDoc,
    GameFiles,
    Listed,
    Lock,
    OpenGame,
    Place,
    Snapshot,
    cannot_list,
    check_name,
    snapshot_of,
    write_next,
)
from .handle import Change, Decide, GameHandle
from .paths import SUFFIX, ensure_dir, profiles_dir, sanitise_name
from .problems import Parting, TurnProblem, UndoProblem
from .profiles import GameRecord, Profiles, ProfileStore, rating_problem
from .ratings import result_of, shipped_anchors
from .standin import STANDIN_BOT, StandIn
from .undo import redo_step, undo_step
from .verify import Loaded, load_bytes, verify
from .watch import FALLBACK, Watch

__all__ = ["GameFinished", "GameStore", "Loaded", "SaveSummary", "SavedGame", "load_bytes", "verify"]


class GameFinished(SaveError):
    """Undo or redo asked of a finished game: its result stands (R25); nothing changed."""


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
    branch_of: str | None = None  # played on from this game (issue 12)


def _summary(place: Place, found: Listed) -> SaveSummary:
    name, path = found.name, found.path
    try:
        check_name(name, path, "save")
        save, _ = decode_save(place.data(found), str(path))
    except (SaveError, FileNotFoundError) as exc:
        return SaveSummary(name, path, updated=_file_time(path), error=str(exc))
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
        branch_of=meta.branch_of,
    )


def _file_time(path: Path) -> datetime | None:
    """A broken save's time is its file's (the Resume screen showed "None")."""
    try:
        return datetime.fromtimestamp(path.lstat().st_mtime, UTC)
    except OSError:
        return None


# --------------------------------------------------------------------------- the store


class GameStore:
    """The saved games in one folder."""

    def __init__(
        self,
        saves_dir: Path,
        cards: CardDB | None = None,
        profiles: Profiles | None = None,
        owned: bool = False,
        place: Place | None = None,
    ) -> None:
        """``owned``: the games are shared (tables): another account's files are not believed.
        ``place``: where the games are (default: the folder ``saves_dir``; the database's rows)."""
        self.dir = ensure_dir(Path(saves_dir))
        self.owned = owned
        self.place: Place = place or Folder(self.dir, owned)
        self._cards = cards
        self.profiles: Profiles = profiles or ProfileStore(profiles_dir(self.dir), cards=cards)

    @property
    def cards(self) -> CardDB:
        """The card set the games are played with; the shipped one is read when first needed (not to
        draw the title screen: issue 16)."""
        if self._cards is None:
            self._cards = default_cards()
        return self._cards

    # paths
    def path(self, name: str) -> Path:
        return self.dir / (sanitise_name(name) + SUFFIX)

    def files(self, name: str) -> GameDoc:
        return self.place.files(name)

    def exists(self, name: str) -> bool:
        return self.files(name).exists()

    # create
    def create(
        self,
        config: GameConfig,
        seed: int,
        seats: Sequence[SeatMeta],
        name: str | None = None,
        profile: str | None = None,
        campaign: bool = True,
    ) -> SavedGame:
        """Start a game and write its first save at once; a free name is chosen when ``name`` is None.

        ``campaign=False``: a solo game whose result no profile records (the tutorial earns no medal).

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
            profile=(profile or config.players[0]) if solo and campaign and seats[0].kind == "human" else None,
            cards_source=self.cards.source[:256],
        )
        return self._new_file(name, session, meta, default=self._default_name(config))

    def add(self, session: Session, meta: SaveMeta, name: str, stamp: datetime | None = None) -> SavedGame:
        """A new game file ``name`` holding ``session`` (its log, standing at its position) and ``meta``.

        For a game that comes from elsewhere (``norsewind import``): the caller has verified it.
        Never overwrites: ``SaveError`` when the name is taken (nothing is written then).
        ``stamp``: the first write's time (default: now; a table store's clock).
        """
        return self._new_file(name, session, meta, default=name, stamp=stamp)

    def branch(self, game: GameHandle, position: int, name: str | None = None) -> SavedGame:
        """Play on from ``game`` after ``position`` decisions, as a new game (issue 12, R25).

        The new file holds the first ``position`` moves of the log, the same seats, a new
        identity and ``branch_of``/``branch_at``; it has no campaign profile, so it earns no
        medal and is never recorded.  ``game``'s file is only read.  A free name is chosen
        when ``name`` is None; ``SaveError`` when ``name`` is taken or the position is past
        the end of the log or the game is over there.
        """
        s = game.session
        if not 0 <= position <= s.position:
            raise SaveError(f"{game.name}: no position {position} to play on from (0..{s.position})")
        session = Session.replay(s.config, s.seed, list(s.moves[:position]), cards=self.cards)
        if session.state.is_over:
            raise SaveError(f"{game.name}: the game is over after decision {position}: step back to play on")
        stamp = now()
        meta = msgspec.structs.replace(
            game.meta,
            id=uuid.uuid4().hex,
            created=stamp,
            updated=stamp,
            profile=None,
            recorded=False,
            branch_of=game.name,
            branch_at=position,
        )
        default = f"{game.name}-from-turn-{session.state.turn}"
        return self._new_file(name, session, meta, default=default)

    def _default_name(self, config: GameConfig) -> str:
        # short enough to read whole in any list at 80 columns and to type: what and when (the local
        # clock; the date is in the lists' Updated column); a second game in the same minute gets -2
        clock = now().astimezone().strftime("%H%M")
        return f"solo-L{config.level}-{clock}" if config.solo else f"{len(config.players)}p-{clock}"

    def _new_file(
        self, name: str | None, session: Session, meta: SaveMeta, default: str, stamp: datetime | None = None
    ) -> SavedGame:
        base = sanitise_name(name if name is not None else default)
        for n in range(1, 10_000):
            candidate = base if n == 1 else f"{base}-{n}"
            files = self.place.files(candidate)
            if name is not None and files.exists():
                raise SaveError(f"a game named {candidate} already exists {self.place.where}")
            lock = files.lock(f"the game {candidate}")
            try:
                lock.acquire()  # GameLocked when someone is creating or playing it right now
            except GameLocked:
                if name is not None:
                    raise
                continue
            if files.exists():
                lock.release()
                if name is not None:
                    raise SaveError(f"a game named {candidate} already exists {self.place.where}")
                continue
            try:
                written = write_next(files, session, meta, self.cards, stamp=stamp)
            except BaseException:
                lock.release()
                raise
            return SavedGame(self, files, written, lock)
        raise SaveError(f"no free name like {base} {self.place.where}")

    # open
    def open(self, name: str, read_only: bool = False) -> SavedGame:
        """Replay and verify the game ``name``.

        Raises ``SaveError`` (one line naming the file and the problem) or ``GameLocked``
        (who holds it) unless ``read_only``.  Never modifies the file.
        """
        files = self.files(name)
        lock = None
        if not read_only:
            lock = files.lock(f"the game {files.name}")
            lock.acquire()
        try:
            if lock is not None:
                files.tidy()
            gen = files.read(self.cards)
            if gen is None:
                raise SaveError(f"no saved game named {files.name} {self.place.where}")
        except BaseException:
            if lock is not None:
                if not files.exists() and isinstance(files, GameFiles):
                    with contextlib.suppress(OSError):
                        os.unlink(files.lock_path)
                lock.release()
            raise
        loaded = gen.value
        notice = gen.notice
        snap = snapshot_of(gen)
        if loaded.migrated_from is not None or loaded.note is not None:
            text = say.converted(files.main.name, loaded.migrated_from, loaded.note)
            state = loaded.session.state
            meta = msgspec.structs.replace(loaded.save.meta, turn=state.turn, finished=state.is_over)
            snap = dataclasses.replace(snap.with_meta(meta), notice=f"{notice}; {text}" if notice else text)
        game = SavedGame(self, files, snap, lock)
        if not read_only:
            game._record_if_finished()
        return game

    def verify_file(self, path: Path, follow: bool = True) -> SavedGame:
        """Load any save file read-only and verify it (``saves verify FILE``); no lock, no fallback.

        ``follow``: a symbolic link is followed (a path the player gave); not for a save's name.
        """
        source = str(path)
        try:
            data = read_limited(path, follow=follow)
        except FileNotFoundError:
            raise SaveError(f"{source}: no such file") from None
        loaded = load_bytes(data, source, self.cards)
        name = path.name[: -len(SUFFIX)] if path.name.endswith(SUFFIX) else path.name
        notice = None if loaded.migrated_from is None else say.migrated(loaded.migrated_from)
        if loaded.note is not None:
            notice = f"{notice}; {loaded.note}" if notice else loaded.note
        return SavedGame(
            self, GameFiles(path.parent, name, main=path), Snapshot(loaded.save, loaded.session, notice=notice), None
        )

    # list, latest, remove
    def list(self) -> list[SaveSummary]:
        """Every save in the folder, newest first; broken ones carry their ``error``; never raises."""
        out = []
        try:
            listed = self.place.listing(known={})  # a database's: with every document, one query
        except OSError as exc:
            return [SaveSummary("?", self.dir, error=cannot_list(self.dir, exc))]
        except StorageError as exc:  # the database cannot be reached
            return [SaveSummary("?", self.dir, error=str(exc))]
        for found in listed:
            summary = _summary(self.place, found)
            if found.stamp is not None:
                summary = dataclasses.replace(summary, mtime_ns=found.stamp[2])
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
        files = self.files(name)
        if not files.exists():
            raise SaveError(f"no saved game named {files.name} {self.place.where}")
        lock = files.lock(f"the game {files.name}")
        lock.acquire()
        try:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(analysis_path(self.dir, files.name))
            files.remove()
        except OSError as exc:
            raise SaveError(f"cannot remove {files.main}: {exc.strerror or exc}") from None
        finally:
            lock.release()


# --------------------------------------------------------------------------- a game


class SavedGame(OpenGame):
    """A game tied to its save file.  Change it only through ``push``, ``undo`` and ``redo``.

    The game holds its lock (``read_only`` without it) for as long as it is open; its session
    is one object for all that time (changed only through ``Session``'s own methods).
    """

    def __init__(self, store: GameStore, files: GameDoc, snapshot: Snapshot, lock: Lock | None) -> None:
        self.store = store
        self._files = files
        self._snap = snapshot
        self._lock = lock
        self.notice = snapshot.notice  # a one-line message for the user (backup used, migrated, ...)
        self._asked: object = None  # the position the computer last decided for (the follower's thread)

    def _current(self) -> Snapshot:
        return self._snap

    @property
    def read_only(self) -> bool:
        return self._lock is None

    # what this terminal may do (the GameHandle's questions)
    @property
    def view(self) -> Snapshot:
        return self._snap

    @property
    def shared(self) -> bool:
        return False

    @property
    def seat(self) -> int | None:
        return None  # every person's seat is played here, in turn

    def turn_problem(self) -> TurnProblem | None:
        state = self.state
        if state.is_over:
            return TurnProblem("over")
        if self._lock is None or self.seats[state.current].kind == "computer":
            return TurnProblem("not_yours")
        return None

    def computer_to_move(self, *, standin: StandIn | None = None) -> tuple[int, str] | None:
        """(seat, bot) when a computer seat is to move in this game (never while watching it)."""
        state = self.state
        if state.is_over or self._lock is None:
            return None
        meta = self.seats[state.current]
        return (state.current, meta.bot or STANDIN_BOT) if meta.kind == "computer" else None

    def computer_made(self) -> frozenset[int]:
        return frozenset()  # a computer plays only its own seats here

    def parting(self) -> Parting | None:
        return None if self.finished else Parting(self.name)

    # following it
    def watch(self) -> Watch | None:
        """Read-only: its holder's writes wake the follower.  Held: only this process writes it."""
        if self._lock is not None:
            return None
        return self._files.watch(FALLBACK, notify=True, claims=False)

    def changes(self, latest: Snapshot, decide: Decide, pause: float, standin: StandIn | None) -> Iterator[Change]:
        """Watching: the file if its holder saved since.  Held: the computer's decision, made here
        (``push`` it in the app's thread), once for each position."""
        if self._lock is None:
            newer = self.fetch()
            if newer is not None:
                yield Change(latest.state, view=newer)
            return
        state = self.state
        turn = self.computer_to_move()
        if turn is None or state is self._asked:
            return
        start = time.monotonic()
        move = decide(turn[0], turn[1], state)
        rest = pause - (time.monotonic() - start)
        if rest > 0:
            time.sleep(rest)
        self._asked = state
        yield Change(state, move=move)

    def fetch(self) -> Snapshot | None:
        """The file as its holder saved it, when that is another generation (changes nothing)."""
        if self._files.stamp() == self._snap.stamp:
            return None
        gen = self._files.read(self.store.cards)
        if gen is None:
            raise SaveError(f"{self.path}: the game was removed")
        if gen.value.save.generation == self.generation:
            return None
        return snapshot_of(gen)

    def adopt(self, view: Snapshot) -> Snapshot | None:
        if view.generation == self.generation and view.meta.id == self.meta.id:
            return None
        old, self._snap = self._snap, view
        self.notice = view.notice
        return old

    def __repr__(self) -> str:
        s = self.session
        return f"<SavedGame {self.name} move {s.position}/{len(s.moves)}>"

    # writing
    def _writable(self) -> None:
        if self._lock is None:
            raise ReadOnlyGame(f"{self.path}: opened read-only (another session holds it)")

    def _check_version(self) -> None:
        """The file on disk must be the generation we last read or wrote (never clobber)."""
        current = self._files.stamp()
        if current is None or current == self._snap.stamp:
            return
        if self._files.peek() == self.generation:
            self._snap = dataclasses.replace(self._snap, stamp=current)  # touched or copied in place
            return
        raise SaveConflict(
            f"{self.path}: changed by another program since it was opened; not overwriting it "
            "(save this game under another name)"
        )

    def _write(self, meta: SaveMeta | None = None) -> None:
        """Autosave: atomically replace the file (the old generation becomes the backup)."""
        self._writable()
        self._check_version()
        meta = self.meta if meta is None else meta
        self._snap = write_next(self._files, self.session, meta, self.store.cards, self._snap)

    def save(self) -> None:
        """Write now (every change already does; for a game converted from an old format)."""
        self._write()

    # moves
    def legal_moves(self) -> list[Move]:
        return self.session.legal_moves()

    def push(self, move: Move, seen: Snapshot | None = None) -> list[Event]:
        """Apply ``move`` and autosave; ``IllegalMove`` (untouched) if the rules refuse it.  Only this
        process changes a held game: ``seen`` is always the position.

        If the save cannot be written the move is taken back and ``SaveError`` raised, so the
        game in memory never runs ahead of the file.
        """
        self._writable()
        before = self.session.copy()
        events = self.session.push(move)
        try:
            self._write()
        except StoreUnreachable:
            self.session.restore(before)
            raise StoreUnreachable(NOT_TAKEN) from None
        except SaveError:
            self.session.restore(before)
            raise
        self._record_if_finished()
        self._rate_if_finished()
        return events

    def _go(self, target: int, meta: SaveMeta) -> None:
        """Stand at ``target`` of the log and autosave (nothing changes if the save fails)."""
        old = self.session.position
        self._asked = None  # undo, redo: the computer may be asked again for a position it left
        self.session.go_to(target)
        try:
            self._write(meta)
        except SaveError:
            self.session.go_to(old)
            raise

    def undo_problem(self) -> UndoProblem | None:
        """Why ``undo`` would take nothing back now (None: it will, perhaps after a confirmation)."""
        if self._lock is None:
            return UndoProblem("read_only")
        return undo_step(self.session, self.seats).refused

    def can_undo(self) -> bool:
        return self.undo_problem() is None

    def undo_needs_confirmation(self) -> bool:
        """Would the next undo go back over a card revealed from a hidden deck?"""
        step = undo_step(self.session, self.seats)
        return step.allowed and step.confirm

    def undo(self, confirm: bool = False) -> bool:
        """Take back the last human decision (and the computer moves after it); autosaves.

        Returns False, changing nothing, when there is nothing to undo or the step needs
        confirmation and ``confirm`` is False; ``GameFinished`` on a finished game (R25).  A
        confirmed step over a revealed card marks the game assisted for good.
        """
        self._writable()
        self._final()
        step = undo_step(self.session, self.seats)
        if not step.allowed or (step.confirm and not confirm):
            return False
        meta = msgspec.structs.replace(self.meta, assisted=True) if step.confirm else self.meta
        self._go(step.target, meta)
        return True

    def can_redo(self) -> bool:
        return self._lock is not None and redo_step(self.session, self.seats).allowed

    def redo(self) -> bool:
        """Make the next undone decision again (and the computer moves after it); autosaves."""
        self._writable()
        self._final()
        step = redo_step(self.session, self.seats)
        if not step.allowed:
            return False
        self._go(step.target, self.meta)
        return True

    def _final(self) -> None:
        if self.finished:
            raise GameFinished(f"{self.name}: {UndoProblem('finished')}")

    # the campaign
    def _record_if_finished(self) -> None:
        meta = self.meta
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
            daily=daily_of(self.name, self.session.seed, self.state.config.level),
        )
        try:
            self.store.profiles.record(meta.profile, record)
        except StorageError as exc:  # a profile file, or the database unreachable: recorded on the next open
            self.notice = f"the result could not be recorded in the profile {meta.profile}: {exc}"
            return
        self._snap = self._snap.with_meta(msgspec.structs.replace(meta, recorded=True))
        try:
            self._write()
        except SaveError as exc:  # recorded once all the same: the profile knows the game id
            self.notice = str(exc)

    def _rate_if_finished(self) -> None:
        """A hot-seat game that just finished counts for its people's ratings (once: by its id)."""
        if self._lock is None:
            return
        problem = rating_problem(self.store.profiles, result_of(self.meta, self.state, now(), shipped_anchors()))
        if problem is not None:
            self.notice = problem

    # other files
    def save_as(self, name: str) -> SavedGame:
        """Continue this game under a new name (a new file; this one is closed and kept as it is)."""
        if sanitise_name(name) == self.name:
            raise SaveError(f"the game is already saved as {self.name}")
        s = self.session
        session = Session.replay(s.config, s.seed, list(s.moves), s.position, self.store.cards)
        new = self.store._new_file(name, session, self.meta, default=name)
        self.close()
        return new

    def reload(self) -> bool:
        """Read-only games: pick up what the holder saved since; True when the game changed."""
        view = self.fetch()
        return view is not None and self.adopt(view) is not None

    def close(self) -> None:
        """Release the lock (the game stays saved)."""
        lock, self._lock = self._lock, None
        if lock is not None:
            lock.release()

    def __enter__(self) -> SavedGame:
        return self

    def __exit__(self, t: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None) -> None:
        self.close()
