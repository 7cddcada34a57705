"""Puzzles (issue 43): positions from real games where one decision is clearly best, to find.

The shipped puzzles are the truth set's decisions (``bots/truth.py``) where the best candidate
beats the second by ``CLEAR`` points or more, their 95 % intervals apart; a host's book
(``storage/puzzles.py``) adds the ones collected from its analysed games.  A puzzle shows the
position as its player saw it (``bots.view.public_state``: never the decks' order nor the seed),
asks for the better decision among the candidates the rollouts valued, takes one try, then gives
the answer with the analysis's words and the rollouts' numbers.  The app and the line mode show
what this module says; neither decides anything about a puzzle.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from .bots.truth import CLEAR, DEALS, Candidate, TruthDecision, judge_position, shipped_truth
from .bots.view import public_state
from .rules.engine import cards_for
from .rules.moves import Move
from .rules.session import Session
from .rules.state import State
from .storage import StorageError
from .storage.analysis import Verdict, log_key, read_analysis
from .storage.context import AppContext
from .storage.puzzles import Choice, Puzzle, PuzzleBook, Standing, Try, puzzle_id
from .words import puzzles as say
from .words.moves import move_words


def from_truth(d: TruthDecision, source: str = "shipped", owner: str = "", analysis: str = "") -> Puzzle | None:
    """``d`` as a puzzle when one candidate is clearly best, else None."""
    if not d.clear:
        return None
    choices = tuple(Choice(c.move, c.plan, c.cost, c.half) for c in d.candidates)
    key = puzzle_id(d.config, d.seed, d.moves)
    return Puzzle(key, source, owner, d.config, d.seed, d.moves, d.made, choices, d.deals, analysis)


def shipped() -> list[Puzzle]:
    truth = shipped_truth()
    found = (from_truth(d) for d in (truth.decisions if truth is not None else ()))
    return [p for p in found if p is not None]


@dataclass(frozen=True)
class Shown:
    """A puzzle ready to show: the seat's view, the choices in the order shown, and a try if made."""

    puzzle: Puzzle
    state: State
    order: tuple[Choice, ...]
    day: date
    tried: Try | None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.puzzle.config.players)

    def position(self) -> list[str]:
        """The title and the position as the seat saw it."""
        db = cards_for(self.state)
        return [say.title(self.day.isoformat(), self.puzzle.source), *say.position_lines(self.state, db, self.names)]

    def choices(self) -> list[str]:
        db = cards_for(self.state)
        return [move_words(self.state, c.move, c.plan, db) for c in self.order]

    def answer(self, right: bool) -> list[str]:
        db = cards_for(self.state)
        p = self.puzzle
        made = next((c for c in p.choices if c.move == p.made), None)
        made_words = move_words(self.state, p.made, made.plan if made else (p.made,), db)
        choices = [(c.plan, c.cost, c.half) for c in p.choices]
        made_cost = made.cost if made else 0.0
        return say.answer_lines(right, self.state, db, choices, (made_words, made_cost), p.deals, p.analysis)


def shown_order(puzzle: Puzzle) -> tuple[Choice, ...]:
    """The choices in an order fixed by the puzzle (the answer not always first)."""
    key = lambda c: hashlib.sha256(f"{puzzle.id} {c.plan!r}".encode()).digest()  # noqa: E731
    return tuple(sorted(puzzle.choices, key=key))


def daily(book: PuzzleBook, player: str, day: date) -> Shown | None:
    """The host's puzzle of ``day`` (the same for every player), or None when there is none."""
    puzzle = book.daily(day, shipped())
    if puzzle is None:
        return None
    return Shown(puzzle, daily_state(puzzle), shown_order(puzzle), day, book.tried(player, puzzle.id))


def daily_state(puzzle: Puzzle) -> State:
    """The position as its player saw it (``public_state``: not the decks' order, not the seed)."""
    return public_state(Session.replay(puzzle.config, puzzle.seed, list(puzzle.moves)).state)


def try_it(book: PuzzleBook, shown: Shown, player: str, index: int) -> tuple[bool, list[str]]:
    """``player`` picks the choice ``index`` (0-based): right or not, and the answer's lines.
    A second try at the same puzzle is answered by the first."""
    done = book.answer(player, shown.puzzle, shown.order[index].move, shown.day, daily=True)
    return done.right, shown.answer(done.right)


def standing(book: PuzzleBook, player: str, today: date) -> Standing:
    return book.standing(player, today)


def standing_line(found: Standing) -> str:
    return say.standing_words(found.rating.display, found.tries, found.streak)


def standing_words(saves_dir: Path, player: str, today: date) -> str:
    """The player's puzzle rating, tries and streak ("" before a first try, or when unreadable)."""
    try:
        found = PuzzleBook(saves_dir).standing(player, today)
    except StorageError:
        return ""
    return standing_line(found) if found.tries else ""


Judge = Callable[[State, Move, int], tuple[Move, tuple[Candidate, ...]]]
Progress = Callable[[int, int], None]


def shares(context: AppContext, person: str) -> bool:
    """Did ``person`` allow their analysed games to give the host's puzzles (Settings)?"""
    try:
        return context.settings.load(person)[0].puzzles
    except StorageError:
        return False


def collect(
    context: AppContext,
    player: str,
    deals: int = DEALS,
    progress: Progress | None = None,
    judge: Judge = judge_position,
) -> int:
    """Puzzles from the host's analysed games: every decision the analysis calls a mistake or worse
    (6 points) of ``player``'s seats, and of the seats of players who allow it, checked by the
    truth's rollouts (``deals`` shared deals) and kept when one decision is clearly best.  How many
    were new in the book."""
    todo: list[tuple[str, str, Session, int, Verdict]] = []
    for summary in context.own_games():
        try:
            game = context.games.open(summary.name, read_only=True)
        except StorageError:
            continue
        try:
            key = log_key(game.session, context.games.cards.digest)
            for seat, meta in enumerate(game.seats):
                if meta.kind != "human" or (meta.name != player and not shares(context, meta.name)):
                    continue
                found = read_analysis(game.path.parent, game.name, key, seat)
                for v in found.verdicts if found is not None else ():
                    if v.loss >= CLEAR:
                        todo.append((game.name, meta.name, game.session.copy(), seat, v))
        finally:
            game.close()
    made: list[Puzzle] = []
    for n, (name, owner, session, _seat, v) in enumerate(todo):
        if progress is not None:
            progress(n, len(todo))
        state = session.states[v.decision]
        hard, choices = judge(state, session.moves[v.decision], deals)
        moves = tuple(session.moves[: v.decision])
        d = TruthDecision(
            "", owner, session.config, session.seed, moves, session.moves[v.decision], hard, choices, deals
        )
        if (p := from_truth(d, name, owner, say.analysis_words(v.turn, v.made, v.best, v.loss))) is not None:
            made.append(p)
    if progress is not None:
        progress(len(todo), len(todo))
    return PuzzleBook(context.saves_dir).add(made)
