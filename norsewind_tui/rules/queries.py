"""Questions a UI or a computer player asks about a state, answered by the rules.

The widgets, hints and bots ask these instead of decoding the state's raw
markers (-1 for "none", ``CASTLE``/``TILE`` holders, phase strings).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import msgspec

from .cards import CardDB
from .engine import apply_logged, card_citizen_spaces, tile_citizen_space, tile_prestige_space, tile_shield_space
from .events import HIDDEN_FROM_HERE, Event
from .moves import Move
from .refusals import IllegalMove
from .state import CASTLE, PRESTIGE, SHIELD, TILE, Kingdom, Player, State


def adjacent_supplies(state: State) -> tuple[int, int]:
    """A3 (R9): the two supplies next to the market slot the building was taken from."""
    return state.slot, (state.slot + 1) % 5


def revealed_between(events: Sequence[Sequence[Event]]) -> tuple[int, ...]:
    """The cards turned over from a deck in these decisions' events (market and castle display)."""
    return tuple(e.card for batch in events for e in batch if e.kind in ("revealed", "castle_revealed"))


def just_returned(state: State) -> tuple[int, ...]:
    """R23: the display indices of the castles a replacement just returned; they cannot be bought
    until the market is next refilled from a deck."""
    if not state.returned:
        return ()
    return tuple(i for i, card in enumerate(state.display) if card in state.returned)


# --------------------------------------------------------------------------- the spaces of a kingdom

Place = Literal["castle", "tile", "building"]
SpaceKind = Literal["citizen", "shield", "prestige"]


def holder_place(holder: int) -> Place:
    """What a move's or an event's ``holder`` names: the castle, the kingdom tile or a building."""
    if holder == CASTLE:
        return "castle"
    if holder == TILE:
        return "tile"
    return "building"


class Space(msgspec.Struct, frozen=True):
    """One printed space of a kingdom and what is on it.

    ``holder`` and ``index`` are what ``PlaceCitizen``/``PlaceDisc`` name it by; ``place`` says in
    words where it is (``building`` is then its place in the row, 0-3, the starting card included).
    """

    holder: int
    place: Place
    kind: SpaceKind
    index: int  # citizen spaces: which one of the card's (0, 1, ...); disc spaces: 0
    colour: int | None  # citizen spaces: the colour it takes (0-3); disc spaces: None
    value: int  # disc spaces: the shields or prestige a disc there adds; citizen spaces: 0
    figure: int | None  # citizen spaces: the colour of the figure on it (4 neutral), if any
    filled: bool


class KingdomSpaces(msgspec.Struct, frozen=True):
    """The spaces of one kingdom, in board order: its castle's, its tile's, each building's."""

    castle: tuple[Space, ...]
    tile: tuple[Space, ...]
    buildings: tuple[tuple[Space, ...], ...]


def kingdom_spaces(db: CardDB, player: Player, row: int) -> KingdomSpaces:
    """Every printed space of ``player``'s kingdom ``row`` (citizen spaces first, then shield, prestige)."""
    k = player.kingdoms[row]
    castle = _card_spaces(db, k, k.castle, CASTLE) if k.castle >= 0 else ()
    buildings = tuple(_card_spaces(db, k, card, i) for i, card in enumerate(k.buildings))
    return KingdomSpaces(castle, _tile_spaces(db, player, k), buildings)


def card_spaces(db: CardDB, card: int) -> tuple[Space, ...]:
    """The spaces printed on ``card`` (a building or a castle), empty, as in the market or the display."""
    return _card_spaces(db, None, card, 0)


def _card_spaces(db: CardDB, k: Kingdom | None, card: int, holder: int) -> tuple[Space, ...]:
    figures = {s: c for h, s, c in k.figures if h == holder} if k is not None else {}
    discs = {side for h, side in k.discs if h == holder} if k is not None else set()
    place = holder_place(holder)
    out = [
        Space(holder, place, "citizen", i, colour, 0, figures.get(i), i in figures)
        for i, colour in enumerate(card_citizen_spaces(db, card))
    ]
    if db.shield_space[card]:
        out.append(Space(holder, place, "shield", 0, None, db.shield_space[card], None, SHIELD in discs))
    if db.prestige_space[card]:
        out.append(Space(holder, place, "prestige", 0, None, db.prestige_space[card], None, PRESTIGE in discs))
    return tuple(out)


def _tile_spaces(db: CardDB, player: Player, k: Kingdom) -> tuple[Space, ...]:
    out = []
    colour = tile_citizen_space(db, player.colour, k.tile)
    if colour is not None:
        figure = next((c for h, _s, c in k.figures if h == TILE), None)
        out.append(Space(TILE, "tile", "citizen", 0, colour, 0, figure, figure is not None))
    shield = tile_shield_space(db, player.colour, k.tile)[0]
    if shield:
        out.append(Space(TILE, "tile", "shield", 0, None, shield, None, (TILE, SHIELD) in k.discs))
    prestige = tile_prestige_space(db, player.colour, k.tile)
    if prestige:
        out.append(Space(TILE, "tile", "prestige", 0, None, prestige, None, (TILE, PRESTIGE) in k.discs))
    return tuple(out)


# --------------------------------------------------------------------------- the decision awaited

Decision = Literal["action", "kingdom", "supply", "space", "over"]
_DECISIONS: dict[str, Decision] = {
    "action": "action",  # a market card (A), a castle (B), the refresh or a pass
    "place_start": "kingdom",
    "building_kingdom": "kingdom",
    "castle_kingdom": "kingdom",
    "supply": "supply",
    "citizen_space": "space",
    "neutral_space": "space",
    "disc_space": "space",
    "reuse_disc": "space",
    "over": "over",
}


def decision(state: State) -> Decision:
    """What the player chooses now, as the board shows it: an action, a kingdom (for a building, a
    castle or the starting card), a supply, a space (for a citizen or a disc), or nothing (over)."""
    return _DECISIONS[state.phase]


def at_turn_start(state: State) -> bool:
    """Nothing decided yet in this turn: the action (or, variant 1, the starting card) is next."""
    return state.phase in ("action", "place_start")


def castle_in_hand(state: State) -> int | None:
    """B1: the castle taken from the display and not yet placed in a kingdom, if any."""
    return state.held if state.phase == "castle_kingdom" and state.held >= 0 else None


def preview(state: State, move: Move) -> tuple[State, list[Event]] | None:
    """What ``move`` would do for its player, without anything it would reveal (None: not legal).

    Applies the move to a copy (``apply`` is pure) and keeps the events before the first one that
    shows a hidden card or the Vikings' turn.  The game screen's preview and the line mode's choices.
    """
    try:
        after, events = apply_logged(state, move)
    except IllegalMove:
        return None
    shown = []
    for event in events:
        if event.kind in HIDDEN_FROM_HERE:
            break
        shown.append(event)
    return after, shown
