"""The app's lobby of shared tables and its page that opens a table, in words."""

from __future__ import annotations

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


def standin_by_computer(bot: str) -> str:
    return f"The computer ({bot})"


def outside_engine(name: str) -> str:
    return f"Outside engine {name}"


def seat_label(seat: int) -> str:
    """The form's label of a seat (``seat``: from 1)."""
    return f"Seat {seat}"


def you_are(identity: str) -> str:
    return f"you ({identity})"


def who_line(identity: str, problem: str | None) -> str:
    """Who this player is at the tables and what the keys do (``problem``: why they cannot sit)."""
    if problem is not None:
        return f"You can watch tables; {problem}."
    return (
        f"You are {identity}. Enter joins an open seat or resumes yours, "
        "w watches, r reviews one you sat at or watched, n opens a new table, d deletes a finished one."
    )


def since(when: str) -> str:
    """Since when it is that seat's turn (``when``: the clock's words)."""
    return f"since {when}"


def sit_question(table: str, seat: int, identity: str) -> str:
    return f"Sit at seat {seat + 1} of the table {table} as {identity}?"


def rematch_question(table: str, seat: int) -> str:
    return f"Sit down for the rematch {table} (seat {seat + 1}, kept for you)?"


def watching(full: bool) -> str:
    """Why a table is opened to watch: every seat is taken, or this identity cannot sit."""
    return f"Watching: {'every seat is taken' if full else 'you cannot sit at a table'}."


def review_first(table: str) -> str:
    return f"You can review only a table you sat at or watched: w watches {table} first."


def sat(seat: int, table: str) -> str:
    return f"You sit at seat {seat + 1} of {table}."


def deleted(table: str) -> str:
    return f"The table {table} is deleted."


def delete_question(table: str) -> str:
    return f"Delete the table {table} and its game?"


def nobody_removed(table: str, why: str) -> str:
    return f"Nobody removed from {table}: {why}."


def changed(table: str, what: str) -> str:
    return f"{table}: {what}."


def remove_question(who: str, table: str) -> str:
    return (
        f"Remove {who}, who is away, from the table {table}? "
        "Their seat goes to the computer (before the first decision: it opens again)."
    )


def opened(table: str, waiting: bool) -> str:
    """A new table's notice (``waiting``: a seat is open for a person)."""
    return f"Table {table} is open" + (": others join it from Shared tables." if waiting else ".")
