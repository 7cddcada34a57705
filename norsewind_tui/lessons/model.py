"""The tutorial's lessons as data (``words/data/tutorial.toml``), decoded and checked at load.

A lesson file is a fixed deal (seed and level of a solo game) and its steps in order: each step
expects one decision (a move as the save file writes it, ``["kingdom", 0]``) or none (a page to
read), says which part of the screen it points at, and teaches in two or three sentences, twice:
``text`` for the app's lesson panel (it names keys and parts of the screen), ``said`` for a listener
(the line mode: it names the numbered choices and the words to type).  The slots, supplies,
kingdoms and numbers both name are fields the position fills in (``words.lessons``).  The file is
checked like a card set: a mistake in it is one line naming the step, never a crash in the middle
of a lesson.  Both front ends teach from this one model: the same deal, the same steps, the same
decision asked for at each.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Annotated, Literal

import msgspec

from ..rules.engine import apply as apply_move
from ..rules.engine import legal_moves, new_game
from ..rules.moves import Move
from ..rules.state import GameConfig, State
from ..words.lessons import fill

# the parts of the screen a lesson may point at; "kingdoms:N" is kingdom row N alone (1-4, as numbered on screen)
Point = Literal[
    "none",
    "market",
    "supplies",
    "castles",
    "kingdoms",
    "status",
    "vikings",
    "kingdoms:1",
    "kingdoms:2",
    "kingdoms:3",
    "kingdoms:4",
]
MAX_TEXT = 240  # three lines of the lesson panel at 80 columns
MAX_SAID = 400  # two lines of the line mode (200 characters each, words.lines.LONGEST)
MAX_TITLE = 30


class LessonError(ValueError):
    """The lesson file is unreadable or does not fit the rules (one line)."""


def pointed_row(point: Point) -> int | None:
    """The kingdom row (0-3) a ``kingdoms:N`` point names; None for the other points."""
    return int(point[-1]) - 1 if point.startswith("kingdoms:") else None


class Step(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    expect: Move | None = None  # None: a page to read (n goes on)
    point: Point = "none"
    title: Annotated[str, msgspec.Meta(max_length=MAX_TITLE)] = ""
    text: Annotated[str, msgspec.Meta(max_length=MAX_TEXT)] = ""
    said: Annotated[str, msgspec.Meta(max_length=MAX_SAID)] = ""  # the text for a listener (the line mode)


class Lessons(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    seed: int
    level: Annotated[int, msgspec.Meta(ge=1, le=7)]
    step: tuple[Step, ...]

    @property
    def config(self) -> GameConfig:
        return self.config_for("You")

    def config_for(self, name: str) -> GameConfig:
        """The solo game of the lessons for the player ``name`` (names change no rule)."""
        return GameConfig(players=(name,), level=self.level)

    @property
    def moves(self) -> tuple[Move, ...]:
        """The decisions the tutorial asks for, in order: the game it plays."""
        return tuple(s.expect for s in self.step if s.expect is not None)

    def index_at(self, position: int) -> int:
        """The first step shown at ``position`` decisions into the game (its reading pages first)."""
        done = 0
        for i, s in enumerate(self.step):
            if done == position:
                return i
            if s.expect is not None:
                done += 1
        return len(self.step)  # every decision made: the scoring follows

    def words(self, index: int, state: State, spoken: bool = False) -> str:
        """Step ``index``'s text (``spoken``: its words for a listener) with the facts of ``state``,
        the position it is shown at (issue 23.5)."""
        step = self.step[index]
        row = pointed_row(step.point) if step.expect is None else None
        done = sum(1 for s in self.step[:index] if s.expect is not None)  # the decisions made before it
        return fill(step.said if spoken else step.text, state, self.moves[done:], row)


def decode_lessons(data: bytes, source: str = "tutorial.toml") -> Lessons:
    """Decode and check a lesson file: each expected decision legal in its position."""
    try:
        raw = tomllib.loads(data.decode("utf-8"))
        lessons = msgspec.convert(raw, Lessons)
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, msgspec.ValidationError) as exc:
        raise LessonError(f"{source}: {exc}") from None
    state: State = new_game(lessons.config, lessons.seed)
    for i, step in enumerate(lessons.step, start=1):
        if bool(step.text) != bool(step.said):
            raise LessonError(f"{source}: step {i} needs both a text and its words for a listener (said), or neither")
        try:
            words = lessons.words(i - 1, state)
            said = lessons.words(i - 1, state, spoken=True)
        except KeyError as exc:
            raise LessonError(f"{source}: step {i} names <{exc.args[0]}>, which its position does not have") from None
        if len(words) > MAX_TEXT:
            raise LessonError(f"{source}: step {i} is {len(words)} characters with its facts, more than {MAX_TEXT}")
        if len(said) > MAX_SAID:
            raise LessonError(f"{source}: step {i} says {len(said)} characters with its facts, more than {MAX_SAID}")
        if step.expect is None:
            if not step.text:
                raise LessonError(f"{source}: step {i} asks for nothing and says nothing")
            continue
        if step.expect not in legal_moves(state):
            raise LessonError(
                f"{source}: step {i} expects {msgspec.json.encode(step.expect).decode()}, not legal there"
            )
        state = apply_move(state, step.expect)
    if not state.is_over:
        raise LessonError(f"{source}: the steps end before the game does")
    return lessons


_CACHE: list[Lessons] = []


def load_lessons() -> Lessons:
    """The shipped tutorial (checked once per process)."""
    if not _CACHE:
        data = resources.files("norsewind_tui.words").joinpath("data/tutorial.toml").read_bytes()
        _CACHE.append(decode_lessons(data))
    return _CACHE[0]
