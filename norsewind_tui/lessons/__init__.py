"""Learn to play: the tutorial's lessons and its save, for every front end (issue 39.8).

The app (``tui/screens/tutorial.py``) and the line mode (``lines/learn.py``) teach the same lessons
on the same deal from this one model: which decision each step asks for, the step a position is
at, and the save the tutorial keeps its progress in.  How a lesson is worded is ``words``' (the
lesson file is ``words/data/tutorial.toml``); how it is shown is each front end's.
"""

from .model import LessonError, Lessons, Point, Step, decode_lessons, load_lessons, pointed_row
from .save import TUTORIAL, is_tutorial, tutorial_game, tutorial_name

__all__ = [
    "TUTORIAL",
    "LessonError",
    "Lessons",
    "Point",
    "Step",
    "decode_lessons",
    "is_tutorial",
    "load_lessons",
    "pointed_row",
    "tutorial_game",
    "tutorial_name",
]
