"""The board in words: a card's facts, a market slot, a castle, a supply, a kingdom, the Vikings.

What the app's ``i`` page, its Viking page and the line mode (``norsewind play --lines``) say about
the things on the table.  Every number comes from the rules (``rules/queries.py``,
``rules/scoring.py``, the card set); nothing here is a rule of its own.
"""

from __future__ import annotations

from ..rules.cards import KINGDOM_NAMES, CardDB, GreenTile
from ..rules.queries import just_returned, kingdom_spaces
from ..rules.scoring import kingdom_score, viking_score
from ..rules.state import COLOUR_NAMES, DISCS, Player, State
from .nouns import plural, supply_letter, supply_place

TYPE_LONG = {
    "farm": "Farm",
    "blacksmith": "Blacksmith",
    "inn": "Inn",
    "ship": "Ship",
    "church": "Church",
    "castle": "Castle",
}

TILE_HELP = {
    "citizen": "1 printed citizen and 1 citizen space of this player's colour.",
    "fourth_building": "gain 5 coins when you build your 4th building here.",
    "citizen_coin": "gain 1 coin each time you place a citizen figure here.",
    "prestige_space": "a prestige space worth 1 (a disc costs 2 coins, as always).",
    "shield_space": "a shield space worth 4; a disc there costs 1 coin.",
    "different_types": "every building here must be of a different type.",
    "two_buildings": "at most 2 buildings here (the starting card counts).",
    "helmet_tax": "pay 1 coin to build a card with 3 or more helmets here.",
    "castle_min_7": "a castle here must cost at least 7.",
    "different_colours": "scores only one citizen figure per colour (neutral is a colour).",
}


def describe_card(db: CardDB, card: int) -> str:
    """A building or castle in words, for the status line: ``Inn: 1 helmet, costs 3, ...``."""
    kind = db.type[card]
    return f"{'Castle' if kind == 'castle' else TYPE_LONG[kind]}: {card_facts(db, card)}"


def card_facts(db: CardDB, card: int) -> str:
    """What a building or castle brings, in words (``describe_card`` without the kind)."""
    kind = db.type[card]
    if kind == "castle":
        parts = [f"costs {db.cost[card]}", plural(db.shields[card], "shield")]
        if db.shield_space[card]:
            parts.append(f"a shield space +{db.shield_space[card]}")
        parts.append(f"{db.prestige[card]} prestige")
        if db.prestige_space[card]:
            parts.append(f"a prestige space +{db.prestige_space[card]}")
        return ", ".join(parts)
    parts = [plural(db.helmets[card], "helmet")]
    if kind == "inn":
        parts.append(f"costs {db.cost[card]}")
    if kind == "ship":
        parts.append(f"gives {plural(db.coins[card], 'coin')}")
    if db.citizens[card]:
        parts.append(plural(db.citizens[card], "citizen"))
    if db.shields[card]:
        parts.append(plural(db.shields[card], "shield"))
    if db.prestige[card]:
        parts.append(f"{db.prestige[card]} prestige")
    spaces = [c for c in db.spaces[card]]
    if spaces:
        parts.append("spaces " + "/".join(f"{c}" for c in spaces))
    if db.shield_space[card]:
        parts.append(f"shield space +{db.shield_space[card]}")
    if db.prestige_space[card]:
        parts.append(f"prestige space +{db.prestige_space[card]}")
    return ", ".join(parts)


def tile_help(db: CardDB, player: Player, row: int) -> str:
    tile = db.tiles[player.colour][player.kingdoms[row].tile]
    colour = "green" if isinstance(tile, GreenTile) else "red"
    return f"{colour} tile, {plural(tile.helmets, 'helmet')}: {TILE_HELP[tile.effect]}"


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


def kingdom_row(state: State, db: CardDB, seat: int, row: int, owner: str | None = None) -> str:
    """A kingdom's status with its numbers: safe (its points) or at risk (-7, and what saves it);
    ``owner``: the player's name when the reader is someone else ("alice's other kingdoms")."""
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
    whose = "your" if owner is None else f"{owner}'s"
    status += f" {income} in {whose} other kingdoms."
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


def viking_lines(state: State, db: CardDB) -> list[str]:
    """Each Viking card in words: its row, side, helmets and coins per card; the cards taken; the threat."""
    vs = viking_score(state)
    lines = [f"The Vikings score {plural(vs.total, 'point')} if the game ended now.", ""]
    for row, r in enumerate(vs.rows):
        card = db.vikings[row]
        red = state.viking_red[row]
        side = card.red if red else card.green
        lines.append(
            f"{row + 1} {r.name}: {TYPE_LONG[card.icon]} card, {'red' if red else 'green'} side: "
            f"{plural(side.helmets, 'helmet')}, {plural(side.coins, 'coin')} per card taken"
        )
        taken = [f"{db.name(c)} ({plural(db.helmets[c], 'helmet')})" for c in state.vikings[row]]
        lines.append("  took: " + (", ".join(taken) if taken else "nothing yet"))
        threat = f"  {plural(r.helmets, 'helmet')} against your {plural(r.your_shields, 'shield')}: "
        if not r.cards:
            threat += "no card taken yet, nothing to score"
        elif r.scores:
            threat += f"they score {r.points} ({r.coins_per_card} x {plural(r.cards, 'card')})"
        else:
            threat += "held off, they score nothing here"
        lines += [threat, ""]
    return lines
