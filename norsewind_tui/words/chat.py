"""A table's chat in words (issue 41.2): the lines as the front ends show them, and why one was not said.

The storage layer keeps the lines and answers a refusal as data (``storage/chat.py``); the talk
controller (``norsewind_tui/talk.py``) passes the parts here.  A line's text and its sayer's name
come from users: they are written through ``safetext`` (the store refused unsafe text already; a
line read from an edited file is shown escaped, never interpreted).
"""

from __future__ import annotations

from ..safetext import escaped, one_line, short_name

WATCHING = " (watching)"


def who_said(who: str, spectator: bool) -> str:
    return short_name(who) + (WATCHING if spectator else "")


def line(who: str, spectator: bool, text: str) -> str:
    """One line as it arrives: ``alice: well played``; a spectator's: ``carol (watching): ...``."""
    return f"{who_said(who, spectator)}: {one_line(text, 400)}"


def marked(who: str, spectator: bool, text: str, decision: int) -> str:
    """A line in the review and the text export: at which decision it was said, and by whom."""
    when = "before the first decision" if decision == 0 else f"after decision {decision}"
    return f"Chat, {when}: {line(who, spectator, text)}"


def not_said(code: str, limit: int = 0, window: float = 0.0, char: str = "", problem: str = "") -> str:
    """Why a line was not said (nothing was stored)."""
    match code:
        case "empty":
            return "Not said: the line is empty."
        case "long":
            return f"Not said: a chat line has at most {limit} characters."
        case "unsafe":
            return f"Not said: the line holds {escaped(char)}, a control character or escape; type plain text."
        case "flood":
            return f"Not said: at most {limit} lines in {window:g} seconds; the rest was not kept. Wait a moment."
        case "full":
            return f"Not said: this table's chat is full ({limit} lines)."
        case _:
            return f"Not said: {problem}."


def muted(name: str, on: bool) -> str:
    if on:
        return f"The chat of {one_line(name, 60)} is muted: new lines are kept, not shown (unmute to see them)."
    return f"The chat of {one_line(name, 60)} is shown again."


NO_TABLE = "There is no chat here: only a shared table has one."
EMPTY = "Nobody has said anything at this table yet."
CHAT_TITLE = "Chat (Enter says the line, Esc closes)"
SPECTATOR_NOTE = "You are watching: only the other spectators read your lines, until the game is over."
