"""What the app holds about the session on screen, beside its context and its navigation.

One typed object (``NorsewindApp.session``, a screen's ``self.session``): the screens read and
change it, never the app's own attributes, so ``AppServices`` (screens/base.py) is navigation
only.  The stores are the context's (storage/context.py); this is what is not stored, or is
loaded once for the app (the settings).  (Not the rules' ``Session``, a game's history:
``self.game.session``.)
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import Protocol

from textual.signal import Signal

from ..storage.context import AppContext
from ..storage.handle import GameHandle
from ..storage.identity import identity_problem
from ..storage.settings import Settings
from .presence import Around


class Stoppable(Protocol):
    def stop(self) -> None: ...


@dataclass
class AppSession:
    context: AppContext  # the stores (the app's own: one door to them, issue 40.4)
    around_signal: Signal[Around]  # published with each new look (the screens subscribe)
    seed: int | None = None  # a fixed seed for new games (tests, screenshots), else None
    computer_delay: float = 0.6  # seconds a computer player's move takes at least
    active_game: GameHandle | None = None  # the game shown, closed when the app ends
    watched_tables: set[str] = field(default_factory=set)  # opened as a spectator (lobby's r reviews them)
    around: Around | None = None  # the latest look at the tables and everyone's presence (None: not yet)
    settings: Settings = field(default_factory=Settings)  # this player's settings (storage/settings.py)
    settings_notice: str = ""  # why the settings file could not be read (the defaults are used)
    key_time: float | None = None  # when the key whose binding runs now arrived (its decision's view, issue 24.4)
    # the game screens' drivers: stopped when the app ends, as a screen's own unmount may not come
    drivers: weakref.WeakSet[Stoppable] = field(default_factory=weakref.WeakSet)

    def load_settings(self) -> str:
        """Read this player's settings; the notice to show when the file could not be read ("" if none)."""
        context = self.context
        if identity_problem(context.identity) is not None:
            return ""  # defaults, without a file (the settings page says why it cannot save)
        self.settings, notice = context.settings.load(context.identity)
        self.settings_notice = notice or ""
        return self.settings_notice

    def save_settings(self, settings: Settings) -> None:
        """Keep and write this player's settings (``StorageError`` in one line when it cannot)."""
        context = self.context
        context.settings.save(context.identity, settings)
        self.settings = settings
        self.settings_notice = ""
