"""Every ruling of RULINGS.md (R1-R24), each with at least one test that could fail."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

import msgspec
import pytest

from norsewind_tui import words
from norsewind_tui.rules import (
    ConfigError,
    GameConfig,
    Move,
    Session,
    State,
    apply,
    config_problem,
    final_result,
    legal_moves,
    medal_for,
    new_game,
    outcome,
    pending,
    score_breakdown,
    viking_score,
)
from norsewind_tui.rules import moves as m
from norsewind_tui.rules.state import BLUE, CASTLE, DISCS, NEUTRAL, PRESTIGE, PURPLE, RED, SHIELD, TILE, YELLOW

from .builders import (
    EAST_ANGLIA,
    MERCIA,
    NORTHUMBRIA,
    WESSEX,
    check_census,
    cid,
    config_refusal,
    db_of,
    game,
    kinds,
    play,
    play_logged,
    refusal,
    replace,
    with_deck,
    with_display,
    with_kingdom,
    with_market,
    with_player,
    with_reserve,
    with_vikings,
)

RING = (PURPLE, YELLOW, BLUE, RED, DISCS)
CALM = ["citizen_coin", "different_types", "two_buildings", "castle_min_7"]  # tiles with no A1 effect on farms
FARMS = ["A-01", "A-02", "A-03", "A-05", "A-06"]


def position(
    tiles: Sequence[str] = CALM,
    kingdoms: Sequence[Sequence[str]] = ((), (), (), ()),
    coins: int = 10,
    market: Sequence[str | None] = ("A-02", "A-07", "A-13", "A-19", "A-25"),
    names: Sequence[str] = ("Lucy", "Bo"),
    seed: int = 1,
) -> State:
    s = replace(game(names, seed=seed), current=0, start_player=0, supply_kinds=RING)
    for row in range(4):
        s = with_kingdom(s, 0, row, tiles[row], kingdoms[row])
    s = with_market(s, market)
    return check_census(with_player(s, 0, coins=coins))


def solo(seed: int = 3, market: Sequence[str] = FARMS, ship: int = 0) -> State:
    s = game(("Lucy",), seed=seed)
    for row in range(4):
        s = with_kingdom(s, 0, row, CALM[row])
    s = with_market(s, market)
    return check_census(replace(with_player(s, 0, coins=10), ship=ship, supply_kinds=RING))


def first_moves_until(s: State, stop: str = "action") -> State:
    """Play the first legal move until the phase is ``stop`` again (one turn) or the game ends."""
    s = apply(s, legal_moves(s)[0])
    while s.phase not in (stop, "over"):
        s = apply(s, legal_moves(s)[0])
    return s


def coins(s: State, seat: int = 0) -> int:
    return s.players[seat].coins


# --------------------------------------------------------------------------- R1-R3: the board


@pytest.mark.parametrize("slot", range(5))
def test_r1_slot_i_touches_supplies_i_and_i_plus_1(slot: int) -> None:
    """R1: the market ring is supply 0, slot 0, supply 1, ... slot 4, supply 0: slot i touches
    supply i and supply i+1 (mod 5), and only those may be taken from."""
    # Spaces of every colour (A-04 red+purple, A-12 blue+yellow) and a castle for a disc.
    s = position(kingdoms=[["A-04"], ["A-12"], [], []], market=FARMS)
    s = with_kingdom(s, 0, MERCIA, "two_buildings", castle="A-32")
    s = play(s, m.PickBuilding(slot), m.ChooseKingdom(WESSEX))
    assert legal_moves(s) == [m.TakeFrom(slot), m.TakeFrom((slot + 1) % 5), m.Decline()]
    far = (slot + 2) % 5
    assert re.search("only from a supply next to the slot", refusal(s, m.TakeFrom(far)))


def test_r1_supplies_hold_the_four_colours_in_random_order_and_the_discs() -> None:
    """R1: the five supplies are the four citizen colours, their order drawn at random at
    setup, and the upgrade discs (the engine puts the discs in supply 4)."""
    orders = set()
    for seed in range(40):
        kinds_ = new_game(GameConfig(players=("A", "B")), seed).supply_kinds
        assert sorted(kinds_[:4]) == [PURPLE, YELLOW, BLUE, RED] and kinds_[4] == DISCS
        orders.add(kinds_)
    assert len(orders) > 5


@pytest.mark.parametrize(("players", "per_supply"), [(1, 4), (2, 8), (3, 10), (4, 12)])
def test_r2_component_counts_by_player_count(players: int, per_supply: int) -> None:
    """R2: coloured citizens per supply (solo 4, 2p 8, 3p 10, 4p 12), neutral citizens
    4 per player (solo 4), 24 upgrade discs."""
    s = new_game(GameConfig(players=tuple("ABCD"[:players])), 9)
    assert s.supplies == (per_supply, per_supply, per_supply, per_supply, 24)
    assert s.neutral == 4 * players


def test_r2_an_empty_supply_cannot_be_taken_from() -> None:
    """R2/R9: components are limited: an empty citizen or disc supply is not offered, and
    with no neutral citizen left a first castle brings none."""
    s = position(kingdoms=[["A-04"], [], [], []], market=FARMS)  # a purple space
    s = with_kingdom(s, 0, MERCIA, "two_buildings", castle="A-32")
    full = play(s, m.PickBuilding(4), m.ChooseKingdom(WESSEX))
    assert legal_moves(full) == [m.TakeFrom(4), m.TakeFrom(0), m.Decline()]
    empty = play(replace(s, supplies=(0, 8, 8, 8, 0)), m.PickBuilding(4), m.ChooseKingdom(WESSEX))
    assert empty.phase == "action" and empty.current == 1  # nothing to take: the turn is over
    t = play(replace(s, supplies=(0, 8, 8, 8, 24)), m.PickBuilding(4), m.ChooseKingdom(WESSEX))
    assert refusal(t, m.TakeFrom(0)) == "that supply is empty"
    castle = with_display(replace(s, neutral=0), ["A-28"])
    castle = play(castle, m.PickCastle(0), m.ChooseKingdom(NORTHUMBRIA))
    assert castle.phase == "action" and castle.current == 1 and castle.neutral == 0


def test_r3_the_ship_moves_clockwise_by_increasing_slot_and_wraps() -> None:
    """R3: clockwise for the Viking ship means increasing slot index, wrapping: from slot 4,
    2 steps land on slot 1."""
    s = solo(ship=4, market=["A-02", "A-13", "A-05", "A-01", "A-08"])
    s = with_deck(s, ["A-06", "A-03"])  # the refill of slot 0 has 2 helmets
    s = play(s, m.PickBuilding(0), m.ChooseKingdom(WESSEX))
    if s.phase == "supply":
        s = play(s, m.Decline())
    assert s.ship == 1
    assert s.vikings[MERCIA] == (cid(s, "A-13"),)


# --------------------------------------------------------------------------- R4-R7: kingdom values


def test_r4_helmets_are_buildings_and_tile_only() -> None:
    """R4: helmets = printed helmets of every building (starting card included) + the tile
    (green 2, red 1); castles, kingdom cards and discs carry none."""
    s = position(tiles=["citizen", "different_types", "two_buildings", "castle_min_7"])
    s = with_kingdom(s, 0, NORTHUMBRIA, "citizen", ["S-02", "A-12"], castle="A-35", discs=[(CASTLE, SHIELD)])
    s = with_kingdom(s, 0, EAST_ANGLIA, "different_types", ["A-16"], castle="A-34", discs=[(CASTLE, PRESTIGE)])
    k = score_breakdown(s, 0).kingdoms
    assert k[NORTHUMBRIA].helmets == 2 + 1 + 3
    assert k[EAST_ANGLIA].helmets == 1 + 4
    assert k[MERCIA].helmets == 1


def test_r5_shields_and_prestige_are_printed_plus_discs() -> None:
    """R5: shields = printed shields (castle, starting card, church, ...) + each disc on a
    shield space; prestige likewise with printed prestige and prestige discs."""
    s = position(tiles=["shield_space", "different_types", "prestige_space", "castle_min_7"])
    # Castle 7/2 with its shield disc (+2), tile shield disc (+4), blacksmith 2, church 2/1 with its disc (+1).
    s = with_kingdom(
        s,
        0,
        NORTHUMBRIA,
        "shield_space",
        ["A-07", "A-23"],
        castle="A-32",
        discs=[(CASTLE, SHIELD), (TILE, SHIELD), (1, PRESTIGE)],
    )
    # Castle 6/2 with its prestige disc (+1) and the tile's prestige disc (+1); starting farm 1/1.
    s = with_kingdom(
        s, 0, MERCIA, "prestige_space", ["S-04"], castle="A-31", discs=[(CASTLE, PRESTIGE), (TILE, PRESTIGE)]
    )
    k = score_breakdown(s, 0).kingdoms
    assert (k[NORTHUMBRIA].shields, k[NORTHUMBRIA].prestige) == (7 + 2 + 4 + 2 + 2, 2 + 1 + 1)
    assert (k[MERCIA].shields, k[MERCIA].prestige) == (6 + 1, 2 + 1 + 1 + 1)


def test_r6_citizens_are_printed_plus_figures() -> None:
    """R6: citizens = printed citizens (cards and the green citizen tile) + figures placed there."""
    s = with_kingdom(
        position(),
        0,
        WESSEX,
        "citizen",
        ["A-12", "A-04"],
        figures=[(0, 0, BLUE), (0, 1, YELLOW), (1, 0, NEUTRAL), (TILE, 0, PURPLE)],
    )
    assert score_breakdown(s, 0).kingdoms[WESSEX].citizens == 1 + 3 + 1 + 4


def own_start_card(s: State, seat: int) -> tuple[str, int]:
    """The seat's starting card (id) and the row new_game put it in."""
    db = db_of(s)
    card = s.players[seat].start_card
    row = db.cards[card].row - 1
    assert s.players[seat].kingdoms[row].buildings == (card,)
    return db.ids[card], row


def test_r7_starting_card_counts_for_the_two_building_limit() -> None:
    """R7: the starting card is a building for the red tile's 2-building limit."""
    s = replace(game(("Lucy", "Bo"), seed=2), current=0, supply_kinds=RING)
    start, row = own_start_card(s, 0)
    s = with_kingdom(s, 0, row, "two_buildings", [start])
    s = with_market(s, FARMS)
    assert m.ChooseKingdom(row) in legal_moves(play(s, m.PickBuilding(0)))
    s = with_kingdom(s, 0, row, "two_buildings", [start, "A-08"])
    assert m.ChooseKingdom(row) not in legal_moves(play(s, m.PickBuilding(0)))


def test_r7_starting_card_counts_for_the_four_building_limit() -> None:
    """R7: the starting card is one of the 4 buildings a kingdom may hold."""
    s = replace(game(("Lucy", "Bo"), seed=2), current=0, supply_kinds=RING)
    start, row = own_start_card(s, 0)
    s = with_market(s, ["A-11", "A-13", "A-14", "A-15", "A-16"])
    s = with_player(s, 0, coins=10)
    s = with_kingdom(s, 0, row, "citizen_coin", [start, "A-01", "A-02"])
    assert m.ChooseKingdom(row) in legal_moves(play(s, m.PickBuilding(0)))
    s = with_kingdom(s, 0, row, "citizen_coin", [start, "A-01", "A-02", "A-03"])
    assert m.ChooseKingdom(row) not in legal_moves(play(s, m.PickBuilding(0)))


def test_r7_starting_card_counts_for_different_types() -> None:
    """R7: the starting card's type counts for the red "different types" restriction."""
    s = replace(game(("Lucy", "Bo"), seed=2), current=0, supply_kinds=RING)
    start, row = own_start_card(s, 0)
    kind = db_of(s).type[cid(s, start)]
    same = {"farm": "A-01", "blacksmith": "A-08", "inn": "A-13", "ship": "A-18", "church": "A-24"}[kind]
    other = "A-25" if kind != "church" else "A-01"
    s = with_player(with_kingdom(s, 0, row, "different_types", [start]), 0, coins=10)
    s = with_market(s, [same, other, "A-02", "A-03", "A-05"])
    assert m.ChooseKingdom(row) not in legal_moves(play(s, m.PickBuilding(0)))
    assert m.ChooseKingdom(row) in legal_moves(play(s, m.PickBuilding(1)))


def test_r7_starting_card_counts_for_income() -> None:
    """R7: the starting card counts for income.  In the variant the starting card may sit in
    a kingdom whose income is of another type; placing in the kingdom whose income matches
    the starting card's type then pays for it."""
    income_row = {"blacksmith": NORTHUMBRIA, "ship": EAST_ANGLIA, "inn": MERCIA, "farm": WESSEX}
    for seed in range(40):
        s = new_game(GameConfig(players=("Lucy", "Bo"), start_choice=True), seed)
        db = db_of(s)
        kind = db.type[s.players[0].start_card]
        if kind in income_row:
            break
    else:
        raise AssertionError("no non-church starting card in 40 seeds")
    target = income_row[kind]
    where = (target + 1) % 4
    assert s.phase == "place_start"
    while s.phase == "place_start":
        mine = s.current == 0
        s = play(s, m.ChooseKingdom(where) if mine else legal_moves(s)[0])
    assert s.players[0].kingdoms[where].buildings == (s.players[0].start_card,)
    s = replace(s, current=0, supply_kinds=RING)
    for row in range(4):
        if row != where:
            s = with_kingdom(s, 0, row, "citizen_coin")
    s = with_market(s, ["A-25", "A-27", "A-23", "A-24", "A-26"])  # churches: no ship coins, no cost
    before = coins(s)
    s, events = play_logged(s, m.PickBuilding(0), m.ChooseKingdom(target))
    value = db.kingdoms[0][target].income_value
    assert coins(s) == before + value
    assert [(e.extra, e.what) for e in events if e.kind == "income"] == [(1, kind)]


# --------------------------------------------------------------------------- R8-R14: a turn


def test_r8_a_turn_is_a_sequence_of_single_decisions() -> None:
    """R8: choose the card, then the kingdom, then the supply, then the space: one decision per
    move; income happens between decisions without asking."""
    s = position(kingdoms=[["A-04"], [], [], []], market=FARMS)  # spaces red, purple
    phases = [s.phase]
    assert all(isinstance(move, m.PickBuilding | m.PickCastle | m.Refresh | m.Pass) for move in legal_moves(s))
    for move in (m.PickBuilding(4), m.ChooseKingdom(WESSEX), m.TakeFrom(0), m.PlaceCitizen(NORTHUMBRIA, 0, 1)):
        assert move in legal_moves(s)
        s = apply(s, move)
        phases.append(s.phase)
    assert phases == ["action", "building_kingdom", "supply", "citizen_space", "action"]
    assert s.current == 1
    assert msgspec.json.encode(m.PickBuilding(2)) == b'["building",2]'  # tagged, one field


def test_r9_step_3_is_optional() -> None:
    """R9: the player may decline step 3; the turn then goes on with the refill."""
    s = position(kingdoms=[["A-04"], [], [], []], market=FARMS)
    s = play(s, m.PickBuilding(4), m.ChooseKingdom(WESSEX))
    assert m.Decline() in legal_moves(s)
    deck = len(s.deck)
    s = play(s, m.Decline())
    assert s.current == 1 and s.phase == "action"
    assert s.players[0].kingdoms[NORTHUMBRIA].figures == ()
    assert s.market[4] >= 0 and len(s.deck) < deck


def test_r9_step_3_is_offered_only_where_placeable_and_payable() -> None:
    """R9: a supply is offered only if its figure or disc can be placed (and paid); if neither
    adjacent supply can be used, step 3 is skipped."""
    # Lucy has no citizen space at all; the churches have no citizen space but a prestige space.
    market = ["A-24", "A-25", "A-27", "A-23", "A-26"]
    s = play(position(market=market), m.PickBuilding(0), m.ChooseKingdom(NORTHUMBRIA))
    assert s.phase == "action" and s.current == 1  # slot 0 touches purple and yellow: skipped
    s = play(position(coins=2, market=market), m.PickBuilding(3), m.ChooseKingdom(NORTHUMBRIA))
    assert legal_moves(s) == [m.TakeFrom(4), m.Decline()]  # slot 3 touches red and the discs
    assert legal_moves(play(s, m.TakeFrom(4))) == [m.PlaceDisc(NORTHUMBRIA, 0, PRESTIGE)]
    broke = play(position(coins=1, market=market), m.PickBuilding(3), m.ChooseKingdom(NORTHUMBRIA))
    assert broke.phase == "action" and broke.current == 1  # the prestige disc cannot be paid


def test_r10_disc_costs() -> None:
    """R10: a prestige disc costs 2 on any prestige space (castle, church, green tile); a shield
    disc is free except on the green tile's 4-valued shield space, which costs 1."""
    tiles = ["citizen_coin", "different_types", "shield_space", "prestige_space"]
    s = position(tiles=tiles, kingdoms=[[], ["A-23"], [], []], market=FARMS)
    s = with_kingdom(s, 0, NORTHUMBRIA, "citizen_coin", castle="A-32")
    s = play(s, m.PickBuilding(4), m.ChooseKingdom(WESSEX), m.TakeFrom(4))
    before = coins(s)
    costs = {
        m.PlaceDisc(NORTHUMBRIA, CASTLE, SHIELD): 0,
        m.PlaceDisc(NORTHUMBRIA, CASTLE, PRESTIGE): 2,
        m.PlaceDisc(EAST_ANGLIA, 0, PRESTIGE): 2,
        m.PlaceDisc(MERCIA, TILE, SHIELD): 1,
        m.PlaceDisc(WESSEX, TILE, PRESTIGE): 2,
    }
    assert sorted(legal_moves(s), key=repr) == sorted(costs, key=repr)
    for move, cost in costs.items():
        assert coins(play(s, move)) == before - cost, move


def test_r11_helmet_tax_is_paid_on_placing_and_adds_to_the_inn_price() -> None:
    """R11: the red tile's 1-coin charge is paid when the card is placed there; an inn there
    costs its price + 1; an inn with fewer than 3 helmets pays only its price."""
    tiles = ["citizen_coin", "different_types", "helmet_tax", "castle_min_7"]
    s = position(tiles=tiles, coins=6, market=["A-15", "A-13", "A-02", "A-03", "A-05"])  # inns 3/3 and 2/2
    taken = play(s, m.PickBuilding(0))
    assert coins(taken) == 6  # nothing paid on picking
    assert coins(play(taken, m.ChooseKingdom(MERCIA))) == 6 - 3 - 1
    assert coins(play(taken, m.ChooseKingdom(EAST_ANGLIA))) == 6 - 3
    assert coins(play(s, m.PickBuilding(1), m.ChooseKingdom(MERCIA))) == 6 - 2


def refresh_position(coins_: int = 1) -> State:
    s = position(coins=coins_, market=["A-12", "A-13", "A-14", "A-15", "A-16"])  # inns costing 3, 2, 2, 3, 4
    return with_deck(s, ["A-28", *FARMS])


def test_r12_refresh_only_when_no_building_is_affordable() -> None:
    """R12: the refresh is legal only when every building in the market costs more than the
    player can pay in every kingdom."""
    assert legal_moves(refresh_position(1)) == [m.Refresh()]
    assert m.Refresh() not in legal_moves(refresh_position(2))
    assert re.search(r"R12", refusal(refresh_position(2), m.Refresh()))
    # One free building (a farm) among the inns: no refresh even with no coin.
    s = with_market(refresh_position(0), ["A-12", "A-13", "A-14", "A-15", "A-01"])
    assert m.Refresh() not in legal_moves(s)
    # The helmet tax makes the 2-coin inns cost 2 only outside Mercia: with 2 coins still affordable.
    tax = position(tiles=["helmet_tax"] * 4, coins=3, market=["A-12", "A-15", "A-16", "T-06", "T-07"])
    assert legal_moves(tax)[-1] == m.Refresh()


def test_r12_refresh_discards_are_shuffled_back_and_castles_go_to_the_display() -> None:
    """R12: the 5 market cards are discarded, 5 new buildings revealed (a castle revealed goes
    to the castle display), and the discards are shuffled back into the draw deck."""
    s = refresh_position(1)
    old_market = set(s.market)
    deck = len(s.deck)
    s = play(s, m.Refresh())
    assert s.market == tuple(cid(s, c) for c in FARMS)
    assert s.display == (cid(s, "A-28"),)
    assert old_market <= set(s.deck)
    assert len(s.deck) == deck - 6 + 5
    assert s.current == 0 and s.phase == "action"
    assert m.Refresh() not in legal_moves(s)  # at most once per turn (engine choice)
    assert m.PickBuilding(0) in legal_moves(s)
    check_census(s)


def test_r12_refresh_needs_a_draw_deck() -> None:
    """R12 (engine choice): the refresh needs cards in the draw deck; with none left (or the
    end triggered) the player passes instead (R13)."""
    s = with_deck(refresh_position(1), [], rest=False)
    assert legal_moves(s) == [m.Pass()]


def stuck_position() -> State:
    """Lucy's four kingdoms are full (red 2-building tiles) and she has no coin."""
    s = position(tiles=["two_buildings"] * 4, coins=0, market=FARMS)
    pairs = [["A-04", "A-07"], ["A-08", "A-09"], ["A-10", "A-11"], ["A-17", "A-18"]]
    for row, pair in enumerate(pairs):
        s = with_kingdom(s, 0, row, "two_buildings", pair)
    return with_display(s, ["A-28"])


def test_r13_pass_only_when_nothing_else_is_legal() -> None:
    """R13: with no legal building, no affordable castle and no refresh, the only legal move is
    to pass; otherwise passing is illegal."""
    s = stuck_position()
    assert legal_moves(s) == [m.Pass()]
    s = play(s, m.Pass())
    assert s.current == 1 and s.phase == "action" and not s.triggered
    rich = with_player(stuck_position(), 0, coins=3)
    assert legal_moves(rich) == [m.PickCastle(0)]
    assert re.search(r"R13", refusal(rich, m.Pass()))


def test_r13_the_game_never_deadlocks_when_everyone_must_pass() -> None:
    """R13 (engine choice): when every player passes in a row the end is triggered, and the
    game ends normally."""
    s = stuck_position()
    for row, pair in enumerate([["A-12", "A-13"], ["A-14", "A-15"], ["A-16", "A-19"], ["A-20", "A-21"]]):
        s = with_kingdom(s, 1, row, "two_buildings", pair)
    s = with_player(s, 1, coins=0)
    s = play(s, m.Pass())
    assert not s.triggered
    s, events = play_logged(s, m.Pass())
    assert "all_passed" in kinds(events)
    assert s.phase == "over" and outcome(s) is not None


def replacement_position(discs: Sequence[tuple[int, int]]) -> State:
    s = position(kingdoms=[[], [], ["A-01"], []])  # Mercia: an empty purple space for a neutral
    s = with_kingdom(s, 0, NORTHUMBRIA, "shield_space", castle="A-32", discs=[*discs, (TILE, SHIELD)])
    return with_display(with_player(s, 0, coins=8), ["A-33"])


def test_r14_old_castle_to_display_discs_either_side_and_no_neutral() -> None:
    """R14: the old castle returns to the display; each of its discs may be moved for free to
    an empty space of the new castle, either side up; no neutral citizen for a replacement;
    discs elsewhere in the kingdom stay."""
    s = replacement_position([(CASTLE, SHIELD), (CASTLE, PRESTIGE)])
    neutral = s.neutral
    s = play(s, m.PickCastle(0), m.ChooseKingdom(NORTHUMBRIA))
    assert s.display == (cid(s, "A-32"),)
    assert coins(s) == 0
    first = [m.PlaceDisc(NORTHUMBRIA, CASTLE, SHIELD), m.PlaceDisc(NORTHUMBRIA, CASTLE, PRESTIGE), m.Decline()]
    assert legal_moves(s) == first
    s = play(s, m.PlaceDisc(NORTHUMBRIA, CASTLE, PRESTIGE))  # the old shield disc flipped: free
    assert coins(s) == 0
    assert legal_moves(s) == [m.PlaceDisc(NORTHUMBRIA, CASTLE, SHIELD), m.Decline()]
    assert re.search("only on the new castle", refusal(s, m.PlaceDisc(NORTHUMBRIA, TILE, PRESTIGE)))
    s = play(s, m.PlaceDisc(NORTHUMBRIA, CASTLE, SHIELD))
    assert sorted(s.players[0].kingdoms[NORTHUMBRIA].discs) == [(CASTLE, SHIELD), (CASTLE, PRESTIGE), (TILE, SHIELD)]
    assert s.phase == "action" and s.current == 1 and s.neutral == neutral
    assert s.players[0].kingdoms[MERCIA].figures == ()


def test_r14_discs_not_reused_return_to_the_supply() -> None:
    """R14: a disc of the replaced castle that is not moved returns to the disc supply."""
    s = replacement_position([(CASTLE, PRESTIGE)])
    supply = s.supplies[4]
    s = play(s, m.PickCastle(0), m.ChooseKingdom(NORTHUMBRIA), m.Decline())
    assert s.supplies[4] == supply + 1
    assert s.players[0].kingdoms[NORTHUMBRIA].discs == ((TILE, SHIELD),)
    assert s.phase == "action" and s.current == 1


# --------------------------------------------------------------------------- R15-R17: the end


def three_players_ending(trigger_seat: int) -> State:
    """Three players, seat 1 starts (order 1, 2, 0); the draw deck is empty; ``trigger_seat`` to move."""
    s = game(("Ana", "Bo", "Cy"), seed=6)
    s = replace(s, start_player=1, current=trigger_seat, supply_kinds=RING)
    s = with_deck(s, [], rest=False)
    return check_census(with_reserve(s, ["R-01", "R-02", "R-03", "R-04", "R-05"]))


def test_r15_trigger_refills_from_the_reserve_and_ends_after_the_player_before_the_start_player() -> None:
    """R15: the end is triggered when a building's refill finds the draw deck empty; the
    market is refilled from the reserve deck; play goes on until every player has had the
    same number of turns, ending after the player before the starting player."""
    s = three_players_ending(1)
    s = play(s, m.PickBuilding(0))
    slot = 0
    s = play(s, legal_moves(s)[0])
    while s.phase != "action":
        s = play(s, legal_moves(s)[0])
    assert s.triggered and s.phase == "action"
    assert s.market[slot] == cid(s, "R-01")
    assert outcome(s) is None
    order = [s.current]
    s = first_moves_until(s)
    assert s.phase == "action" and outcome(s) is None
    order.append(s.current)
    s = first_moves_until(s)
    assert order == [2, 0]
    assert s.phase == "over" and outcome(s) is not None
    assert [p.turns for p in s.players] == [1, 1, 1]
    check_census(s)


def test_r15_trigger_by_the_last_player_ends_the_game_at_once() -> None:
    """R15: if the player before the starting player triggers the end, every player has had
    the same number of turns: the game ends after that turn."""
    s = three_players_ending(0)
    s = first_moves_until(s)
    assert s.triggered and s.phase == "over"


def test_r15_a_castle_turn_does_not_trigger_and_empty_reserve_leaves_the_slot_empty() -> None:
    """R15: only a refill after a building triggers the end (a castle needs no refill); once
    the reserve deck is empty too, the slot stays empty."""
    s = with_player(with_display(three_players_ending(1), ["A-28"]), 1, coins=5)
    castle = first_moves_until(play(s, m.PickCastle(0)))
    assert not castle.triggered
    s = with_reserve(s, [])
    s = first_moves_until(play(s, m.PickBuilding(2)))
    assert s.triggered and s.market[2] == -1
    assert m.PickBuilding(2) not in legal_moves(s)


def test_r16_solo_game_ends_after_the_vikings_turn_that_follows_the_trigger() -> None:
    """R16: in solo, the game ends after the Vikings' turn that follows the trigger."""
    s = with_reserve(with_deck(solo(), [], rest=False), ["R-01", "R-02", "R-03", "R-04", "R-05"])
    s, events = play_logged(s, m.PickBuilding(0), m.ChooseKingdom(WESSEX))
    if s.phase == "supply":
        s, more = play_logged(s, m.Decline())
        events += more
    k = kinds(events)
    assert k.index("end_triggered") < k.index("ship_moved") < k.index("vikings_took") < k.index("game_over")
    assert s.phase == "over" and sum(len(r) for r in s.vikings) == 1


def test_r16_solo_game_ends_at_once_if_the_vikings_refill_triggers_it() -> None:
    """R16: in solo, if the Vikings' own refill finds the deck empty, the game ends at once."""
    s = with_reserve(with_deck(solo(), ["A-24"], rest=False), ["R-01", "R-02", "R-03", "R-04", "R-05"])
    s, events = play_logged(s, m.PickBuilding(0), m.ChooseKingdom(WESSEX))
    if s.phase == "supply":
        s, more = play_logged(s, m.Decline())
        events += more
    k = kinds(events)
    assert k.index("vikings_took") < k.index("end_triggered") < k.index("game_over")
    assert s.phase == "over"
    longer = with_deck(solo(), ["A-24", "A-27"], rest=False)
    longer = first_moves_until(longer)
    assert longer.phase == "action" and not longer.triggered


def test_r16_a_solo_castle_turn_neither_ends_the_game_nor_wakes_the_vikings() -> None:
    """R16/R18: in solo a castle (action B) needs no refill: no trigger, no Vikings' turn, and
    the player takes another turn at once."""
    s = with_display(with_deck(solo(), [], rest=False), ["A-28"])
    s = first_moves_until(play(s, m.PickCastle(0)))
    assert s.phase == "action" and not s.triggered and s.vikings == ((), (), (), ())


def finished(coins_a: int, coins_b: int, safe_b: bool) -> State:
    """Two players at the end with all kingdoms unsafe (-28), except B's Northumbria when ``safe_b``
    (a church with 1 shield and no prestige: 0 points instead of -7)."""
    s = position(tiles=["different_types"] * 4, coins=coins_a)
    for row in range(4):
        s = with_kingdom(s, 1, row, "different_types", ["A-24"] if (safe_b and row == 0) else [])
    return replace(with_player(s, 1, coins=coins_b), phase="over")


def test_r17_tie_broken_by_most_coins() -> None:
    """R17: on equal scores the tied player with the most coins wins."""
    s = finished(10, 3, safe_b=True)
    o = outcome(s)
    assert o is not None
    assert o.scores == (10 - 28, 3 - 21)
    assert o.winners == (0,) and o.tie_break


def test_r17_still_tied_the_victory_is_shared() -> None:
    """R17: equal scores and equal coins: the victory is shared."""
    o = outcome(finished(4, 4, safe_b=False))
    assert o is not None
    assert o.scores == (4 - 28, 4 - 28) and o.winners == (0, 1)


def test_r17_a_clear_winner_needs_no_tie_break() -> None:
    """R17 applies only to ties: the highest score wins, whatever the coins."""
    o = outcome(finished(10, 12, safe_b=True))
    assert o is not None and o.winners == (1,) and not o.tie_break


# --------------------------------------------------------------------------- R18-R21: solo


@pytest.mark.parametrize(
    ("sizes", "row"),
    [((1, 0, 2, 0), EAST_ANGLIA), ((1, 1, 1, 1), NORTHUMBRIA), ((2, 1, 1, 0), WESSEX), ((0, 2, 0, 1), NORTHUMBRIA)],
)
def test_r18_church_goes_to_the_topmost_row_with_fewest_cards(sizes: tuple[int, ...], row: int) -> None:
    """R18: a church has no Viking card: it goes to the topmost row with the fewest cards.
    (Also: a refill with 0 helmets moves the ship 0.)"""
    pool = iter(["A-07", "A-08", "A-09", "A-18", "A-20", "A-14", "A-16", "A-03", "A-05"])
    rows = [[next(pool) for _ in range(n)] for n in sizes]
    s = with_vikings(solo(ship=0), rows)
    s = with_deck(s, ["A-24", "A-27"])  # churches with 0 helmets
    s = play(s, m.PickBuilding(0), m.ChooseKingdom(WESSEX))
    if s.phase == "supply":
        s = play(s, m.Decline())
    assert s.ship == 0
    assert s.vikings[row][-1] == cid(s, "A-24")
    assert [len(r) for r in s.vikings] == [n + (i == row) for i, n in enumerate(sizes)]
    assert s.market[0] == cid(s, "A-27")


def test_r18_building_goes_to_the_row_of_its_icon() -> None:
    """R18: the active card goes to the Viking row whose card shows its type."""
    for card, row in (("A-08", NORTHUMBRIA), ("A-18", EAST_ANGLIA), ("A-14", MERCIA), ("A-03", WESSEX)):
        s = with_deck(solo(ship=2, market=["A-01", "A-02", card, "A-05", "A-06"]), ["A-24"])  # 0 helmets
        s = play(s, m.PickBuilding(0), m.ChooseKingdom(WESSEX))
        if s.phase == "supply":
            s = play(s, m.Decline())
        assert s.vikings[row] == (cid(s, card),), card


def test_r18_ship_steps_by_the_refilled_building_not_a_castle() -> None:
    """R18: the ship moves by the helmets of the building the player's refill put into the
    market (castles revealed on the way go to the display and do not count)."""
    s = with_deck(solo(ship=0), ["A-35", "A-10", "A-24"])  # a castle, then a 3-helmet blacksmith
    s = play(s, m.PickBuilding(1), m.ChooseKingdom(WESSEX))
    if s.phase == "supply":
        s = play(s, m.Decline())
    assert s.ship == 3
    assert cid(s, "A-35") in s.display


def test_r18_the_vikings_act_only_after_action_a() -> None:
    """R18 / rulebook Solo: the Vikings take a turn only after an action A."""
    s = with_display(solo(), ["A-28"])
    s = play(s, m.PickCastle(0), m.ChooseKingdom(NORTHUMBRIA))
    if s.phase == "neutral_space":
        s = play(s, legal_moves(s)[0])
    assert s.vikings == ((), (), (), ()) and s.ship == 0 and s.current == 0


def test_r19_a_fifth_revealed_castle_pushes_out_the_leftmost() -> None:
    """R19: in solo the castle display holds at most 4; a 5th revealed castle discards the
    leftmost and takes the rightmost place."""
    s = with_display(solo(), ["A-28", "A-29", "A-30", "A-31"])
    s = with_deck(s, ["A-35", "A-02", "A-24"])
    s, events = play_logged(s, m.PickBuilding(0), m.ChooseKingdom(WESSEX))
    if s.phase == "supply":
        s, more = play_logged(s, m.Decline())
        events += more
    assert s.display == tuple(cid(s, c) for c in ("A-29", "A-30", "A-31", "A-35"))
    assert cid(s, "A-28") in s.box
    assert "castle_discarded" in kinds(events)
    check_census(s)


def test_r19_a_castle_returned_by_a_replacement_keeps_the_display_at_most_4() -> None:
    """R19: a castle returned by a replacement joins the display on the right; the display
    never exceeds 4 (the castle taken has left it, so nothing is discarded here)."""
    s = with_display(solo(), ["A-29", "A-30", "A-31", "A-33"])
    s = with_player(with_kingdom(s, 0, NORTHUMBRIA, "citizen_coin", castle="A-28"), 0, coins=20)
    s = play(s, m.PickCastle(3), m.ChooseKingdom(NORTHUMBRIA))
    assert s.display == tuple(cid(s, c) for c in ("A-29", "A-30", "A-31", "A-28"))
    check_census(s)


def test_r19_the_display_is_unlimited_with_several_players() -> None:
    """Rulebook A4: the castle display can hold an unlimited number of cards (R19 is solo only)."""
    s = with_display(position(market=FARMS), ["A-28", "A-29", "A-30", "A-31", "A-32"])
    s = with_deck(s, ["A-35", "A-06"])
    s = first_moves_until(play(s, m.PickBuilding(0)))
    assert len(s.display) == 6


LEVEL_TABLE = {  # rulebook, Levels and Rewards: (green tiles, red tiles), (green Viking sides, red)
    1: ((2, 2), (4, 0)),
    2: ((2, 2), (3, 1)),
    3: ((2, 2), (2, 2)),
    4: ((1, 3), (2, 2)),
    5: ((1, 3), (1, 3)),
    6: ((0, 4), (1, 3)),
    7: ((0, 4), (0, 4)),
}


@pytest.mark.parametrize("level", range(1, 8))
def test_r20_level_table_fixes_the_mix_and_the_seed_draws_the_rest(level: int) -> None:
    """R20: the level table fixes how many green and red tiles and red Viking sides are used;
    which tiles, which rows and which Viking cards are red come from the seed."""
    (green, red), (_, red_vikings) = LEVEL_TABLE[level]
    layouts, sides = set(), set()
    for seed in range(25):
        s = new_game(GameConfig(players=("Lucy",), level=level), seed)
        db = db_of(s)
        effects = tuple(db.tiles[0][k.tile].effect for k in s.players[0].kingdoms)
        greens = sum(k.tile < 5 for k in s.players[0].kingdoms)
        assert (greens, 4 - greens) == (green, red)
        assert len(set(effects)) == 4
        assert sum(s.viking_red) == red_vikings
        layouts.add(effects)
        sides.add(s.viking_red)
    assert len(layouts) > 3
    assert len(sides) > 1 or red_vikings in (0, 4)


@pytest.mark.parametrize(
    ("margin", "medal"),
    [
        (-5, None),
        (0, None),
        (1, "bronze"),
        (8, "bronze"),
        (9, "silver"),
        (16, "silver"),
        (17, "gold"),
        (24, "gold"),
        (25, "platinum"),
        (60, "platinum"),
    ],
)
def test_r21_medal_thresholds(margin: int, medal: str | None) -> None:
    """R21: bronze +1..+8, silver +9..+16, gold +17..+24, platinum +25 or more."""
    assert medal_for(margin) == medal


def test_r21_solo_result_is_your_score_minus_the_vikings() -> None:
    """R21: result = your score - the Vikings' score; you win with more points than the Vikings."""
    s = solo()
    s = with_kingdom(s, 0, NORTHUMBRIA, "different_types", ["A-24"])  # 1 shield, 1 helmet: safe, 0 points
    s = with_vikings(s, [["A-07", "A-09"], [], [], ["A-01"]], red=[True, False, False, False])
    s = replace(with_player(s, 0, coins=59), phase="over")
    o = outcome(s)
    assert o is not None
    you = score_breakdown(s, 0).total
    vikings = viking_score(s).total
    assert you == 59 + 0 - 21
    # Northumbria red side 13 + 2 + 2 helmets > 1 shield: 14 x 2; Wessex green 6 + 1 > 0: 7 x 1.
    assert vikings == 28 + 7
    assert o.margin == you - vikings and o.medal == medal_for(you - vikings)
    assert (o.margin, o.medal, o.winners) == (3, "bronze", (0,))
    assert o.level == 1
    lost = replace(with_player(s, 0, coins=0), phase="over")
    lost_o = final_result(lost)
    assert lost_o.winners == () and lost_o.medal is None and lost_o.margin is not None and lost_o.margin < 0


# --------------------------------------------------------------------------- R22: randomness


def random_game(config: GameConfig, seed: int, choices: int) -> tuple[State, list[Move]]:
    rng = random.Random(choices)
    s = new_game(config, seed)
    moves: list[Move] = []
    while s.phase != "over":
        move = rng.choice(legal_moves(s))
        moves.append(move)
        s = apply(s, move)
    return s, moves


@pytest.mark.parametrize("config", [GameConfig(players=("A", "B", "C")), GameConfig(players=("A",), level=5)])
def test_r22_same_seed_and_decisions_give_the_same_game(config: GameConfig) -> None:
    """R22: every random draw comes from the seed: the same seed and the same decisions give
    byte-identical states; replaying the log reproduces the final state."""
    a, moves = random_game(config, 11, 3)
    b, _ = random_game(config, 11, 3)
    assert msgspec.msgpack.encode(a) == msgspec.msgpack.encode(b)
    replayed = Session.replay(config, 11, moves)
    assert msgspec.msgpack.encode(replayed.state) == msgspec.msgpack.encode(a)
    assert msgspec.msgpack.encode(new_game(config, 11)) == msgspec.msgpack.encode(new_game(config, 11))
    assert new_game(config, 11).deck != new_game(config, 12).deck


def test_r22_the_refresh_shuffle_comes_from_the_seed() -> None:
    """R22: the rare-case refresh shuffles with the seed and the state's counter."""
    s = refresh_position(1)
    a, b = play(s, m.Refresh()), play(s, m.Refresh())
    assert a.deck == b.deck and a.rng == s.rng + 1
    other = play(replace(s, seed=s.seed + 1), m.Refresh())
    assert other.deck != a.deck


# --------------------------------------------------------------------------- R23-R24: added after the first release

R23_REASON = "that castle was just returned to the display: it can be bought again after the market is next refilled"


def test_r23_a_returned_castle_cannot_be_bought_back_before_the_next_refill() -> None:
    """R23: a castle that a replacement returns to the display is marked as just returned;
    ``legal_moves`` leaves it out and ``apply`` refuses it with the reason in words."""
    s = with_player(replacement_position([]), 0, coins=20)
    s = play(s, m.PickCastle(0), m.ChooseKingdom(NORTHUMBRIA))
    old = cid(s, "A-32")
    assert s.display == (old,) and s.returned == (old,)
    assert s.phase == "action" and s.current == 1  # the other player: R23 holds for every player
    assert m.PickCastle(0) not in legal_moves(s)
    assert refusal(s, m.PickCastle(0)) == R23_REASON
    assert pending(s).returned == (0,)  # what a UI marks in the display
    s = with_player(s, 1, coins=20)
    assert m.PickCastle(0) not in legal_moves(s) and refusal(s, m.PickCastle(0)) == R23_REASON


def test_r23_the_next_refill_from_a_deck_frees_it() -> None:
    """R23: once the market is replenished from a deck (here the refill after a building, rulebook
    A4), the returned castle can be acquired again."""
    s = with_player(replacement_position([]), 0, coins=20)
    s = play(s, m.PickCastle(0), m.ChooseKingdom(NORTHUMBRIA))
    s = with_player(s, 1, coins=20)
    deck = len(s.deck)
    s = first_moves_until(play(s, m.PickBuilding(0)))  # Bo builds: slot 0 is refilled from the draw deck
    assert len(s.deck) < deck and s.returned == ()
    assert m.PickCastle(0) in legal_moves(s)


def test_r23_solo_the_swap_back_waits_for_the_refill_of_the_next_action_a() -> None:
    """R23 (solo): action B gives another turn at once; the castle just returned stays blocked
    through it and is freed by the refill of the next action A, before the Vikings' turn."""
    s = with_display(solo(), ["A-33", "A-30"])
    s = with_player(with_kingdom(s, 0, NORTHUMBRIA, "citizen_coin", castle="A-32"), 0, coins=30)
    s = play(s, m.PickCastle(0), m.ChooseKingdom(NORTHUMBRIA))
    assert s.phase == "action" and s.display == (cid(s, "A-30"), cid(s, "A-32"))
    assert s.returned == (cid(s, "A-32"),)
    assert legal_moves(s).count(m.PickCastle(0)) == 1 and m.PickCastle(1) not in legal_moves(s)
    s = play(s, m.PickCastle(0), m.ChooseKingdom(EAST_ANGLIA))  # another castle, elsewhere: still blocked
    assert s.returned == (cid(s, "A-32"),) and refusal(s, m.PickCastle(0)) == R23_REASON
    s = first_moves_until(play(s, m.PickBuilding(0)))
    assert s.returned == () and m.PickCastle(0) in legal_moves(s)


def test_r23_a_refresh_is_a_refill_from_the_deck() -> None:
    """R23: the rare-case refresh (R12) replenishes the market from the draw deck, so it frees
    the castles just returned."""
    s = with_display(refresh_position(1), ["A-33"])
    s = replace(s, returned=s.display)
    assert legal_moves(s) == [m.Refresh()]
    assert play(s, m.Refresh()).returned == ()


@pytest.mark.parametrize("players", [1, 2])
def test_r23_castle_swaps_alone_use_up_the_display(players: int) -> None:
    """R23: between two refills every castle action uses up a castle of the display (the one
    taken leaves it, the one returned is blocked), so castle actions alone always run out, in
    solo (action B gives another turn at once) and with 2 players taking turns."""
    s = with_display(solo() if players == 1 else position(), ["A-30", "A-31", "A-33"])
    for row, castle in enumerate(["A-28", "A-29", "A-32", "A-34"]):
        s = with_kingdom(s, 0, row, CALM[row] if row != 3 else "citizen_coin", castle=castle)
    for seat in range(players):
        s = with_player(s, seat, coins=100)
    deck, actions = s.deck, 0
    while actions < 10 and (picks := [move for move in legal_moves(s) if isinstance(move, m.PickCastle)]):
        s = first_moves_until(play(s, picks[0]))
        actions += 1
        check_census(s)
    assert actions == 3  # three castles for sale: three castle actions, then none until a refill
    assert s.deck == deck and len(s.returned) >= players and set(s.returned) <= set(s.display)
    assert not any(isinstance(move, m.PickCastle) for move in legal_moves(s))


def test_r24_variant_2_does_not_apply_to_solo() -> None:
    """R24: a solo game asked for with variant 2 (4 random kingdom tiles) is refused with a message
    naming the rule; variant 1 (starting card where you like) does apply to solo; variant 2 stays
    for 2-4 players."""
    solo_variant_2 = GameConfig(players=("Lucy",), level=3, random_tiles=True)
    with pytest.raises(ConfigError):
        new_game(solo_variant_2, 1)
    assert re.search(
        r"^variant 2 \(4 random kingdom tiles\) does not apply to solo.*\(R24\)$", config_refusal(solo_variant_2)
    )
    assert config_problem(GameConfig(players=("Lucy",), random_tiles=True)) is not None
    problem = config_problem(GameConfig(players=("Lucy",), level=7, random_tiles=True))
    assert problem is not None and "R24" in words.config_problem(problem)
    variant_1 = new_game(GameConfig(players=("Lucy",), level=3, start_choice=True), 1)
    assert variant_1.phase == "place_start"
    for n in (2, 3, 4):
        config = GameConfig(players=("Lucy", "Bo", "Cy", "Di")[:n], random_tiles=True)
        assert config_problem(config) is None
        assert new_game(config, 1).config.random_tiles
