"""The host's puzzles (issue 43): the book of puzzles, the day's pick, and every player's tries.

A puzzle is a position from a real game where one decision is clearly best by the rollouts (it
beats the second by 6 points or more, their intervals apart; ``puzzles.py`` finds them).  The
book ``<saves>/puzzles.json`` is the host's: its collected puzzles, the puzzle of each day (the
first to ask for a day picks it by a hash of the day, and it is written down, so every player of
the host gets the same one that day, whatever is collected later), and the tries (one a player a
puzzle).  Written atomically under the saves folder like every file; an unreadable book is set
aside and begun anew (the puzzles can be collected again), never a crash.

The puzzle rating is OpenSkill's, as the people's (``ratings.py``): a try is a game between the
player and the puzzle, won by whoever was right; puzzles are rated too, as lichess rates them.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Annotated

import msgspec

from ..rules.moves import Move
from ..rules.state import GameConfig
from ..rules.trophies import PUZZLE_STREAK, Trophy, streak_day
from .atomic import atomic_write, read_limited, set_aside
from .errors import SaveError
from .ratings import Rating, model, newcomer

BOOK = "puzzles.json"
BOOK_FORMAT = 1
Text = Annotated[str, msgspec.Meta(max_length=400)]


class Choice(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One decision offered, with the rollouts' figures: its cost against the best and its interval."""

    move: Move
    plan: tuple[Move, ...]
    cost: float
    half: float


class Puzzle(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{16}$")]
    source: Annotated[str, msgspec.Meta(max_length=80)]  # "shipped" or the save's name
    owner: Annotated[str, msgspec.Meta(max_length=64)]  # whose decision it was ("" for shipped)
    config: GameConfig
    seed: int
    moves: tuple[Move, ...]  # the game up to the position
    made: Move  # the decision made in the game
    choices: tuple[Choice, ...]  # best first: the answer is ``choices[0]``
    deals: int  # the rollouts' shared deals
    analysis: Text = ""  # the analysis's words on the decision made

    @property
    def answer(self) -> Move:
        return self.choices[0].move


def puzzle_id(config: GameConfig, seed: int, moves: Sequence[Move]) -> str:
    data = msgspec.json.encode([config, seed, list(moves)])
    return hashlib.sha256(data).hexdigest()[:16]


class Try(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    player: Annotated[str, msgspec.Meta(max_length=64)]
    puzzle: str
    day: str  # the UTC day of the try (YYYY-MM-DD)
    right: bool
    daily: bool  # the day's puzzle (what the streak counts)


class Book(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    format: int = BOOK_FORMAT
    puzzles: tuple[Puzzle, ...] = ()
    days: dict[str, str] = {}  # day -> puzzle id
    tries: tuple[Try, ...] = ()


def daily_index(day: date, count: int) -> int:
    """The day's pick among ``count`` puzzles: sha256(b"norsewind puzzle YYYY-MM-DD") modulo the count."""
    digest = hashlib.sha256(f"norsewind puzzle {day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % count


@dataclass(frozen=True)
class Standing:
    rating: Rating
    tries: int
    streak: int  # days in a row, up to today or yesterday, with the day's puzzle solved


class PuzzleBook:
    """The book of one saves folder (one host)."""

    def __init__(self, saves_dir: Path) -> None:
        self.path = saves_dir / BOOK

    def load(self) -> Book:
        try:
            return msgspec.json.decode(read_limited(self.path, 64 << 20), type=Book)
        except FileNotFoundError:
            return Book()
        except (SaveError, OSError, msgspec.MsgspecError):
            with contextlib.suppress(OSError):
                set_aside(self.path, self.path.with_name(BOOK + ".damaged"))
            return Book()

    def save(self, book: Book) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(self.path, msgspec.json.encode(book) + b"\n")
        except OSError as exc:
            raise SaveError(f"{self.path}: cannot save the puzzles: {exc.strerror or exc}") from None

    def add(self, found: Sequence[Puzzle]) -> int:
        """Keep the puzzles not in the book yet; how many were new."""
        book = self.load()
        known = {p.id for p in book.puzzles}
        new = [p for p in found if p.id not in known]
        if new:
            self.save(msgspec.structs.replace(book, puzzles=book.puzzles + tuple(new)))
        return len(new)

    def daily(self, day: date, shipped: Sequence[Puzzle]) -> Puzzle | None:
        """The puzzle of ``day`` for every player of the host: the one written down, else picked now
        (among the shipped puzzles and the book's, by id) and written down."""
        book = self.load()
        pool = {p.id: p for p in (*shipped, *book.puzzles)}
        chosen = book.days.get(day.isoformat())
        if chosen in pool:
            return pool[chosen]
        if not pool:
            return None
        ids = sorted(pool)
        pick = pool[ids[daily_index(day, len(ids))]]
        self.save(msgspec.structs.replace(book, days={**book.days, day.isoformat(): pick.id}))
        return pick

    def tried(self, player: str, puzzle: str) -> Try | None:
        return next((t for t in self.load().tries if t.player == player and t.puzzle == puzzle), None)

    def answer(self, player: str, puzzle: Puzzle, move: Move, day: date, daily: bool) -> Try:
        """``player``'s one try at ``puzzle``: kept (a second try is answered by the first)."""
        book = self.load()
        first = next((t for t in book.tries if t.player == player and t.puzzle == puzzle.id), None)
        if first is not None:
            return first
        done = Try(player, puzzle.id, day.isoformat(), move == puzzle.answer, daily)
        self.save(msgspec.structs.replace(book, tries=(*book.tries, done)))
        return done

    def standing(self, player: str, today: date) -> Standing:
        return standing_of(self.load().tries, player, today)


def ratings_of(tries: Sequence[Try]) -> dict[str, Rating]:
    """Every player's and puzzle's rating (puzzles keyed ``puzzle:ID``), replayed in order."""
    m = model()
    prior = newcomer()
    now: dict[str, Rating] = {}
    for t in tries:
        who, what = t.player, f"puzzle:{t.puzzle}"
        a, b = now.get(who, prior), now.get(what, prior)
        ranks = [1.0, 2.0] if t.right else [2.0, 1.0]
        [[pa], [pb]] = m.rate([[m.rating(mu=a.mu, sigma=a.sigma)], [m.rating(mu=b.mu, sigma=b.sigma)]], ranks=ranks)
        now[who], now[what] = Rating(pa.mu, pa.sigma), Rating(pb.mu, pb.sigma)
    return now


def standing_of(tries: Sequence[Try], player: str, today: date) -> Standing:
    mine = [t for t in tries if t.player == player]
    solved = {t.day for t in mine if t.daily and t.right}
    day = today if today.isoformat() in solved else today - timedelta(days=1)
    streak = 0
    while day.isoformat() in solved:
        streak += 1
        day -= timedelta(days=1)
    return Standing(ratings_of(tries).get(player, newcomer()), len(mine), streak)


def puzzle_trophies(tries: Sequence[Try], player: str) -> tuple[Trophy, ...]:
    """The puzzle streak: the day's puzzle solved on ``PUZZLE_STREAK`` days in a row (the book's tries)."""
    days = []
    for t in tries:
        if t.player == player and t.daily and t.right:
            with contextlib.suppress(ValueError):
                days.append(date.fromisoformat(t.day))
    day = streak_day(days, PUZZLE_STREAK)
    return (Trophy("puzzle-streak", day),) if day is not None else ()
