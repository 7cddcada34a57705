"""The nouns every sentence shares: kingdoms, colours, supplies, spaces, counts."""

from __future__ import annotations

from ..rules.cards import KINGDOM_NAMES, CardDB
from ..rules.queries import holder_place
from ..rules.state import COLOUR_LETTERS, COLOUR_NAMES, DISCS, SIDE_NAMES, Player, State
from ..safetext import short_name


def plural(count: int, word: str, words: str | None = None) -> str:
    """``1 coin``, ``2 coins``, ``-1 point`` (``words``: an irregular plural)."""
    return f"{count} {word if abs(count) == 1 else (words or word + 's')}"


def player_names(state: State) -> tuple[str, ...]:
    """The players' names as every sentence and board says them: safe, and shortened one way."""
    return tuple(short_name(p.name) for p in state.players)


def kingdom(row: int) -> str:
    """A row's kingdom ("" for none)."""
    return KINGDOM_NAMES[row] if 0 <= row < len(KINGDOM_NAMES) else ""


def colour(figure: int) -> str:
    """A citizen colour 0-4 ("purple" ... "neutral"; "" for none)."""
    return COLOUR_NAMES[figure] if 0 <= figure < len(COLOUR_NAMES) else ""


def side(disc_side: int) -> str:
    """A disc's side: "shield" or "prestige"."""
    return SIDE_NAMES[disc_side]


def supply_item(kind: int) -> str:
    """What a supply of ``kind`` gives: "an upgrade disc", "a blue citizen"."""
    return "an upgrade disc" if kind == DISCS else f"a {colour(kind)} citizen"


def supply_letter(kind: int) -> str:
    """The letter the market shows a supply by: its citizens' colour (P Y B R), D for the discs."""
    return "D" if kind == DISCS else COLOUR_LETTERS[kind]


def supply_place(supply: int) -> str:
    """Where a supply is in the market ring (R1: supply i touches slots i and i+1, numbered from 1)."""
    return f"between slots {supply} and {supply + 1}" if supply else "between slots 5 and 1"


def on_holder(row: int, holder: int | None) -> str:
    """Where an event put a figure or a disc: "the castle in Mercia", "building 2 of Mercia"."""
    name = kingdom(row)
    if holder is None:
        return name
    place = holder_place(holder)
    if place == "castle":
        return f"the castle in {name}"
    if place == "tile":
        return f"the kingdom tile of {name}"
    return f"building {holder + 1} of {name}"


def space_name(db: CardDB, player: Player, row: int, holder: int) -> str:
    """Where a space is, in words: "the castle in Mercia", "the Inn in Mercia (building 2)"."""
    name = kingdom(row)
    place = holder_place(holder)
    if place == "castle":
        return f"the castle in {name}"
    if place == "tile":
        return f"the kingdom tile of {name}"
    buildings = player.kingdoms[row].buildings
    if 0 <= holder < len(buildings):
        return f"the {db.name(buildings[holder])} in {name} (building {holder + 1})"
    return f"building {holder + 1} in {name}"
