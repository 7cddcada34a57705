"""A save a feature keeps under a name of its own (the tutorial's ``tutorial-PLAYER``, issue 24).

The name is only where the feature looks first: a player may have a game of that name
(saved under it: ``import`` refuses the name), and such a game is never touched.  The feature's
save is the first of ``NAME``, ``NAME-2``... that is free or that ``ours`` recognises.  A file
under one of these names that cannot be read at all (both generations broken) is set aside as
``.damaged``, never deleted, and the feature starts afresh under its name, saying so.
"""

from __future__ import annotations

from collections.abc import Callable

from ..words import storage as say
from .atomic import set_aside
from .errors import GameLocked, SaveError, SaveMismatch
from .gamefile import GameFiles
from .saves import GameStore, SavedGame

MAX_NAMES = 100  # NAME-2 ... NAME-100: a folder holding that many others' games is not one to play in


def own_game(
    store: GameStore,
    base: str,
    ours: Callable[[SavedGame], bool],
    fresh: Callable[[str], SavedGame],
    what: str,
    restart: bool = False,
) -> SavedGame:
    """The feature's save: resumed when ``ours`` and not finished, else ``fresh(name)`` under a name
    that holds no one else's game.  ``restart``: its own save (only) is dropped for a fresh one.
    ``what`` names the feature in the notices (their first sentence is short: it must fit 80 columns).

    Raises ``SaveError`` (one line): the disk refuses, its save is held by another app
    (``GameLocked``), no free name.
    """
    for n in range(1, MAX_NAMES + 1):
        name = base if n == 1 else f"{base}-{n}"
        if not store.exists(name):
            game = fresh(name)
            if n > 1:
                game.notice = say.saved_beside(what, name, base)
            return game
        try:
            game = store.open(name)
        except GameLocked:
            if _theirs(store, name, ours):
                continue
            raise  # our own save, open in another app
        except SaveMismatch:
            continue  # a sound file of another card set or a newer program: not ours to judge
        except SaveError:
            kept = _set_aside(store, name)
            game = fresh(name)
            game.notice = say.started_afresh(what, kept)
            return game
        if not ours(game):
            game.close()
            continue
        if not (restart or game.finished):
            return game
        game.close()
        store.remove(name)  # our own: finished, or started over
        return fresh(name)
    raise SaveError(f"no free name like {base} in {store.dir}")


def _theirs(store: GameStore, name: str, ours: Callable[[SavedGame], bool]) -> bool:
    """Whether the game ``name`` (held by another app) is someone else's: read-only, nothing changed."""
    try:
        with store.open(name, read_only=True) as game:
            return not ours(game)
    except SaveError:
        return False


def _set_aside(store: GameStore, name: str) -> str:
    """Keep the unreadable generations of ``name`` as ``.damaged`` copies; the first copy's name."""
    files = store.files(name)
    if not isinstance(files, GameFiles):  # a database row has no generations to keep beside it
        raise SaveError(f"the game {name} in the database is damaged: norsewind saves rm {name} removes it")
    lock = files.lock(f"the game {files.name}")
    lock.acquire()
    try:
        kept = [set_aside(path, files.damaged) for path in (files.main, files.backup)]
    except OSError as exc:
        raise SaveError(f"{files.main} is damaged and cannot be set aside: {exc.strerror or exc}") from None
    finally:
        lock.release()
    return next(p for p in (*kept, files.damaged) if p is not None).name
