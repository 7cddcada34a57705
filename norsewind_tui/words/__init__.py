"""Norsewind in English: the one place that words what the rules say as data.

The rules return events, refusals and decisions as typed data; this package turns them into the
sentences a player reads, in the past (the log: "Ana took the Inn from slot 2."), the future (a
preview: "you take the Inn") and short (a summary: "took the Inn").  The app, the command line's
text export, the review, the tutorial and the analysis all word the game through it, so a
rewording here is a rewording everywhere, and another front end (plain lines, a browser) reuses it.

    >>> from norsewind_tui.rules import Event, default_cards
    >>> db = default_cards()
    >>> past(Event("income", 0, value=2, extra=2, what="inn"), ("Ana",), db)
    'Ana gained 2 coins for 2 inns.'
    >>> inn = db.index_of["A-13"]  # an inn that costs 2
    >>> future(Event("placed", 0, card=inn, row=2, value=2), ("Ana",), db, mover=0)
    'you place the Inn in Mercia, paying 2.'
"""

from .cards import card_problem, card_problems
from .events import Tense, future, past, predicate, short
from .moves import move_words
from .nouns import colour, kingdom, on_holder, plural, side, space_name, supply_item, supply_letter, supply_place
from .prompts import EXPECTED, prompt
from .refusals import R24, config_problem, error, refusal
from .scores import kingdom_then
from .summary import computers_summary

__all__ = [
    "EXPECTED",
    "R24",
    "Tense",
    "card_problem",
    "card_problems",
    "colour",
    "computers_summary",
    "config_problem",
    "error",
    "future",
    "kingdom",
    "kingdom_then",
    "move_words",
    "on_holder",
    "past",
    "plural",
    "predicate",
    "prompt",
    "refusal",
    "short",
    "side",
    "space_name",
    "supply_item",
    "supply_letter",
    "supply_place",
]
