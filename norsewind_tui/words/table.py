"""A shared table's screen in the app, in words: its prompt line, its keys, leaving and removing.

The prompt is worded from data (who is to decide, whether their terminal went away and since
when, the decision's task without its name), never spliced from another sentence.  The line
mode's table words are in ``lines.py``.
"""

from __future__ import annotations

from typing import Literal

from .lines import sentence

KEYS = (
    (
        "X",
        "leave this table for good (after a question): your seat goes to the computer, or opens "
        "again before the first decision",
    ),
    (
        "R",
        "the table's creator: remove a player who is away (as if they left); at a rematch, give the seat "
        "kept for a player who stays away to the computer",
    ),
    ("t", "the table's chat: its last lines and a line to type (Enter says it, Esc closes); Chat (new): unread lines"),
    ("T", "mute this table's chat (new lines are kept, not shown), or show it again"),
)

WATCHER_NO_REMATCH = "You watched this table: only its players can ask for a rematch."
NO_REMATCH_KEPT = "Nobody proposed a rematch with a seat kept for you (n proposes one)."
WATCHER_CANNOT_LEAVE = "You are watching: you hold no seat to leave (m goes back to the lobby)."
RESULT_STANDS = "The game is over: its result stands."
STAY = "You stay at the table."
NOBODY_ELSE = "nobody else holds a seat here"
LOOK_FAILED = "cannot tell (the look failed)"
HERE = "at the table"
IN_APP = "in the app"
ELSEWHERE = "at another table"
AWAY = "away"
NOT_SEEN = "not seen here"


def invited_wait(invited: str, seat: int, creator: bool) -> str:
    """A rematch's seat kept for ``invited``, who has not sat down (the creator may give it away)."""
    text = f"Waiting for {invited} to sit down for the rematch (seat {seat + 1} is kept)."
    return text + " R: the computer takes it." if creator else text


# What the table screen says, in one line (``said`` puts in ``table``: its name, ``text``: a person
# or the storage's words, ``seat``: counted from 0, as the code counts).
Said = Literal[
    "open-seat",
    "rematch-proposed",
    "sat-down",
    "rematch-opened",
    "rematch-declined",
    "finished",
    "left",
    "nobody-replaced",
    "give-kept-question",
    "nobody-removed",
    "remove-question",
    "away-since",
]
SAID: dict[Said, str] = {
    "open-seat": "Seat {seat} is open: waiting for a player to join this table (from the lobby).",
    "rematch-proposed": "{text} proposes a rematch ({table}): n sits down, D declines (the computer takes your seat).",
    "sat-down": "You sat down for the rematch {table}.",
    "rematch-opened": (
        "Rematch {table}: the others sit down from their score pad (n) or the lobby; "
        "R gives the seat of one who stays away to the computer."
    ),
    "rematch-declined": "Rematch {table}: {text}.",
    "finished": "The table {table} is finished.",
    "left": "You left the table {table} for good ({text}).",
    "nobody-replaced": "Nobody replaced: {text}.",
    "give-kept-question": "{text} has not sat down for the rematch: the computer takes seat {seat}?",
    "nobody-removed": "Nobody removed: {text}.",
    "remove-question": (
        "Remove {text}, who is away, from {table}? "
        "Their seat goes to the computer (before the first decision: it opens again)."
    ),
    "away-since": "away since {text}",  # where a person whose terminal went away is (the clock's words)
}


def said(kind: Said, table: str = "", text: object = "", seat: int = 0) -> str:
    """One of ``SAID``."""
    return SAID[kind].format(table=table, text=text, seat=seat + 1)


def waiting(holder: str, away_since: str | None, player: str, task: str) -> str:
    """Another person is to decide: "Waiting for bob. Ana: take ...", or, when bob's terminal went
    away (``away_since``: the clock's words), "bob is away since 10:42: take ..." (``player``: the
    name the game gives the seat, ``task``: the decision without it)."""
    if away_since is None:
        return f"{sentence(f'Waiting for {holder}')} {player}: {task}"
    return f"{holder} is away since {away_since}: {task}"


def standin_wait(holder: str, since: str | None, left: float) -> str:
    """The person to move is away (``since``: the clock's words, None: never seen) and when the
    computer plays for them (``left`` seconds)."""
    away = f"{holder} is away" if since is None else f"{holder} is away since {since}"
    if left <= 0:
        return f"{away}; the computer plays for {sentence(holder)}"
    return f"{away}; the computer plays for {holder} in {max(1, round(left / 60))} min."


def leave_question(name: str, seat: int, started: bool) -> str:
    after = "the computer plays it" if started else "it opens again for another player"
    return f"Leave the table {name} for good? Seat {seat + 1}: {after}."


def done(what: str) -> str:
    """What a change of the table did ("the computer plays seat 2"), as a sentence."""
    return what[:1].upper() + what[1:] + "."


def on_the_clock(before: str | None, left: str) -> str:
    """A player's presence words with their running clock (issue 41): "here; 4:05 left on the clock"."""
    return f"{before or 'here'}; {left} left on the clock"
