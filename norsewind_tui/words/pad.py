"""The app's score pad and the board as the game ended, in words (the verdict is ``result.py``'s)."""

from __future__ import annotations

from .nouns import plural

PAD_TITLE = "Score pad"
OVER = "The game is over"
LEGEND = "h>s: more helmets than shields, -7; else prestige x citizens."
VIKINGS_LEGEND = " Vikings: coins per card x cards where their helmets beat your shields."
NO_HINT = "The game is over: no hint (L shows the game log)."
FINAL_VIKINGS = "v: the Viking display is in the solo game only; Tab shows the next player."


def standin(name: str, decisions: int) -> str:
    """Issue 13: a person a computer stood in for, and how often (an assisted result)."""
    return f"{name}: played by the computer: {plural(decisions, 'decision')} (assisted result)."


def finished(name: str) -> str:
    return f"Game {name} is finished and saved."


def final_board(name: str | None, solo: bool) -> str:
    """Under the board as the game ended: whose kingdoms (``name``: None for the solo player's own)."""
    whose = "Your kingdoms" if name is None else f"{name}'s kingdoms"
    more = " Tab or v: the Viking display." if solo else ""
    return f"{whose} as the game ended.{more}"
