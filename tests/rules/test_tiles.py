"""Every kingdom tile effect: the 5 green and the 5 red tiles (rulebook, The Kingdom Tiles)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import pytest

from norsewind_tui.rules import (
    ChooseKingdom,
    PickBuilding,
    PickCastle,
    PlaceCitizen,
    PlaceDisc,
    State,
    TakeFrom,
    legal_moves,
    score_breakdown,
)
from norsewind_tui.rules.state import BLUE, CASTLE, DISCS, NEUTRAL, PRESTIGE, PURPLE, RED, SHIELD, TILE, YELLOW

from .builders import (
    EAST_ANGLIA,
    MERCIA,
    NORTHUMBRIA,
    WESSEX,
    check_census,
    cid,
    db_of,
    edited_cards,
    game,
    play,
    refusal,
    replace,
    with_display,
    with_kingdom,
    with_market,
    with_player,
    with_tiles,
)

RING = (PURPLE, YELLOW, BLUE, RED, DISCS)  # supplies 0-4: slot 4 touches the discs and purple


def position(
    tiles: Sequence[str],
    kingdoms: Sequence[Sequence[str]] = ((), (), (), ()),
    coins: int = 10,
    market: Sequence[str | None] = ("A-01", "A-07", "A-13", "A-19", "A-25"),
    players: int = 2,
    seat: int = 0,
) -> State:
    """``seat`` to move with the given tiles and buildings; the supplies in the order RING."""
    names = ("Lucy", "Bo", "Cy", "Di")[:players]
    s = replace(game(names), current=seat, supply_kinds=RING)
    for row in range(4):
        s = with_kingdom(s, seat, row, tiles[row], kingdoms[row])
    s = with_market(s, market)
    return check_census(with_player(s, seat, coins=coins))


def coins(s: State, seat: int = 0) -> int:
    return s.players[seat].coins


# --------------------------------------------------------------------------- green tiles


def test_green_tiles_carry_2_helmets_red_tiles_1() -> None:
    """Rulebook, The Kingdom Tiles: each green tile comes with 2 Viking helmets, each red tile with 1."""
    s = position(["citizen", "different_types", "fourth_building", "two_buildings"])
    helmets = [k.helmets for k in score_breakdown(s, 0).kingdoms]
    assert helmets == [2, 1, 2, 1]


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_citizen_tile_prints_a_citizen_and_a_space_of_the_colours_own_colour(seat: int) -> None:
    """Green citizen tile: 1 printed citizen and 1 citizen space of a colour that differs per
    player colour; only a figure of that colour (or a neutral) may go there."""
    s = position(["citizen", "different_types", "two_buildings", "castle_min_7"], players=4, seat=seat)
    db = db_of(s)
    own = db.card_set.colours[seat].green_tiles[0]
    assert own.effect == "citizen"
    assert len({pc.green_tiles[0].citizen_space for pc in db.card_set.colours}) == 4  # unique per colour
    assert score_breakdown(s, seat).kingdoms[NORTHUMBRIA].citizens == 1
    space_colour = ("purple", "yellow", "blue", "red").index(own.citizen_space or "")
    # Take the church (no citizen spaces) from slot 4, then a citizen from supply 0 or 4.
    for colour in (PURPLE, YELLOW, BLUE, RED):
        t = replace(s, supply_kinds=(colour, *[c for c in RING[:4] if c != colour], DISCS))
        t = play(t, PickBuilding(4), ChooseKingdom(EAST_ANGLIA))
        if colour == space_colour:
            t = play(t, TakeFrom(0))
            assert legal_moves(t) == [PlaceCitizen(NORTHUMBRIA, TILE, 0)]
            t = play(t, PlaceCitizen(NORTHUMBRIA, TILE, 0))
            assert score_breakdown(t, seat).kingdoms[NORTHUMBRIA].citizens == 2
        else:
            assert TakeFrom(0) not in legal_moves(t)


def test_fourth_building_tile_pays_5_on_the_4th_building_only() -> None:
    """Green tile: gain 5 coins immediately after building your 4th building in this kingdom
    (not the 3rd; not a castle placed later; not in a kingdom without the tile)."""
    tiles = ["fourth_building", "different_types", "two_buildings", "castle_min_7"]
    # Northumbria's income is blacksmiths: there are none elsewhere, so only the bonus counts.
    three = position(tiles, [["A-02", "A-03", "A-05"], [], [], []], coins=4)
    s = play(three, PickBuilding(0), ChooseKingdom(NORTHUMBRIA))
    assert len(s.players[0].kingdoms[NORTHUMBRIA].buildings) == 4
    assert coins(s) == 4 + 5
    two = position(tiles, [["A-02", "A-03"], [], [], []], coins=4)
    assert coins(play(two, PickBuilding(0), ChooseKingdom(NORTHUMBRIA))) == 4
    other = position(["citizen", *tiles[1:]], [["A-02", "A-03", "A-05"], [], [], []], coins=4)
    assert coins(play(other, PickBuilding(0), ChooseKingdom(NORTHUMBRIA))) == 4
    # A castle for a kingdom that already has 4 buildings: no bonus.
    four = with_display(position(tiles, [["A-02", "A-03", "A-05", "A-06"], [], [], []], coins=4), ["A-28"])
    s = play(four, PickCastle(0), ChooseKingdom(NORTHUMBRIA))
    assert coins(s) == 4 - 3


def test_citizen_coin_tile_pays_1_per_figure_placed_there_neutral_too() -> None:
    """Green tile: gain 1 coin each time you place a citizen figure in this kingdom, whether
    taken from a supply (A3) or the neutral citizen of a first castle (B3); none for a figure
    placed in another kingdom, none for a disc."""
    tiles = ["citizen_coin", "different_types", "two_buildings", "castle_min_7"]
    market = ["A-02", "A-07", "A-13", "A-19", "A-25"]
    s = position(tiles, [["A-01"], ["A-08"], [], []], market=market)  # farm, blacksmith: purple spaces
    s = play(s, PickBuilding(4), ChooseKingdom(WESSEX), TakeFrom(0))  # the church; a purple citizen
    before = coins(s)
    assert coins(play(s, PlaceCitizen(NORTHUMBRIA, 0, 0))) == before + 1
    assert coins(play(s, PlaceCitizen(EAST_ANGLIA, 0, 0))) == before
    # A disc on the church just placed in this kingdom costs 2 for prestige, and brings no coin.
    d = play(position(tiles, [["A-01"], [], [], []], market=market), PickBuilding(4), ChooseKingdom(NORTHUMBRIA))
    before = coins(d)
    d = play(d, TakeFrom(4), PlaceDisc(NORTHUMBRIA, 1, PRESTIGE))  # the church just placed
    assert coins(d) == before - 2
    # The neutral citizen of a first castle.
    b = with_display(position(tiles, [["A-01"], ["A-08"], [], []], market=market), ["A-28"])
    b = play(b, PickCastle(0), ChooseKingdom(MERCIA))
    before = coins(b)
    assert coins(play(b, PlaceCitizen(NORTHUMBRIA, 0, 0))) == before + 1
    assert play(b, PlaceCitizen(NORTHUMBRIA, 0, 0)).players[0].kingdoms[NORTHUMBRIA].figures == ((0, 0, NEUTRAL),)
    assert coins(play(b, PlaceCitizen(EAST_ANGLIA, 0, 0))) == before


def test_prestige_space_tile_is_worth_1_and_costs_2() -> None:
    """Green tile: a 1-valued prestige space for this kingdom; placing a disc there costs 2
    coins as normal (R10), so with 1 coin the disc cannot be taken (R9)."""
    tiles = ["prestige_space", "different_types", "two_buildings", "castle_min_7"]
    s = play(position(tiles, coins=2, market=["A-01", "A-02", "A-03", "A-05", "A-06"]), PickBuilding(4))
    s = play(s, ChooseKingdom(NORTHUMBRIA), TakeFrom(4))
    assert legal_moves(s) == [PlaceDisc(NORTHUMBRIA, TILE, PRESTIGE)]
    prestige = score_breakdown(s, 0).kingdoms[NORTHUMBRIA].prestige
    s = play(s, PlaceDisc(NORTHUMBRIA, TILE, PRESTIGE))
    assert coins(s) == 0
    assert score_breakdown(s, 0).kingdoms[NORTHUMBRIA].prestige == prestige + 1
    poor = play(position(tiles, coins=1, market=["A-01", "A-02", "A-03", "A-05", "A-06"]), PickBuilding(4))
    poor = play(poor, ChooseKingdom(NORTHUMBRIA))
    assert TakeFrom(4) not in legal_moves(poor)


def test_shield_space_tile_is_worth_4_and_costs_1() -> None:
    """Green tile: a 4-valued shield space for this kingdom; placing a disc there costs 1 coin
    (R10); with no coin only a free shield space (a castle's) may take the disc."""
    tiles = ["shield_space", "different_types", "two_buildings", "castle_min_7"]
    market = ["A-01", "A-02", "A-03", "A-05", "A-06"]
    s = play(position(tiles, coins=1, market=market), PickBuilding(4), ChooseKingdom(NORTHUMBRIA), TakeFrom(4))
    assert legal_moves(s) == [PlaceDisc(NORTHUMBRIA, TILE, SHIELD)]
    shields = score_breakdown(s, 0).kingdoms[NORTHUMBRIA].shields
    s = play(s, PlaceDisc(NORTHUMBRIA, TILE, SHIELD))
    assert coins(s) == 0
    assert score_breakdown(s, 0).kingdoms[NORTHUMBRIA].shields == shields + 4
    broke = play(position(tiles, coins=0, market=market), PickBuilding(4), ChooseKingdom(NORTHUMBRIA))
    assert TakeFrom(4) not in legal_moves(broke)
    castle = with_kingdom(position(tiles, coins=0, market=market), 0, WESSEX, "castle_min_7", castle="A-32")
    castle = play(castle, PickBuilding(4), ChooseKingdom(NORTHUMBRIA), TakeFrom(4))
    assert legal_moves(castle) == [PlaceDisc(WESSEX, CASTLE, SHIELD)]


# --------------------------------------------------------------------------- red tiles


def test_different_types_tile_refuses_a_second_building_of_a_type() -> None:
    """Red tile: all buildings in this kingdom must be of different types."""
    tiles = ["citizen", "different_types", "two_buildings", "castle_min_7"]
    s = position(tiles, [[], ["A-02"], [], []], market=["A-01", "A-07", "A-13", "A-19", "A-25"])
    farm = play(s, PickBuilding(0))
    assert ChooseKingdom(EAST_ANGLIA) not in legal_moves(farm)
    assert re.search(
        r"East Anglia has a red tile: every building must be of a different type",
        refusal(farm, ChooseKingdom(EAST_ANGLIA)),
    )
    blacksmith = play(s, PickBuilding(1))
    assert ChooseKingdom(EAST_ANGLIA) in legal_moves(blacksmith)


def test_two_buildings_tile_allows_at_most_2() -> None:
    """Red tile: a maximum of 2 buildings (instead of 4) in this kingdom."""
    tiles = ["citizen", "different_types", "two_buildings", "castle_min_7"]
    one = play(position(tiles, [[], [], ["A-02"], []]), PickBuilding(0))
    assert ChooseKingdom(MERCIA) in legal_moves(one)
    two = play(position(tiles, [[], [], ["A-02", "A-08"], []]), PickBuilding(0))
    assert ChooseKingdom(MERCIA) not in legal_moves(two)
    assert refusal(two, ChooseKingdom(MERCIA)) == "Mercia has a red tile: at most 2 buildings"
    four = play(position(["citizen", *tiles[1:]], [["A-02", "A-03", "A-05", "A-06"], [], [], []]), PickBuilding(0))
    assert refusal(four, ChooseKingdom(NORTHUMBRIA)) == "Northumbria already has 4 buildings"


def test_helmet_tax_tile_charges_1_for_3_or_more_helmets() -> None:
    """Red tile: pay 1 coin to build a building with >= 3 helmets here (R11: an inn costs its
    price + 1); a building with fewer helmets is not taxed; unaffordable means illegal."""
    tiles = ["citizen", "different_types", "helmet_tax", "castle_min_7"]
    market = ["A-10", "A-07", "A-12", "A-19", "A-25"]  # blacksmith 3 helmets, blacksmith 2, inn 3/3, ship 3
    db = db_of(position(tiles))
    assert [db.helmets[cid(position(tiles), c)] for c in market[:4]] == [3, 2, 3, 3]
    # Mercia's income is inns: there are none elsewhere.
    assert coins(play(position(tiles, coins=5, market=market), PickBuilding(0), ChooseKingdom(MERCIA))) == 4
    assert coins(play(position(tiles, coins=5, market=market), PickBuilding(1), ChooseKingdom(MERCIA))) == 5
    assert coins(play(position(tiles, coins=5, market=market), PickBuilding(2), ChooseKingdom(MERCIA))) == 5 - 4
    # The ship pays the tax and still brings its coins (5).
    assert coins(play(position(tiles, coins=5, market=market), PickBuilding(3), ChooseKingdom(MERCIA))) == 5 - 1 + 5
    inn = play(position(tiles, coins=3, market=market), PickBuilding(2))
    assert ChooseKingdom(MERCIA) not in legal_moves(inn)
    assert ChooseKingdom(EAST_ANGLIA) in legal_moves(inn)
    assert re.search(
        r"^Mercia has a red tile: this costs 4 \(1 for 3\+ helmets\); you have 3$", refusal(inn, ChooseKingdom(MERCIA))
    )
    broke = play(position(tiles, coins=0, market=market), PickBuilding(0))
    assert ChooseKingdom(MERCIA) not in legal_moves(broke)
    assert ChooseKingdom(WESSEX) in legal_moves(broke)


def test_castle_min_7_tile() -> None:
    """Red tile: to build a castle in this kingdom, it must cost at least 7 coins."""
    tiles = ["citizen", "different_types", "helmet_tax", "castle_min_7"]
    s = with_display(position(tiles, coins=20), ["A-31", "A-32", "A-35"])  # cost 6, 7, 10
    cheap = play(s, PickCastle(0))
    assert ChooseKingdom(WESSEX) not in legal_moves(cheap)
    assert refusal(cheap, ChooseKingdom(WESSEX)) == "Wessex has a red tile: its castle must cost at least 7"
    assert ChooseKingdom(WESSEX) in legal_moves(play(s, PickCastle(1)))
    assert ChooseKingdom(WESSEX) in legal_moves(play(s, PickCastle(2)))
    assert play(s, PickCastle(1), ChooseKingdom(WESSEX)).players[0].kingdoms[WESSEX].castle == cid(s, "A-32")


def _colours_kingdom(tile_effect: str, figures: Sequence[tuple[int, int, int]]) -> int:
    s = position(["citizen", "two_buildings", "helmet_tax", "castle_min_7"])
    s = with_kingdom(s, 0, WESSEX, tile_effect, ["A-12", "T-07", "A-04"], figures=figures)
    return score_breakdown(s, 0).kingdoms[WESSEX].citizens


def test_different_colours_tile_counts_one_figure_per_colour() -> None:
    """Red tile (R6): at the end this kingdom scores only different-coloured figures (max one
    each of neutral, blue, red, purple, yellow) in addition to the printed citizens, which
    always count; neutral counts as its own colour."""
    # Printed: inn A-12 3, inn T-07 2, farm A-04 1 = 6.
    figures = [
        (0, 0, BLUE),
        (0, 1, YELLOW),
        (1, 1, BLUE),
        (1, 0, NEUTRAL),
        (1, 2, RED),
        (2, 0, RED),
    ]
    assert _colours_kingdom("different_colours", figures) == 6 + 4  # blue, yellow, neutral, red
    assert _colours_kingdom("different_types", figures) == 6 + 6
    # A neutral is not merged with the colour of its space: yellow + neutral are 2 colours.
    assert _colours_kingdom("different_colours", [(0, 1, YELLOW), (0, 0, NEUTRAL)]) == 6 + 2
    assert _colours_kingdom("different_colours", [(0, 0, NEUTRAL), (1, 0, NEUTRAL)]) == 6 + 1
    assert _colours_kingdom("different_colours", []) == 6


def test_helmet_tax_applies_to_the_starting_card_in_the_choice_variant() -> None:
    """Red tile + Variants: a starting card placed by choice must adhere to the tile's
    restrictions, so one with >= 3 helmets pays the 1-coin tax (and needs the coin).
    (The reconstructed starting cards have at most 2 helmets: here they are given 3.)"""

    def three_helmets(doc: dict[str, Any]) -> None:
        for card in doc["cards"]:
            if card["deck"] == "start":
                card["helmets"] = 3

    db = edited_cards(three_helmets)
    s = game(("Lucy", "Bo"), cards=db, start_choice=True)
    me = s.current
    s = with_tiles(s, me, ["helmet_tax", "citizen", "different_types", "castle_min_7"])
    start = coins(s, me)
    assert coins(play(s, ChooseKingdom(NORTHUMBRIA)), me) == start - 1
    assert coins(play(s, ChooseKingdom(EAST_ANGLIA)), me) == start
    broke = with_player(s, me, coins=0)
    assert legal_moves(broke) == [ChooseKingdom(r) for r in (EAST_ANGLIA, MERCIA, WESSEX)]
    assert (
        refusal(broke, ChooseKingdom(NORTHUMBRIA))
        == "Northumbria has a red tile: this costs 1 (3+ helmets); you have 0"
    )
