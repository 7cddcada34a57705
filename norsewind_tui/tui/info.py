"""``i`` on the game screen: the thing under the cursor explained in words (issue 14).

Every number comes from the rules (``rules/queries.py``, ``rules/scoring.py``, the card set): a
market card with the supplies it takes from, a kingdom row's status and what would make it safe,
a supply, a castle.  Nothing here is a rule of its own.
"""

from __future__ import annotations

from ..rules.cards import CardDB
from ..rules.state import State
from ..words import app as say
from ..words.board import castle, kingdom_row, market_card, supply

Key = tuple[object, ...]


def explain_key(state: State, db: CardDB, key: Key, seat: int) -> str:
    """What ``key`` (a cursor position of the game screen) is, in one or two sentences."""
    kind = key[0]
    if kind == "slot" and isinstance(key[1], int):
        return market_card(state, db, key[1])
    if kind == "castle" and isinstance(key[1], int):
        return castle(state, db, key[1])
    if kind == "supply" and isinstance(key[1], int):
        return supply(state, key[1])
    if kind in ("row", "space", "disc") and isinstance(key[1], int):
        return kingdom_row(state, db, seat, key[1])
    return say.NOTHING_TO_EXPLAIN
