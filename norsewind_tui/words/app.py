"""The app's own words, around its screens: leaving it, its palette, turn notices, its troubles."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from .nouns import plural

PALETTE = (  # the command palette's commands besides the game screen's: (title, what it does)
    ("Rules & keys", "Help: keys, rules summary, tiles, rulings"),
    ("Hall of fame", "The best solo games of every player here"),
    ("Title screen", "Back to the title screen (games stay saved)"),
    ("Quit", "Quit Norsewind (the game is saved)"),
)
SEARCH = "Search for commands..."
YOUR_TURN = "Your turn"
TOO_MANY_KEYS = "Too many keys at once: the extra ones were ignored."
NOTHING_TO_EXPLAIN = "Nothing to explain here: move the cursor onto a card, a supply or a kingdom."
OUTSIDE_ENGINE = "Outside engine"

# What went wrong, in one line (``trouble`` puts ``why``, an exception or its words, in it).
Trouble = Literal["tutorial", "start", "open-table", "review", "profile", "analysis", "look", "presence"]
TROUBLES: dict[Trouble, str] = {
    "tutorial": "Cannot open the tutorial: {why}",
    "start": "Cannot start the game: {why}",
    "open-table": "Cannot open the table: {why}",
    "review": "That game cannot be reviewed: {why}",
    "profile": "profile unavailable: {why}",
    "analysis": "The analysis failed: {why}",
    "look": "The look at the tables stopped: {why}",
    "presence": "Your presence could not be written ({why}); the game goes on.",
}


def trouble(kind: Trouble, why: object) -> str:
    return TROUBLES[kind].format(why=why)


def computer(bot: str) -> str:
    """A computer player of the strength ``bot`` ("Computer (hard)")."""
    return f"Computer ({bot})"


def shared_come_back(command: str) -> str:
    """How a player comes back to a shared table left (``command``: the ``norsewind`` command typed)."""
    return f"{command}, then Shared tables, brings you back"


def saved_as(name: str) -> str:
    return f"Your game is saved as {name}"


def tutorial_locked(user: str, pid: int) -> str:
    return f"The tutorial is open in another app ({user}, pid {pid})."


def watch_locked(why: object) -> str:
    """A game open in another app: watch it instead? (``why``: the lock's one line)."""
    return f"{why}. Watch it read-only?"


def played_on(position: int, game: str, new: str) -> str:
    return f"Playing on from decision {position} of {game} as {new}: a new game that earns no medal."


def turn_notice(tables: Sequence[str]) -> str:
    """The bell's notice: "Your turn at the table friday." (three tables named at most)."""
    names = ", ".join(tables[:3]) + (" and more" if len(tables) > 3 else "")
    where = "the table" if len(tables) == 1 else "the tables"
    return f"Your turn at {where} {names}."


def turns(count: int) -> str:
    """'Your turn at 2 tables' ('' when it is your turn nowhere)."""
    return f"Your turn at {plural(count, 'table')}" if count > 0 else ""


def turns_named(count: int, names: Sequence[str], more: int) -> str:
    """Said before the app starts over SSH: 'Your turn at 2 tables: friday, bob-table.'"""
    rest = f" and {more} more" if more > 0 else ""
    return f"{turns(count)}: {', '.join(names)}{rest}."


FINISHED = "finished"


def whose_turn(who: str | None, seat: int | None, when: str | None) -> str:
    """A table's turn: "bob's turn since 10:42", "your turn" (``who``: None for this player),
    "seat 2 (open): turn" (``seat``: an open seat's); ``when``: the clock's words."""
    since = f" since {when}" if when is not None else ""
    if seat is not None:
        return f"seat {seat + 1} (open): turn{since}"
    if who is None:
        return f"your turn{since}"
    return f"{who}'s turn{since}"


def game_start(first: str) -> str:
    """The review's status line at the start."""
    return f"The start of the game, before any decision; {first} decides first."


def last_decision(turn: int) -> str:
    return f"Last decision (turn {turn}): "


def decided(name: str) -> str:
    return f"{name} decided."
