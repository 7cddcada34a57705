"""Trophies in words (issue 44.3): a mark of one cell beside a name, lines on the progress page and
in ``norsewind progress``.

The marks are symbols that no East Asian terminal draws two cells wide (Unicode width "N", not
"A"): a hall-of-fame row keeps its columns whatever the terminal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..rules.trophies import DAILY_STREAK, KINDS, PUZZLE_STREAK, Trophy, TrophyKind

MARKS: dict[TrophyKind, str] = {
    "king": "♔",
    "tournament": "♛",
    "medal-every-level": "✪",
    "daily-streak": "⚑",
    "puzzle-streak": "✦",
}
NAMES: dict[TrophyKind, str] = {
    "king": "King of all Kings",
    "tournament": "tournament won",
    "medal-every-level": "medal on every level",
    "daily-streak": f"{DAILY_STREAK} dailies in a row",
    "puzzle-streak": f"{PUZZLE_STREAK} puzzles",
}
SHORT: dict[TrophyKind, str] = {  # the progress page's line when the names do not fit
    "king": "King",
    "tournament": "tournament",
    "medal-every-level": "every level",
    "daily-streak": f"{DAILY_STREAK} dailies",
    "puzzle-streak": f"{PUZZLE_STREAK} puzzles",
}
EARNED_BY: dict[TrophyKind, str] = {
    "king": "platinum on level 7",
    "tournament": "first in a tournament's standings",
    "medal-every-level": "a medal on all 7 levels",
    "daily-streak": f"the daily deal {DAILY_STREAK} days running",
    "puzzle-streak": f"{PUZZLE_STREAK} days of the daily puzzle solved",
}
PAGE_WIDTH = 76  # the progress page's line beside its border


def marks(trophies: Iterable[Trophy]) -> str:
    """One cell per trophy, in ``KINDS`` order: "♔✪"; "" for none."""
    held = {t.kind for t in trophies}
    return "".join(MARKS[k] for k in KINDS if k in held)


def streak_words(streak: int) -> str:
    return f"daily streak {streak} day{'' if streak == 1 else 's'}"


def trophy_line(trophies: Sequence[Trophy], streak: int) -> str:
    """The progress page's one line: the trophies held, then the daily streak where it fits."""
    held = ", ".join(f"{MARKS[t.kind]} {NAMES[t.kind]}" for t in trophies) or "none yet"
    if len(held) + 10 > PAGE_WIDTH:
        held = ", ".join(f"{MARKS[t.kind]} {SHORT[t.kind]}" for t in trophies)
    line = f"Trophies: {held}"
    return f"{line}; {streak_words(streak)}" if len(line) + len(streak_words(streak)) + 2 <= PAGE_WIDTH else line


def trophy_lines(trophies: Sequence[Trophy], streak: int) -> list[str]:
    """``norsewind progress``'s lines: each trophy held with the day it was earned, each still to
    earn with what earns it, then the daily streak running now."""
    held = {t.kind: t for t in trophies}
    lines = []
    for kind in KINDS:
        if (t := held.get(kind)) is not None:
            lines.append(f"Trophy {MARKS[kind]} {NAMES[kind]}, earned {t.earned.isoformat()} ({EARNED_BY[kind]}).")
        else:
            lines.append(f"Not yet {MARKS[kind]} {NAMES[kind]} ({EARNED_BY[kind]}).")
    return [*lines, f"{streak_words(streak).capitalize()}."]
