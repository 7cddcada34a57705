"""Card data: the schema of a card-set file, its loading and its validation.

The rulebooks do not print the cards' values, so the package ships a
*reconstructed* set (``data/reconstructed.toml``).  A player who owns the
printed game can transcribe their cards into the same format and play with
them (``norsewind --cards FILE``); ``validate`` reports every problem with its
path so a transcription can be fixed line by line.

Reading a file is I/O and lives in ``storage/cardfile.py``; everything here is
pure.  The engine never reads the schema structs directly in its hot path: it
uses the compiled ``CardDB`` (plain tuples indexed by card number).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterator
from importlib import resources
from typing import Literal

import msgspec

Colour = Literal["purple", "yellow", "blue", "red"]
BuildingType = Literal["farm", "blacksmith", "inn", "ship", "church"]
CardType = Literal["farm", "blacksmith", "inn", "ship", "church", "castle"]
IncomeType = Literal["farm", "blacksmith", "inn", "ship"]
DeckName = Literal["1+", "3+", "4p", "start", "reserve"]
GreenEffect = Literal["citizen", "fourth_building", "citizen_coin", "prestige_space", "shield_space"]
RedEffect = Literal["different_types", "two_buildings", "helmet_tax", "castle_min_7", "different_colours"]

COLOURS: tuple[Colour, ...] = ("purple", "yellow", "blue", "red")
BUILDING_TYPES: tuple[BuildingType, ...] = ("farm", "blacksmith", "inn", "ship", "church")
GREEN_EFFECTS: tuple[GreenEffect, ...] = (
    "citizen",
    "fourth_building",
    "citizen_coin",
    "prestige_space",
    "shield_space",
)
RED_EFFECTS: tuple[RedEffect, ...] = (
    "different_types",
    "two_buildings",
    "helmet_tax",
    "castle_min_7",
    "different_colours",
)
DECK_SIZES: dict[str, int] = {"1+": 35, "3+": 14, "4p": 14, "start": 5, "reserve": 5}
KINGDOM_NAMES: tuple[str, ...] = ("Northumbria", "East Anglia", "Mercia", "Wessex")
# What the rulebook prints about the kingdom cards: row -> income type, where known.
PRINTED_INCOME: dict[int, IncomeType] = {2: "ship", 3: "inn"}
PRINTED_INCOME_VALUES: dict[str, int] = {"farm": 2, "ship": 2, "inn": 1, "blacksmith": 1}


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One of the 73 deck cards (a building or a castle).

    Zero means "not printed".  ``shield_space``/``prestige_space`` hold the
    value a disc on that space adds (castles: 2 and 1; churches: prestige 1).
    Starting cards also print ``row``, ``order`` and ``start_coins``.
    """

    id: str
    deck: DeckName
    type: CardType
    helmets: int = 0
    cost: int = 0
    citizens: int = 0
    citizen_spaces: tuple[Colour, ...] = ()
    coins: int = 0
    shields: int = 0
    shield_space: int = 0
    prestige: int = 0
    prestige_space: int = 0
    row: int = 0
    order: int = 0
    start_coins: int = 0


class KingdomCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    row: int
    name: str
    income: IncomeType
    income_value: int


class GreenTile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A green kingdom tile: 2 helmets and one effect (rulebook, The Kingdom Tiles)."""

    effect: GreenEffect
    helmets: int = 2
    citizens: int = 0
    citizen_space: Colour | None = None
    shield_space: int = 0
    shield_space_cost: int = 0
    prestige_space: int = 0
    bonus_coins: int = 0


class RedTile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A red kingdom tile: 1 helmet and one restriction."""

    effect: RedEffect
    helmets: int = 1


class PlayerColour(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The components in one player colour: 4 kingdom cards and 10 tiles."""

    colour: str
    kingdoms: tuple[KingdomCard, ...]
    green_tiles: tuple[GreenTile, ...]
    red_tiles: tuple[RedTile, ...]


class VikingSide(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    helmets: int
    coins: int


class VikingCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    row: int
    icon: IncomeType
    green: VikingSide
    red: VikingSide


class CardSet(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A whole card-set file."""

    name: str
    reconstruction: bool
    note: str
    cards: tuple[Card, ...]
    colours: tuple[PlayerColour, ...]
    vikings: tuple[VikingCard, ...]


CardCode = Literal[
    # (the values each code carries)
    "rulebook_prints",  # (value, the value the rulebook prints)
    "out_of_range",  # (value, lowest, highest)
    "name_length",  # (length, longest)
    "id_twice",  # (id, times)
    "deck_size",  # (deck, cards, expected)
    "order_twice",  # (order number, times)
    "too_many_spaces",  # (spaces, at most)
    "castle_in_deck",  # (deck): the start and reserve decks hold buildings only
    "castle_cost",
    "castle_figures",  # R4
    "only_inns_cost",
    "inn_cost",
    "only_ships_coins",
    "ship_coins",
    "start_row",
    "start_order",
    "only_start_prints",
    "colour_count",  # (colours)
    "colour_twice",  # (colour, times)
    "kingdom_count",  # (kingdom cards)
    "kingdom_row",  # (row, expected)
    "kingdom_name",  # (name, expected)
    "printed_income",  # (income, printed)
    "printed_income_value",  # (value, printed, income)
    "income_once",
    "green_effects",
    "red_effects",
    "tile_space_colour",
    "needs_value",
    "viking_count",  # (Viking cards)
    "viking_row",  # (row, expected)
    "viking_icon",  # (icon, the kingdom's income)
    "viking_icon_once",
    "schema",  # (msgspec's message: the file does not fit the schema)
    "not_toml",  # (msgspec's message)
]


class CardProblem(msgspec.Struct, frozen=True):
    """One problem of a card set: where (``path``, ``$...``; "" for the whole file), what (``code``)
    and its numbers or names (``values``); ``words.card_problem`` says it in words."""

    path: str
    code: CardCode
    values: tuple[int | str, ...] = ()


class CardSetError(ValueError):
    """A card-set file that cannot be used; ``problems`` lists every reason."""

    def __init__(self, source: str, problems: list[CardProblem]) -> None:
        self.source = source
        self.problems = problems
        super().__init__(source, problems)

    def __str__(self) -> str:
        return f"{self.source}: {msgspec.json.encode(self.problems).decode()}"


# --------------------------------------------------------------------------- validation

# What a real card could print (docs/CARDS.md, "Value ranges"): each number's lowest and highest.
# The rulebooks' printed values and the reconstruction lie well inside; a value outside is a typo
# (or an attack: Viking coins of 10**18 once scored 2.8e18).
CARD_RANGES: dict[str, tuple[int, int]] = {
    "helmets": (0, 6),
    "cost": (0, 15),
    "citizens": (0, 5),
    "coins": (0, 9),
    "shields": (0, 15),
    "shield_space": (0, 5),
    "prestige": (0, 5),
    "prestige_space": (0, 3),
    "row": (0, 4),
    "order": (0, 5),
    "start_coins": (0, 9),
}
MAX_CITIZEN_SPACES = 4
MAX_NAME = 16  # card ids and colour names: they are printed in messages and on the board
GREEN_TILE_RANGES: dict[str, tuple[int, int]] = {
    "helmets": (2, 2),  # the rulebook prints 2
    "citizens": (0, 1),
    "shield_space": (0, 6),
    "shield_space_cost": (0, 3),
    "prestige_space": (0, 3),
    "bonus_coins": (0, 9),
}
RED_TILE_RANGES: dict[str, tuple[int, int]] = {"helmets": (1, 1)}  # the rulebook prints 1
VIKING_SIDE_RANGES: dict[str, tuple[int, int]] = {"helmets": (1, 20), "coins": (1, 20)}


def validate(cs: CardSet) -> list[CardProblem]:
    """Every problem of a decoded card set, each prefixed with its path ($...).

    The steps follow the file's sections: the deck cards, the player colours
    (kingdom cards, green and red tiles), the Viking cards.
    """
    return [*_deck_cards(cs.cards), *_player_colours(cs.colours), *_viking_cards(cs.vikings, cs.colours)]


def _out_of_range(path: str, struct: msgspec.Struct, ranges: dict[str, tuple[int, int]]) -> Iterator[CardProblem]:
    for field, (low, high) in ranges.items():
        value = getattr(struct, field)
        if low == high and value != low:
            yield CardProblem(f"{path}.{field}", "rulebook_prints", (value, low))
        elif not low <= value <= high:
            yield CardProblem(f"{path}.{field}", "out_of_range", (value, low, high))


def _name_length(path: str, name: str) -> Iterator[CardProblem]:
    if not 1 <= len(name) <= MAX_NAME:
        yield CardProblem(path, "name_length", (len(name), MAX_NAME))


# ---- the deck cards


def _deck_cards(cards: tuple[Card, ...]) -> Iterator[CardProblem]:
    for card_id, n in Counter(c.id for c in cards).items():
        if n > 1:
            yield CardProblem("$.cards", "id_twice", (card_id, n))
    per_deck: Counter[str] = Counter(c.deck for c in cards)
    for deck, size in DECK_SIZES.items():
        if per_deck[deck] != size:
            yield CardProblem("$.cards", "deck_size", (deck, per_deck[deck], size))
    for i, card in enumerate(cards):
        yield from _deck_card(f"$.cards[{i}] ({card.id})", card)
    for order, n in Counter(c.order for c in cards if c.deck == "start").items():
        if n > 1:
            yield CardProblem("$.cards", "order_twice", (order, n))


def _deck_card(p: str, c: Card) -> Iterator[CardProblem]:
    yield from _name_length(f"{p}.id", c.id)
    yield from _out_of_range(p, c, CARD_RANGES)
    if len(c.citizen_spaces) > MAX_CITIZEN_SPACES:
        yield CardProblem(f"{p}.citizen_spaces", "too_many_spaces", (len(c.citizen_spaces), MAX_CITIZEN_SPACES))
    yield from _castle(p, c) if c.type == "castle" else _building(p, c)
    yield from _starting_card(p, c)


def _castle(p: str, c: Card) -> Iterator[CardProblem]:
    if c.deck in ("start", "reserve"):
        yield CardProblem(f"{p}.type", "castle_in_deck", (c.deck,))
    if c.cost <= 0:
        yield CardProblem(f"{p}.cost", "castle_cost")
    if c.citizen_spaces or c.citizens or c.helmets:
        yield CardProblem(p, "castle_figures")


def _building(p: str, c: Card) -> Iterator[CardProblem]:
    if c.type != "inn" and c.cost:
        yield CardProblem(f"{p}.cost", "only_inns_cost")
    if c.type == "inn" and c.cost <= 0:
        yield CardProblem(f"{p}.cost", "inn_cost")
    if c.type != "ship" and c.coins:
        yield CardProblem(f"{p}.coins", "only_ships_coins")
    if c.type == "ship" and c.coins <= 0:
        yield CardProblem(f"{p}.coins", "ship_coins")


def _starting_card(p: str, c: Card) -> Iterator[CardProblem]:
    if c.deck == "start":
        if not 1 <= c.row <= 4:
            yield CardProblem(f"{p}.row", "start_row")
        if c.order <= 0:
            yield CardProblem(f"{p}.order", "start_order")
    elif c.row or c.order or c.start_coins:
        yield CardProblem(p, "only_start_prints")


# ---- the player colours: kingdom cards and kingdom tiles


def _player_colours(colours: tuple[PlayerColour, ...]) -> Iterator[CardProblem]:
    if len(colours) != 4:
        yield CardProblem("$.colours", "colour_count", (len(colours),))
    for name, n in Counter(pc.colour for pc in colours).items():
        if n > 1:
            yield CardProblem("$.colours", "colour_twice", (name, n))
    for i, pc in enumerate(colours):
        p = f"$.colours[{i}] ({pc.colour})"
        yield from _name_length(f"{p}.colour", pc.colour)
        yield from _kingdom_cards(p, pc.kingdoms)
        yield from _tile_effects(p, pc)
        yield from _green_tiles(p, pc.green_tiles)
        for j, r in enumerate(pc.red_tiles):
            yield from _out_of_range(f"{p}.red_tiles[{j}]", r, RED_TILE_RANGES)


def _kingdom_cards(p: str, kingdoms: tuple[KingdomCard, ...]) -> Iterator[CardProblem]:
    if len(kingdoms) != 4:
        yield CardProblem(f"{p}.kingdoms", "kingdom_count", (len(kingdoms),))
    for j, k in enumerate(kingdoms):
        if k.row != j + 1:
            yield CardProblem(f"{p}.kingdoms[{j}].row", "kingdom_row", (k.row, j + 1))
        if j < 4 and k.name != KINGDOM_NAMES[j]:
            yield CardProblem(f"{p}.kingdoms[{j}].name", "kingdom_name", (k.name, KINGDOM_NAMES[j]))
        if PRINTED_INCOME.get(k.row, k.income) != k.income:
            yield CardProblem(f"{p}.kingdoms[{j}].income", "printed_income", (k.income, PRINTED_INCOME[k.row]))
        if k.income_value != PRINTED_INCOME_VALUES[k.income]:
            printed = (k.income_value, PRINTED_INCOME_VALUES[k.income], k.income)
            yield CardProblem(f"{p}.kingdoms[{j}].income_value", "printed_income_value", printed)
    if len(kingdoms) == 4 and sorted(k.income for k in kingdoms) != sorted(PRINTED_INCOME_VALUES):
        yield CardProblem(f"{p}.kingdoms", "income_once")


def _tile_effects(p: str, pc: PlayerColour) -> Iterator[CardProblem]:
    if sorted(t.effect for t in pc.green_tiles) != sorted(GREEN_EFFECTS):
        yield CardProblem(f"{p}.green_tiles", "green_effects")
    if sorted(t.effect for t in pc.red_tiles) != sorted(RED_EFFECTS):
        yield CardProblem(f"{p}.red_tiles", "red_effects")


def _green_tiles(p: str, tiles: tuple[GreenTile, ...]) -> Iterator[CardProblem]:
    for j, g in enumerate(tiles):
        q = f"{p}.green_tiles[{j}]"
        yield from _out_of_range(q, g, GREEN_TILE_RANGES)
        if g.effect == "citizen" and g.citizen_space is None:
            yield CardProblem(f"{q}.citizen_space", "tile_space_colour")
        if g.effect == "shield_space" and g.shield_space <= 0:
            yield CardProblem(f"{q}.shield_space", "needs_value")
        if g.effect == "prestige_space" and g.prestige_space <= 0:
            yield CardProblem(f"{q}.prestige_space", "needs_value")
        if g.effect in ("fourth_building", "citizen_coin") and g.bonus_coins <= 0:
            yield CardProblem(f"{q}.bonus_coins", "needs_value")


# ---- the Viking cards (solo)


def _viking_cards(vikings: tuple[VikingCard, ...], colours: tuple[PlayerColour, ...]) -> Iterator[CardProblem]:
    if len(vikings) != 4:
        yield CardProblem("$.vikings", "viking_count", (len(vikings),))
    for j, v in enumerate(vikings):
        p = f"$.vikings[{j}]" + (f" ({KINGDOM_NAMES[j]})" if j < len(KINGDOM_NAMES) else "")
        if v.row != j + 1:
            yield CardProblem(f"{p}.row", "viking_row", (v.row, j + 1))
        income = colours[0].kingdoms[j].income if colours and len(colours[0].kingdoms) > j else v.icon
        if income != v.icon:
            yield CardProblem(f"{p}.icon", "viking_icon", (v.icon, income))
        yield from _out_of_range(f"{p}.green", v.green, VIKING_SIDE_RANGES)
        yield from _out_of_range(f"{p}.red", v.red, VIKING_SIDE_RANGES)
    if len(set(v.icon for v in vikings)) != len(vikings):
        yield CardProblem("$.vikings", "viking_icon_once")


def decode_card_set(data: bytes | str, source: str = "<cards>") -> CardSet:
    """Decode and validate TOML card data; raise ``CardSetError`` listing every problem."""
    try:
        cs = msgspec.toml.decode(data, type=CardSet)
    except msgspec.ValidationError as exc:
        raise CardSetError(source, [CardProblem("", "schema", (str(exc),))]) from None
    except msgspec.DecodeError as exc:
        raise CardSetError(source, [CardProblem("", "not_toml", (str(exc),))]) from None
    problems = validate(cs)
    if problems:
        raise CardSetError(source, problems)
    return cs


def card_set_digest(card_set: CardSet) -> str:
    """The identity of a card set: a hash of its decoded content.

    Comments, layout and key order of the file do not change it; any value does.
    """
    return hashlib.sha256(msgspec.json.encode(card_set)).hexdigest()[:16]


# --------------------------------------------------------------------------- compiled form


class CardDB:
    """A validated card set compiled for the engine: everything by integer index.

    Deck cards are numbered 0..72 in file order.  ``digest`` identifies the set
    (saves refuse to load with another set).
    """

    __slots__ = (
        "card_set",
        "cards",
        "citizens",
        "coins",
        "colour_names",
        "cost",
        "deck",
        "digest",
        "helmets",
        "ids",
        "index_of",
        "is_castle",
        "kingdoms",
        "prestige",
        "prestige_space",
        "shield_space",
        "shields",
        "source",
        "spaces",
        "tiles",
        "type",
        "vikings",
    )

    def __init__(self, card_set: CardSet, digest: str, source: str = "<cards>") -> None:
        self.source = source
        self.digest = digest
        self.card_set = card_set
        self.cards = card_set.cards
        self.ids = tuple(c.id for c in card_set.cards)
        self.index_of = {c.id: i for i, c in enumerate(card_set.cards)}
        self.deck = tuple(c.deck for c in card_set.cards)
        self.type = tuple(c.type for c in card_set.cards)
        self.helmets = tuple(c.helmets for c in card_set.cards)
        self.cost = tuple(c.cost for c in card_set.cards)
        self.citizens = tuple(c.citizens for c in card_set.cards)
        self.spaces = tuple(c.citizen_spaces for c in card_set.cards)
        self.coins = tuple(c.coins for c in card_set.cards)
        self.shields = tuple(c.shields for c in card_set.cards)
        self.shield_space = tuple(c.shield_space for c in card_set.cards)
        self.prestige = tuple(c.prestige for c in card_set.cards)
        self.prestige_space = tuple(c.prestige_space for c in card_set.cards)
        self.is_castle = tuple(c.type == "castle" for c in card_set.cards)
        self.colour_names = tuple(pc.colour for pc in card_set.colours)
        self.kingdoms = tuple(pc.kingdoms for pc in card_set.colours)
        # Per player colour: tiles 0..4 are the green tiles, 5..9 the red ones.
        self.tiles: tuple[tuple[GreenTile | RedTile, ...], ...] = tuple(
            pc.green_tiles + pc.red_tiles for pc in card_set.colours
        )
        self.vikings = card_set.vikings

    def deck_cards(self, deck: str) -> tuple[int, ...]:
        return tuple(i for i, d in enumerate(self.deck) if d == deck)

    def name(self, card: int) -> str:
        return self.type[card].capitalize()


def compile_card_set(data: bytes, source: str = "<cards>") -> CardDB:
    card_set = decode_card_set(data, source)
    return CardDB(card_set, card_set_digest(card_set), source)


_DEFAULT: CardDB | None = None


def default_cards() -> CardDB:
    """The reconstructed card set shipped in the package (read once, then cached)."""
    global _DEFAULT
    if _DEFAULT is None:
        data = resources.files("norsewind_tui.rules").joinpath("data/reconstructed.toml").read_bytes()
        _DEFAULT = compile_card_set(data, "reconstructed.toml")
    return _DEFAULT
