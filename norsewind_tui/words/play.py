"""The play controller's answers in words (``norsewind_tui/play.py``), once for every front end.

A front end names only how its player looks at the log (``LookBack``): the app's ``L``, the line
mode's ``log``. What a decision did (its events) each front end tells in its own way (the app's
log and status line, the line mode's lines).
"""

from __future__ import annotations

from typing import Literal

from ..rules.cards import CardDB
from ..rules.refusals import Refusal
from .refusals import refusal

Kind = Literal["info", "error"]
LookBack = Literal["app", "lines"]
NoHintWhy = Literal["over", "watching", "computer", "not yours"]

LOG_HINT: dict[LookBack, str] = {
    "app": "L shows the game log.",
    "lines": "log 20 tells the end of the game.",
}
UNDONE = "Undone."
UNDONE_ASSISTED = "Undone (the game is now marked assisted)."
STEPPED_BACK = "Stepped back one decision."
REDONE = "Redone."
NOTHING_UNDONE = "Nothing undone."
NOTHING_TO_REDO = "Nothing to redo."
NO_STEP_BACK = "Cannot step back over a revealed card: u undoes (after a question)."
UNDO_QUESTION = (
    "Undo goes back over a card that was revealed from the deck. The game will be marked as assisted "
    "for good (a solo game then earns no medal). Undo?"
)
GAME_OVER = "The game is over."


def finished_refusal(what: str, look: LookBack) -> str:
    """R25: why ``what`` ("undone", "redone") is refused on a finished game, and how to look back."""
    return f"Not {what}: the game is finished and its result recorded. {LOG_HINT[look]}"


def not_allowed(why: Refusal, db: CardDB) -> str:
    """The rules' refusal of a decision."""
    return f"Not allowed: {refusal(why, db)}."


def not_yours(problem: str, over: bool = False) -> str:
    """This terminal is not asked now (``problem``: the store's why, empty when it has none)."""
    if over:
        return GAME_OVER
    return f"Wait: {problem or 'it is not your decision'}."


def moved_on(since: str) -> str:
    return f"Nothing done: the game moved on ({since})."


def not_done(problem: str) -> str:
    """A decision, an undo or a redo that could not be written: the store's one line says what and
    that nothing changed ("cannot save NAME: No space left on device (nothing changed)")."""
    return problem


def not_undone(problem: str) -> str:
    return f"Not undone: {problem}."


def done(act: str, assisted: bool = False) -> str:
    """What an undo, a step back or a redo did (a decision is told by its events)."""
    if act == "undo":
        return UNDONE_ASSISTED if assisted else UNDONE
    return STEPPED_BACK if act == "step back" else REDONE


# ---------------------------------------------------------------------- hints

NO_HINT: dict[NoHintWhy, str] = {
    "over": "The game is over: no hint.",
    "watching": "No hint while watching: hints are for the player to move.",
    "not yours": "No hint: it is not your decision.",
}
HINT_STILL_THINKING = "Still thinking of a hint..."
HINT_CHOSE_DIFFERENTLY = "you chose differently, so the plan is worked out again"
HINT_REVEALED = "a card was revealed since the last hint, so the plan is worked out again"
HINT_PLAN_ENDS = "the last hint's plan ends here, so the rest is worked out now"


def no_hint(why: NoHintWhy, who: str = "") -> str:
    """Why no hint is given now (``who``: the computer player to move)."""
    if why == "computer":
        return f"No hint: it is {who}'s turn (a computer player)."
    return NO_HINT[why]


def thinking_of_hint(giver: str) -> str:
    """While the hint is worked out: whose choice it will be (the player's setting)."""
    return f"Thinking of a hint (what the {giver} computer player would do)..."


def hint_failed(problem: str) -> str:
    return f"No hint: the computer player failed ({problem})."


def hint_line(words: str, reason: str, changed: str = "", choice: int | None = None) -> str:
    """The hint: the move in words, why, why the turn's plan changed, and its number where choices have one."""
    text = f"Hint: {words}: {reason}." if reason else f"Hint: {words}."
    if changed:
        text = f"{text} ({changed})"
    return f"{text} That is choice {choice}." if choice is not None else text
