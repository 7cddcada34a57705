"""The tutorial in English, beyond its lesson file (``data/tutorial.toml``): what a decision did,
the decision a step leaves unworded, the final scoring explained, and the line mode's own
sentences of the tutorial (``norsewind learn --lines``, issue 39.8).  The app and the line mode
both word the tutorial here.
"""

from __future__ import annotations

from ..rules import cards_for, final_result, score_breakdown, viking_score
from ..rules.events import FOLLOWED_OR_NO_ONES, Event
from ..rules.moves import ChooseKingdom, Decline, Move, PickBuilding, PickCastle, PlaceCitizen, PlaceDisc, TakeFrom
from ..rules.state import State
from ..safetext import safe_text
from .board import TYPE_LONG, card_facts
from .events import past
from .nouns import colour, kingdom, plural, side, space_name, supply_item, supply_letter, supply_place

PICKED = frozenset({"took_building", "took_castle"})
SCORING_TITLE = "The scoring, kingdom by kingdom"
APP_NEXT = "Next: Solo campaign, level 1 (c, here or on the title). Esc: title screen."


def happened(events: list[Event], names: tuple[str, ...], state: State) -> str:
    """What a decision did, in the rules' own words and numbers."""
    db = cards_for(state)
    told = [e for e in events if e.kind not in FOLLOWED_OR_NO_ONES and e.kind not in PICKED]
    if not told:  # a card picked: the decision that places it tells the story
        return ""
    said = []
    for e in events:
        if e.kind in FOLLOWED_OR_NO_ONES:
            continue
        if e.kind == "income" and e.value and e.extra:  # the kingdom card's rate, as the issue words it
            kind = TYPE_LONG.get(e.what, e.what).lower()
            said.append(
                f"{kingdom(e.row)} pays {e.value // e.extra} per {kind} in your other kingdoms:"
                f" {plural(e.extra, kind)}, {plural(e.value, 'coin')}."
            )
            continue
        said.append(past(e, names, db))
    return safe_text(" ".join(said))


def ask_for(state: State, move: Move, keys: bool = True) -> str:
    """The decision the lesson asks for, in words (for the steps the lesson file leaves unworded);
    ``keys``: the app's (a key, the cursor), else for a listener (the line mode numbers the choices)."""
    db = cards_for(state)
    if isinstance(move, PickBuilding):
        card = state.market[move.slot]
        return f"Take the {db.name(card)} from slot {move.slot + 1} ({card_facts(db, card)})."
    if isinstance(move, PickCastle):
        return f"Buy castle {move.index + 1} ({card_facts(db, state.display[move.index])})."
    if isinstance(move, ChooseKingdom):
        return f"Put it in {kingdom(move.row)} (row {move.row + 1})."
    if isinstance(move, TakeFrom):
        kind = state.supply_kinds[move.supply]
        where = f"the {supply_letter(kind)} supply ({supply_place(move.supply)})"
        return f"Take {supply_item(kind)} from {where}."
    if isinstance(move, (PlaceCitizen, PlaceDisc)):
        where = space_name(db, state.players[state.current], move.row, move.holder)
        if isinstance(move, PlaceDisc):
            return f"Put the disc on {where}, {side(move.side)} side up."
        # say which figure: a castle's neutral one may go to another kingdom than the castle's
        figure = colour(state.taken) if state.phase == "citizen_space" else "neutral"
        return f"Put the {figure} citizen on {where}."
    if isinstance(move, Decline):
        return "Take nothing this time (d)." if keys else "Take nothing this time."
    return "Make the decision under the cursor." if keys else "Make the decision the lesson asks for."


def scoring_lines(state: State) -> list[str]:
    """The final scoring of the game, kingdom by kingdom, in words and numbers (rules/scoring.py)."""
    pad = score_breakdown(state, 0)
    lines = [f"Your coins: {pad.coins}, 1 point each."]
    for k in pad.kingdoms:
        if k.safe:
            lines.append(
                f"{k.name}: {plural(k.shields, 'shield')} >= {plural(k.helmets, 'helmet')}, safe:"
                f" {k.prestige} prestige x {plural(k.citizens, 'citizen')} = {k.points}."
            )
        else:
            lines.append(
                f"{k.name}: {plural(k.shields, 'shield')} < {plural(k.helmets, 'helmet')}, at risk: {k.points}."
            )
    lines.append(f"Your total: {pad.total} points.")
    vik = viking_score(state)
    for v in vik.rows:
        if v.scores:
            lines.append(
                f"Vikings in {v.name}: {plural(v.helmets, 'helmet')} > your {plural(v.your_shields, 'shield')}:"
                f" {v.coins_per_card} per card x {plural(v.cards, 'card')} = {v.points}."
            )
        else:
            yours = plural(v.your_shields, "shield")
            lines.append(f"Vikings in {v.name}: {plural(v.helmets, 'helmet')} <= your {yours}: 0.")
    lines.append(f"The Vikings' total: {vik.total} points.")
    result = final_result(state)
    assert result.margin is not None
    verdict = f"You win by {result.margin}." if result.margin > 0 else f"The Vikings win by {-result.margin}."
    lines.append(verdict + " The tutorial earns no medal: it is not recorded in the campaign.")
    return lines


# ---------------------------------------------------------------- the line mode's tutorial

MENU_LEARN = "Learn to play: the tutorial, one decision at a time (resumed where you left it)"
LEARN_COME_BACK = "norsewind learn --lines (or Learn to play in the menu) goes on where you left it"
PAGE_ASK = "Type n (or just Enter) to go on, or a word (help lists them):"
READ_FIRST = "First the lesson: type n to go on."
DECIDE_FIRST = "This lesson asks for a decision: type its number."
NOT_IN_TUTORIAL = "The tutorial keeps its own save: undo, redo and save are for your own games."
LINES_NEXT = "Next: the solo campaign, level 1 (norsewind play --lines, then The solo campaign)."


def learn_opening(position: int, decisions: int) -> str:
    """The tutorial's first line: from its start, or where it was left (decisions made of all)."""
    if position == 0:
        return "Learn to play: a solo game against the Vikings (level 1) on a fixed deal, taught in lessons."
    return f"The tutorial goes on where you left it: {position} of its {decisions} decisions made."


def lesson_line(number: int, lessons: int, title: str, text: str) -> str:
    """A lesson of the lesson file, for a listener: its number of all, its title, its words."""
    head = f"Lesson {number} of {lessons}"
    return f"{head}, {title}: {text}" if title else f"{head}: {text}"


def play_on(text: str) -> str:
    """A decision the lesson file leaves unworded: what to do (``ask_for``), plainly."""
    return f"{PLAY_ON}: {text}"


def lesson_asks(number: int) -> str:
    """Said after the choices: which one the lesson asks for (taken from the legal moves' order)."""
    return f"The lesson asks for choice {number}."


def not_this(number: int) -> str:
    return f"Not this one for now: the lesson asks for choice {number}."


# the app's tutorial screen (tui/screens/tutorial.py)
PLAY_ON = "Play on"  # the title of a step the lesson file leaves untitled (the line mode's too)
WHAT_HAPPENED = "What happened"  # the panel's title after a lesson's decision
PRESS_N = "Press n to go on."
PRESS_ENTER = "Press Enter."
COMPLETE = "The tutorial is complete."
RESUMED = "The tutorial goes on where you left it (R starts it over)."
RESTART_ANSWERS = ("Start over", "Keep going")  # ``RESTART_QUESTION``'s yes and no
FINISHED = "Tutorial finished. Next: the solo campaign, level 1."
# what ? says of the tutorial's own keys (issue 23.7: the help listed only the game's), by binding id
KEY_HELP = {
    "lesson-next": "the tutorial: go on to the next lesson once you have read it",
    "lesson-restart": "the tutorial: start it over from its first lesson",
}
ASKS_A_DECISION = "The lesson asks for a decision: press Enter to make it."
NOT_THIS_ONE = "Not this one for now: the lesson asks for the choice under the cursor."
RESTART_QUESTION = "Start the tutorial over from its first lesson? (This game is dropped.)"
RESTARTED = "The tutorial starts over."


def first_read(side: str) -> str:
    """A choice before the lesson is read (``side``: "above" or "below", where the lesson is)."""
    return f"First read the lesson {side}: press n to go on."


def greeting(side: str) -> str:
    return f"Read the lesson {side}; n goes on, ? explains every key, m leaves (it is saved)."
