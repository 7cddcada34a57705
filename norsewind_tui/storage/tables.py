"""Shared tables: one game, several processes, each player at their own terminal.

A table is an ordinary save file (``docs/SAVES.md``) in the ``tables/`` folder
of the saves folder, so it survives every process and the server.  Unlike a
``SavedGame``, nobody holds a table's lock for a session: every process keeps a
*view* of the table and takes the lock (``NAME.json.lock``) only around one
write, which

1. re-reads the file when its generation is not the one of the view,
2. checks that the game is still where the player saw it (same decisions),
3. checks that the seat to move belongs to this process's identity,
4. applies the decision and writes the file atomically (``atomic_write``).

Other processes are woken by the change (``watch``: inotify on the folder, with a
slow fallback poll, ``watch.py``), read the file's generation (``fetch``) and pick
up the new view; a decision appears on every screen within milliseconds.

Who sits where is in the save's seat metadata: a person's seat is named by the
*identity* holding it (``player_identity``: ``$NORSEWIND_PLAYER``, else the
login name), an open seat is named ``(open)``, and a computer seat names its
bot.  The rules' player names (``config.players``) are the identities; an open
seat is called ``Seat N`` until someone joins it, when the log is replayed
under the new name (names never change the deal).

Computer seats are played by whichever process sees it is their turn and wins
the claim lock (``NAME.json.computer``); the write checks the position again,
so a computer decision is made exactly once.  The same machinery plays a *person's*
seat while that person is away longer than the table's ``standin`` minutes (``standin.py``:
the caller says who is away, with a clock); the claim and the write check presence again,
so a player who sat down again is never played for.  Those decisions are marked per seat
(``SaveMeta.by_computer``).  The stand-in is the computer (``STANDIN_BOT``), or an outside engine
the table *names* (``standin_engine``, format 4): each app runs what its host's engines file says
that name is (``engines.py``), and never a command read from the table.  A player may ``leave``
for good, and the table's creator may ``remove`` a player who is away: their seat goes to the
computer (or, before any decision, opens again).  Undo (``undo.py``, the policy
saved games share): a player may take back only their own decisions, and only
until anyone else has decided since (computer seats included), never back over
a card revealed to everyone, and never in a finished game (R25).  Reading,
writing and listing the file are ``gamefile.py``'s, as for saved games.

Views are immutable: ``fetch``, ``computer_step`` and the write helpers return
new ``TableView`` objects and change nothing, so a worker thread may call them
while the app reads the current view; ``adopt`` (in the app's thread) makes a
view current.
"""

from __future__ import annotations

import dataclasses
import re
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Literal, TypeVar

import msgspec

from ..rules.cards import CardDB, default_cards
from ..rules.events import Event
from ..rules.moves import Move
from ..rules.session import Session
from ..rules.state import GameConfig
from ..words import storage as say
from .atomic import Stamp
from .chat import ChatBook, FileChat
from .clock import Clock, system_clock
from .errors import NOT_TAKEN, GameLocked, SaveConflict, SaveError, StoreUnreachable
from .format import ENGINE_NAME, STANDIN_CHOICES, WATCHING_CHOICES, SaveMeta, SeatMeta, TableClock, Watching
from .format import StandIn as Minutes
from .gamefile import GameDoc, Listed, OpenGame, Place, Snapshot, cannot_list, check_name, snapshot_of, write_next
from .handle import Change, Decide
from .identity import identity_problem, player_identity
from .notices import TurnNotices
from .paths import BACKUP_SUFFIX, LOCK_SUFFIX, SUFFIX, ensure_dir, profiles_dir, sanitise_name
from .presence import PresenceStore
from .problems import Parting, SeatChange, Since, TurnProblem, UndoProblem, Who
from .profiles import Profiles, ProfileStore, rating_problem
from .ratings import result_of, shipped_anchors
from .saves import GameStore
from .standin import STANDIN_BOT, StandIn, default_standin, marks_add, marks_cut, marks_problem, standin_bot
from .tableclock import ClockKeeper, banked
from .undo import Seat, redo_step, undo_step
from .watch import FALLBACK, NETWORK_POLL, Watch

TABLES_DIR = "tables"
OPEN = "(open)"  # the seat metadata's name for a seat nobody holds yet (never an identity)
POLL_INTERVAL = NETWORK_POLL  # seconds between two looks at a table's generation where nothing notifies
LOCK_WAIT = 5.0  # seconds a write waits for another process's write (a write takes milliseconds)
MIN_SEATS, MAX_SEATS = 2, 4
_ENGINE_NAME = re.compile(ENGINE_NAME)

R = TypeVar("R")


REMATCH = re.compile(r"^(.*)-rematch(?:-([0-9]+))?$")


def rematch_name(name: str) -> str:
    """The name of ``name``'s rematch: ``friday-rematch``, then ``friday-rematch-2``, ``-3``..."""
    if (m := REMATCH.match(name)) is None:
        return sanitise_name(f"{name}-rematch")
    return sanitise_name(f"{m[1]}-rematch-{int(m[2] or 1) + 1}")


def seat_label(seat: int, kind: str, bot: str | None) -> str:
    """The rules' player name of a seat nobody has joined yet, or of a computer seat."""
    if kind == "computer":
        return f"{(bot or 'computer').capitalize()} bot {seat + 1}"
    return f"Seat {seat + 1}"


def is_table_file(name: str) -> bool:
    """A table's file or its backup (not a lock, a claim, a temporary file of a write)."""
    return not name.startswith(".") and name.endswith((SUFFIX, BACKUP_SUFFIX))


class TableRefused(SaveError):
    """A change this identity may not make at this table (not its seat, not its turn, undo limits).

    Nothing was written.  ``problem``: why, as data, when it is a turn or an undo problem.
    """

    def __init__(self, message: str, problem: TurnProblem | UndoProblem | None = None) -> None:
        super().__init__(message)
        self.problem = problem


class TableMoved(SaveConflict):
    """The game moved on since the player looked: the decision was not made (look again).

    ``since``: what happened meanwhile (``str``: "bob decided"; None: the computer's turn was over).
    """

    def __init__(self, message: str, since: Since | None = None) -> None:
        super().__init__(message)
        self.since = since


# --------------------------------------------------------------------------- views


@dataclass(frozen=True)
class TableView(Snapshot):
    """One generation of a table as this process knows it (never changed in place)."""

    def holder(self, seat: int) -> str | None:
        """The identity holding ``seat`` (None: open, or a computer seat)."""
        meta = self.seats[seat]
        return meta.name if meta.kind == "human" and meta.name != OPEN else None

    def is_open(self, seat: int) -> bool:
        meta = self.seats[seat]
        return meta.kind == "human" and meta.name == OPEN

    def invited(self, seat: int) -> str | None:
        """The identity an open seat is kept for (a rematch's invitation: the rules' player name of the
        seat is theirs until they sit down or decline), or None (an open seat for anyone, or taken)."""
        if not self.is_open(seat):
            return None
        name = self.state.players[seat].name
        return None if name == seat_label(seat, "human", None) else name

    def rematch_of(self, old: TableView) -> bool:
        """Is this table a rematch of ``old``: the same seats (each person, or the computer in the seat
        of one who declined), the same options, opened by one of its players?"""
        if len(self.seats) != len(old.seats) or self.meta.creator is None or old.seat_of(self.meta.creator) is None:
            return False
        a, b = self.session.config, old.session.config
        if (a.start_choice, a.random_tiles, a.level, self.meta.standin, self.meta.standin_engine) != (
            b.start_choice,
            b.random_tiles,
            b.level,
            old.meta.standin,
            old.meta.standin_engine,
        ):
            return False
        for i in range(len(self.seats)):
            holder = old.holder(i)
            if holder is None:
                if self.seats[i].kind != "computer":
                    return False
            elif self.state.players[i].name not in (holder, seat_label(i, "computer", STANDIN_BOT)):
                return False
        return True

    def seat_of(self, identity: str) -> int | None:
        for i, meta in enumerate(self.seats):
            if meta.kind == "human" and meta.name == identity and meta.name != OPEN:
                return i
        return None

    def mover(self, index: int) -> int:
        """The seat that made decision ``index`` of the log."""
        return self.session.mover(index)

    def named(self, seat: int) -> Who:
        """A seat as messages name it."""
        meta = self.seats[seat]
        if meta.kind == "computer":
            return Who(self.state.players[seat].name, seat, "computer")
        return Who(meta.name, seat, "open" if meta.name == OPEN else "human")

    def who(self, seat: int) -> str:
        """How messages name a seat, in words."""
        return str(self.named(seat))

    def left(self, seat: int) -> bool:
        """Is ``seat`` a computer seat because its person left the table (or was removed)?"""
        meta = self.seats[seat]
        return meta.kind == "computer" and meta.name != seat_label(seat, "computer", meta.bot)

    @property
    def standin(self) -> int:
        """Minutes a person may be away before a computer plays their seat (0: never)."""
        return self.meta.standin

    @property
    def standin_engine(self) -> str | None:
        """The name of the outside engine that stands in (None: the computer, ``STANDIN_BOT``)."""
        return self.meta.standin_engine

    @property
    def watching(self) -> Watching:
        """Who may watch this table: anyone on the host, its players only, or nobody (issue 41.3)."""
        return self.meta.watching

    def watch_problem(self, identity: str) -> str | None:
        """Why ``identity``, holding no seat here, may not open this table (None: it may).  Taking an
        open seat (or one a rematch keeps for it) is always allowed; watching is the table's choice:
        ``players`` lets in the people named at the table (one who left, or was invited, too)."""
        if self.watching == "anyone" or self.seat_of(identity) is not None:
            return None
        if any(self.invited(i) == identity for i in range(len(self.seats))):
            return None
        if any(self.is_open(i) and self.invited(i) is None for i in range(len(self.seats))) and not self.state.is_over:
            return None  # coming to sit down
        if self.watching == "players" and (
            identity in self.session.config.players or any(m.name == identity for m in self.seats)
        ):
            return None
        return say.not_watchable(self.watching)

    def by_computer(self, seat: int) -> tuple[int, ...]:
        """The decisions (log indices before the position) a computer made in ``seat`` for its person."""
        marks = self.meta.by_computer
        p = self.session.position
        return tuple(i for i in marks[seat] if i < p) if seat < len(marks) else ()

    def computer_made(self) -> frozenset[int]:
        """Every decision of the log (redo tail too) a computer made in a person's seat."""
        return frozenset(i for seat in self.meta.by_computer for i in seat)

    @property
    def assisted_seats(self) -> tuple[int, ...]:
        """The seats whose result is assisted: a computer made at least one of their decisions."""
        return tuple(i for i in range(len(self.seats)) if self.by_computer(i))

    def same_game(self, other: TableView) -> bool:
        """Is the game where ``other`` saw it (same decisions made; names may differ)?"""
        a, b = self.session, other.session
        return a.position == b.position and a.moves[: a.position] == b.moves[: b.position]


def _view(snap: Snapshot) -> TableView:
    if isinstance(snap, TableView):
        return snap
    return TableView(snap.save, snap.session, snap.stamp, snap.damaged_main, snap.notice, snap.warning)


def _clocked(keeper: ClockKeeper, current: TableView, session: Session, meta: SaveMeta, now: datetime) -> SaveMeta:
    """``meta`` with its clock brought to the write made ``now``: the seat to move in ``current`` is
    charged the time it spent (a person's seat only), given ``add`` if this write is its decision,
    and the clock starts again from now, sealed by the host (``tableclock.py``)."""
    spec = meta.clock
    if spec is None:
        return meta
    seat = current.state.current
    before = current.session
    banks = list(keeper.believed(current.meta, before.position, current.generation, now)[0])
    if not current.state.is_over and current.holder(seat) is not None:
        left = keeper.left(current.meta, before.position, current.generation, seat, now)
        decided = (
            session.position == before.position + 1
            and session.moves[: before.position] == before.moves[: before.position]
        )
        banks[seat] = banked(spec, left, decided)
    meta = msgspec.structs.replace(meta, clock_left=tuple(banks), clock_since=now, clock_seal="")
    return msgspec.structs.replace(meta, clock_seal=keeper.seal(meta, session.position))


def _cut(view: TableView) -> SaveMeta:
    """The metadata once a decision replaces the view's redo tail (the tail's marks go with it)."""
    marks = view.meta.by_computer
    cut = marks_cut(marks, len(view.seats), view.session.position)
    return view.meta if cut == marks else msgspec.structs.replace(view.meta, by_computer=cut)


# --------------------------------------------------------------------------- the tables of a saves folder


@dataclass(frozen=True)
class SeatSummary:
    label: str  # the rules' player name
    kind: str  # human or computer
    holder: str | None  # the identity holding a person's seat; None when open (or a computer)
    bot: str | None = None
    invited: str | None = None  # an open seat kept for this identity (a rematch's invitation)

    @property
    def text(self) -> str:
        """As the lobby shows it: the holder, ``open``, ``bob (invited)``, or the computer seat's name."""
        if self.kind == "computer":
            return self.label
        if self.invited is not None:
            return f"{self.invited} (invited)"
        return self.holder if self.holder is not None else "open"


@dataclass(frozen=True)
class TableSummary:
    """One line of the lobby; ``error`` for a table that cannot be read."""

    name: str
    path: Path
    seats: tuple[SeatSummary, ...] = ()
    current: int = -1  # the seat to move; -1 when the game is over (or broken)
    turn: int = 0
    decisions: int = 0
    updated: datetime | None = None  # the table's last change (listed most recent first)
    finished: bool = False
    generation: int = -1
    error: str | None = None
    standin: int = 0  # minutes away before a computer plays a person's seat (0: off)
    creator: str | None = None  # who opened the table (may remove a player who is away)
    # when the seat to move got the turn ("bob's turn since 10:42", issue 13); ``updated`` for a
    # file that does not say (written before ``SaveMeta.turn_since``)
    turn_since: datetime | None = None
    from_backup: bool = False  # its main file is gone: read from its backup (opening it recovers it)
    standin_engine: str | None = None  # the outside engine that stands in, by its host name (issue 29)
    clock: TableClock | None = None  # the table's clock (issue 41.1; None: none)
    watching: Watching = "anyone"  # who may watch it (issue 41.3)

    def seat_of(self, identity: str) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat.kind == "human" and seat.holder == identity:
                return i
        return None

    @property
    def open_seats(self) -> tuple[int, ...]:
        """The seats anyone may take (not those a rematch keeps for a player)."""
        return tuple(i for i, s in enumerate(self.seats) if s.kind == "human" and s.holder is None and not s.invited)

    def kept_for(self, identity: str) -> int | None:
        """The seat a rematch keeps for ``identity`` here, if any."""
        return next((i for i, s in enumerate(self.seats) if s.invited == identity), None)

    def whose_turn(self, identity: str | None = None) -> str:
        if self.error is not None:
            return ""
        if self.finished or not 0 <= self.current < len(self.seats):
            return "finished"
        seat = self.seats[self.current]
        if seat.kind == "computer":
            return seat.label
        if seat.invited is not None:
            return "you (invited)" if seat.invited == identity else f"{seat.invited} (invited)"
        if seat.holder is None:
            return f"seat {self.current + 1} (open)"
        return "you" if seat.holder == identity else seat.holder


def _summary_of(name: str, path: Path, view: TableView) -> TableSummary:
    seats = tuple(
        SeatSummary(
            view.who(i) if view.left(i) else view.state.players[i].name, m.kind, view.holder(i), m.bot, view.invited(i)
        )
        for i, m in enumerate(view.seats)
    )
    state = view.state
    return TableSummary(
        name,
        path,
        seats,
        -1 if state.is_over else state.current,
        state.turn,
        view.session.position,
        view.meta.updated,
        state.is_over,
        view.generation,
        standin=view.standin,
        creator=view.meta.creator,
        turn_since=view.meta.turn_since or view.meta.updated,
        standin_engine=view.standin_engine,
        clock=view.meta.clock,
        watching=view.watching,
    )


class TableStore:
    """The shared tables in ``<saves>/tables``."""

    def __init__(
        self,
        saves_dir: Path,
        cards: CardDB | None = None,
        clock: Clock = system_clock,
        place: Place | None = None,
        presence: Callable[[Clock], PresenceStore] | None = None,
        profiles: Profiles | None = None,
    ) -> None:
        """``clock``: the time every write of these tables is stamped with (tests move it).
        ``place``: where the tables are (default: the folder ``<saves>/tables``; the database's rows);
        ``presence``: where the players' presence is (default: the saves folder's; the database's);
        ``profiles``: where a finished table's result counts for the ratings (default: the folder's)."""
        saves_dir = Path(saves_dir)
        self._presence = presence or (lambda clock: PresenceStore(saves_dir, clock))
        self.clock = clock
        self.dir = ensure_dir(saves_dir / TABLES_DIR)
        self.cards = cards or default_cards()
        self.profiles: Profiles = profiles or ProfileStore(profiles_dir(saves_dir))
        self._games = GameStore(self.dir, self.cards, profiles=self.profiles, owned=True, place=place)
        self.place = self._games.place
        self._cache: dict[str, tuple[Stamp | None, TableSummary]] = {}
        self.clocks = ClockKeeper(saves_dir)  # the host's seal on the clocks, and when this process first saw each
        # (table, person): a write made it that person's turn (issue 41.4: the host's turn notice)
        self.turn_notice: TurnNotices | None = None
        # the chats of the tables when they are not the folder's files (the database's: AppContext)
        self.chats: Callable[[str], ChatBook] | None = None

    def path(self, name: str) -> Path:
        return self.dir / (sanitise_name(name) + SUFFIX)

    def presence(self, clock: Clock = system_clock) -> PresenceStore:
        """The presence of the players of these tables (a store for one thread)."""
        return self._presence(clock)

    def exists(self, name: str) -> bool:
        return self._games.exists(name)

    def create(
        self,
        identity: str,
        seats: Sequence[str],
        seed: int,
        name: str | None = None,
        start_choice: bool = False,
        random_tiles: bool = False,
        standin: int | None = None,
        standin_engine: str | None = None,
        clock: TableClock | None = None,
        watching: str = "anyone",
    ) -> SharedTable:
        """Open a table for ``len(seats)`` (2-4) seats; ``identity`` sits at seat 1 and is its creator.

        ``seats`` names what each seat is: ``"me"`` (only the first), ``"open"``, or a bot's name.
        ``standin``: minutes a person may be away before a computer plays their seat (0 off, 5, 15,
        60; None: ``default_standin``, off for two seats, 15 for three and four).
        ``standin_engine``: the name (the host's, ``engines.py``) of the outside engine that stands in
        (None: the computer); a name, never a command: every app at the table runs its own host's.
        ``clock``: the table's clock (None: none; ``tableclock.parse_clock``); ``watching``: who may
        watch it, ``anyone`` on the host, its ``players`` or ``nobody`` (issue 41).
        ``name`` None picks a free name after the identity (``alice-table``, ``alice-table-2``...).
        Raises ``TableRefused`` for a bad identity or seat list, ``SaveError`` (name taken, disk).
        """
        if (why := identity_problem(identity)) is not None:
            raise TableRefused(why)
        if not MIN_SEATS <= len(seats) <= MAX_SEATS:
            raise TableRefused(say.seat_count(MIN_SEATS, MAX_SEATS, len(seats)))
        if seats[0] != "me" or "me" in seats[1:]:
            raise TableRefused(say.OPENER_SEAT)
        wanted = default_standin(len(seats)) if standin is None else standin
        minutes = next((m for m in STANDIN_CHOICES if m == wanted), None)
        if minutes is None:
            choices = ", ".join(str(m) for m in STANDIN_CHOICES[1:])
            raise TableRefused(say.standin_choice(choices, wanted))
        if standin_engine is not None and not _ENGINE_NAME.match(standin_engine):
            raise TableRefused(say.seat_refusal("not-an-engine", standin_engine[:40]))
        seen = next((w for w in WATCHING_CHOICES if w == watching), None)
        if seen is None:
            raise TableRefused(say.not_a_watching_rule(watching[:40]))
        players: list[str] = []
        metas: list[SeatMeta] = []
        for i, what in enumerate(seats):
            if what == "me":
                players.append(identity)
                metas.append(SeatMeta(identity))
            elif what == "open":
                players.append(seat_label(i, "human", None))
                metas.append(SeatMeta(OPEN))
            else:
                computer = computer_seat(i, what)
                players.append(computer.name)
                metas.append(computer)
        config = GameConfig(players=tuple(players), start_choice=start_choice, random_tiles=random_tiles)
        session = Session(config, seed, self.cards)  # ConfigError for an impossible game
        meta = self._new_meta(session, metas, identity, minutes, standin_engine, clock, seen)
        if name is not None:
            game = self._games.add(session, meta, name, meta.created)
        else:
            base = sanitise_name(f"{identity}-table")
            for n in range(1, 1000):
                candidate = base if n == 1 else f"{base}-{n}"
                if self._games.exists(candidate):
                    continue
                try:
                    game = self._games.add(session, meta, candidate, meta.created)
                except GameLocked:
                    continue  # someone is creating it right now
                except SaveError:
                    if self._games.exists(candidate):
                        continue
                    raise
                break
            else:
                raise SaveError(f"no free table name like {base} {self.place.where}")
        game.close()  # a table is never held for a session
        return self.open(game.name, identity)

    def _new_meta(
        self,
        session: Session,
        seats: list[SeatMeta],
        creator: str,
        standin: Minutes,
        engine: str | None,
        clock: TableClock | None = None,
        watching: Watching = "anyone",
    ) -> SaveMeta:
        """A new table's meta: its seats, its creator, the stand-in's minutes and engine, its clock
        (every bank full, sealed) and who may watch it, made now."""
        stamp = self.clock()
        meta = SaveMeta(
            id=uuid.uuid4().hex,
            mode="multiplayer",
            seats=tuple(seats),
            created=stamp,
            updated=stamp,
            turn=session.state.turn,
            cards_source=self.cards.source[:256],
            standin=standin,
            creator=creator,
            standin_engine=engine,
            clock=clock,
            clock_left=(clock.start,) * len(seats) if clock is not None else (),
            clock_since=stamp if clock is not None else None,
            watching=watching,
        )
        if clock is None:
            return meta
        return msgspec.structs.replace(meta, clock_seal=self.clocks.seal(meta, 0))

    def create_invited(
        self, creator: str, seats: Sequence[tuple[str, str]], seed: int, name: str, clock: TableClock | None = None
    ) -> SharedTable:
        """A table whose seats are decided for their players (a tournament's round, issue 44.1): each
        ``("person", identity)`` seat is kept for that person (``invited``: they sit down, ``join``),
        each ``("computer", level)`` seat is that computer's.  ``creator`` opens it without a seat;
        ``clock``: the table's clock (the tournament's; None: none).
        ``TableRefused`` for a bad seat list, ``SaveError`` when the name is taken (or the disk)."""
        if not MIN_SEATS <= len(seats) <= MAX_SEATS:
            raise TableRefused(say.seat_count(MIN_SEATS, MAX_SEATS, len(seats)))
        players: list[str] = []
        metas: list[SeatMeta] = []
        for i, (kind, who) in enumerate(seats):
            if kind == "person":
                if (why := identity_problem(who)) is not None:
                    raise TableRefused(say.seat_refusal("problem", why, i))
                players.append(who)
                metas.append(SeatMeta(OPEN))
            else:
                computer = computer_seat(i, who)
                players.append(computer.name)
                metas.append(computer)
        session = Session(GameConfig(players=tuple(players)), seed, self.cards)
        meta = self._new_meta(session, metas, creator, default_standin(len(seats)), None, clock)
        self._games.add(session, meta, name, meta.created).close()  # never held for a session
        return self.open(name, creator)

    def rematch(self, table: SharedTable, seed: int) -> SharedTable:
        """A rematch of the finished ``table``, proposed by its identity: the same seats and options, a
        new deal (``seed``), named ``rematch_name``.  The proposer sits in their seat and opens it
        (its creator); every other person's seat is kept for them (``invited``) until they sit down
        (``join``) or decline (``decline``); a computer seat stays the computer's.  When that rematch
        exists already (another player proposed it first) it is returned as it is.  ``TableRefused``
        when the game is not over, the identity held no seat, or the name is another table's."""
        view = table.view
        identity = table.identity
        if not view.state.is_over:
            raise TableRefused(f"{table.name}: {say.REMATCH_AFTER}")
        mine = view.seat_of(identity)
        if mine is None:
            raise TableRefused(f"{table.name}: {say.seat_refusal('no-rematch-seat', identity)}")
        name = rematch_name(table.name)
        if not self._games.exists(name):
            players: list[str] = []
            metas: list[SeatMeta] = []
            for i, seat in enumerate(view.seats):
                holder = view.holder(i)
                if i == mine:
                    players.append(identity)
                    metas.append(SeatMeta(identity))
                elif holder is not None:  # kept for them: they sit down, or decline
                    players.append(holder)
                    metas.append(SeatMeta(OPEN))
                else:  # a computer seat (or one a person left for good): the computer again
                    bot = seat.bot or STANDIN_BOT
                    label = seat_label(i, "computer", bot)
                    players.append(label)
                    metas.append(SeatMeta(label, "computer", bot))
            config = msgspec.structs.replace(view.session.config, players=tuple(players))
            session = Session(config, seed, self.cards)
            old = view.meta
            meta = self._new_meta(session, metas, identity, old.standin, old.standin_engine, old.clock, old.watching)
            try:
                self._games.add(session, meta, name, meta.created).close()
            except (GameLocked, SaveError):
                if not self._games.exists(name):
                    raise
        rematch = self.open(name, identity)  # ours, or the one another player proposed at the same moment
        if not rematch.view.rematch_of(view):
            raise TableRefused(f"{name}: {say.NOT_THE_REMATCH}")
        return rematch

    def invitation(self, table: SharedTable) -> SharedTable | None:
        """The rematch of the finished ``table`` where a seat is kept for its identity, or None."""
        name = rematch_name(table.name)
        if not table.view.state.is_over or not self._games.exists(name):
            return None
        try:
            rematch = self.open(name, table.identity)
        except SaveError:
            return None
        view = rematch.view
        if not view.rematch_of(table.view):
            return None
        if not any(view.invited(i) == table.identity for i in range(len(view.seats))):
            return None
        return rematch

    def open(self, name: str, identity: str | None = None) -> SharedTable:
        """Read the table ``name`` for ``identity`` (default: ``player_identity()``); never locks it."""
        files = self._games.files(name)
        view = _load(files, self.cards)
        identity = identity if identity is not None else player_identity()
        if (why := view.watch_problem(identity)) is not None:
            raise TableRefused(f"{files.name}: {why}")
        return SharedTable(self, files, view, identity)

    def list(self) -> list[TableSummary]:
        """Every table, most recently changed first; broken ones carry their ``error``; never raises.

        Tables whose file did not change since the last call are not read again.
        """
        out: list[TableSummary] = []
        seen: set[str] = set()
        try:
            # a table whose main file is gone too; a database's brings the documents of the rows changed
            known = {name: cached[0][0] for name, cached in self._cache.items() if cached[0] is not None}
            listed = self.place.listing(backups=True, known=known)
        except OSError as exc:
            return [TableSummary("?", self.dir, error=cannot_list(self.dir, exc))]
        except SaveError as exc:  # the database cannot be reached
            return [TableSummary("?", self.dir, error=str(exc))]
        for found in listed:
            name, path = found.name, found.path.with_name(found.name + SUFFIX)  # a backup's table: its file
            seen.add(name)
            stamp = found.stamp
            cached = self._cache.get(name)
            if (
                cached is not None
                and cached[0] == stamp
                and stamp is not None
                and cached[1].from_backup == found.from_backup
            ):
                out.append(cached[1])
                continue
            summary = dataclasses.replace(self._summary(name, path, found), from_backup=found.from_backup)
            self._cache[name] = (stamp, summary)
            out.append(summary)
        for gone in set(self._cache) - seen:
            del self._cache[gone]
        out.sort(key=lambda s: (s.updated.timestamp() if s.updated else 0.0, s.name), reverse=True)
        return out

    def _summary(self, name: str, path: Path, found: Listed | None = None) -> TableSummary:
        try:
            check_name(name, path, "table")
            view = _load(self.place.files(name, found), self.cards)
        except SaveError as exc:
            return TableSummary(name, path, error=str(exc))
        return _summary_of(name, path, view)

    def remove(self, name: str) -> None:
        """Delete a table with its backup and locks (``GameLocked`` while a write is under way), and its chat."""
        self._games.remove(name)
        self.chat(name).remove()

    def chat(self, name: str) -> ChatBook:
        """The chat of the table ``name`` (issue 41.2), kept beside it in the same store, never in it."""
        if self.chats is None:
            return FileChat(self.dir, sanitise_name(name))
        return self.chats(sanitise_name(name))


def computer_seat(i: int, level: str) -> SeatMeta:
    """Seat ``i`` (from 0) given to the computer ``level``; ``TableRefused`` for a name no bot has."""
    if not level or len(level) > 32 or not level.isidentifier():
        raise TableRefused(say.seat_refusal("seat-kind", level, i))
    label = seat_label(i, "computer", level)
    return SeatMeta(label, "computer", level)


def _load(files: GameDoc, cards: CardDB) -> TableView:
    """Read, replay and verify the table (its backup when the main file is broken)."""
    gen = files.read(cards)
    if gen is None:
        raise SaveError(f"no table named {files.name} in {files.main.parent}")
    view = _view(snapshot_of(gen))
    s = view.session
    movers = [s.mover(i) for i in range(len(s.moves))]
    if (problem := marks_problem(view.meta.by_computer, movers, len(view.seats))) is not None:
        raise SaveError(f"{files.source}: $.meta.by_computer{'' if problem.startswith('[') else ': '}{problem}")
    return view


# --------------------------------------------------------------------------- one table, one identity


class SharedTable(OpenGame):
    """A table as one identity sees it; the game screen's handle (a ``GameHandle``).

    ``read_only`` is True for a watcher (an identity holding no seat).  Every change
    (``push``, ``undo``, ``redo``, ``join``, ``computer_step``) is one locked write.
    """

    def __init__(self, store: TableStore, files: GameDoc, view: TableView, identity: str) -> None:
        self.store = store
        self._files = files
        self._view = view
        self.identity = identity
        self._bad_stamp: Stamp | None = None
        self.rating_problem: str | None = None  # one line: the finished game could not be counted
        # This object's writes, the app's thread's and its follower's: a follower's look waits for a
        # write under way and knows the last one written (its table id and generation), which is not
        # a change made elsewhere even before the writer's view has taken it.
        self._writing = threading.Lock()
        self._wrote: tuple[str, int] | None = None
        # the generation of the game this object last read, wrote or handed its follower: a
        # database's wake for it is not news (issue 42: no look)
        self._held = view.generation

    # ------------------------------------------------------------------ what it is

    def _current(self) -> Snapshot:
        return self._view

    @property
    def view(self) -> TableView:
        return self._view

    @property
    def notice(self) -> str | None:
        return self._view.notice

    @property
    def seat(self) -> int | None:
        """The seat this identity holds, or None (watching)."""
        return self._view.seat_of(self.identity)

    @property
    def read_only(self) -> bool:
        return self.seat is None

    @property
    def shared(self) -> bool:
        return True

    def computer_made(self) -> frozenset[int]:
        return self._view.computer_made()

    def holder(self, seat: int) -> str | None:
        return self._view.holder(seat)

    def __repr__(self) -> str:
        s = self._view.session
        return f"<SharedTable {self.name} as {self.identity} move {s.position}/{len(s.moves)} gen {self.generation}>"

    # ------------------------------------------------------------------ reading

    def fetch(self, base: Snapshot | None = None) -> TableView | None:
        """The table as it is on disk now, when its generation is not ``base``'s (default: the view).

        Changes nothing (safe in a worker thread); ``adopt`` the result.  Raises ``SaveError``
        when the table became unreadable or was removed.
        """
        base = base or self._view
        gen = self._files.peek()
        if gen is not None and gen == base.generation and not base.damaged_main:
            self._held = gen
            return None
        if gen is None:
            stamp = self._files.stamp()
            if stamp == self._bad_stamp and base.damaged_main:
                return None  # still broken, and we already use the backup
            self._bad_stamp = stamp
        view = _load(self._files, self.store.cards)
        same = view.meta.id == base.meta.id and view.damaged_main == base.damaged_main
        self._held = view.generation
        if same and view.generation == base.generation:
            return None
        self._rate(view)  # another process ended it: counted once, whoever sees it end first
        return view

    def adopt(self, view: Snapshot) -> TableView | None:
        """Make ``view`` current if it is newer than the current view; the view it replaced, or None."""
        view = _view(view)
        old = self._view
        another = view.meta.id != old.meta.id  # deleted and opened again under the same name
        broken = view.damaged_main != old.damaged_main  # the main file broke (the backup is the table), or mended
        if view.generation <= old.generation and not another and not broken:
            return None
        self._view = view
        return old

    def poll(self) -> bool:
        """Fetch and adopt: True when the table changed."""
        view = self.fetch()
        return view is not None and self.adopt(view) is not None

    def reload(self) -> bool:
        """The ``SavedGame.reload`` of a watched game: same as ``poll``."""
        return self.poll()

    def watch(self, fallback: float = FALLBACK, notify: bool = True) -> Watch:
        """What a follower waits on: its ``wait`` returns when the table's file (or its backup, or the
        computer seats' claim) changed, and at the latest every ``fallback`` seconds; ``fetch`` then.

        Blocking (a worker thread's); ``close`` it (or use ``with``).  ``notify=False``: no
        notification, only the fallback look.
        """
        return self._files.watch(fallback, notify, claims=True, held=lambda: self._held)

    def changes(self, latest: Snapshot, decide: Decide, pause: float, standin: StandIn | None) -> Iterator[Change]:
        """A follower's look (a worker thread's): the table on disk if newer than ``latest`` (or the
        view, if that is newer), then the computer's decision if it is to move and this process wins
        the claim.  Each is already written; ``adopt`` them."""
        with self._writing:  # a write of this object's own under way ends first
            own = self._wrote
        base = self._view if self._view.generation >= latest.generation else _view(latest)
        newer = self.fetch(base)
        if newer is not None:
            base = newer
            if (newer.meta.id, newer.generation) != own:  # else the writer takes it on itself
                yield Change(newer.state, view=newer)
        if self.computer_to_move(base, standin) is not None:
            played = self.computer_step(decide, base, pause=pause, standin=standin)
            if played is not None:
                yield Change(base.state, view=played)

    # ------------------------------------------------------------------ writing

    def _transact(
        self,
        base: TableView,
        change: Callable[[TableView], tuple[Session, SaveMeta, R]],
        expect: TableView | None = None,
    ) -> tuple[TableView, R]:
        """Lock, bring ``base`` up to date, check ``expect`` (the game the player saw), change, write.

        ``change`` raises to refuse (nothing is written); ``TableMoved`` when the game is no longer
        where ``expect`` saw it.  Returns the written view; the current view is not touched.
        """
        with self._writing:  # this object's own writes, one at a time; a follower's look waits for them
            lock = self._files.lock(f"the table {self.name}")
            lock.acquire(timeout=LOCK_WAIT)
            try:
                current = base
                if self._files.peek() != base.generation or base.damaged_main:
                    self._files.tidy()
                    current = _load(self._files, self.store.cards)
                if expect is not None and not current.same_game(expect):
                    since = self._since(expect, current)
                    raise TableMoved(say.moved_on(self.name, str(since)), since)
                session, meta, result = change(current)
                return self._write(current, session, meta), result
            finally:
                lock.release()

    def _since(self, old: TableView, new: TableView) -> Since:
        a, b = old.session.position, new.session.position
        if b > a and new.session.moves[:a] == old.session.moves[:a]:
            return Since(new.named(new.mover(a)))
        return Since()

    def _write(self, current: TableView, session: Session, meta: SaveMeta) -> TableView:
        now = self.store.clock()
        meta = _clocked(self.store.clocks, current, session, meta, now)
        view = _view(write_next(self._files, session, meta, self.store.cards, current, now))
        self._wrote = (view.meta.id, view.generation)
        self._held = view.generation
        state = view.state
        if self.store.turn_notice is not None and not state.is_over and state.current != current.state.current:
            holder = view.holder(state.current)
            if holder is not None and holder != self.identity:
                self.store.turn_notice.turn(self.name, holder)
        self._rate(view)
        return view

    def _rate(self, view: TableView) -> None:
        """A finished table counts for its people's ratings, once (by its id) however many apps see it
        end.  A person a computer stood in for (a decision in ``by_computer``), or who left, does not
        count, nor does the computer in their seat.  A store that cannot count it: ``rating_problem``."""
        if not view.state.is_over:
            return
        away = {i for i in range(len(view.seats)) if view.by_computer(i) or view.left(i)}
        result = result_of(view.meta, view.state, self.store.clock(), shipped_anchors(), away)
        if result is not None:
            self.rating_problem = rating_problem(self.store.profiles, result)

    def _refuse(self, why: object) -> TableRefused:
        """Refused, and why (a sentence of ``words``, or a problem ``words`` words: ``str`` says it)."""
        return TableRefused(f"{self.name}: {why}", why if isinstance(why, TurnProblem | UndoProblem) else None)

    # ------------------------------------------------------------------ turns

    def turn_problem(self, view: TableView | None = None) -> TurnProblem | None:
        """Why this identity cannot make the next decision (None: it is their turn)."""
        view = view or self._view
        state = view.state
        mine = view.seat_of(self.identity)
        if state.is_over:
            return TurnProblem("over")
        if mine is None:
            return TurnProblem("watching", identity=self.identity)
        seat = state.current
        who = view.named(seat)
        if who.kind != "human":
            return TurnProblem("computer" if who.kind == "computer" else "open", who)
        if seat != mine:
            return TurnProblem("other", who, self.identity, mine)
        return None

    def is_my_turn(self) -> bool:
        return self.turn_problem() is None

    def legal_moves(self) -> list[Move]:
        return self.session.legal_moves()

    def push(self, move: Move, seen: Snapshot | None = None) -> list[Event]:
        """Make this identity's decision; ``TableRefused`` (not their turn), ``TableMoved`` (the game
        changed since they looked: since ``seen``, the view on their screen, else since the current
        view), ``IllegalMove`` (the rules) or ``SaveError``: nothing written."""
        base = self._view
        expect = base if seen is None else _view(seen)
        if (why := self.turn_problem(base)) is not None:
            raise self._refuse(why)

        def change(current: TableView) -> tuple[Session, SaveMeta, list[Event]]:
            if (why := self.turn_problem(current)) is not None:
                raise self._refuse(why)
            session = current.session.copy()
            events = session.push(move)
            return session, _cut(current), events

        try:
            view, events = self._transact(base, change, expect=expect)
        except StoreUnreachable:  # lost before the write's commit: nothing of it is in the database
            raise StoreUnreachable(NOT_TAKEN) from None
        self._view = view
        return events

    # ------------------------------------------------------------------ computer seats and stand-ins

    def computer_to_move(self, view: Snapshot | None = None, standin: StandIn | None = None) -> tuple[int, str] | None:
        """(seat, bot name) when the computer is to move, else None (a stand-in engine: ``engine:NAME``).

        That is a computer seat's turn, or (given ``standin``: who is away, and the clock) a person's
        turn while that person is away for the table's ``standin`` minutes or more.  Never this
        process's own identity: whoever runs this is here.
        """
        view = _view(view or self._view)
        state = view.state
        if state.is_over:
            return None
        meta = view.seats[state.current]
        if meta.kind == "computer":
            return state.current, meta.bot or STANDIN_BOT
        holder = view.holder(state.current)
        if holder is not None and (left := self.clock_left(view)) is not None and left <= 0:
            return state.current, standin_bot(view.standin_engine)  # out of time, here or not (issue 41)
        if standin is None or holder is None or holder == self.identity:
            return None
        if not standin.due(view.standin, holder):
            return None
        return state.current, standin_bot(view.standin_engine)

    def clock_left(self, view: Snapshot | None = None) -> int | None:
        """Seconds the person to move has left on the table's clock now (None: no clock, not a
        person's turn, or the game is over); 0 or less: out of time, the stand-in decides."""
        view = _view(view or self._view)
        if view.meta.clock is None or view.state.is_over or view.holder(view.state.current) is None:
            return None
        s = view.session
        return self.store.clocks.left(view.meta, s.position, view.generation, view.state.current, self.store.clock())

    def clock_unsealed(self, view: Snapshot | None = None) -> bool:
        """Is the table's clock not believed (its seal not this host's: a file edited by hand, a forged
        clock, another host's key)?  Its banks then count again in full (``ClockKeeper.believed``)."""
        view = _view(view or self._view)
        if view.meta.clock is None or view.state.is_over:
            return False
        return not self.store.clocks.sealed(view.meta, view.session.position)

    def standin_in(self, standin: StandIn, view: TableView | None = None) -> float | None:
        """Seconds until a computer would play the person to move if they stay away (None: never)."""
        view = view or self._view
        state = view.state
        if state.is_over:
            return None
        holder = view.holder(state.current)
        if holder is None or holder == self.identity:
            return None
        return standin.seconds_left(view.standin, holder)

    def computer_step(
        self, decide: Decide, base: TableView | None = None, pause: float = 0.0, standin: StandIn | None = None
    ) -> TableView | None:
        """Play the computer to move (a computer seat, or a stand-in given ``standin``), if this process
        wins the claim; a newer view, or None.

        Safe in a worker thread (the current view is not touched; ``adopt`` the result).  The
        decision is computed for ``base`` and written only if the game is still there and (for a
        stand-in) its person still away, checked again under the lock, so each computer decision
        is made once whoever plays it, and never for a person who came back.  ``pause``: at least
        this many seconds between the claim and the write (players see the computer "think").
        """
        base = base or self._view
        if self.computer_to_move(base, standin) is None:
            return None
        claim = self._files.claim(f"the computer seats of the table {self.name}")
        try:
            claim.acquire(timeout=0.0)
        except GameLocked:
            return None  # another process is playing them
        try:
            newer = self.fetch(base)
            if newer is not None:
                base = newer
            turn = self.computer_to_move(base, standin)
            if turn is None:
                return newer
            seat, bot = turn
            start = time.monotonic()
            move = decide(seat, bot, base.state)
            rest = pause - (time.monotonic() - start)
            if rest > 0:
                time.sleep(rest)

            def change(current: TableView) -> tuple[Session, SaveMeta, None]:
                if self.computer_to_move(current, standin) != turn:  # presence read again, under the lock
                    raise TableMoved(say.seat_refusal("moved", self.name))
                session = current.session.copy()
                session.push(move)
                if current.seats[seat].kind == "computer":
                    return session, _cut(current), None
                marks = marks_add(current.meta.by_computer, len(current.seats), seat, current.session.position)
                return session, msgspec.structs.replace(current.meta, by_computer=marks), None

            try:
                view, _ = self._transact(base, change, expect=base)
            except TableMoved:
                return newer
            return view
        finally:
            claim.release()

    # ------------------------------------------------------------------ undo and redo

    def _seat(self, view: TableView) -> Seat:
        return Seat(view.seat_of(self.identity), self.identity)

    def undo_problem(self, view: TableView | None = None) -> UndoProblem | None:
        """Why this identity cannot undo now (None: ``undo`` will take back their last decision)."""
        view = view or self._view
        return undo_step(view.session, view.seats, self._seat(view), view.named, view.computer_made()).refused

    def can_undo(self) -> bool:
        """Is there anything this player might undo (``undo`` says why not, if it cannot)?"""
        return self.seat is not None and self._view.session.position > 0 and not self.finished

    def undo_needs_confirmation(self) -> bool:
        return False  # a step over a revealed card is refused at a table, never confirmed

    def undo(self, confirm: bool = False) -> bool:
        """Take back this identity's last decision; ``TableRefused`` says why when it may not."""

        def change(current: TableView) -> tuple[Session, SaveMeta, bool]:
            step = undo_step(
                current.session, current.seats, self._seat(current), current.named, current.computer_made()
            )
            return self._step(current, step.target, step.refused), current.meta, True

        view, done = self._transact(self._view, change)
        self._view = view
        return done

    def can_redo(self) -> bool:
        view = self._view
        step = redo_step(view.session, view.seats, self._seat(view), view.computer_made())
        return self.seat is not None and step.allowed

    def redo(self) -> bool:
        """Make again the next undone decision, if it is this identity's."""
        base = self._view

        def change(current: TableView) -> tuple[Session, SaveMeta, bool]:
            step = redo_step(current.session, current.seats, self._seat(current), current.computer_made())
            return self._step(current, step.target, step.refused), current.meta, True

        view, done = self._transact(base, change, expect=base)
        self._view = view
        return done

    def _step(self, current: TableView, target: int, refused: UndoProblem | None) -> Session:
        """The session standing at ``target`` (undo, redo), or ``TableRefused`` with the reason."""
        if refused is not None:
            raise self._refuse(refused)
        session = current.session.copy()
        session.go_to(target)
        return session

    # ------------------------------------------------------------------ seats

    def join(self, seat: int | None = None) -> int:
        """Take an open seat (the first one when ``seat`` is None) for this identity; its index."""
        if (why := identity_problem(self.identity)) is not None:
            raise self._refuse(why)

        def change(current: TableView) -> tuple[Session, SaveMeta, int]:
            mine = current.seat_of(self.identity)
            if mine is not None:
                raise self._refuse(say.seat_refusal("seated", self.identity, mine))
            if current.state.is_over:
                raise self._refuse(say.JOIN_OVER)
            for_me = (None, self.identity)
            free = [i for i in range(len(current.seats)) if current.is_open(i) and current.invited(i) in for_me]
            kept = [i for i in free if current.invited(i) == self.identity]  # a rematch keeps a seat for them
            chosen = (kept or free)[0] if seat is None and free else seat
            if chosen is None:
                raise self._refuse(say.ALL_TAKEN)
            if not 0 <= chosen < len(current.seats):
                raise self._refuse(say.seat_refusal("no-seat", seat=chosen))
            if not current.is_open(chosen):
                raise self._refuse(say.seat_refusal("taken", current.who(chosen), chosen))
            if (invited := current.invited(chosen)) not in (None, self.identity):
                raise self._refuse(say.seat_refusal("kept", invited or "", chosen))
            s = current.session
            players = list(s.config.players)
            players[chosen] = self.identity
            config = msgspec.structs.replace(s.config, players=tuple(players))
            session = Session.replay(config, s.seed, list(s.moves), s.position, self.store.cards)
            seats = list(current.seats)
            seats[chosen] = SeatMeta(self.identity)
            return session, msgspec.structs.replace(current.meta, seats=tuple(seats)), chosen

        view, chosen = self._transact(self._view, change)
        self._view = view
        return chosen

    def leave(self) -> SeatChange:
        """Leave the table for good: this identity's seat goes to the computer (before any decision
        of the game: it is open again).  What became of the seat; ``TableRefused`` says why not."""

        def change(current: TableView) -> tuple[Session, SaveMeta, SeatChange]:
            mine = current.seat_of(self.identity)
            if mine is None:
                raise self._refuse(say.seat_refusal("nothing-to-leave", self.identity))
            return self._vacate(current, mine)

        view, what = self._transact(self._view, change)
        self._view = view
        return what

    def decline(self) -> SeatChange:
        """Decline the rematch: the seat kept for this identity goes to the computer.  What became of
        the seat; ``TableRefused`` when no seat is kept for them here."""

        def change(current: TableView) -> tuple[Session, SaveMeta, SeatChange]:
            kept = [i for i in range(len(current.seats)) if current.invited(i) == self.identity]
            if not kept:
                raise self._refuse(say.seat_refusal("nothing-to-decline", self.identity))
            return self._to_computer(current, kept[0], self.identity, "declined")

        view, what = self._transact(self._view, change)
        self._view = view
        return what

    def invited_problem(self, seat: int, view: TableView | None = None) -> str | None:
        """Why this identity may not give ``seat``, kept for someone (a rematch), to the computer."""
        view = view or self._view
        invited = view.invited(seat) if 0 <= seat < len(view.seats) else None
        if invited is None:
            return say.seat_refusal("kept-for-nobody", seat=seat)
        if self.identity != view.meta.creator:
            return say.seat_refusal("not-proposer", view.meta.creator or "")
        if view.state.is_over:
            return say.RESULT_STANDS
        return None

    def give_to_computer(self, seat: int) -> SeatChange:
        """The rematch's proposer gives ``seat``, kept for a player who stays away, to the computer.
        What became of the seat; ``TableRefused`` says why not."""
        if (why := self.invited_problem(seat)) is not None:
            raise self._refuse(why)

        def change(current: TableView) -> tuple[Session, SaveMeta, SeatChange]:
            if (why := self.invited_problem(seat, current)) is not None:
                raise self._refuse(why)
            return self._to_computer(current, seat, current.invited(seat) or "", "absent")

        view, what = self._transact(self._view, change)
        self._view = view
        return what

    def _to_computer(
        self, current: TableView, seat: int, who: str, why: Literal["declined", "absent"]
    ) -> tuple[Session, SaveMeta, SeatChange]:
        """A seat kept for a person (never decided in) becomes a computer seat; the log replayed under its name."""
        label = seat_label(seat, "computer", STANDIN_BOT)
        s = current.session
        players = list(s.config.players)
        players[seat] = label
        config = msgspec.structs.replace(s.config, players=tuple(players))
        session = Session.replay(config, s.seed, list(s.moves), s.position, self.store.cards)
        seats = list(current.seats)
        seats[seat] = SeatMeta(label, "computer", STANDIN_BOT)
        meta = msgspec.structs.replace(current.meta, seats=tuple(seats))
        return session, meta, SeatChange(who, seat, why, STANDIN_BOT)

    def remove_problem(self, identity: str, standin: StandIn, view: TableView | None = None) -> str | None:
        """Why this identity may not remove ``identity`` from the table now (None: ``remove`` will)."""
        view = view or self._view
        creator = view.meta.creator
        if creator is None:
            return say.NO_CREATOR
        if self.identity != creator:
            return say.seat_refusal("not-creator", creator)
        if identity == self.identity:
            return say.NOT_YOURSELF
        if view.seat_of(identity) is None:
            return say.seat_refusal("holds-no-seat", identity)
        if view.state.is_over:
            return say.RESULT_STANDS
        if standin.away_for(identity) is None:
            return say.seat_refusal("here", identity)
        return None

    def remove(self, identity: str, standin: StandIn) -> SeatChange:
        """The creator removes ``identity``, who is away: as if they left (``leave``).  Presence is read
        again under the lock.  What became of the seat; ``TableRefused`` says why not."""
        if (why := self.remove_problem(identity, standin)) is not None:
            raise self._refuse(why)

        def change(current: TableView) -> tuple[Session, SaveMeta, SeatChange]:
            if (why := self.remove_problem(identity, standin, current)) is not None:
                raise self._refuse(why)
            seat = current.seat_of(identity)
            assert seat is not None  # remove_problem said so
            return self._vacate(current, seat)

        view, what = self._transact(self._view, change)
        self._view = view
        return what

    def _vacate(self, current: TableView, seat: int) -> tuple[Session, SaveMeta, SeatChange]:
        """``seat``'s person goes: open again before the game's first decision, else a computer's."""
        if current.state.is_over:
            raise self._refuse(say.RESULT_STANDS)
        who = current.seats[seat].name
        s = current.session
        seats = list(current.seats)
        if not s.moves:  # nobody decided anything yet: another person may take the seat
            players = list(s.config.players)
            players[seat] = seat_label(seat, "human", None)
            config = msgspec.structs.replace(s.config, players=tuple(players))
            session = Session.replay(config, s.seed, [], 0, self.store.cards)
            seats[seat] = SeatMeta(OPEN)
            what = SeatChange(who, seat)
        else:  # the game goes on with the computer in the seat; the log keeps the person's name
            session = s.copy()
            seats[seat] = SeatMeta(who, "computer", STANDIN_BOT)
            what = SeatChange(who, seat, bot=STANDIN_BOT)
        return session, msgspec.structs.replace(current.meta, seats=tuple(seats)), what

    # ------------------------------------------------------------------ the rest of the GameHandle interface

    def save_as(self, name: str) -> SharedTable:
        raise SaveError(f"{self.name}: a shared table keeps its name (every decision is saved in it)")

    def close(self) -> None:
        """Nothing is held between writes: nothing to release."""
        return None

    def parting(self) -> Parting:
        return Parting(self.name, shared=True)


__all__ = [
    "LOCK_SUFFIX",
    "OPEN",
    "POLL_INTERVAL",
    "TABLES_DIR",
    "SeatSummary",
    "SharedTable",
    "TableMoved",
    "TableRefused",
    "TableStore",
    "TableSummary",
    "TableView",
    "identity_problem",
    "player_identity",
    "rematch_name",
]
