"""A game in progress: its states, its move log, undo and redo.

    >>> from norsewind_tui.rules import GameConfig, Session
    >>> s = Session.start(GameConfig(players=("Ana",)), seed=1)
    >>> _ = s.push(s.legal_moves()[0]); s.can_undo()
    True
    >>> _ = s.undo(); s.can_undo(), s.can_redo()
    (False, True)
    >>> t = s.copy(); _ = t.redo(); s.position, t.position  # a copy changes alone
    (0, 1)
    >>> s.go_to(1); s.state == t.state, s.mover(0) == s.states[0].current
    (True, True)

The log from ``(config, seed)`` replays to the identical state (R22).  The
session knows no policy: which undos a player may make (hidden information,
computer moves) is decided by the storage layer and the app.
"""

from __future__ import annotations

from copy import copy as shallow_copy

from .cards import CardDB
from .engine import apply_logged, legal_moves, new_game
from .events import Event
from .moves import Move
from .state import GameConfig, State


class Session:
    """States ``states[0..position]`` are the game so far; ``moves[i]`` led from state i to i+1.

    Moves beyond ``position`` are the redo stack.
    """

    def __init__(self, config: GameConfig, seed: int, cards: CardDB | None = None) -> None:
        self.config = config
        self.seed = seed
        self.cards = cards
        self.states: list[State] = [new_game(config, seed, cards)]
        self.moves: list[Move] = []
        self.events: list[list[Event]] = []
        self.position = 0

    @classmethod
    def start(cls, config: GameConfig, seed: int, cards: CardDB | None = None) -> Session:
        return cls(config, seed, cards)

    @classmethod
    def replay(
        cls, config: GameConfig, seed: int, moves: list[Move], position: int | None = None, cards: CardDB | None = None
    ) -> Session:
        """Rebuild a session from its log; ``position`` keeps the later moves as redo.

        Raises ``IllegalMove`` (from ``apply``) if the log does not fit the rules.
        """
        s = cls(config, seed, cards)
        for move in moves:
            s.push(move)
        if position is not None:
            s.go_to(position)
        return s

    def copy(self) -> Session:
        """A session to change without touching this one (states, moves and events are never changed)."""
        out = shallow_copy(self)
        out.states, out.moves, out.events = list(self.states), list(self.moves), list(self.events)
        return out

    def restore(self, earlier: Session) -> None:
        """Become ``earlier`` again (a ``copy()`` of this session taken before a change it must drop)."""
        self.states, self.moves, self.events = list(earlier.states), list(earlier.moves), list(earlier.events)
        self.position = earlier.position

    def go_to(self, position: int) -> None:
        """Stand at ``position`` of the log (several undos or redos at once; the log is kept)."""
        if not 0 <= position <= len(self.moves):
            raise ValueError(f"undo position {position} is outside 0..{len(self.moves)}")
        self.position = position

    def mover(self, index: int) -> int:
        """The seat that made decision ``index`` of the log."""
        return self.states[index].current

    @property
    def state(self) -> State:
        return self.states[self.position]

    def legal_moves(self) -> list[Move]:
        return legal_moves(self.state)

    def push(self, move: Move) -> list[Event]:
        """Apply a move (dropping the redo stack); returns what happened."""
        state, events = apply_logged(self.state, move)
        del self.states[self.position + 1 :]
        del self.moves[self.position :]
        del self.events[self.position :]
        self.states.append(state)
        self.moves.append(move)
        self.events.append(events)
        self.position += 1
        return events

    def can_undo(self) -> bool:
        return self.position > 0

    def can_redo(self) -> bool:
        return self.position < len(self.moves)

    def undo(self) -> Move:
        if not self.can_undo():
            raise IndexError("nothing to undo")
        self.position -= 1
        return self.moves[self.position]

    def redo(self) -> Move:
        if not self.can_redo():
            raise IndexError("nothing to redo")
        self.position += 1
        return self.moves[self.position - 1]

    @property
    def log(self) -> list[Move]:
        """The moves that led to the current state (not the redo stack)."""
        return self.moves[: self.position]
