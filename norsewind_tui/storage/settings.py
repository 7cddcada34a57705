"""A player's settings (issue 13): one small file per identity in ``settings/`` of the saves folder.

``settings/IDENTITY.json`` holds ``{"format": 1, "turn_bell": true, "hints": "expert", "muted": [],
"notice": null}``: whether the terminal bell rings and a notice says so when it becomes this player's
turn at a table while they are elsewhere, which computer player gives the hints (expert or hard),
the tables whose chat is muted, and the host's notice command (by its name, ``notices.py``) run
when a table becomes their turn while they are not at it.
Written atomically (``atomic.py``); read with a size limit, without following links, decoded
strictly.  A file that cannot be read (broken, hostile, of a newer version) gives the defaults and a
one-line ``notice``, never a traceback; it is set aside as ``IDENTITY.json.damaged`` (never
overwritten) before the next write replaces it.  A file of another Unix account is not believed
either (``trust.py``), and the next write simply replaces it.

>>> import tempfile
>>> from pathlib import Path
>>> store = SettingsStore(Path(tempfile.mkdtemp()))
>>> store.load("bob")
(Settings(format=1, turn_bell=True, hints='expert', muted=(), notice=None, puzzles=False), None)
>>> store.save("bob", Settings(turn_bell=False))
>>> store.load("bob")[0].turn_bell
False
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

import msgspec

from ..words import storage as say
from .atomic import atomic_write, read_limited, set_aside
from .errors import SaveError
from .format import decode_json
from .identity import identity_problem
from .paths import ensure_dir
from .trust import NotOwned

SETTINGS_DIR = "settings"
SETTINGS_FORMAT = 1
MAX_SETTINGS = 4096  # bytes: a settings file is ~40


class Settings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    format: int = SETTINGS_FORMAT
    turn_bell: bool = True  # bell and notice when a table becomes your turn while you are elsewhere
    # who gives the hints, in the app and the line mode (bots/registry.py HINT_GIVERS): the strongest
    hints: Literal["expert", "hard"] = "expert"
    muted: tuple[str, ...] = ()  # the tables whose chat shows no new line nor an unread mark (issue 41.2)
    # the host's notice (notices.toml) run when a table becomes your turn while you are not at it (41.4)
    notice: str | None = None
    # issue 43: this player's analysed games may give the host's puzzles (their own always do, for them)
    puzzles: bool = False


class SettingsStore:
    """The settings files of one saves folder."""

    def __init__(self, saves_dir: Path) -> None:
        self.dir = saves_dir / SETTINGS_DIR
        self._broken: set[str] = set()  # identities whose file was unreadable at the last load

    def path(self, identity: str) -> Path:
        if (why := identity_problem(identity)) is not None:
            raise SaveError(why)
        return self.dir / f"{identity}.json"

    def load(self, identity: str) -> tuple[Settings, str | None]:
        """``identity``'s settings and a one-line notice (None when all is well; defaults otherwise)."""
        try:
            path = self.path(identity)
            settings = decode_json(read_limited(path, MAX_SETTINGS, owned=True), Settings, str(path))
        except FileNotFoundError:
            return Settings(), None
        except NotOwned as exc:  # not the player's own: the next save replaces it (nothing to keep)
            self._broken.discard(identity)
            return Settings(), say.settings_unread(str(exc))
        except SaveError as exc:
            self._broken.add(identity)
            return Settings(), say.settings_unread(str(exc))
        if settings.format != SETTINGS_FORMAT:
            self._broken.add(identity)
            why = f"{path}: settings format {settings.format} is not this version's"
            return Settings(), say.settings_unread(why)
        self._broken.discard(identity)
        return settings, None

    def hint_giver(self, identity: str) -> str:
        """Who gives ``identity``'s hints (their setting; the default when it cannot be read)."""
        try:
            self.path(identity)
        except SaveError:
            return Settings().hints
        return self.load(identity)[0].hints

    def save(self, identity: str, settings: Settings) -> None:
        """Write ``identity``'s settings (``SaveError`` in one line when it cannot)."""
        path = self.path(identity)
        try:
            ensure_dir(self.dir)
            if identity in self._broken and os.path.lexists(path):  # keep what could not be read
                set_aside(path, path.with_name(path.name + ".damaged"))
            atomic_write(path, msgspec.json.encode(settings))
        except OSError as exc:
            raise SaveError(f"{path}: cannot write the settings: {exc.strerror or exc}") from None
        self._broken.discard(identity)


__all__ = ["SETTINGS_DIR", "SETTINGS_FORMAT", "Settings", "SettingsStore"]
