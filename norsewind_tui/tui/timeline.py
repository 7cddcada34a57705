"""A game's timeline for the review screen: every position of its log, in words and in numbers.

A ``Timeline`` is built from a rules ``Session`` (the save's move log replayed): position
``p`` is the state after ``p`` decisions, decision ``i`` led from position ``i`` to
``i + 1``.  It answers what the review screen asks (where each turn starts, who made a
decision and what it was, in the log's words, the log up to a position, the projected
scores) and knows nothing of Textual.  Nothing here reads the draw deck's order: the log
holds only what happened up to the position shown, and projections read the decks'
public composition (``bots.evaluate``).

    >>> from norsewind_tui.rules import GameConfig, Session
    >>> s = Session.start(GameConfig(players=("Ana",)), seed=1)
    >>> for _ in range(3): _ = s.push(s.legal_moves()[0])
    >>> t = Timeline(s)
    >>> t.end, t.mover(0), t.turn_starts[0]
    (3, 0, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..bots.evaluate import projected_points, projected_vikings
from ..rules.cards import CardDB
from ..rules.engine import cards_for, viking_states
from ..rules.events import Event
from ..rules.scoring import final_result
from ..rules.session import Session
from ..rules.state import State
from ..words import app as say
from ..words import past
from .text import safe_text

VIKING_EVENTS = frozenset({"ship_moved", "vikings_took", "vikings_nothing", "castle_discarded"})
# events that follow from a decision without being it (the next event says it, or it is no one's doing)
QUIET = frozenset({"revealed", "castle_revealed", "income", "ship_coins", "end_triggered", "game_over"})


@dataclass(frozen=True)
class LogLine:
    """One sentence of the log, the decision whose events it tells, and whether it is the Vikings'."""

    text: str
    decision: int
    vikings: bool
    notable: bool


class Timeline:
    """Every position of one game's log (``0..end``)."""

    def __init__(self, session: Session) -> None:
        s = session
        self.states: list[State] = list(s.states[: s.position + 1])
        self.events: list[list[Event]] = list(s.events[: s.position])
        self.moves = list(s.moves[: s.position])
        self._viking_boards: dict[int, list[State]] = {}
        self.end = s.position
        self.db: CardDB = cards_for(self.states[0])
        self.names = tuple(safe_text(p.name) for p in self.states[0].players)
        self.solo = self.states[0].solo

    # ------------------------------------------------------------------ positions

    def state(self, position: int, viking_step: int = 0) -> State:
        """The board at ``position``; with ``viking_step``, as it stood after that step of the Vikings'
        turn the decision before set off (issue 23.8: not the finished turn's board at every step)."""
        if not viking_step or position == 0:
            return self.states[position]
        steps = self.viking_boards(position - 1)
        return steps[min(viking_step, len(steps)) - 1] if steps else self.states[position]

    def viking_boards(self, decision: int) -> list[State]:
        if decision not in self._viking_boards:  # replayed on demand: most positions are never stepped
            self._viking_boards[decision] = viking_states(self.states[decision], self.moves[decision])
        return self._viking_boards[decision]

    def mover(self, decision: int) -> int:
        """The seat that made decision ``decision`` (0-based)."""
        return self.states[decision].current

    @cached_property
    def turn_starts(self) -> list[int]:
        """The positions where a player's turn begins (a new player, or the same one again: solo's action B)."""
        out = [0]
        for p in range(1, self.end + 1):
            a, b = self.states[p - 1], self.states[p]
            if b.is_over:
                break
            if (a.current, a.players[a.current].turns) != (b.current, b.players[b.current].turns):
                out.append(p)
        return out

    def turn_of(self, position: int) -> int:
        """The turn number (as players see it) at ``position``."""
        return self.states[position].turn

    def last_turn(self) -> int:
        return self.states[self.end].turn

    def start_of_turn(self, turn: int) -> int:
        """The first position of turn ``turn`` (clamped to the game)."""
        for p in self.turn_starts:
            if self.states[p].turn >= turn:
                return p
        return self.end

    def next_turn(self, position: int) -> int:
        return next((p for p in self.turn_starts if p > position), self.end)

    def previous_turn(self, position: int) -> int:
        return next((p for p in reversed(self.turn_starts) if p < position), 0)

    def viking_steps(self, position: int) -> int:
        """How many steps of the Vikings' turn the decision that led to ``position`` set off."""
        if position == 0:
            return 0
        return sum(1 for e in self.events[position - 1] if e.kind in VIKING_EVENTS)

    def next_vikings(self, position: int) -> int | None:
        """The next position after ``position`` reached by a decision that set off the Vikings' turn."""
        return next((p for p in range(position + 1, self.end + 1) if self.viking_steps(p)), None)

    # ------------------------------------------------------------------ words

    def decision_words(self, decision: int) -> str:
        """What decision ``decision`` was, in the log's words ("Astrid took the Inn from slot 2.")."""
        batch = self.events[decision]
        who = self.mover(decision)
        own = [e for e in batch if e.player == who and e.kind not in QUIET and e.kind not in VIKING_EVENTS]
        event = own[0] if own else (batch[0] if batch else None)
        if event is None:
            return say.decided(self.names[who])
        return safe_text(past(event, self.names, self.db))

    def status(self, position: int, viking_step: int = 0) -> str:
        """The status line at ``position``: whose decision led here and what it was, in words."""
        if position == 0:
            first = self.names[self.states[0].current]
            return say.game_start(first)
        d = position - 1
        head = say.last_decision(self.states[d].turn)  # what led here: maybe in the turn before
        text = head + self.decision_words(d)
        if viking_step:
            steps = [e for e in self.events[d] if e.kind in VIKING_EVENTS]
            step = steps[min(viking_step, len(steps)) - 1]
            words = safe_text(past(step, self.names, self.db))
            text = f"Vikings' turn, step {viking_step} of {len(steps)}: {words}"
        return text

    @cached_property
    def lines(self) -> list[LogLine]:
        """Every sentence of the log, with the decision it tells."""
        out = []
        for d, batch in enumerate(self.events):
            for e in batch:
                text = safe_text(past(e, self.names, self.db))
                viking = e.kind in VIKING_EVENTS
                notable = e.kind in ("end_triggered", "all_passed", "game_over")
                out.append(LogLine(("  " + text) if viking else text, d, viking, notable))
        return out

    def lines_to(self, position: int, viking_step: int = 0) -> tuple[list[LogLine], int]:
        """The log up to ``position`` (nothing later: the future is not shown) and how many of
        its last lines are the current decision's.  With ``viking_step`` the Vikings' turn is cut
        after that step.
        """
        shown = [line for line in self.lines if line.decision < position]
        current = [line for line in shown if line.decision == position - 1]
        if viking_step and current:
            cut, seen = 0, 0
            for i, line in enumerate(current):
                if line.vikings:
                    seen += 1
                    if seen == viking_step:
                        cut = i + 1
                        break
            drop = len(current) - cut
            shown = shown[: len(shown) - drop]
            current = current[:cut]
        return shown, len(current)

    # ------------------------------------------------------------------ scores

    def projected(self, position: int) -> tuple[int, ...]:
        """Every player's projected final score at ``position`` (then the Vikings' in solo).

        At the end of the game these are the final scores.
        """
        state = self.states[position]
        if state.is_over:
            result = final_result(state)
            extra = (result.vikings,) if result.vikings is not None else ()
            return (*result.scores, *extra)
        scores = [round(projected_points(state, i)) for i in range(len(state.players))]
        if state.solo:
            scores.append(round(projected_vikings(state)))
        return tuple(scores)

    @cached_property
    def series(self) -> list[tuple[int, tuple[int, ...]]]:
        """(turn, projected scores) at the start of every turn number, and at the end."""
        out: list[tuple[int, tuple[int, ...]]] = []
        seen: set[int] = set()
        for p in self.turn_starts:
            turn = self.states[p].turn
            if turn not in seen:
                seen.add(turn)
                out.append((turn, self.projected(p)))
        final = self.projected(self.end)
        if self.states[self.end].is_over or not out or out[-1][1] != final:
            turn = self.states[self.end].turn + (1 if self.states[self.end].is_over else 0)
            out.append((turn, final))
        return out

    @property
    def labels(self) -> tuple[str, ...]:
        return (*self.names, "Vikings") if self.solo else self.names
