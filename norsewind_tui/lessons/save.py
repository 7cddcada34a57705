"""The tutorial's save: an ordinary solo game named ``tutorial-PLAYER`` (autosaved at every decision,
so either front end resumes it where it was left), whose result no profile records."""

from __future__ import annotations

from ..storage import SavedGame, SeatMeta
from ..storage.handle import GameHandle
from ..storage.ownsave import own_game
from ..storage.paths import sanitise_name
from ..storage.saves import GameStore
from .model import LessonError, load_lessons

TUTORIAL = "tutorial"  # the start of the save's name: tutorial-PLAYER (players may share a saves folder)


def tutorial_name(player: str) -> str:
    return sanitise_name(f"{TUTORIAL}-{player}")


def is_tutorial(game: GameHandle) -> bool:
    """A save the tutorial made: its name, no campaign profile, the lessons' deal and moves so far."""
    if game.shared or not game.name.startswith(TUTORIAL) or game.meta.profile is not None:
        return False
    try:
        lessons = load_lessons()
    except LessonError:
        return False
    s = game.session
    if s.seed != lessons.seed or s.config != lessons.config_for(s.config.players[0]):
        return False
    return tuple(s.log) == lessons.moves[: len(s.log)]


def tutorial_game(store: GameStore, name: str, restart: bool = False) -> SavedGame:
    """The tutorial's save: resumed where it was left, else (or on ``restart``) a new one.

    Never another game named like it (``own_game``: it takes the next free name then).
    Raises ``StorageError`` (one line) when the saves folder cannot hold it, ``LessonError`` when
    the lesson file is broken.
    """
    lessons = load_lessons()

    def fresh(save: str) -> SavedGame:
        config = lessons.config_for(name)
        return store.create(config, lessons.seed, [SeatMeta(name=name, kind="human")], name=save, campaign=False)

    return own_game(store, tutorial_name(name), is_tutorial, fresh, "The tutorial", restart=restart)
