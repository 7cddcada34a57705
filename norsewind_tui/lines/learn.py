"""Learn to play in lines (``norsewind learn --lines``, issue 39.8): the app's tutorial for a listener.

The same lessons on the same deal as the app's (``norsewind_tui.lessons``): before each decision
the step's lesson is said (its ``said`` words, with the facts of the position), then the numbered
choices and which one the lesson asks for; a page to read waits for ``n``.  Any other choice is
refused in one line, the words that ask about the game answer as in any game.  The tutorial's save
is the app's (``tutorial-PLAYER``), saved at every decision: either front end resumes it at the
lesson it was left at.
"""

from __future__ import annotations

from .. import words
from ..computer import Computer
from ..lessons import Lessons, Step, load_lessons
from ..storage.handle import GameHandle
from ..words import lines as say
from ..words import tutorial as taught
from .conversation import Conversation
from .io import LineIO

NEXT = ("", "n", "next")  # what goes on from a page to read
KEPT = frozenset({"undo", "redo", "save"})  # the tutorial's save stays the lessons' game


class Lesson(Conversation):
    """The tutorial's game, taught: ``index`` is the lesson file's step the player is at."""

    def __init__(self, game: GameHandle, io: LineIO, computer: Computer, lessons: Lessons) -> None:
        super().__init__(game, io, computer, come_back=taught.LEARN_COME_BACK)
        self.lessons = lessons
        self.index = lessons.index_at(game.session.position)
        self.said_at = -1  # the step whose lesson was said last (said once, ``choices`` repeats the choices)
        worded = [i for i, s in enumerate(lessons.step) if s.said]
        self.numbers = {index: n for n, index in enumerate(worded, 1)}  # "Lesson 3 of 20"

    @property
    def step(self) -> Step | None:
        return self.lessons.step[self.index] if self.index < len(self.lessons.step) else None

    def say_lesson(self, step: Step) -> None:
        if step.said:
            text = self.lessons.words(self.index, self.state, spoken=True)
            line = taught.lesson_line(self.numbers[self.index], len(self.numbers), step.title, text)
        else:
            assert step.expect is not None  # a page always has words (checked at load)
            line = taught.play_on(taught.ask_for(self.state, step.expect, keys=False))
        self.io.say(line, "info")

    # ------------------------------------------------------------------ Conversation's hooks

    def ask(self) -> None:
        step = self.step
        if step is not None and self.said_at != self.index:
            self.said_at = self.index
            self.say_lesson(step)
            self.asked = None  # the choices said after the lesson, even at the same position
        if step is not None and step.expect is None:
            self.io.say(taught.PAGE_ASK, "ask")
            return
        super().ask()

    def say_choices(self) -> None:
        assert self.asked is not None
        state, moves = self.asked.state, self.asked.moves
        self.io.say(say.decision_line(state, words.prompt(state, self.names)), "ask")
        for n, move in enumerate(moves, 1):
            self.io.say(say.numbered(n, say.choice(state, move, self.db)), "choice")
        wanted = self.wanted()
        if wanted is not None:
            self.io.say(taught.lesson_asks(wanted))
        self.io.say(say.ask_line(len(moves)), "ask")

    def wanted(self) -> int | None:
        """The number of the choice the lesson asks for (None on a page, or past the lessons)."""
        step, moves = self.step, self.legal()
        if step is None or step.expect is None or moves is None or step.expect not in moves:
            return None
        return moves.index(step.expect) + 1

    def command(self, line: str) -> None:
        step, word = self.step, line.strip().lower()
        if step is not None and step.expect is None and word in NEXT:
            self.index += 1
            return
        if word in NEXT[1:]:
            self.io.say(taught.DECIDE_FIRST, "error")
            return
        if word.partition(" ")[0] in KEPT:
            self.io.say(taught.NOT_IN_TUTORIAL, "error")
            return
        super().command(line)

    def choose(self, number: int) -> None:
        step, moves = self.step, self.legal()
        if step is not None and step.expect is None:
            self.io.say(taught.READ_FIRST, "error")
            return
        wanted = self.wanted()
        if moves is not None and wanted is not None and 1 <= number <= len(moves) and number != wanted:
            self.io.say(taught.not_this(wanted), "error")
            return
        super().choose(number)
        self.index = self.lessons.index_at(self.game.session.position)

    def finish(self) -> None:
        self.io.say(say.game_over(), "ask")
        self.io.say(taught.SCORING_TITLE)
        self.io.say_all(taught.scoring_lines(self.state))
        self.io.say(taught.LINES_NEXT)


def teach(game: GameHandle, io: LineIO, computer: Computer, notice: str = "") -> None:
    """The tutorial from where ``game`` (its save) stands to its end, the player's quit or the input's end."""
    lessons = load_lessons()
    io.say(taught.learn_opening(game.session.position, len(lessons.moves)))
    if notice:
        io.say(say.notice_line(notice))
    Lesson(game, io, computer, lessons).run()
