"""Storage's answers in play, in words (issue 40 §3): whose turn it is, why an undo takes nothing,
what became of a seat left, what a game left says, who is at a table and since when.

``storage/problems.py`` holds the data (``TurnProblem``, ``UndoProblem``, ``SeatChange``,
``Parting``, ``Since``, ``Who``); these functions word its fields, once for every front end.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Literal

FINISHED = "the game is finished and its result recorded"
GAME_OVER = "the game is over"
NOT_YOUR_DECISION = "it is not your decision"
READ_ONLY = "this game is open read-only"
RESULT_STANDS = "the game is over: its result stands"


def who(name: str, seat: int, kind: str) -> str:
    """How a message names a seat: its person, "NAME (computer)", "seat N (open)"."""
    if kind == "computer":
        return f"{name} (computer)"
    if kind == "open":
        return f"seat {seat + 1} (open)"
    return name


def turn_problem(why: str, who: str = "", identity: str = "", mine: int = -1, seat: int = -1) -> str:
    """Why this terminal may not decide now (``storage.problems.TurnProblem``)."""
    match why:
        case "over":
            return GAME_OVER
        case "watching":
            return f"you ({identity}) are watching: join an open seat to play"
        case "computer":
            return f"it is the turn of {who}"
        case "open":
            return f"it is the turn of seat {seat + 1}, which is open: it waits for a player to join"
        case "other":
            return f"it is {who}'s turn, not yours (you are {identity}, seat {mine + 1})"
    return NOT_YOUR_DECISION


def undo_problem(why: str, identity: str = "", who: str = "", by_computer: bool = False) -> str:
    """Why an undo or a redo takes nothing now (``storage.problems.UndoProblem``)."""
    match why:
        case "finished":
            return FINISHED
        case "read_only":
            return READ_ONLY
        case "watching":
            return f"you ({identity}) are watching this table: nothing of yours to undo"
        case "standin":
            return "your last decision was made by the computer while you were away: it cannot be undone"
        case "decided_since":
            name = f"the computer (for {who})" if by_computer else who
            return f"{name} has decided since your last decision: you may undo only until then"
        case "none_of_yours":
            return "nothing of yours to undo: you may undo only your own decisions"
        case "revealed":
            return "your last decision revealed a card to everyone: it cannot be undone at a shared table"
        case "nothing_to_redo":
            return "nothing to redo"
        case "redo_not_yours":
            return "the next undone decision is not yours"
    return "nothing to undo"


def seat_change(who: str, seat: int, why: str = "left", bot: str | None = None) -> str:
    """What became of a seat (``storage.problems.SeatChange``): "bob left; seat 2 is open again";
    ``why`` "declined" (a rematch), "absent" (never sat down in it)."""
    if bot is None:
        return f"{who} left; seat {seat + 1} is open again"
    if why == "left":
        return f"{who} left; the computer ({bot}) plays seat {seat + 1} from now on"
    did = "did not sit down" if why == "absent" else why
    return f"{who} {did}; the computer ({bot}) plays seat {seat + 1}"


def table_come_back(command: str) -> str:
    """How a player comes back to a table: ``command`` (``norsewind`` with their options), then the menu."""
    return f"{command}, then Shared tables, brings you back"


TABLE_COME_BACK = table_come_back("norsewind")


def saved_as(name: str) -> str:
    return f"Your game is saved as {name}"


def parting(name: str, shared: bool, come_back: str | None = None) -> str:
    """What the terminal says after the app about a game left unfinished (``Parting``)."""
    if shared:
        return f"You left the table {name}; it is saved: {come_back or TABLE_COME_BACK}."
    return f"{saved_as(name)}: {come_back or f'norsewind resume {name}'}"


def since(who: str | None) -> str:
    """What happened to a table since a player's view (``Since``): "bob decided"."""
    return "a decision was undone" if who is None else f"{who} decided"


def moved_on(table: str, since: str) -> str:
    """A change refused because the table moved on since the player looked."""
    return f"{table}: the game moved on since you looked ({since}); nothing was changed: look again"


def presence(where: str, table: str | None, since: datetime | None, local: bool, now: datetime | None) -> str:
    """Where a player is: "at the table T", "in the app", "away since ...", "not seen here"."""
    if where == "table":
        return f"at the table {table}"
    if where == "app":
        return "in the app"
    if since is None:
        return "not seen here"
    return f"away since {clock_words(since, local, now)}"


def clock_words(when: datetime, local: bool = False, now: datetime | None = None) -> str:
    """'10:42' on the day of ``now``, else 'Nov 29 10:42' (the date said when it is not today)."""
    shown = when.astimezone() if local else when.astimezone(UTC)
    today = (now or when).astimezone(shown.tzinfo)
    if shown.date() == today.date():
        return f"{shown:%H:%M}"
    return f"{shown:%b} {shown.day} {shown:%H:%M}"


# ---------------------------------------------------------------------- a table's seats

JOIN_OVER = "the game is over: you can watch it"
ALL_TAKEN = "every seat is taken: you can watch"
NO_CREATOR = "this table does not say who opened it: nobody can remove a player (a player can leave)"
NOT_YOURSELF = "you cannot remove yourself: leave the table instead"


# A table's refusals, one line each: ``{text}`` is the name or words the line carries, ``{seat}``
# the seat counted from 1 (``seat_refusal`` fills them).
SeatRefusal = Literal[
    "moved",
    "seated",
    "no-seat",
    "taken",
    "kept",
    "nothing-to-leave",
    "nothing-to-decline",
    "kept-for-nobody",
    "not-proposer",
    "not-creator",
    "holds-no-seat",
    "here",
    "problem",
    "seat-kind",
    "no-rematch-seat",
    "not-an-engine",
]
SEAT_REFUSALS: dict[SeatRefusal, str] = {
    "moved": "{text}: not the computer's turn any more",
    "seated": "you ({text}) already sit at seat {seat}",
    "no-seat": "there is no seat {seat}",
    "taken": "seat {seat} is taken by {text}",
    "kept": "seat {seat} is kept for {text} (a rematch): they sit down or decline",
    "nothing-to-leave": "you ({text}) hold no seat here: there is nothing to leave",
    "nothing-to-decline": "no seat is kept for you ({text}) here: there is nothing to decline",
    "kept-for-nobody": "seat {seat} is kept for nobody",
    "not-proposer": "only {text}, who proposed this rematch, can give a player's seat to the computer",
    "not-creator": "only {text}, who opened this table, can remove a player",
    "holds-no-seat": "{text} holds no seat at this table",
    "here": "{text} is here: only a player who is away can be removed",
    "problem": "seat {seat}: {text}",
    "seat-kind": "seat {seat}: {text!r} is neither 'open' nor a computer player's name",
    "no-rematch-seat": "you ({text}) held no seat at this table: no rematch to propose",
    "not-an-engine": "{text!r} is not an engine's name (a lower-case letter, then up to 31 of a-z, 0-9, - and _)",
}


def seat_refusal(kind: SeatRefusal, text: str = "", seat: int = 0) -> str:
    """One of ``SEAT_REFUSALS`` (``seat``: counted from 0, as the code counts)."""
    return SEAT_REFUSALS[kind].format(text=text, seat=seat + 1)


# ---------------------------------------------------------------------- opening a table, a rematch

OPENER_SEAT = "the player who opens a table sits at seat 1, and only there"
REMATCH_AFTER = "the game is not over: a rematch comes after it"
NOT_THE_REMATCH = "a table of that name is there already, and it is not this table's rematch"


def seat_count(least: int, most: int, seats: int) -> str:
    return f"a table has {least} to {most} seats, not {seats}"


def standin_choice(choices: str, wanted: int) -> str:
    return f"a computer may stand in after {choices} minutes away, or never (0), not {wanted}"


def standin_words(minutes: int) -> str:
    """How the form and the docs say the stand-in option."""
    return "off" if minutes == 0 else f"after {minutes} minutes away"


def bad_identity(identity: str, variable: str) -> str:
    """A player name that cannot hold a seat (``variable``: the environment variable that sets it)."""
    return (
        f"the player name {identity!r} cannot sit at a table: it must be 1-32 letters, digits, '.', '_' "
        f"or '-', starting with a letter or digit (set {variable})"
    )


# ---------------------------------------------------------------------- a game's own save, settings

NOT_TAKEN = "the database cannot be reached: your decision was not taken"


def saved_beside(what: str, name: str, base: str) -> str:
    return f"{what} is saved as {name}. Another game is named {base}."


def started_afresh(what: str, kept: str) -> str:
    return f"{what}'s save was damaged: starting afresh. The broken file is kept as {kept}."


def settings_unread(why: str) -> str:
    return f"Your settings could not be read ({why}); the defaults are used."


def converted(file: str, migrated_from: int | None, note: str | None) -> str:
    """A save read in an older format (or noted on load): said once, rewritten on the next move."""
    said = [f"converted from save format {migrated_from}"] if migrated_from is not None else []
    said += [note] if note is not None else []
    return f"{file}: {'; '.join(said)} (rewritten on the next move)"


def migrated(migrated_from: int) -> str:
    return f"save format {migrated_from}, migrated"


def costly_summary(costly: int, looked_at: int, points: int) -> str:
    """The analysis in one line: "3 costly decisions, about 14 points"."""
    if not costly:
        return f"No costly decisions ({looked_at} looked at)"
    return f"{costly} costly decision{'s' if costly != 1 else ''}, about {points} points"


def not_a_watching_rule(what: str) -> str:
    """A table's watching rule that is none of the three (issue 41.3)."""
    return f"{what!r}: who may watch is anyone, players or nobody"


def not_watchable(rule: str) -> str:
    """A watcher the table's rule keeps out (issue 41.3): ``rule`` "players" or "nobody"."""
    who = "only its players may watch it" if rule == "players" else "nobody may watch it"
    return f"this table is not open to watchers: {who}"
