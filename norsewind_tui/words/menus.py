"""The app's title screen, help page and small dialogs, in words."""

from __future__ import annotations

MENU = (  # (entry, label, key)
    ("new", "New game", "n"),
    ("resume", "Resume a saved game", "r"),
    ("tables", "Shared tables", "t"),
    ("campaign", "Solo campaign", "c"),
    ("daily", "Daily deal", "d"),
    ("puzzle", "Daily puzzle", "z"),
    ("progress", "Progress", "p"),
    ("tournaments", "Tournaments", "o"),
    ("tv", "Norsewind TV", "v"),
    ("learn", "Learn to play", "l"),
    ("settings", "Settings", "s"),
    ("help", "Rules & keys", "?"),
    ("quit", "Quit", "q"),
)
NAME = "N O R S E W I N D"  # the title's one-line name, where its banner does not fit
TAGLINE = "Anglo-Saxon kingdoms build against Viking raids. 1-4 players, or solo."

HELP_TITLE = "Norsewind: keys"
BOARD_GUIDE_TITLE = "How to read the board"
NOTATION_TITLE = "The board"
RULES_TITLE = "Rules in short"
TILES_TITLE = "Kingdom tiles"
RULINGS_TITLE = "Rulings"
PICK_KEYS = "1-9"
MOVE_KEYS = "arrows, j k l"
MORE_KEYS = (
    ("ctrl+p", "the command palette: every command by name"),
    ("mouse", "click a highlighted choice, a player's name, or the log"),
)

ANY_KEY = "Any key closes this."
NOTHING_YET = "(nothing yet)"
VIKING_TITLE = "Viking display"


def continue_table(table: str, turn: str) -> str:
    """The title screen's entry that opens a table where this player holds a seat."""
    return f"Continue: table {table} ({turn})"


def continue_game(name: str, turn: int, mode: str, saved: str | None) -> str:
    """The title screen's entry that resumes this player's latest unfinished game."""
    details = [f"turn {turn}", mode] + ([f"saved {saved}"] if saved else [])
    return f"Continue: {name} ({', '.join(details)})"


def too_small(width: int, height: int, w: int, h: int) -> str:
    return (
        f"Norsewind needs a terminal of at least {width}x{height}; this one is {w}x{h}.\n"
        "Please make the window larger: the game comes back as it was.\n(q quits; the game is saved.)"
    )


def answer_keys(enter: str) -> str:
    """Under a question typed into (``enter``: what Enter does, "saves", "goes to that turn")."""
    return f"Enter {enter}, Esc cancels."


def button(label: str, key: str) -> str:
    return f"{label} ({key})"
