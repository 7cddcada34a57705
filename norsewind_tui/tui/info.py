"""``i`` on the game screen: the thing under the cursor explained in words (issue 14).

Every number comes from the rules (``rules/queries.py``, ``rules/scoring.py``, the card set): a
market card with the supplies it takes from, a kingdom row's status and what would make it safe,
a supply, a castle.  Nothing here is a rule of its own.
"""

from __future__ import annotations

from ..rules.cards import KINGDOM_NAMES, CardDB
from ..rules.queries import just_returned, kingdom_spaces
from ..rules.scoring import kingdom_score, viking_score
from ..rules.state import COLOUR_NAMES, DISCS, State
from ..words import supply_letter, supply_place
from .text import TYPE_LONG, card_facts, describe_card, plural, tile_help

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
    return "Nothing to explain here: move the cursor onto a card, a supply or a kingdom."


def _supply_name(state: State, supply: int) -> str:
    kind = state.supply_kinds[supply]
    what = "upgrade discs" if kind == DISCS else f"{COLOUR_NAMES[kind]} citizens"
    return f"{what} ({state.supplies[supply]} left)"


def market_card(state: State, db: CardDB, slot: int) -> str:
    card = state.market[slot]
    if card < 0:
        return f"Slot {slot + 1} is empty."
    # a slot takes from the supplies on both its sides; the strip closes into a ring
    sides = (slot, (slot + 1) % len(state.supplies))
    takes = " or ".join(_supply_name(state, s) for s in sides)
    ship = " The Viking ship is above it." if state.solo and state.ship == slot else ""
    return f"Slot {slot + 1}: {describe_card(db, card)}. With it you may take {takes}.{ship}"


def castle(state: State, db: CardDB, index: int) -> str:
    if not 0 <= index < len(state.display):
        return "No castle there."
    text = f"Castle {index + 1}: {card_facts(db, state.display[index])}."
    if index in just_returned(state):
        text += " It was just replaced: not for sale until the market is next refilled."
    return text


def supply(state: State, index: int) -> str:
    kind = state.supply_kinds[index]
    if kind == DISCS:
        use = "a disc goes shield side up (free) or prestige side up (2 coins) on an empty space"
    else:
        use = f"a {COLOUR_NAMES[kind]} citizen goes on an empty {COLOUR_NAMES[kind]} space and counts 1 citizen"
    return f"The {supply_letter(kind)} supply ({supply_place(index)}): {_supply_name(state, index)}; {use}."


def kingdom_row(state: State, db: CardDB, seat: int, row: int) -> str:
    """A kingdom's status with its numbers: safe (its points) or at risk (-7, and what saves it)."""
    player = state.players[seat]
    ks = kingdom_score(db, player, row)
    name = KINGDOM_NAMES[row]
    against = f"{plural(ks.helmets, 'helmet')} against {plural(ks.shields, 'shield')}"
    if ks.safe:
        status = f"{name}: {against}: safe, scores {ks.prestige} prestige x {plural(ks.citizens, 'citizen')}"
        status += f" = {ks.points} now."
    else:
        status = f"{name}: {against}: at risk, scores -7 now; {ks.helmets - ks.shields} more"
        status += f" {'shield makes' if ks.helmets - ks.shields == 1 else 'shields make'} it safe."
    spaces = kingdom_spaces(db, player, row)
    empty = [s for group in (spaces.castle, spaces.tile, *spaces.buildings) for s in group if not s.filled]
    citizens = sum(1 for s in empty if s.kind == "citizen")
    shields = sum(s.value for s in empty if s.kind == "shield")
    room = []
    if citizens:
        room.append(f"{plural(citizens, 'empty citizen space')}")
    if shields:
        room.append(f"shield spaces worth {shields}")
    k = player.kingdoms[row]
    card = db.kingdoms[player.colour][row]
    income = f"Building here pays {plural(card.income_value, 'coin')} per {TYPE_LONG[card.income].lower()}"
    status += f" {income} in your other kingdoms."
    text = f"{status} {len(k.buildings)}/4 buildings; {tile_help(db, player, row).rstrip('.')}."
    if room:
        text += " Free: " + ", ".join(room) + "."
    if state.solo:
        v = viking_score(state).rows[row]
        if v.scores:
            text += (
                f" Vikings: {plural(v.helmets, 'helmet')} beat your {plural(v.your_shields, 'shield')}: they score"
                f" {v.coins_per_card} per card in their row, {plural(v.cards, 'card')} now = {v.points}."
            )
        else:
            yours = plural(v.your_shields, "shield")
            text += f" Vikings: {plural(v.helmets, 'helmet')}, not more than your {yours}: 0."
    return text
