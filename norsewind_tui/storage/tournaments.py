"""Tournaments that run themselves (issue 44.1): the record of each, kept in the saves folder
(``tournaments/NAME.json``) or the database (``tournaments``), and the service every app runs.

No daemon.  A round is decided once: whoever's app looks first when a round is due writes the
round (its seed and its tables' seats) into the record by compare-and-set on the record's
generation (a file under its lock; a row by ``generation``), so two apps looking at once decide it
once: the second finds it decided.  Its tables are then made by whoever looks, each made only if
absent (a fixed name: a second maker finds it made), so a maker killed between the two steps
leaves nothing undone.  The rules (pairing, points, standings) are ``pairings.py``.

A table of a tournament seats every person as invited (their seat is kept for them: they sit
down from the lobby) and every computer that entered; it is dealt the round's seed, the same for
every table of the round of the same size (nobody can start over for a better deal).  The results
are read from the tables: a finished table by its final scores; a table still unfinished at the
round's deadline as it stands, its player to move (who holds it up, or never sat down) last with
no points.  A table's finished game counts for the ratings as every table's does (once, by its id).
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Annotated, Literal, Protocol

import msgspec

from ..rules.scoring import final_result
from ..rules.trophies import Trophy
from ..words import tournaments as say
from .atomic import FileLock, atomic_write, read_limited
from .clock import Clock, system_clock
from .errors import SaveError, StorageError
from .format import Int64, Stamp, TableClock, decode_json, format_of
from .identity import identity_problem
from .pairings import BYE, Pairing, Placed, Standing, met_so_far, round_robin, standings, swiss, table_points
from .paths import LOCK_SUFFIX, SUFFIX, ensure_dir, sanitise_name
from .ratings import Ladder
from .tables import SharedTable, TableRefused, TableStore

TOURNAMENT_FORMAT = 1
TOURNAMENTS_DIR = "tournaments"
LOCK_WAIT = 10.0
MAX_ENTRANTS = 64
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
Key = Annotated[str, msgspec.Meta(min_length=1, max_length=48)]


class TournamentRefused(StorageError):
    """A tournament cannot do that (a join after the start, a bad name...): one line, nothing changed."""


class Entrant(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: Literal["person", "computer"]
    name: Key  # a person's identity, or a computer level

    @property
    def key(self) -> str:
        """How the standings and the rounds name it: a person by name, a computer as "hard (computer)"."""
        return self.name if self.kind == "person" else f"{self.name} (computer)"


class Round(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    number: Annotated[int, msgspec.Meta(ge=1)]
    seed: Int64
    tables: tuple[tuple[Key, ...], ...]  # each table's entrants by key, in seat order; one alone: a bye
    deadline: Stamp


class Tournament(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    format: int
    name: Name
    creator: Key
    pairing: Pairing
    seats: Annotated[int, msgspec.Meta(ge=2, le=4)]
    rounds: Annotated[int, msgspec.Meta(ge=1, le=12)]
    round_hours: Annotated[int, msgspec.Meta(ge=1, le=24 * 14)]
    created: Stamp
    entrants: tuple[Entrant, ...] = ()
    started: Stamp | None = None
    made: tuple[Round, ...] = ()  # the rounds decided so far
    withdrawn: tuple[Key, ...] = ()  # left: paired no more (a table they sit at goes on)
    clock: TableClock | None = None  # every table's clock (``tableclock.parse_clock``; None: none)
    # once over (written once, by the first look that finds it over): who came first (tied firsts
    # all), and when; the "tournament won" trophy reads them (issue 44.3)
    won: tuple[Key, ...] = ()
    ended: Stamp | None = None
    generation: Annotated[int, msgspec.Meta(ge=0)] = 0

    def entrant(self, key: str) -> Entrant | None:
        return next((e for e in self.entrants if e.key == key), None)

    def table_name(self, number: int, table: int) -> str:
        return sanitise_name(f"{self.name}-r{number}-t{table}")


def round_seed(name: str, number: int) -> int:
    """The round's deal: sha256("norsewind tournament NAME round N"), first 4 bytes, top bit cleared."""
    digest = hashlib.sha256(f"norsewind tournament {name} round {number}".encode()).digest()
    return (int.from_bytes(digest[:4], "big") & 0x7FFFFFFF) or 1


class TournamentDocs(Protocol):
    """Where the records are: a folder, or the database's ``tournaments`` rows."""

    def read(self, name: str) -> Tournament | None: ...

    def names(self) -> list[str]: ...

    def add(self, doc: Tournament) -> bool:
        """Write a new record; False when one of that name exists."""
        ...

    def replace(self, doc: Tournament) -> bool:
        """Write ``doc`` (generation + 1) if the stored one is still at ``doc.generation``."""
        ...


class FileTournaments:
    """``saves/tournaments/NAME.json``, each written whole (atomic) under its lock."""

    def __init__(self, folder: Path) -> None:
        self.dir = folder

    def path(self, name: str) -> Path:
        return self.dir / (sanitise_name(name) + SUFFIX)

    def read(self, name: str) -> Tournament | None:
        path = self.path(name)
        try:
            data = read_limited(path)
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise SaveError(f"{path}: cannot read the tournament: {(exc.strerror or str(exc)).lower()}") from None
        format_of(data, str(path), "tournament", TOURNAMENT_FORMAT)
        return decode_json(data, Tournament, str(path))

    def names(self) -> list[str]:
        try:
            return sorted(p.name[: -len(SUFFIX)] for p in self.dir.iterdir() if p.name.endswith(SUFFIX))
        except FileNotFoundError:
            return []

    def add(self, doc: Tournament) -> bool:
        ensure_dir(self.dir)
        with self.locked(doc.name):
            if self.path(doc.name).exists():
                return False
            atomic_write(self.path(doc.name), msgspec.json.encode(doc))
        return True

    def replace(self, doc: Tournament) -> bool:
        with self.locked(doc.name):
            held = self.read(doc.name)
            if held is None or held.generation != doc.generation:
                return False
            new = msgspec.structs.replace(doc, generation=doc.generation + 1)
            atomic_write(self.path(doc.name), msgspec.json.encode(new))
        return True

    @contextlib.contextmanager
    def locked(self, name: str) -> Iterator[None]:
        """The record's lock, waited for (``GameLocked`` in one line after ``LOCK_WAIT`` seconds)."""
        lock = FileLock(self.dir / (sanitise_name(name) + LOCK_SUFFIX), "tournament")
        lock.acquire(LOCK_WAIT)
        try:
            yield
        finally:
            lock.release()


@dataclass(frozen=True)
class TableResult:
    name: str
    entrants: tuple[str, ...]
    placed: tuple[Placed, ...] | None  # None: still playing (or not made yet)
    finished: bool = False
    forfeited: str | None = None  # the entrant who held it up at the deadline


@dataclass(frozen=True)
class Look:
    """A tournament as one look finds it: its record, each round's tables, and the standings."""

    doc: Tournament
    rounds: tuple[tuple[TableResult, ...], ...]
    standings: tuple[Standing, ...]
    over: bool


class Tournaments:
    """The service: create, join, start, withdraw, and ``look`` (which moves a due tournament on)."""

    def __init__(
        self, docs: TournamentDocs, tables: TableStore, ladder: Callable[[], Ladder], clock: Clock = system_clock
    ) -> None:
        self.docs = docs
        self.tables = tables
        self.ladder = ladder
        self.clock = clock

    # ------------------------------------------------------------------ before the start

    def create(
        self,
        creator: str,
        name: str,
        pairing: Pairing = "round-robin",
        seats: int = 2,
        rounds: int | None = None,
        round_hours: int = 24,
        computers: Sequence[str] = (),
        clock: TableClock | None = None,
    ) -> Tournament:
        """A new tournament, its creator entered; ``computers``: the levels the creator enters;
        ``clock``: its tables' clock (None: none)."""
        if (why := identity_problem(creator)) is not None:
            raise TournamentRefused(why)
        clean = sanitise_name(name)  # SaveError (one line) for a name full of escapes or slashes
        if clean != name:
            raise TournamentRefused(say.refusal("bad-name", clean))
        entrants = [Entrant("person", creator), *(Entrant("computer", c) for c in computers)]
        doc = Tournament(
            TOURNAMENT_FORMAT,
            name,
            creator,
            pairing,
            seats,
            rounds if rounds is not None else 1,
            round_hours,
            self.clock(),
            tuple(entrants),
            clock=clock,
        )
        try:
            doc = msgspec.convert(msgspec.to_builtins(doc), Tournament)  # the record's limits, checked now
        except msgspec.ValidationError as exc:
            raise TournamentRefused(say.refusal("limits", name, str(exc))) from None
        if not self.docs.add(doc):
            raise TournamentRefused(say.refusal("taken", name))
        return doc

    def join(self, name: str, identity: str) -> Tournament:
        def enter(doc: Tournament) -> Tournament:
            if doc.started is not None:
                raise TournamentRefused(say.refusal("started", name))
            if doc.entrant(identity) is not None:
                raise TournamentRefused(say.refusal("already-in", name, identity))
            if len(doc.entrants) >= MAX_ENTRANTS:
                raise TournamentRefused(say.refusal("full", name, MAX_ENTRANTS))
            return msgspec.structs.replace(doc, entrants=(*doc.entrants, Entrant("person", identity)))

        if (why := identity_problem(identity)) is not None:
            raise TournamentRefused(why)
        return self._change(name, enter)

    def start(self, name: str, identity: str) -> Tournament:
        """The creator starts it: no more joins; the first round is decided at the next look."""

        def begin(doc: Tournament) -> Tournament:
            if identity != doc.creator:
                raise TournamentRefused(say.refusal("only-creator", name, doc.creator))
            if doc.started is not None:
                raise TournamentRefused(say.refusal("started-already", name))
            if len(doc.entrants) < 2:
                raise TournamentRefused(say.refusal("too-few", name))
            rounds = doc.rounds
            if doc.pairing == "round-robin" and doc.seats == 2 and rounds == 1:
                rounds = max(len(doc.entrants) + len(doc.entrants) % 2 - 1, 1)  # everyone meets everyone
            return msgspec.structs.replace(doc, started=self.clock(), rounds=min(rounds, 12))

        return self._change(name, begin)

    def withdraw(self, name: str, identity: str) -> Tournament:
        """A player leaves: paired no more; a table they sit at goes on (at its deadline they lose it)."""

        def leave(doc: Tournament) -> Tournament:
            if doc.entrant(identity) is None:
                raise TournamentRefused(say.refusal("not-in", name, identity))
            if identity in doc.withdrawn:
                raise TournamentRefused(say.refusal("left-already", name, identity))
            if doc.started is None:
                kept = tuple(e for e in doc.entrants if e.key != identity)
                return msgspec.structs.replace(doc, entrants=kept)
            return msgspec.structs.replace(doc, withdrawn=(*doc.withdrawn, identity))

        return self._change(name, leave)

    def _change(self, name: str, change: Callable[[Tournament], Tournament]) -> Tournament:
        for _ in range(20):  # another app wrote in between: read again, decide again
            doc = self.docs.read(name)
            if doc is None:
                raise TournamentRefused(say.refusal("unknown", name))
            new = change(doc)
            if self.docs.replace(new):
                return msgspec.structs.replace(new, generation=new.generation + 1)
        raise TournamentRefused(say.refusal("busy", name))

    # ------------------------------------------------------------------ the rounds

    def look(self, name: str) -> Look:
        """The tournament now: the next round decided when it is due (once), its tables made."""
        doc = self.docs.read(name)
        if doc is None:
            raise TournamentRefused(say.refusal("unknown", name))
        results = self.results(doc)
        if self.due(doc, results):
            with contextlib.suppress(TournamentRefused):  # another app decided it first: read it
                self._change(name, lambda d: self.decide(d, self.results(d)))
            doc = self.docs.read(name) or doc
        for number, round_ in enumerate(doc.made, 1):
            for i, entrants in enumerate(round_.tables, 1):
                if len(entrants) > 1:
                    self.make_table(doc, round_, doc.table_name(number, i), entrants)
        results = self.results(doc)
        over = doc.started is not None and len(doc.made) == doc.rounds and all(self.round_done(doc, r) for r in results)
        placed = [r.placed for round_ in results for r in round_ if r.placed is not None]
        table = tuple(standings([e.key for e in doc.entrants], placed))
        if over and doc.ended is None and table:
            first = table[0]
            won = tuple(
                s.entrant
                for s in table
                if (s.points, s.buchholz, s.margin) == (first.points, first.buchholz, first.margin)
            )
            with contextlib.suppress(TournamentRefused):  # another app wrote it first
                doc = self._change(
                    name,
                    lambda d: d if d.ended is not None else msgspec.structs.replace(d, won=won, ended=self.clock()),
                )
        return Look(doc, results, table, over)

    def due(self, doc: Tournament, results: Sequence[Sequence[TableResult]]) -> bool:
        if doc.started is None or len(doc.made) >= doc.rounds:
            return False
        return not doc.made or self.round_done(doc, results[-1])

    def round_done(self, doc: Tournament, round_: Sequence[TableResult]) -> bool:
        return all(r.placed is not None for r in round_)

    def decide(self, doc: Tournament, results: Sequence[Sequence[TableResult]]) -> Tournament:
        """``doc`` with its next round: the pairing of its rule over those still in, the round's seed."""
        if not self.due(doc, results):
            raise TournamentRefused(say.refusal("decided", doc.name))
        number = len(doc.made) + 1
        playing = [e.key for e in doc.entrants if e.key not in doc.withdrawn]
        placed = [r.placed for round_ in results for r in round_ if r.placed is not None]
        if doc.pairing == "round-robin":
            tables = round_robin(playing, doc.seats, number)
        else:
            table = {s.entrant: s.points for s in standings(playing, placed)}
            ladder = self.ladder()
            ratings = {key: self.rating(doc, key, ladder) for key in playing}
            tables = swiss(playing, doc.seats, table, ratings, met_so_far(placed), first=number == 1)
        deadline = self.clock() + timedelta(hours=doc.round_hours)
        made = Round(number, round_seed(doc.name, number), tuple(tuple(t) for t in tables), deadline)
        return msgspec.structs.replace(doc, made=(*doc.made, made))

    def rating(self, doc: Tournament, key: str, ladder: Ladder) -> int:
        entrant = doc.entrant(key)
        if entrant is not None and entrant.kind == "computer":
            anchor = ladder.anchors.levels.get(entrant.name)
            return anchor.display if anchor is not None else 0
        return ladder.standing(key).rating.display

    def make_table(self, doc: Tournament, round_: Round, name: str, entrants: Sequence[str]) -> None:
        """The table of ``entrants`` (in seat order), made if absent: each person invited, each computer seated."""
        if self.tables.exists(name):
            return
        seats = []
        for key in entrants:
            entrant = doc.entrant(key)
            assert entrant is not None, key  # a round seats only the tournament's entrants
            seats.append((entrant.kind, entrant.name))
        with contextlib.suppress(SaveError, TableRefused):  # made by another app at this moment
            self.tables.create_invited(doc.creator, seats, round_.seed, name, doc.clock).close()

    def results(self, doc: Tournament) -> tuple[tuple[TableResult, ...], ...]:
        now = self.clock()
        out = []
        for number, round_ in enumerate(doc.made, 1):
            found = []
            for i, entrants in enumerate(round_.tables, 1):
                name = doc.table_name(number, i)
                if len(entrants) == 1:
                    found.append(TableResult(BYE, entrants, (Placed(entrants[0], 1.0, 0.0),), finished=True))
                    continue
                found.append(self.table_result(name, entrants, now >= round_.deadline))
            out.append(tuple(found))
        return tuple(out)

    def table_result(self, name: str, entrants: tuple[str, ...], past_deadline: bool) -> TableResult:
        try:
            table = self.tables.open(name, None)
        except StorageError:
            return TableResult(name, entrants, None)
        try:
            return result_of(table, name, entrants, past_deadline)
        finally:
            table.close()


def result_of(table: SharedTable, name: str, entrants: tuple[str, ...], past_deadline: bool) -> TableResult:
    """A finished table's points; an unfinished one's after its deadline, its player to move last."""
    state = table.state
    if state.is_over:
        outcome = final_result(state)
        return TableResult(name, entrants, table_points(entrants, outcome.scores, outcome.coins), finished=True)
    if not past_deadline:
        return TableResult(name, entrants, None)
    from ..rules.scoring import score_breakdown

    scores = [score_breakdown(state, p).total for p in range(len(entrants))]
    coins = [p.coins for p in state.players]
    mover = state.current
    lowest = min(scores) - 1
    scores[mover], coins[mover] = lowest, 0
    return TableResult(name, entrants, table_points(entrants, scores, coins), forfeited=entrants[mover])


def deadline_passed(round_: Round, now: datetime) -> bool:
    return now >= round_.deadline


def tournament_trophies(docs: Sequence[Tournament], player: str) -> tuple[Trophy, ...]:
    """A tournament won: first in a finished tournament's standings (its record says who, once)."""
    days = [d.ended.date() for d in docs if d.ended is not None and player in d.won]
    return (Trophy("tournament", min(days)),) if days else ()
