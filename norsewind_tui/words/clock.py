"""A table's clock in words (issue 41.1): its kind, and a time left, short enough for a header."""

from __future__ import annotations


def clock_words(kind: str | None, start: int = 0, add: int = 0, cap: int | None = None) -> str:
    """How the form, the lobby and the line mode name a table's clock (``TableClock``'s fields).

    >>> clock_words(None), clock_words("live", 600, 5), clock_words("turn", 86400, 86400, 3 * 86400)
    ('no clock', 'live: 10 min + 5 s a decision', 'turn-based: 1 d a decision, up to 3 d')
    """
    if kind is None:
        return "no clock"
    if kind == "live":
        return f"live: {start // 60} min + {add} s a decision"
    return f"turn-based: {span_words(add)} a decision, up to {span_words(cap or add)}"


def span_words(seconds: int) -> str:
    """A time left, short: ``2 d``, ``5 h``, ``4:05`` (minutes and seconds), ``0:00`` when out.

    >>> span_words(2 * 86400), span_words(5 * 3600 + 60), span_words(245), span_words(-3)
    ('2 d', '5 h', '4:05', '0:00')
    """
    seconds = max(seconds, 0)
    if (seconds >= 86400 and seconds % 86400 == 0) or seconds >= 2 * 86400:
        return f"{seconds // 86400} d"
    if seconds >= 2 * 3600:
        return f"{seconds // 3600} h"
    return f"{seconds // 60}:{seconds % 60:02d}"


UNSEALED = (
    "The clock in this table's file does not carry this host's seal (edited by hand, or another host's):"
    " it is not believed, and the time to move counts again, in full."
)
NO_CLOCK = "This table has no clock: a player takes the time they need."
NOT_A_TABLE = "clock is for shared tables: this game has no clock."
CLOCK_QUESTION = "Which clock?"
CLOCK_CHOICES = [
    "No clock",
    "Live: 10 minutes each, + 5 seconds a decision",
    "Live: 30 minutes each, + 20 seconds a decision",
    "Turn-based: 1 day a decision, banked up to 3 days",
    "Turn-based: 3 days a decision, banked up to 7 days",
]
FORM_CLOCKS = ["No clock", "Live 10 min + 5 s", "Live 30 min + 20 s", "Turn: 1 day, up to 3", "Turn: 3 days, up to 7"]
FORM_WATCHING = ["Anyone watches", "Players watch", "Nobody watches"]
CLOCK_SPECS = ["none", "live:10+5", "live:30+20", "turn:1d/3d", "turn:3d/7d"]  # tableclock.parse_clock's
WATCH_QUESTION = "Who may watch?"
WATCH_CHOICES = ["Anyone on this host", "The table's players only", "Nobody"]
WATCH_VALUES = ["anyone", "players", "nobody"]


def your_clock(seconds: int) -> str:
    """The prompt's part: ``4:05 left on your clock``."""
    return f"{span_words(seconds)} left on your clock"


def clock_line(seat_name: str, seconds: int, standin: bool) -> str:
    """The line mode's ``clock`` word and the app's header: whose clock runs and what is left.

    >>> clock_line("bob", 245, False), clock_line("bob", 0, True)
    ('Clock: bob has 4:05 left.', 'Clock: bob ran out: the stand-in decides, then bob has the seat back.')
    """
    if seconds <= 0 and standin:
        return f"Clock: {seat_name} ran out: the stand-in decides, then {seat_name} has the seat back."
    return f"Clock: {seat_name} has {span_words(seconds)} left."


def clock_idle(kind_words: str) -> str:
    """The ``clock`` word when no person's clock runs (a computer's turn, an open seat, the end)."""
    return f"Clock: {kind_words}; it runs on a player's turn."
