"""The computer players' protocol, and hints.

A bot answers ``choose(state, rng) -> Move`` for the player to move.  It may
read everything public in ``state`` but never the order of the draw and
reserve decks nor the game seed (see ``view``): a test permutes the unseen
cards and checks that no decision changes.  ``rng`` is the bot's only source
of chance; ``decide(state)`` derives it from the bot's own seed and the
information set (``view.decision_rng``), so a bot's decision is a pure
function of what it may see, and a game with bots replays exactly.

``explain(state, move)`` says in a few words why a move is good ("+6 coins;
Mercia stays safe"); ``hint(state, seat)`` is the app's entry point.
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

import msgspec

from ..rules.moves import Move
from ..rules.state import State
from .view import decision_rng


@runtime_checkable
class Bot(Protocol):
    """A computer player."""

    name: str
    seed: int

    def choose(self, state: State, rng: random.Random) -> Move:
        """The decision for the player to move in ``state`` (not over)."""
        ...

    def decide(self, state: State) -> Move:
        """``choose`` with the bot's own random stream for this information set."""
        ...

    def explain(self, state: State, move: Move) -> str:
        """A few words on why ``move`` is good in ``state``."""
        ...

    def close(self) -> None:
        """The game is over for this bot: let go of what it holds (an outside engine's program)."""
        ...


class BotBase:
    """Shared plumbing: the seed, ``decide`` and a default ``explain``."""

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, state: State, rng: random.Random) -> Move:  # pragma: no cover - abstract
        raise NotImplementedError

    def decide(self, state: State) -> Move:
        if state.phase == "over":
            raise ValueError("the game is over: there is no decision to make")
        return self.choose(state, decision_rng(self.seed, state))

    def explain(self, state: State, move: Move) -> str:
        from .explain import explain_move

        return explain_move(state, move)

    def close(self) -> None:
        """Nothing to let go of (an outside engine stops its program)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


class Hint(msgspec.Struct, frozen=True):
    """The move a strong bot would make now, why in a few words, and the rest of the turn it has
    in mind (``plan``, starting with ``move``)."""

    move: Move
    reason: str
    plan: tuple[Move, ...] = ()
