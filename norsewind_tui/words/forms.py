"""The app's forms in words: a new game, its variants and seed, the settings, the saved games."""

from __future__ import annotations

from . import lines

NEW_TITLE = "New game"
PLAYERS_LABEL = "Players"
SOLO_COUNT = "1 (solo against the Vikings)"
PERSON = "Person"
LEVEL_LABEL = "Solo level"
START = "Start"
SAME_NAMES = "Two players have the same name: give each a different one."
NO_PERSON = "At least one player must be a person."
START_CHOICE = "Variant: place your starting card in the kingdom of your choice"
RANDOM_TILES = "Variant: 4 random kingdom tiles (not 2 green + 2 red)"
SEED_LABEL = "Seed"
SEED_PLACEHOLDER = "random (a number replays the same deal)"
BACK = "Back (Esc)"
SEED_NOT_A_NUMBER = "The seed must be a whole number (or empty for a random deal)."

SETTINGS_TITLE = "Settings"
BELL = "Bell and notice when it is your turn at a table while you are elsewhere"
PUZZLES = "My analysed games may give puzzles to every player here"  # issue 43
# Who gives the hints (h in a game, "hint" in the line mode): the strongest level unless chosen
HINT_CHOICES = [("expert (the strongest computer player)", "expert"), ("hard", "hard")]
HINTS_LABEL = "Hints from"
SETTINGS_HINT = "Space or Enter switches or opens one; saved at once, for you alone (in the saves folder)."

RESUME_TITLE = "Resume a saved game"
RESUME_KEYS = "Enter resumes the game; r reviews a finished one; d deletes it."
BROKEN = "broken"
FINISHED = "finished"
BRANCH = "branch"  # played on from another game (issue 12)
BRANCH_OVER = "branch, over"


def name_cut(most: int) -> str:
    return f"A name is at most {most} characters: it was cut there."


def default_name(seat: int, bot: str | None = None) -> str:
    """A seat's name until the player types one: "Player 2", "Hard bot 2" (``seat``: from 0)."""
    return f"Player {seat + 1}" if bot is None else f"{bot.capitalize()} bot {seat + 1}"


def level_label(level: int) -> str:
    """A solo level's choice: its kingdom tiles and its red Viking cards."""
    return lines.level_label(level, "+")


def start_button(start: str) -> str:
    return f"{start} (ctrl+s)"


def seed_out_of_range(most: int) -> str:
    return f"The seed must be between 0 and {most}."


def not_saved(why: object) -> str:
    return f"Not saved: {why}"


def bell_saved(on: bool) -> str:
    return "Saved: the bell and notice are " + ("on." if on else "off.")


def hints_saved(giver: str) -> str:
    return f"Saved: hints come from the {giver} computer player."


def no_saves(folder: object) -> str:
    return f"No saved games in {folder} yet: start a new game from the title screen."


def not_finished(name: str) -> str:
    return f"{name} is not finished: Enter resumes it (review is for finished games)."


def delete_question(name: str) -> str:
    return f"Delete the saved game {name}?"


def puzzles_saved(shared: bool) -> str:
    """Issue 43: the Settings line once the puzzles' checkbox is saved."""
    return "Saved: your analysed games " + ("may give" if shared else "give no") + " puzzles here."
