"""The board's short notation of cards, tiles and incomes (``$7 s7{2} p2{1}``, ``inc Smith+1``).

The app's board writes it, and the lessons name it (``words.lessons``), so a lesson quotes a
cell exactly as the board shows it.  Single-width ASCII only.
"""

from __future__ import annotations

from ..rules.cards import CardDB, GreenTile
from ..rules.state import Player
from .board import TYPE_LONG

TYPE_SHORT = {
    "farm": "Farm",
    "blacksmith": "Smith",
    "inn": "Inn",
    "ship": "Ship",
    "church": "Church",
    "castle": "Castle",
}

TILE_SHORT = {
    "citizen": "+1 citizen",
    "fourth_building": "4th: +{bonus}$",
    "citizen_coin": "cit: +{bonus}$",
    "prestige_space": "p{value} space",
    "shield_space": "s{value} sp. 1$",
    "different_types": "diff types",
    "two_buildings": "max 2 bldg",
    "helmet_tax": "h3+: +1$",
    "castle_min_7": "castle $7+",
    "different_colours": "diff colour",
}


def card_title(db: CardDB, card: int, wide: bool = False) -> str:
    names = TYPE_LONG if wide else TYPE_SHORT
    return names[db.type[card]]


def card_values(db: CardDB, card: int, in_market: bool = True) -> str:
    """Printed values other than helmets and spaces: ``$2 c2 s1 p1``."""
    parts = []
    if in_market and db.type[card] == "inn":
        parts.append(f"${db.cost[card]}")
    if db.type[card] == "ship":
        parts.append(f"+{db.coins[card]}$")
    if db.citizens[card]:
        parts.append(f"c{db.citizens[card]}")
    if db.shields[card]:
        parts.append(f"s{db.shields[card]}")
    if db.prestige[card]:
        parts.append(f"p{db.prestige[card]}")
    return " ".join(parts)


def castle_values(db: CardDB, card: int, with_cost: bool = True) -> str:
    parts = [f"${db.cost[card]}"] if with_cost else []
    parts.append(f"s{db.shields[card]}")
    if db.prestige[card]:
        parts.append(f"p{db.prestige[card]}")
    return " ".join(parts)


def castle_line(db: CardDB, card: int) -> str:
    """One line for a castle in the display: ``$7 s7{2} p2{1}``."""
    shield = f"{{{db.shield_space[card]}}}" if db.shield_space[card] else ""
    prestige = f"{{{db.prestige_space[card]}}}" if db.prestige_space[card] else ""
    return f"${db.cost[card]} s{db.shields[card]}{shield} p{db.prestige[card]}{prestige}"


def tile_summary(db: CardDB, player: Player, row: int) -> tuple[str, bool]:
    """A short text for the kingdom tile of ``row`` and whether it is green."""
    tile = db.tiles[player.colour][player.kingdoms[row].tile]
    green = isinstance(tile, GreenTile)
    template = TILE_SHORT[tile.effect]
    if isinstance(tile, GreenTile):
        value = tile.shield_space or tile.prestige_space
        text = template.format(bonus=tile.bonus_coins, value=value)
    else:
        text = template
    return text, green


def income_text(db: CardDB, player: Player, row: int) -> str:
    """The kingdom card's income: ``Smith+1`` (1 coin per blacksmith in the other kingdoms). No
    "inc " before it: beside a row's tile spaces it fits in no row at 80 columns, nor in all four
    at any width, and the help and the tutorial teach the form the rows show (issue 39)."""
    k = db.kingdoms[player.colour][row]
    return f"{TYPE_SHORT[k.income]}+{k.income_value}"
