"""The app's lobby of shared tables and its page that opens a table, in words."""

from __future__ import annotations

from typing import Literal

TITLE = "Shared tables"
COLUMNS = ("Table", "Seats and presence", "Turn")  # the list's heads (a head's first word keys it)
EMPTY = "No tables yet: n opens one, and the others on this host join it here."
FROM_BACKUP = "(from backup)"
BROKEN = "broken"
YOU = "you"
CANNOT_DELETE = "Only a finished table, or one where nobody but you holds a seat, can be deleted."
NOBODY_ELSE = "nobody else holds a seat there"

STANDIN_LABELS = {  # the new-table form's stand-in option (issue 13)
    0: "Off: the table waits for every player",
    5: "Computer plays for a player away 5 min",
    15: "Computer plays for a player away 15 min",
    60: "Computer plays for a player away 60 min",
}
NEW_TITLE = "Open a shared table"
OPEN_SEAT = "Open: a person joins"
NAME_LABEL = "Table name"
SEATS_LABEL = "Seats"
STANDIN_LABEL = "Stand-in"
STANDIN_BY_LABEL = "Stand-in by"
OPEN_BUTTON = "Open"
JOIN_HOW = "Others on this host join from Shared tables on the title screen (ssh or norsewind serve)."


# What the lobby says, in one line (``said`` puts in ``table``: its name, ``text``: a person, an
# identity, the clock's or the storage's words, ``seat``: counted from 0, as the code counts).
Said = Literal[
    "standin-by-computer",
    "outside-engine",
    "you-are",
    "since",
    "sit-question",
    "rematch-question",
    "review-first",
    "sat",
    "deleted",
    "delete-question",
    "nobody-removed",
    "changed",
    "remove-question",
]
SAID: dict[Said, str] = {
    "standin-by-computer": "The computer ({text})",
    "outside-engine": "Outside engine {text}",
    "you-are": "you ({text})",
    "since": "since {text}",  # since when it is that seat's turn
    "sit-question": "Sit at seat {seat} of the table {table} as {text}?",
    "rematch-question": "Sit down for the rematch {table} (seat {seat}, kept for you)?",
    "review-first": "You can review only a table you sat at or watched: w watches {table} first.",
    "sat": "You sit at seat {seat} of {table}.",
    "deleted": "The table {table} is deleted.",
    "delete-question": "Delete the table {table} and its game?",
    "nobody-removed": "Nobody removed from {table}: {text}.",
    "changed": "{table}: {text}.",
    "remove-question": (
        "Remove {text}, who is away, from the table {table}? "
        "Their seat goes to the computer (before the first decision: it opens again)."
    ),
}


def said(kind: Said, table: str = "", text: object = "", seat: int = 0) -> str:
    """One of ``SAID``."""
    return SAID[kind].format(table=table, text=text, seat=seat + 1)


def seat_label(seat: int) -> str:
    """The form's label of a seat (``seat``: from 1)."""
    return f"Seat {seat}"


def who_line(identity: str, problem: str | None) -> str:
    """Who this player is at the tables and what the keys do (``problem``: why they cannot sit)."""
    if problem is not None:
        return f"You can watch tables; {problem}."
    return (
        f"You are {identity}. Enter joins an open seat or resumes yours, "
        "w watches, r reviews one you sat at or watched, n opens a new table, d deletes a finished one."
    )


def watching(full: bool) -> str:
    """Why a table is opened to watch: every seat is taken, or this identity cannot sit."""
    return f"Watching: {'every seat is taken' if full else 'you cannot sit at a table'}."


def opened(table: str, waiting: bool) -> str:
    """A new table's notice (``waiting``: a seat is open for a person)."""
    return f"Table {table} is open" + (": others join it from Shared tables." if waiting else ".")
