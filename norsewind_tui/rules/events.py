"""What happened, as data, for the game log.

``apply_logged`` returns these; ``describe`` turns one into a sentence.  The
engine never formats text in its hot path: events are only built when asked.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from .cards import KINGDOM_NAMES, CardDB
from .state import CASTLE, COLOUR_NAMES, DISCS, TILE

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


def _n(count: int, noun: str) -> str:
    """``1 coin``, ``2 coins``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _holder(db: CardDB, kingdom_card: str, holder: int | None) -> str:
    if holder is None:
        return kingdom_card
    if holder == CASTLE:
        return f"the castle in {kingdom_card}"
    if holder == TILE:
        return f"the kingdom tile of {kingdom_card}"
    return f"building {holder + 1} of {kingdom_card}"


def describe(event: Event, names: tuple[str, ...], db: CardDB) -> str:
    """A one-line sentence for ``event``; ``names`` are the players' names."""
    who = names[event.player] if 0 <= event.player < len(names) else "Someone"
    card = db.name(event.card) if event.card >= 0 else ""
    kingdom = KINGDOM_NAMES[event.row] if 0 <= event.row < 4 else ""
    k = event.kind
    if k == "took_building":
        return f"{who} took the {card} from slot {event.slot + 1}."
    if k == "took_castle":
        return f"{who} took the castle (cost {db.cost[event.card]}) from the castle display."
    if k == "placed":
        text = f"{who} placed the {card} in {kingdom}"
        if event.value:
            text += f", paid {event.value}"
        return text + "."
    if k == "income":
        return f"{who} gained {_n(event.value, 'coin')} for {_n(event.extra, event.what)}."
    if k == "ship_coins":
        return f"{who} gained {_n(event.value, 'coin')} from the ship."
    if k == "fourth_bonus":
        return f"{who} gained {_n(event.value, 'coin')} for a 4th building in {kingdom}."
    if k == "citizen_bonus":
        return f"{who} gained {_n(event.value, 'coin')} for a citizen in {kingdom}."
    if k == "took_supply":
        what = "an upgrade disc" if event.value == DISCS else f"a {COLOUR_NAMES[event.value]} citizen"
        return f"{who} took {what} from supply {event.slot + 1}."
    if k == "declined":
        return f"{who} took no citizen or disc."
    if k == "citizen":
        return f"{who} put a {event.what} citizen on {_holder(db, kingdom, event.holder)}."
    if k == "disc":
        paid = f", paid {event.value}" if event.value else ""
        return f"{who} put a disc {event.what} side up on {_holder(db, kingdom, event.holder)}{paid}."
    if k == "replaced":
        return f"{who} replaced the castle in {kingdom}; it returns to the castle display."
    if k == "disc_returned":
        return f"{who} returned a disc of the old castle to the supply."
    if k == "no_neutral":
        return f"{who} has no empty citizen space: no neutral citizen."
    if k == "revealed":
        return f"The {card} was revealed into slot {event.slot + 1}."
    if k == "castle_revealed":
        return f"A castle (cost {db.cost[event.card]}) was revealed to the castle display."
    if k == "castle_discarded":
        return f"The castle display is full: the leftmost castle (cost {db.cost[event.card]}) is discarded."
    if k == "refresh":
        return f"{who} could afford no building: the market was refreshed."
    if k == "pass":
        return f"{who} could take no action and passed."
    if k == "end_triggered":
        return "The draw deck is exhausted: the end of the game is triggered."
    if k == "all_passed":
        return "Nobody can act any more: the end of the game is triggered."
    if k == "ship_moved":
        return f"The Viking ship moves {event.value} to slot {event.slot + 1}."
    if k == "vikings_took":
        return f"The Vikings take the {card} into {kingdom}."
    if k == "vikings_nothing":
        return "The Viking ship is over an empty slot: the Vikings take nothing."
    if k == "start_card":
        return f"{who} put the starting card ({card}) in {kingdom}."
    assert k == "game_over", k
    return "The game is over."
