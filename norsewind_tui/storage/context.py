"""The application context: every store of one app or command, and who uses them (issue 22 §3).

Made once from the command line's ``Options``; the app, its screens and the commands take
their stores from it and build none of their own.  This is the storage seam: a second
backend (a database) is a second way to make these stores behind the same names, chosen
here, and nothing above the storage layer changes (docs/ARCHITECTURE.md).
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path

from ..options import Options
from ..rules.cards import CardDB
from .cardfile import load_card_file
from .clock import Clock, system_clock
from .identity import player_identity
from .paths import resolve_saves_dir
from .presence import PresenceStore
from .profiles import ProfileStore, default_profile_name
from .saves import GameStore
from .settings import SettingsStore
from .tables import TABLES_DIR, TableStore


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
        self.games = GameStore(self.saves_dir, self.cards)
        self.identity = player_identity()  # $NORSEWIND_PLAYER, else the login name
        self.profile_name = options.profile or default_profile_name()  # solo results go there

    @property
    def profiles(self) -> ProfileStore:
        return self.games.profiles

    @cached_property
    def settings(self) -> SettingsStore:
        return SettingsStore(self.saves_dir)

    @cached_property
    def presence(self) -> PresenceStore:
        """This app's presence record, written by its keeper (from one worker thread at a time)."""
        return self.own_presence()

    def own_presence(self) -> PresenceStore:
        """A presence store for one thread alone (its cache is not thread-safe)."""
        return PresenceStore(self.saves_dir, self.clock)

    @cached_property
    def tables(self) -> TableStore:
        """The shared tables (their folder made at the first use; ``StorageError`` if it cannot be)."""
        return TableStore(self.saves_dir, self.cards)

    def own_tables(self) -> TableStore | None:
        """A table store for one worker thread (kept: it reads again only changed tables), or None
        while there is no tables folder (a look creates none)."""
        return TableStore(self.saves_dir, self.cards) if (self.saves_dir / TABLES_DIR).is_dir() else None
