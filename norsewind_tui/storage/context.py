"""The application context: every store of one app or command, and who uses them (issue 22 §3).

Made once from the command line's ``Options``; the app, its screens and the commands take
their stores from it and build none of their own.  This is the storage seam: a second
backend (a database) is a second way to make these stores behind the same names, chosen
here, and nothing above the storage layer changes (docs/ARCHITECTURE.md).
"""

from __future__ import annotations

import contextlib
from collections.abc import Collection, Sequence
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ..options import Options
from ..rules import GameConfig
from ..rules.cards import CardDB
from ..rules.trophies import Trophy
from .cardfile import load_card_file
from .clock import Clock, system_clock
from .commands import typed
from .engines import HostEngines, load_engines
from .errors import StorageError
from .format import SeatMeta
from .gamefile import Place
from .halloffame import Hall
from .identity import player_identity
from .notices import HostNotices, TurnNotices, load_notices
from .paths import resolve_saves_dir
from .pg.url import has_password as has_password  # the command line refuses a password (issue 38.10)
from .pg.url import resolve_database
from .presence import PRESENCE_DIR, PresenceStore
from .profiles import CampaignRow, Profiles, default_profile_name
from .puzzles import PuzzleBook, puzzle_trophies
from .records import GameRecord
from .saves import GameStore, SavedGame, SaveSummary
from .settings import SettingsStore
from .tables import TABLES_DIR, TableStore, is_table_file
from .tournaments import TOURNAMENTS_DIR, FileTournaments, TournamentDocs, Tournaments, tournament_trophies
from .trophies import earned, merged
from .watch import LookWatch

if TYPE_CHECKING:
    from .pg.home import Home


class Campaign(NamedTuple):
    """The solo campaign of this app's profile: its level table, its title, its games (oldest first),
    and why the profile could not be read (None: it was; the rows are then those of a new profile)."""

    rows: list[CampaignRow]
    title: str | None
    games: list[GameRecord]
    problem: StorageError | None = None


class AppContext:
    """The stores of one saves folder, its card set, this player's identity and the clock.

    Raises ``StorageError`` (one line) when the card file or the saves folder cannot be used.
    The stores that write folders of their own (tables, presence, settings) are made when
    first asked for: a command that lists the saves creates no tables folder.
    """

    def __init__(self, options: Options, clock: Clock = system_clock) -> None:
        self.options = options
        self.clock = clock  # presence and "since when" (tests move a ManualClock by days)
        self.cards: CardDB | None = load_card_file(options.cards) if options.cards else None
        self.saves_dir: Path = resolve_saves_dir(options.saves)
        # the database (issue 25) when one is named: its games, tables and profiles (the campaign, the
        # daily deal, the hall of fame) instead of the folder's; the folder keeps the rest (settings,
        # the host key).  One home (its URL, its connection policy, its leases and listener) serves
        # every store of it (issue 40.4).  Reached and checked now: one line (DatabaseUnreachable,
        # SchemaProblem) before anything is shown.
        self.home: Home | None = _home(resolve_database(options.database))
        self._saves_place = self._place("save", self.saves_dir)
        self.games = GameStore(self.saves_dir, self.cards, place=self._saves_place, profiles=self._profiles())
        self.identity = player_identity()  # $NORSEWIND_PLAYER, else the login name
        self.profile_name = options.profile or default_profile_name()  # solo results go there

    @classmethod
    def at(
        cls, saves: str | None = None, profile: str | None = None, clock: Clock = system_clock, cards: str | None = None
    ) -> AppContext:
        """The context of the saves folder ``saves`` (``StorageError`` in one line when it cannot be used)."""
        return cls(Options(saves=saves, profile=profile, cards=cards), clock)

    @property
    def database(self) -> str | None:
        """The database's URL (held by its home), or None for the saves folder."""
        return self.home.url if self.home is not None else None

    def command(self, *words: str) -> str:
        """The ``norsewind`` command of ``words`` to print for the player: quoted for a shell, with
        the options that reach these games (``--saves``, ``--database``...) as the player gave them."""
        return typed(self.options, *words)

    @property
    def profiles(self) -> Profiles:
        return self.games.profiles

    @cached_property
    def settings(self) -> SettingsStore:
        return SettingsStore(self.saves_dir)

    @cached_property
    def presence(self) -> PresenceStore:
        """This app's presence record, written by its keeper (from one worker thread at a time)."""
        return self.own_presence()

    def own_presence(self, clock: Clock | None = None) -> PresenceStore:
        """A presence store for one thread alone (its cache is not thread-safe); ``clock``: another
        than the context's (a table screen's)."""
        clock = clock or self.clock
        if self.home is None:
            return PresenceStore(self.saves_dir, clock)
        from .pg.presence import DbPresenceStore

        return DbPresenceStore(self.home, clock)

    def _profiles(self) -> Profiles | None:
        """The database's profiles, or None for the folder's (the game store's default)."""
        if self.home is None:
            return None
        from .pg.profiles import PgProfileStore

        return PgProfileStore(self.home)

    def _place(self, kind: str, folder: Path) -> Place | None:
        """Where the games of ``kind`` are: None for the folder (the stores' default), else the database."""
        if self.home is None:
            return None
        from .pg.games import DbPlace  # psycopg is loaded only by those who use a database

        self.home.open()
        return DbPlace(self.home, kind, folder)

    @cached_property
    def engines(self) -> HostEngines:
        """The outside engines this host names (``<saves>/engines.toml``): a table's stand-in engine
        is one of these names, never a command (issue 29; none, and why, when the file is not believed)."""
        return load_engines(self.saves_dir)

    @cached_property
    def tables(self) -> TableStore:
        """The shared tables (their folder made at the first use; ``StorageError`` if it cannot be)."""
        return self._table_store()

    @cached_property
    def tournaments(self) -> Tournaments:
        """The tournaments (issue 44.1): the folder's ``tournaments/``, or the database's rows."""
        docs: TournamentDocs
        if self.home is None:
            docs = FileTournaments(self.saves_dir / TOURNAMENTS_DIR)
        else:
            from .pg.tournaments import DbTournaments

            docs = DbTournaments(self.home)
        return Tournaments(docs, self.tables, self.profiles.ladder, self.clock)

    def trophies(
        self, names: Collection[str], hall: Hall | None = None, games: Sequence[GameRecord] | None = None
    ) -> dict[str, tuple[Trophy, ...]]:
        """Issue 44.3: the trophies of ``names`` from every record that holds them: the profiles' (of
        ``hall``, or of ``games`` when one player's records are in hand), the puzzle book's tries and
        the tournaments' results; never raises (a record that cannot be read gives none)."""
        base = hall.trophies(names) if hall is not None else {}
        if games is not None:
            base = {name: earned(games) for name in names}
        try:
            tries = PuzzleBook(self.saves_dir).load().tries
        except (StorageError, OSError):
            tries = ()
        docs = []
        with contextlib.suppress(StorageError, OSError):
            for name in self.tournaments.docs.names():
                with contextlib.suppress(StorageError, OSError):
                    if (doc := self.tournaments.docs.read(name)) is not None:
                        docs.append(doc)
        out = {}
        for name in names:
            held = merged(base.get(name, ()), puzzle_trophies(tries, name), tournament_trophies(docs, name))
            if held:
                out[name] = held
        return out

    def _table_store(self) -> TableStore:
        place = self._place("table", self.saves_dir / TABLES_DIR)
        store = TableStore(self.saves_dir, self.cards, place=place, presence=self.own_presence, profiles=self.profiles)
        if self.database is not None:
            from .pg.chat import DbChat
            from .pg.home import home

            url = self.database
            store.chats = lambda name: DbChat(home(url), name)  # a table's chat: rows beside its row
        host = self.notices
        if host.commands:  # a host that names no notice command runs none (issue 41.4)
            come_back = self.command("play")
            store.turn_notice = TurnNotices(self.saves_dir, host, self.settings, self.own_presence, come_back)
        return store

    @cached_property
    def notices(self) -> HostNotices:
        """The turn notices this host names (``<saves>/notices.toml``): a player's setting is one of
        these names, never a command (issue 41.4; none, and why, when the file is not believed)."""
        return load_notices(self.saves_dir)

    def around_watch(self, period: float, poll: float) -> LookWatch | None:
        """What wakes the app's look at the tables and the others (issue 28): a change of a table's
        file, or of a presence record that moves its player (not a beat), at the latest every
        ``period`` seconds (every ``poll`` where the folder cannot notify).  None for the database:
        its rows notify nothing of the kind, and the app looks every so often instead."""
        if self.database is not None:
            return None
        presence = PresenceStore(self.saves_dir, self.clock)  # the watch's own: read in its thread alone
        presence.shown_changed(())  # where everyone is now: the first move after it is one

        def wanted(folder: str, names: set[str]) -> bool:
            if folder == TABLES_DIR:
                return any(is_table_file(name) for name in names)
            return presence.shown_changed(names)

        # presence records are only ever replaced (atomic_write) or removed; a table is created by a
        # link (write_exclusive), so its folder reports every change
        return LookWatch(self.saves_dir, (PRESENCE_DIR, TABLES_DIR), wanted, period, poll, replaced=(PRESENCE_DIR,))

    def own_games(self) -> list[SaveSummary]:
        """The saves this player resumes, newest first: every one of the saves folder (the player's
        own); of a database, which every player shares, those whose profile or a person's seat is
        theirs, or no profile's (issue 38.10: "Resume a saved game" listed everyone's solo games).
        Never raises."""
        games = self.games.list()
        if self.database is None:
            return games
        return [s for s in games if s.name == "?" or is_own(s, self.identity, self.profile_name)]

    def new_game(self, config: GameConfig, seed: int, seats: list[SeatMeta], name: str | None = None) -> SavedGame:
        """A new saved game; a solo game's result goes to this app's profile (the identity unless
        ``--profile``), whatever the typed name."""
        profile = self.profile_name if config.solo else None
        return self.games.create(config, seed, seats, name=name, profile=profile)

    def continuable(self, identity: str | None = None) -> SaveSummary | None:
        """The most recently updated unfinished game of this player (a person's seat named after
        them, or their profile), or None (shared tables are not saves: the lobby has them)."""
        who = identity if identity is not None else self.identity
        for s in self.own_games():  # newest first
            if s.error is not None or s.finished:
                continue
            if who in {seat.name for seat in s.seats if seat.kind == "human"} or s.profile == who:
                return s
        return None

    def has_finished_game(self) -> bool:
        """Whether this player finished a game (the title then no longer leads with the tutorial)."""
        try:
            if self.profiles.load(self.profile_name).games:
                return True
        except StorageError:
            pass
        who = self.identity
        return any(s.finished and (s.profile == who or who in {m.name for m in s.seats}) for s in self.games.list())

    def campaign(self) -> Campaign:
        """This app's profile's campaign; an unreadable profile is a new one's table and its problem."""
        try:
            profile = self.profiles.load(self.profile_name)
        except StorageError as exc:
            return Campaign([CampaignRow(level, level == 1, (), None, 0) for level in range(1, 8)], None, [], exc)
        return Campaign(profile.campaign(), profile.title, list(profile.games))

    def own_tables(self) -> TableStore | None:
        """A table store for one worker thread (kept: it reads again only changed tables), or None
        while there is no tables folder (a look creates none)."""
        if self.database is None and not (self.saves_dir / TABLES_DIR).is_dir():
            return None
        return self._table_store()


def _home(url: str | None) -> Home | None:
    if url is None:
        return None
    from .pg.home import home

    return home(url)


def is_own(summary: SaveSummary, identity: str, profile: str | None = None) -> bool:
    """Is the game ``identity``'s: a person's seat named after it, its profile ``identity`` (or
    ``profile``), or no profile at all (a game of several at one terminal: nothing says whose)?"""
    humans = {seat.name for seat in summary.seats if seat.kind == "human"}
    return summary.profile is None or identity in humans or summary.profile in (identity, profile or identity)


def names_database(options: Options) -> bool:
    """Do the options (or ``$NORSEWIND_DATABASE``) name a database?  (``StorageError``: not a URL.)"""
    return resolve_database(options.database) is not None


def reach_database(given: str | None) -> str | None:
    """``--database`` (else ``$NORSEWIND_DATABASE``) reached and its schema checked now, then let go;
    None when no database is named (the saves folder is the store).  ``StorageError`` in one line
    (not a URL, cannot be reached, another schema), naming the database without its password.
    ``norsewind serve`` asks at start, before it listens: each session connects on its own."""
    url = resolve_database(given)
    if url is not None:
        from .pg.connect import connect
        from .pg.schema import check

        with connect(url) as conn:
            check(conn, url)
    return url
