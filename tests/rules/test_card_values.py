"""Every printed card value has a range a real card could print (issue 18 "Card files", docs/CARDS.md)."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
import pytest

from norsewind_tui import words
from norsewind_tui.rules.cards import (
    CARD_RANGES,
    GREEN_TILE_RANGES,
    MAX_CITIZEN_SPACES,
    MAX_NAME,
    RED_TILE_RANGES,
    VIKING_SIDE_RANGES,
    CardSet,
    decode_card_set,
    default_cards,
)
from norsewind_tui.rules.cards import validate as validate_data

ROOT = Path(__file__).resolve().parents[2]


def validate(card_set: CardSet) -> list[str]:
    """The problems ``rules.cards.validate`` finds, in words (``words.card_problem``)."""
    return [words.card_problem(p) for p in validate_data(card_set)]


SHIPPED = default_cards().card_set
replace = msgspec.structs.replace


def with_card(index: int, **fields: object) -> CardSet:
    cards = list(SHIPPED.cards)
    cards[index] = replace(cards[index], **fields)
    return replace(SHIPPED, cards=tuple(cards))


def with_green_tile(index: int, **fields: object) -> CardSet:
    colour = SHIPPED.colours[0]
    tiles = list(colour.green_tiles)
    tiles[index] = replace(tiles[index], **fields)
    return replace(SHIPPED, colours=(replace(colour, green_tiles=tuple(tiles)), *SHIPPED.colours[1:]))


def with_viking_side(index: int, side: str, **fields: object) -> CardSet:
    vikings = list(SHIPPED.vikings)
    vikings[index] = replace(vikings[index], **{side: replace(getattr(vikings[index], side), **fields)})
    return replace(SHIPPED, vikings=tuple(vikings))


def test_the_shipped_set_and_the_fixture_set_are_inside_every_range() -> None:
    assert validate(SHIPPED) == []
    decode_card_set((ROOT / "tests" / "fixtures" / "saves" / "cards.toml").read_bytes(), "cards.toml")


def test_the_absurd_values_of_the_attack_run_are_refused() -> None:
    """Viking coins of 10^18, helmets of -1000, green-tile bonus coins of 10^18 (issue 18)."""
    assert validate(with_viking_side(0, "green", coins=10**18)) == [
        "$.vikings[0] (Northumbria).green.coins: 1000000000000000000 is outside 1..20"
    ]
    assert validate(with_card(0, helmets=-1000)) == ["$.cards[0] (A-01).helmets: -1000 is outside 0..6"]
    assert validate(with_green_tile(1, bonus_coins=10**18)) == [
        "$.colours[0] (orange).green_tiles[1].bonus_coins: 1000000000000000000 is outside 0..9"
    ]
    assert validate(with_green_tile(1, helmets=-1000)) == [
        "$.colours[0] (orange).green_tiles[1].helmets: -1000, the rulebook prints 2"
    ]


# A castle (A-35) is checked for the fields every deck card has; S-01 for the starting cards' own.
IDS = [c.id for c in SHIPPED.cards]
CASTLE, START = IDS.index("A-35"), IDS.index("S-01")


@pytest.mark.parametrize("field", list(CARD_RANGES))
def test_each_deck_card_field_names_card_field_and_range(field: str) -> None:
    low, high = CARD_RANGES[field]
    index = START if field in ("row", "order", "start_coins") else CASTLE
    card = SHIPPED.cards[index]
    for value in (low - 1, high + 1):
        problems = validate(with_card(index, **{field: value}))
        assert f"$.cards[{index}] ({card.id}).{field}: {value} is outside {low}..{high}" in problems


@pytest.mark.parametrize("field", list(GREEN_TILE_RANGES))
def test_each_green_tile_field(field: str) -> None:
    low, high = GREEN_TILE_RANGES[field]
    for value in (low - 1, high + 1):
        problems = validate(with_green_tile(0, **{field: value}))
        range_text = f", the rulebook prints {low}" if low == high else f" is outside {low}..{high}"
        assert f"$.colours[0] (orange).green_tiles[0].{field}: {value}{range_text}" in problems


def test_red_tile_helmets() -> None:
    colour = SHIPPED.colours[3]
    tiles = (replace(colour.red_tiles[0], helmets=0), *colour.red_tiles[1:])
    cs = replace(SHIPPED, colours=(*SHIPPED.colours[:3], replace(colour, red_tiles=tiles)))
    assert validate(cs) == ["$.colours[3] (brown).red_tiles[0].helmets: 0, the rulebook prints 1"]


@pytest.mark.parametrize("side", ["green", "red"])
@pytest.mark.parametrize("field", list(VIKING_SIDE_RANGES))
def test_each_viking_side_field(field: str, side: str) -> None:
    low, high = VIKING_SIDE_RANGES[field]
    for value in (low - 1, high + 1):
        assert validate(with_viking_side(3, side, **{field: value})) == [
            f"$.vikings[3] (Wessex).{side}.{field}: {value} is outside {low}..{high}"
        ]


def test_citizen_spaces_ids_and_colour_names() -> None:
    spaces = ("blue",) * (MAX_CITIZEN_SPACES + 1)
    assert validate(with_card(0, citizen_spaces=spaces)) == [
        f"$.cards[0] (A-01).citizen_spaces: {MAX_CITIZEN_SPACES + 1} spaces, at most {MAX_CITIZEN_SPACES}"
    ]
    long_id = "x" * (MAX_NAME + 1)
    assert validate(with_card(0, id=long_id)) == [
        f"$.cards[0] ({long_id}).id: {MAX_NAME + 1} characters, expected 1..{MAX_NAME}"
    ]
    colours = (replace(SHIPPED.colours[0], colour=""), *SHIPPED.colours[1:])
    assert validate(replace(SHIPPED, colours=colours)) == [
        f"$.colours[0] ().colour: 0 characters, expected 1..{MAX_NAME}"
    ]


def _documented(section: str) -> dict[str, tuple[int, int]]:
    text = (ROOT / "docs" / "CARDS.md").read_text().split(f"### {section}\n", 1)[1].split("\n#", 1)[0]
    return {m[1]: (int(m[2]), int(m[3])) for m in re.finditer(r"^\| `(\w+)` \| (-?\d+)\.\.(-?\d+) \|$", text, re.M)}


def test_docs_cards_md_lists_the_same_ranges() -> None:
    assert _documented("Deck cards") == CARD_RANGES
    assert _documented("Green kingdom tiles") == GREEN_TILE_RANGES
    assert _documented("Red kingdom tiles") == RED_TILE_RANGES
    assert _documented("Viking cards") == VIKING_SIDE_RANGES
