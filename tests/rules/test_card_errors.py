"""Every way a card-set file can be wrong gets its own message, with its path (docs/CARDS.md).

Each case edits the shipped set in one place and expects exactly the problems that edit
causes, in the order ``validate`` lists them; the shipped set itself has none.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest

from norsewind_tui import words
from norsewind_tui.rules.cards import (
    CARD_RANGES,
    GREEN_EFFECTS,
    RED_EFFECTS,
    CardSet,
    CardSetError,
    decode_card_set,
)
from norsewind_tui.rules.cards import validate as validate_data

from .builders import shipped_toml, toml_encode

Doc = dict[str, Any]


def validate(card_set: CardSet) -> list[str]:
    """The problems ``rules.cards.validate`` finds, in words (``words.card_problem``)."""
    return [words.card_problem(p) for p in validate_data(card_set)]


def card(doc: Doc, card_id: str) -> dict[str, Any]:
    found: dict[str, Any] = next(c for c in doc["cards"] if c["id"] == card_id)
    return found


def at(doc: Doc, card_id: str) -> str:
    """The path validate gives a card: ``$.cards[i] (ID)``."""
    index = next(i for i, c in enumerate(doc["cards"]) if c["id"] == card_id)
    return f"$.cards[{index}] ({card_id})"


def problems_after(edit: Callable[[Doc], None]) -> tuple[Doc, list[str]]:
    """Edit the shipped document; the problems decoding it reports (none: an empty list)."""
    doc: Doc = msgspec.toml.decode(shipped_toml())
    edit(doc)
    try:
        decode_card_set(toml_encode(doc), "edited.toml")
    except CardSetError as exc:
        assert exc.source == "edited.toml"
        problems = words.card_problems(exc)
        assert str(exc) == "edited.toml: " + msgspec.json.encode(exc.problems).decode()  # data, no English
        return doc, problems
    return doc, []


def test_the_shipped_set_has_no_problem() -> None:
    assert validate(decode_card_set(shipped_toml())) == []
    assert problems_after(lambda doc: None)[1] == []


# --------------------------------------------------------------------------- the cards


def test_a_card_id_twice() -> None:
    _doc, problems = problems_after(lambda d: card(d, "A-02").update(id="A-01"))
    assert problems == ["$.cards: id 'A-01' appears 2 times"]


def test_a_deck_of_the_wrong_size() -> None:
    _doc, problems = problems_after(lambda d: card(d, "A-01").update(deck="3+"))
    assert problems == [
        "$.cards: deck '1+' has 34 cards, expected 35",
        "$.cards: deck '3+' has 15 cards, expected 14",
    ]


CARDS_MD = Path(__file__).resolve().parents[2] / "docs" / "CARDS.md"


def documented_ranges(table: str) -> dict[str, tuple[int, int]]:
    """docs/CARDS.md "Value ranges", the table under ``### table``: each field's lowest and highest
    printable value (the test's own source, compared with the product's table below)."""
    section = CARDS_MD.read_text().split(f"### {table}\n", 1)[1].split("\n### ", 1)[0]
    rows = re.findall(r"^\| `(\w+)` \| (\d+)\.\.(\d+) \|$", section, re.MULTILINE)
    return {field: (int(low), int(high)) for field, low, high in rows}


DECK_CARD_RANGES = documented_ranges("Deck cards")
ONLY_START = ": only starting cards print row, order and start coins"
# (field, card, edge) -> the card the edge is tried on and the other problems the value just
# outside causes there. Each card is one where the value just inside is legal: a cost of 0 only
# off an inn, coins of 0 only off a ship, a row or order of 0 only off the starting deck. A
# negative cost or coin value is also "printed" (non-zero) where none may be; row 5 on a
# starting card is also no row 1..4. S-05 already prints order 5, the highest (no order twice).
EDGE_CASES: dict[tuple[str, str], tuple[str, list[str]]] = {
    ("helmets", "low"): ("S-01", []),
    ("helmets", "high"): ("S-01", []),
    ("cost", "low"): ("A-01", [".cost: only inns have a cost"]),  # a farm
    ("cost", "high"): ("A-12", []),  # an inn
    ("citizens", "low"): ("S-03", []),
    ("citizens", "high"): ("S-03", []),
    ("coins", "low"): ("A-01", [".coins: only ships print a coin value"]),  # a farm
    ("coins", "high"): ("A-17", []),  # a ship
    ("shields", "low"): ("S-02", []),
    ("shields", "high"): ("S-02", []),
    ("shield_space", "low"): ("A-28", []),  # a castle
    ("shield_space", "high"): ("A-28", []),
    ("prestige", "low"): ("S-04", []),
    ("prestige", "high"): ("S-04", []),
    ("prestige_space", "low"): ("S-05", []),
    ("prestige_space", "high"): ("S-05", []),
    ("row", "low"): ("A-01", [ONLY_START]),
    ("row", "high"): ("S-02", [".row: a starting card needs a row 1..4"]),
    ("order", "low"): ("A-01", [ONLY_START]),
    ("order", "high"): ("S-05", []),
    ("start_coins", "low"): ("S-01", []),
    ("start_coins", "high"): ("S-01", []),
}


def test_the_edge_cases_cover_every_deck_card_range() -> None:
    assert DECK_CARD_RANGES == CARD_RANGES
    assert set(EDGE_CASES) == {(field, edge) for field in CARD_RANGES for edge in ("low", "high")}


@pytest.mark.parametrize(("field", "edge"), list(EDGE_CASES))
def test_a_printed_value_at_each_edge_of_its_range(field: str, edge: str) -> None:
    low, high = DECK_CARD_RANGES[field]
    inside, outside = (low, low - 1) if edge == "low" else (high, high + 1)
    card_id, also = EDGE_CASES[field, edge]
    assert problems_after(lambda d: card(d, card_id).update({field: inside}))[1] == []
    doc, problems = problems_after(lambda d: card(d, card_id).update({field: outside}))
    path = at(doc, card_id)
    assert problems == [f"{path}.{field}: {outside} is outside {low}..{high}", *(path + a for a in also)]


def test_a_castle_in_the_start_or_reserve_deck() -> None:
    # A-28 is a castle; moved into the reserve deck, that deck also has one card too many
    doc, problems = problems_after(lambda d: card(d, "A-28").update(deck="reserve"))
    assert problems == [
        "$.cards: deck '1+' has 34 cards, expected 35",
        "$.cards: deck 'reserve' has 6 cards, expected 5",
        f"{at(doc, 'A-28')}.type: the reserve deck holds buildings only",
    ]


def test_a_castle_without_a_cost() -> None:
    doc, problems = problems_after(lambda d: card(d, "A-28").update(cost=0))
    assert problems == [f"{at(doc, 'A-28')}.cost: a castle needs a cost"]


@pytest.mark.parametrize("printed", [{"citizens": 1}, {"citizen_spaces": ["red"]}, {"helmets": 1}])
def test_a_castle_with_citizens_spaces_or_helmets(printed: dict[str, Any]) -> None:
    doc, problems = problems_after(lambda d: card(d, "A-28").update(printed))
    assert problems == [f"{at(doc, 'A-28')}: castles carry no citizens, citizen spaces or helmets (R4)"]


def test_a_cost_on_a_building_other_than_an_inn() -> None:
    doc, problems = problems_after(lambda d: card(d, "A-01").update(cost=2))  # a farm
    assert problems == [f"{at(doc, 'A-01')}.cost: only inns have a cost"]


def test_an_inn_without_a_cost() -> None:
    doc, problems = problems_after(lambda d: card(d, "A-12").pop("cost"))
    assert problems == [f"{at(doc, 'A-12')}.cost: an inn needs a cost"]


def test_coins_on_a_building_other_than_a_ship() -> None:
    doc, problems = problems_after(lambda d: card(d, "A-01").update(coins=3))  # a farm
    assert problems == [f"{at(doc, 'A-01')}.coins: only ships print a coin value"]


def test_a_ship_without_coins() -> None:
    doc, problems = problems_after(lambda d: card(d, "A-17").update(coins=0))
    assert problems == [f"{at(doc, 'A-17')}.coins: a ship needs a coin value"]


@pytest.mark.parametrize("row", [0, 5])
def test_a_starting_card_without_a_row(row: int) -> None:
    doc, problems = problems_after(lambda d: card(d, "S-01").update(row=row))
    # 5 is also beyond the highest row any card prints (docs/CARDS.md "Value ranges": 0..4)
    beyond = [f"{at(doc, 'S-01')}.row: 5 is outside 0..4"] if row == 5 else []
    assert problems == [*beyond, f"{at(doc, 'S-01')}.row: a starting card needs a row 1..4"]


def test_a_starting_card_without_an_order_number() -> None:
    doc, problems = problems_after(lambda d: card(d, "S-01").pop("order"))
    assert problems == [f"{at(doc, 'S-01')}.order: a starting card needs an order number"]


@pytest.mark.parametrize("printed", [{"row": 1}, {"order": 9}, {"start_coins": 2}])
def test_row_order_or_start_coins_on_a_card_not_for_the_start(printed: dict[str, int]) -> None:
    doc, problems = problems_after(lambda d: card(d, "A-01").update(printed))
    # order 9 is also beyond the highest order number printed (docs/CARDS.md "Value ranges": 0..5)
    beyond = [f"{at(doc, 'A-01')}.order: 9 is outside 0..5"] if printed == {"order": 9} else []
    assert problems == [*beyond, f"{at(doc, 'A-01')}: only starting cards print row, order and start coins"]


def test_two_starting_cards_with_one_order_number() -> None:
    _doc, problems = problems_after(lambda d: card(d, "S-02").update(order=1))
    assert problems == ["$.cards: starting-card order number 1 appears 2 times"]


# --------------------------------------------------------------------------- the player colours


def test_three_player_colours() -> None:
    _doc, problems = problems_after(lambda d: d["colours"].pop())
    assert problems == ["$.colours: 3 player colours, expected 4"]


def test_a_colour_twice() -> None:
    def edit(d: Doc) -> None:
        d["colours"][1]["colour"] = d["colours"][0]["colour"]

    doc, problems = problems_after(edit)
    assert problems == [f"$.colours: colour {doc['colours'][0]['colour']!r} appears 2 times"]


def colour_path(doc: Doc, i: int = 0) -> str:
    return f"$.colours[{i}] ({doc['colours'][i]['colour']})"


def test_three_kingdom_cards() -> None:
    # (the incomes are checked only on a full set of four: no second message)
    doc, problems = problems_after(lambda d: d["colours"][0]["kingdoms"].pop())
    assert problems == [f"{colour_path(doc)}.kingdoms: 3 kingdom cards, expected 4"]


def test_kingdom_cards_out_of_order() -> None:
    def edit(d: Doc) -> None:
        d["colours"][0]["kingdoms"][0]["row"] = 2

    doc, problems = problems_after(edit)
    assert problems == [
        f"{colour_path(doc)}.kingdoms[0].row: 2, expected 1 (ascending rows)",
        # read as row 2, its blacksmith income contradicts the ship the rulebook prints there
        f"{colour_path(doc)}.kingdoms[0].income: 'blacksmith', the rulebook prints 'ship'",
    ]


def test_a_kingdom_misnamed() -> None:
    def edit(d: Doc) -> None:
        d["colours"][0]["kingdoms"][1]["name"] = "Kent"

    doc, problems = problems_after(edit)
    assert problems == [f"{colour_path(doc)}.kingdoms[1].name: 'Kent', expected 'East Anglia'"]


def test_a_kingdom_income_the_rulebook_prints_otherwise() -> None:
    # East Anglia (row 2) is printed with the ship income; swapped with Wessex's farm
    def edit(d: Doc) -> None:
        kingdoms = d["colours"][0]["kingdoms"]
        kingdoms[1].update(income="farm", income_value=2)
        kingdoms[3].update(income="ship", income_value=2)

    doc, problems = problems_after(edit)
    assert problems == [
        f"{colour_path(doc)}.kingdoms[1].income: 'farm', the rulebook prints 'ship'",
        "$.vikings[1] (East Anglia).icon: 'ship' differs from the kingdom's income type 'farm'",
        "$.vikings[3] (Wessex).icon: 'farm' differs from the kingdom's income type 'ship'",
    ]


def test_an_income_value_the_rulebook_prints_otherwise() -> None:
    def edit(d: Doc) -> None:
        d["colours"][0]["kingdoms"][3]["income_value"] = 3

    doc, problems = problems_after(edit)
    assert problems == [f"{colour_path(doc)}.kingdoms[3].income_value: 3, the rulebook prints 2 for farm"]


def test_an_income_type_twice() -> None:
    # Northumbria's blacksmith becomes an inn (value 1 either way): the inn twice, no blacksmith
    def edit(d: Doc) -> None:
        d["colours"][0]["kingdoms"][0]["income"] = "inn"

    doc, problems = problems_after(edit)
    assert problems == [
        f"{colour_path(doc)}.kingdoms: each income type must appear once",
        "$.vikings[0] (Northumbria).icon: 'blacksmith' differs from the kingdom's income type 'inn'",
    ]


def test_a_green_effect_missing() -> None:
    def edit(d: Doc) -> None:
        d["colours"][0]["green_tiles"][1]["effect"] = "citizen_coin"  # fourth_building missing, citizen_coin twice

    doc, problems = problems_after(edit)
    assert problems == [f"{colour_path(doc)}.green_tiles: needs each green effect exactly once {list(GREEN_EFFECTS)}"]


def test_a_red_effect_missing() -> None:
    doc, problems = problems_after(lambda d: d["colours"][0]["red_tiles"].pop())
    assert problems == [f"{colour_path(doc)}.red_tiles: needs each red effect exactly once {list(RED_EFFECTS)}"]


@pytest.mark.parametrize(
    ("effect", "field", "message"),
    [
        ("citizen", "citizen_space", "the citizen tile needs a space colour"),
        ("shield_space", "shield_space", "needs a value"),
        ("prestige_space", "prestige_space", "needs a value"),
        ("fourth_building", "bonus_coins", "needs a value"),
        ("citizen_coin", "bonus_coins", "needs a value"),
    ],
)
def test_a_green_tile_without_its_value(effect: str, field: str, message: str) -> None:
    def edit(d: Doc) -> None:
        tile = next(t for t in d["colours"][2]["green_tiles"] if t["effect"] == effect)
        del tile[field]

    doc, problems = problems_after(edit)
    j = next(j for j, t in enumerate(doc["colours"][2]["green_tiles"]) if t["effect"] == effect)
    assert problems == [f"{colour_path(doc, 2)}.green_tiles[{j}].{field}: {message}"]


# --------------------------------------------------------------------------- the Viking cards


def test_three_viking_cards() -> None:
    _doc, problems = problems_after(lambda d: d["vikings"].pop())
    assert problems == ["$.vikings: 3 Viking cards, expected 4"]


def test_viking_cards_out_of_order() -> None:
    def edit(d: Doc) -> None:
        d["vikings"][2]["row"] = 4

    _doc, problems = problems_after(edit)
    assert problems == ["$.vikings[2] (Mercia).row: 4, expected 3"]


def test_a_viking_icon_other_than_its_kingdoms_income() -> None:
    # Viking card 1 shows the farm (Wessex's income) as well as card 4: the icon is also used twice
    def edit(d: Doc) -> None:
        d["vikings"][0]["icon"] = "farm"

    _doc, problems = problems_after(edit)
    assert problems == [
        "$.vikings[0] (Northumbria).icon: 'farm' differs from the kingdom's income type 'blacksmith'",
        "$.vikings: each building icon may appear on one Viking card only",
    ]


def test_a_viking_icon_twice_with_the_kingdoms_agreeing() -> None:
    # only the uniqueness rule: five Viking cards, the fifth repeating an icon
    def edit(d: Doc) -> None:
        d["vikings"].append({**d["vikings"][0], "row": 5})

    _doc, problems = problems_after(edit)
    assert problems == [
        "$.vikings: 5 Viking cards, expected 4",
        "$.vikings: each building icon may appear on one Viking card only",
    ]


# --------------------------------------------------------------------------- files that do not decode


def test_a_value_of_the_wrong_type_names_its_path() -> None:
    _doc, problems = problems_after(lambda d: card(d, "A-03").update(helmets="two"))
    assert problems == ["Expected `int`, got `str` - at `$.cards[2].helmets`"]


def test_an_unknown_field_names_its_path() -> None:
    _doc, problems = problems_after(lambda d: card(d, "A-03").update(shiedls=1))
    assert problems == ["Object contains unknown field `shiedls` - at `$.cards[2]`"]


def test_text_that_is_not_toml() -> None:
    with pytest.raises(CardSetError) as info:
        decode_card_set(b"name = \n", "broken.toml")
    assert len(info.value.problems) == 1
    assert words.card_problems(info.value)[0].startswith("not valid TOML: ")
