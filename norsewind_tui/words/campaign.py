"""The app's solo campaign, progress page, daily deal and hall of fame, in words (the line mode's
are in ``lines.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from .nouns import plural

LEVEL_COLUMNS = ("Level", "Tiles", "Vikings", "Bronze", "Silver", "Gold", "Platinum", "Best", "")
PICK_TITLE = "Solo campaign: choose a level"
PROGRESS_TITLE = "Progress"
PICK_HINT = "Enter plays the level. Platinum (+25 over the Vikings) on a level unlocks the next."
MEDALS_HINT = "Medals: bronze +1..8, silver +9..16, gold +17..24, platinum +25 (R21)."
BEST_ON_PROGRESS = "1 and 2 review your best games on the Progress page (p on the title screen)."
NO_SAVE_NAME = "That game was recorded without its save's name: it cannot be reviewed."
OPEN = "open"
LOCKED = "locked"
PLAY = "play"
IN_PROGRESS = "in progress"
FINISHED = "finished"
DAILY_COLUMNS = ("Level", "You", "Players today", "Best today")
DAILY_HINT = "The same game for everyone today; one attempt each. Enter plays or resumes."
FAME_TITLE = "Hall of fame"
NO_GAME = "  no game yet"
NO_RESULT = "  no result yet"


def medal_word(medal: str | None, assisted: bool) -> str:
    """A result's medal, or why it has none."""
    return medal or ("assisted" if assisted else "no medal")


def record_line(date: str, level: int, score: int, vikings: int, margin: int, medal: str, seed: int) -> str:
    return f"{date}  L{level}  you {score} - Vik {vikings}  margin {margin:+d}  {medal}  seed {seed}"


def daily_record(day: str, level: int, margin: int, medal: str) -> str:
    return f"{day}  level {level}  margin {margin:+d}  {medal}"


def progress_lists(recent: Sequence[str], daily: Sequence[str], best: Sequence[str], puzzles: str = "") -> list[str]:
    """The progress page's three lists, headed (the best games are numbered: 1 and 2 review them);
    ``puzzles``: the puzzle standing, beside the daily deals' heading (issue 43)."""
    lines: list[str] = []
    for heading, found, keys in (
        ("Recent games", recent, ""),
        ("Daily deals" + (f" ({puzzles})" if puzzles else ""), daily, ""),
        ("Best games", best, " (1, 2: review)"),
    ):
        lines += [f"{heading}{keys}:", *found] if found else [f"{heading}: none yet"]
    return lines


def rating(display: int, games: int) -> str:
    """'rating 1234 over 5 games' once a game counted for a player."""
    return f"rating {display} over {plural(games, 'game')}"


def profile(name: str, rated: str | None = None) -> str:
    return f"profile {name}" + (f"; {rated}" if rated else "")


def page_title(heading: str, who: str) -> str:
    return f"{heading} ({who})"


def title(crown: str) -> str:
    return f"Title: {crown}"


def locked(level: int) -> str:
    return f"Level {level} is locked: win platinum on level {level - 1} first."


def no_best(index: int) -> str:
    return f"There is no best game {index + 1} yet: finish a solo game without undoing over a card."


def save_reused(save: str) -> str:
    return f"The save {save} now holds another game: the recorded one is gone."


def daily_title(day: str, profile: str) -> str:
    return f"Daily deal of {day} (profile {profile})"


def daily_cell(margin: int, medal: str) -> str:
    """The "You" cell of a level played today."""
    return f"{margin:+d} {medal}"


def daily_done(level: int, margin: int | None) -> str:
    what = f"margin {margin:+d}" if margin is not None else FINISHED
    return f"Done: level {level} today, {what}. One attempt a day; f: hall of fame."


def note(text: str) -> str:
    return f"note: {text}"


# The hall of fame's headings (``fame`` puts in ``level`` and, for a daily deal, its ``day``).
Fame = Literal["level", "assisted", "daily", "title"]
FAME: dict[Fame, str] = {
    "level": "Level {level}: the best game of each player",
    "assisted": "Assisted games (no medal), level {level}",
    "daily": "Daily deal of {day}, level {level}",
    "title": "Hall of fame: level {level} of 7",
}


def fame(kind: Fame, level: int, day: str = "") -> str:
    return FAME[kind].format(level=level, day=day)
