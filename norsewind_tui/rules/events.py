"""What happened, as data, for the game log.

``apply_logged`` returns these; ``words.past`` turns one into a sentence.  The
engine never formats text in its hot path: events are only built when asked.
"""

from __future__ import annotations

from typing import Literal

import msgspec

EventKind = Literal[
    # a player's decisions
    "start_card",  # variant 1: the starting card placed
    "took_building",  # action A, step 1 (slot: the market slot)
    "took_castle",  # action B, step 1 (slot: the display index)
    "placed",  # the building or castle placed (value: coins paid)
    "took_supply",  # A3 (slot: the supply; value: its kind)
    "declined",  # A3 declined
    "citizen",  # a citizen placed (holder, what: its colour)
    "disc",  # a disc placed (holder, what: its side; value: coins paid)
    "replaced",  # B1: the old castle returns to the display (R14)
    "disc_returned",  # a replaced castle's disc back to the supply (R14)
    "no_neutral",  # B3: no empty space for the neutral citizen
    "no_supply",  # A3 skipped: no supply next to the slot has a figure or disc you can place (slot)
    "refresh",  # the rare-case refresh (R12)
    "pass",  # no action possible (R13)
    # coins gained
    "income",  # step 2 / B2 (value: coins; extra: buildings; what: their type)
    "ship_coins",
    "fourth_bonus",
    "citizen_bonus",
    # the market and the display
    "revealed",  # a building turned over into a slot
    "castle_revealed",
    "castle_discarded",  # R19
    # the Vikings (solo)
    "ship_moved",  # slot: where the ship stops; value: steps
    "vikings_took",
    "vikings_nothing",
    # the end
    "end_triggered",
    "all_passed",
    "game_over",
]

# Named groups of event kinds, for the log, the previews and the summaries.
VIKINGS_TURN: frozenset[EventKind] = frozenset({"ship_moved", "vikings_took", "vikings_nothing", "castle_discarded"})
SKIPPED: frozenset[EventKind] = frozenset({"no_supply", "no_neutral"})  # a step with nothing to do
THE_END: frozenset[EventKind] = frozenset({"end_triggered", "all_passed", "game_over"})
COINS_GAINED: frozenset[EventKind] = frozenset({"income", "ship_coins", "fourth_bonus", "citizen_bonus"})
# Events after which the rest of a move belongs to hidden information or to the Vikings.
_TURNED_OVER: tuple[EventKind, ...] = ("revealed", "castle_revealed", "refresh", "end_triggered", "game_over")
HIDDEN_FROM_HERE: frozenset[EventKind] = VIKINGS_TURN | frozenset(_TURNED_OVER)
# Events that a summary leaves out: the next event says it, or it is no one's doing.
FOLLOWED_OR_NO_ONES: frozenset[EventKind] = frozenset({"took_supply", "declined", "revealed", "castle_revealed"})


class Event(msgspec.Struct, frozen=True, omit_defaults=True):
    """One thing that happened.  ``kind`` says which; the other fields are its details."""

    kind: EventKind
    player: int = -1
    card: int = -1
    row: int = -1
    slot: int = -1  # a market slot, a supply, a display index (see ``EventKind``)
    value: int = 0  # coins paid, gained, steps moved, ...
    extra: int = 0  # a second number (e.g. how many buildings paid income)
    what: str = ""  # a building type, a colour, a side ...
    holder: int | None = None  # citizen, disc: the space's holder (CASTLE, TILE or a building index)
