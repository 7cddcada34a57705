"""The app's game screen in words: its log's opening, what the cursor points at, why a key does
nothing now, what a decision or a change from elsewhere did (tui/screens/game.py renders them)."""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.cards import CardDB
from ..rules.engine import refusal as rules_refusal
from ..rules.events import SKIPPED, VIKINGS_TURN, Event
from ..rules.moves import ChooseKingdom, Move, PickBuilding, PickCastle, PlaceCitizen, PlaceDisc, TakeFrom
from ..rules.queries import decision, preview
from ..rules.scoring import kingdom_score
from ..rules.state import State
from ..safetext import safe_text
from .board import card_facts, describe_card
from .events import future, past
from .nouns import kingdom, plural, supply_item
from .refusals import refusal
from .scores import kingdom_then

# the notation in one line (at most 79 cells: one line of the log at 80 columns); ? has it all
LEGEND = "Key: h helmets, s shields, p prestige, c citizens, $ coins; RISK (h>s) is -7."
VIKINGS_TOOK = "The Vikings took their cards (L shows the log)."
UNDONE_ELSEWHERE = "A decision was undone."


def digits(n: int) -> str:
    """The digit keys for ``n`` choices: "1" for one, "1-3" for three (never "1-1")."""
    return "1" if n == 1 else f"1-{n}"


def earlier_events(n: int) -> str:
    return f"({n} earlier events not shown)"


def daily_line(day: str, today: bool) -> str:
    """ "The daily deal of 2026-12-01: your one attempt today" (issue 23.14)."""
    return f"The daily deal of {day}: your one attempt" + (" today" if today else "")


def opening_line(state: State, names: Sequence[str], daily: str) -> str:
    """The log's first line in a new game: what it is, who begins."""
    if daily:
        return f"{daily}; score more than the Vikings. {names[0]} begins."
    if state.solo:
        return f"Solo game, level {state.config.level}: score more than the Vikings. {names[0]} begins."
    return f"{len(state.players)} players; {names[state.start_player]} has the lowest starting card and begins."


def why_not(state: State, db: CardDB, move: Move) -> str:
    """Why ``move`` is refused, plainly (a card refused only for its price: you cannot pay)."""
    why = rules_refusal(state, move)
    return refusal(why, db, plain=True) if why is not None else ""


def explain(state: State, db: CardDB, names: Sequence[str], move: Move) -> str:
    """What the cursor points at: a card's facts, a supply, or what choosing it would do."""
    if isinstance(move, PickBuilding):
        return f"Slot {move.slot + 1}: " + describe_card(db, state.market[move.slot])
    if isinstance(move, PickCastle):
        return f"Castle {move.index + 1}: " + card_facts(db, state.display[move.index])
    if isinstance(move, TakeFrom):
        what = supply_item(state.supply_kinds[move.supply])
        return f"Take {what} ({state.supplies[move.supply]} left)."
    result = preview(state, move)
    if result is None:
        return ""
    after, events = result
    said = [future(e, tuple(names), db, state.current) for e in events if e.kind != "placed" or e.value]
    if said:  # what choosing it would do (nothing has happened yet), one sentence each
        said = ["Enter: " + said[0], *(w[:1].upper() + w[1:] for w in said[1:])]
    if isinstance(move, (ChooseKingdom, PlaceCitizen, PlaceDisc)):
        said.append(kingdom_then(kingdom_score(db, after.players[state.current], move.row)))
    text = " ".join(w for w in said if w)
    return text or "Press Enter to choose."


def not_allowed(reason: str) -> str:
    return "Not allowed: " + reason


def skipped_steps(events: Sequence[Event], mover: int, names: Sequence[str], db: CardDB) -> str:
    """The steps the rules skipped for ``mover`` (no citizen or disc to place, no neutral citizen)."""
    return " ".join(past(e, tuple(names), db) for e in events if e.kind in SKIPPED and e.player == mover)


def vikings_summary(events: Sequence[Event], names: Sequence[str], db: CardDB) -> str:
    """The Vikings' turn in one line (the log has it step by step)."""
    return safe_text(" ".join(past(e, tuple(names), db) for e in events if e.kind in VIKINGS_TURN))


def turn_line(problem: object | None, who: str) -> str:
    """What a change from elsewhere leaves this terminal: its turn, or why it waits (``problem``: storage's
    ``TurnProblem``, which words itself)."""
    if problem is None:
        return f"Your turn, {who}. Arrows move, Enter chooses, ? explains every key."
    said = str(problem)
    return said[:1].upper() + said[1:] + "."


# why a switched key does nothing now (issue 39: hidden from the footer, it says so when pressed)
KEY_REFUSALS = {
    "castles-late": "c: a castle is bought instead of a building, at the start of a turn; finish this decision first.",
    "castles": "c: the castle display is empty.",
    "refresh": "r: the market can be refreshed only when you can afford no building in it (R12).",
    "pass": "p: you can pass only when no action is possible (R13).",
    "decline-action": "d: there is nothing to decline now; take a building or a castle first.",
    "decline": "d: this decision cannot be declined.",
}


def key_refusal(what: str, state: State, asked: bool) -> str:
    """Why the switched key ``what`` ("decline", "refresh", "pass", "castles", "redo") does nothing now."""
    if state.is_over:
        return "The game is over."
    if what == "redo":
        return "Nothing to redo."
    if not asked:
        return "Wait: it is not your decision."
    late = "-late" if what == "castles" and decision(state) != "action" else ""
    action = "-action" if what == "decline" and decision(state) == "action" else ""
    return KEY_REFUSALS[what + late + action]


def castle_count(n: int) -> str:
    return f"The castle display has {plural(n, 'castle')}."


# ---------------------------------------------------------------- the prompt (the table screen's too)

FINAL = "Final scores: the score pad follows."  # the log's last line already says the game is over


def castle_prompt(digits: str) -> str:
    """The castle display's prompt (``digits``: the keys that pick a castle, "1-4")."""
    return f"Castle display: press {digits} or move and Enter (Esc: back to the market)."


def viewing(whose: str, prompt: str) -> str:
    """The prompt while another player's kingdoms are shown (``whose``: "Ana's", "your")."""
    return f"[Viewing {whose} kingdoms; tab] {prompt}"


def watching(prompt: str) -> str:
    return f"Watching (read-only): {prompt}"


def thinking(name: str) -> str:
    return f"{name} (computer) is thinking..."


def whose(name: str, mine: bool) -> str:
    """Whose kingdoms: "Ana's" (at a shared table, "your" for one's own)."""
    return "your" if mine else f"{name}'s"


def showing(whose: str, another: bool) -> str:
    """tab: the kingdoms now shown (``another``: not one's own, tab goes on to the next player)."""
    return f"Showing {whose} kingdoms." + (" (tab: next player)" if another else "")


# ---------------------------------------------------------------- the status line

WATCHING = "Watching, read-only: the board follows the game; tab shows the other players, ? the keys."
NOT_A_CHOICE = "That is not a choice for this decision."
MARKET_SLOTS = "The market has slots 1-5; press c, then a number, for a castle."
FOUR_KINGDOMS = "There are 4 kingdoms: 1-4."
CHOOSE_A_SUPPLY = "Choose a supply with the arrows and Enter, or press d to take nothing."
NO_CASTLES = "The castle display is empty."
BACK_TO_MARKET = "Back to the market."
NO_STEP_BACK = "Esc steps back within your turn; nothing chosen yet (u undoes the last decision)."
VIKINGS_SOLO_ONLY = "v: the Viking display is in the solo game only; tab shows the other players."
NOTHING_UNDER_CURSOR = "Nothing under the cursor: move it onto a card, a supply or a kingdom, then press i."
INFO_TITLE = "What is this?"
SAVE_AS_QUESTION = "Save the game as (letters, digits, - and _):"
UNDO_ANSWERS = ("Undo", "Keep playing")  # the undo question's yes and no (``words.play.UNDO_QUESTION``)


def daily_greeting(today: str) -> list[str]:
    """A daily deal's first status line, and the shorter one when it does not fit."""
    return [f"{today}. Enter chooses, ? explains every key.", today + "."]


def greeting(players: int) -> str:
    """A new game's first status line (solo, tab shows the Vikings)."""
    tab = ", tab shows the other players" if players > 1 else ", tab the Vikings"
    return f"Arrows move, Enter chooses, h gives a hint{tab}, ? explains every key."


def nothing_to_choose(asked: bool) -> str:
    return "Nothing to choose." if asked else "Nothing to choose now."


def no_space(row: int) -> str:
    """A digit for a kingdom row with no space to choose (``row`` from 0)."""
    return f"No space for it in {kingdom(row) or f'row {row + 1}'}."


def saved_as(name: str) -> str:
    return f"Saved as {name}; play continues in it."


def left_table(name: str) -> str:
    return f"You left the table {name}; it is saved."


def game_saved(name: str) -> str:
    return f"Game {name} saved."
