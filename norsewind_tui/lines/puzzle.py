"""The puzzle of the day in the line mode (issue 43): ``puzzles.py`` says it, this only asks."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from ..puzzles import daily, standing, standing_line, try_it
from ..storage import StorageError
from ..storage.context import AppContext
from ..storage.puzzles import PuzzleBook
from ..words import puzzles as say
from .io import LineIO

Pick = Callable[[str, list[str]], int]  # a numbered question: the index chosen


def ask_puzzle(context: AppContext, io: LineIO, pick: Pick, day: date) -> None:
    player = context.profile_name
    book = PuzzleBook(context.saves_dir)
    try:
        shown = daily(book, player, day)
        if shown is None:
            io.say(say.NONE_YET, "error")
            return
        io.say_all(shown.position())
        if shown.tried is not None:  # one try a puzzle: the answer again
            io.say_all(shown.answer(shown.tried.right))
        else:
            _, lines = try_it(book, shown, player, pick(say.FIND, shown.choices()))
            io.say_all(lines)
        io.say(standing_line(standing(book, player, day)))
    except StorageError as exc:
        io.say(say.cannot(str(exc)), "error")
