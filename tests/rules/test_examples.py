"""Every worked example of the rulebook, with the rulebook's numbers.

Each test builds the position the example describes and checks the engine's
result against the figures the rulebook prints.
"""

from __future__ import annotations

from norsewind_tui import words
from norsewind_tui.rules import (
    ChooseKingdom,
    Decline,
    PickBuilding,
    PickCastle,
    PlaceCitizen,
    PlaceDisc,
    State,
    TakeFrom,
    building_problem,
    final_result,
    legal_moves,
    score_breakdown,
    viking_score,
)
from norsewind_tui.rules.state import BLUE, CASTLE, DISCS, NEUTRAL, PRESTIGE, PURPLE, RED, SHIELD, TILE, YELLOW

from .builders import (
    EAST_ANGLIA,
    MERCIA,
    NORTHUMBRIA,
    WESSEX,
    card_fields,
    check_census,
    cid,
    db_of,
    game,
    kinds,
    play,
    play_logged,
    replace,
    with_deck,
    with_display,
    with_kingdom,
    with_market,
    with_player,
    with_slot,
    with_vikings,
)

# --------------------------------------------------------------------------- A1/A2: Lucy's inn


def lucy_inn_position() -> State:
    """Lucy has 3 ships outside East Anglia; East Anglia has a red 2-building tile and 1 building."""
    s = replace(game(("Lucy", "Bo")), current=0)
    s = with_kingdom(s, 0, NORTHUMBRIA, "prestige_space", ["A-18"])  # ship
    s = with_kingdom(s, 0, EAST_ANGLIA, "two_buildings", ["A-01"])  # a farm: 1 building
    s = with_kingdom(s, 0, MERCIA, "castle_min_7", ["A-20"])  # ship
    s = with_kingdom(s, 0, WESSEX, "citizen", ["A-21"])  # ship
    s = with_slot(s, 0, "A-13")  # an inn that costs 2
    return check_census(with_player(s, 0, coins=5))


def test_lucy_inn_costs_2_fits_the_two_building_limit_and_earns_6_for_3_ships() -> None:
    """Rulebook A1 and A2 examples: the inn costs 2 coins; East Anglia's red tile allows
    2 buildings and it has 1, so the inn may go there; East Anglia grants 2 coins per ship
    in other kingdoms and Lucy has 3 ships: she gains 6 coins."""
    s = lucy_inn_position()
    inn = cid(s, "A-13")
    assert db_of(s).cost[inn] == 2
    s = play(s, PickBuilding(0))
    assert ChooseKingdom(EAST_ANGLIA) in legal_moves(s)
    s, events = play_logged(s, ChooseKingdom(EAST_ANGLIA))
    lucy = s.players[0]
    assert lucy.kingdoms[EAST_ANGLIA].buildings == (cid(s, "A-01"), inn)
    assert lucy.coins == 5 - 2 + 6
    income = [e for e in events if e.kind == "income"]
    assert [(e.value, e.extra, e.what) for e in income] == [(6, 3, "ship")]
    # With 2 buildings now, the red tile refuses a third one.
    farm = cid(s, "A-02")
    why = building_problem(db_of(s), lucy, farm, EAST_ANGLIA)
    assert why is not None and words.refusal(why, db_of(s)) == "East Anglia has a red tile: at most 2 buildings"


def test_lucy_inn_log_reads_as_sentences() -> None:
    """Rulebook A1/A2 example told by the game log: took the inn, paid 2, 6 coins for 3 ships."""
    s = lucy_inn_position()
    s, events = play_logged(s, PickBuilding(0), ChooseKingdom(EAST_ANGLIA))
    names = tuple(p.name for p in s.players)
    text = [words.past(e, names, db_of(s)) for e in events]
    assert text[:3] == [
        "Lucy took the Inn from slot 1.",
        "Lucy placed the Inn in East Anglia, paid 2.",
        "Lucy gained 6 coins for 3 ships.",
    ]


# --------------------------------------------------------------------------- A3: between blue and the discs


def test_step_3_between_blue_citizens_and_discs() -> None:
    """Rulebook A3 example: Lucy took the card between the blue citizens and the upgrade
    discs, so she may take either; a blue citizen goes on a blue space; a disc goes on a
    shield space for free or on a prestige space for 2 coins."""
    s = lucy_inn_position()
    s = replace(s, supply_kinds=(PURPLE, YELLOW, RED, BLUE, DISCS))  # slot 3 lies between blue and discs
    s = with_kingdom(s, 0, NORTHUMBRIA, "prestige_space", ["A-18"], castle="A-32")
    s = with_slot(s, 3, "A-13")
    s = play(s, PickBuilding(3), ChooseKingdom(EAST_ANGLIA))
    assert legal_moves(s) == [TakeFrom(3), TakeFrom(4), Decline()]
    # A blue citizen: only blue spaces (Wessex's ship A-21 has the only blue one).
    blue = play(s, TakeFrom(3))
    assert legal_moves(blue) == [PlaceCitizen(WESSEX, 0, 0)]
    # A disc: shield spaces are free, prestige spaces cost 2.
    disc = play(s, TakeFrom(4))
    moves = legal_moves(disc)
    assert PlaceDisc(NORTHUMBRIA, CASTLE, SHIELD) in moves
    assert PlaceDisc(NORTHUMBRIA, CASTLE, PRESTIGE) in moves
    assert PlaceDisc(NORTHUMBRIA, TILE, PRESTIGE) in moves
    coins = disc.players[0].coins
    assert play(disc, PlaceDisc(NORTHUMBRIA, CASTLE, SHIELD)).players[0].coins == coins
    assert play(disc, PlaceDisc(NORTHUMBRIA, CASTLE, PRESTIGE)).players[0].coins == coins - 2


# --------------------------------------------------------------------------- scoring examples


def east_anglia(s: State, seat: int = 0) -> State:
    """East Anglia of the scoring example: castle with 5 shields and 2 prestige + a shield
    disc; 6 helmets (red tile 1 + inn 3 + ship 2); 3 printed citizens, 1 figure, the blue
    space of the inn left empty."""
    return with_kingdom(
        s,
        seat,
        EAST_ANGLIA,
        "different_types",
        ["A-12", "A-20"],  # inn: 3 helmets, 3 citizens, spaces blue+yellow; ship: 2 helmets
        castle="A-30",  # 5 shields, prestige 2
        figures=[(0, 1, YELLOW)],  # on the inn's yellow space
        discs=[(CASTLE, SHIELD)],
    )


def test_east_anglia_scores_8() -> None:
    """Rulebook, The End of the Game example: 7 shields (5 printed + 2 for the disc) against
    6 helmets, so East Anglia scores 2 prestige x 4 citizens (3 printed + 1 figure) = 8;
    the blue citizen space is empty."""
    s = check_census(east_anglia(game(("Lucy", "Bo"))))
    k = score_breakdown(s, 0).kingdoms[EAST_ANGLIA]
    assert (k.shields, k.helmets, k.prestige, k.citizens) == (7, 6, 2, 4)
    assert k.safe
    assert k.points == 8


def lucy_final_position() -> State:
    """Lucy's play area of the scoring example (T-12 changed to 2 prestige: the reconstructed
    set has one castle with 5 shields and 2 prestige, the example needs two)."""
    db = card_fields(**{"T-12": {"prestige": 2}})
    s = game(("Lucy", "Bo"), cards=db)
    # Northumbria: castle 5 + disc 2, tile shield disc 4, church 1 = 12 shields;
    # helmets: green tile 2 + ships 4 + 3 + inn 3 = 12; prestige castle 2 + church 1 + disc 1 = 4;
    # citizens: the inn's 3.
    s = with_kingdom(
        s,
        0,
        NORTHUMBRIA,
        "shield_space",
        ["R-05", "A-22", "A-19", "F-06"],
        castle="T-12",
        discs=[(CASTLE, SHIELD), (TILE, SHIELD), (0, PRESTIGE)],
    )
    s = east_anglia(s)
    # Mercia: castle 9 + disc 2 = 11 shields against red tile 1 + 4 + 4 + 3 + 3 = 15 helmets.
    s = with_kingdom(
        s, 0, MERCIA, "castle_min_7", ["A-16", "F-07", "A-17", "A-15"], castle="A-34", discs=[(CASTLE, SHIELD)]
    )
    # Wessex: castle 10 + blacksmith 2 = 12 shields against green tile 2 + 2 + 3 + 1 + 2 = 10 helmets;
    # prestige castle 2 + castle disc 1 + tile disc 1 = 4; citizens 1 + 2 + 2 + 2 printed + 5 figures = 12.
    s = with_kingdom(
        s,
        0,
        WESSEX,
        "prestige_space",
        ["A-07", "T-07", "A-05", "A-06"],
        castle="A-35",
        figures=[(0, 0, BLUE), (1, 0, PURPLE), (1, 1, BLUE), (1, 2, RED), (2, 0, YELLOW)],
        discs=[(CASTLE, PRESTIGE), (TILE, PRESTIGE)],
    )
    return check_census(with_player(s, 0, coins=3))


def test_lucy_final_score_is_64() -> None:
    """Rulebook, Scoring Example: 3 coins + Northumbria 12 (12 shields = 12 helmets,
    4 prestige x 3 citizens) + East Anglia 8 + Mercia -7 (11 shields < 15 helmets) +
    Wessex 48 (12 shields > 10 helmets, 4 prestige x 12 citizens) = 64."""
    s = lucy_final_position()
    b = score_breakdown(s, 0)
    rows = [(k.shields, k.helmets, k.prestige, k.citizens, k.points) for k in b.kingdoms]
    assert rows[NORTHUMBRIA] == (12, 12, 4, 3, 12)
    assert rows[EAST_ANGLIA] == (7, 6, 2, 4, 8)
    assert rows[MERCIA][:2] == (11, 15)
    assert rows[MERCIA][4] == -7
    assert rows[WESSEX] == (12, 10, 4, 12, 48)
    assert b.coins == 3
    assert b.total == 64
    assert final_result(s).scores[0] == 64


def test_mercia_scores_minus_7_whatever_its_prestige_and_citizens() -> None:
    """Rulebook, Scoring Example (Mercia): a kingdom with fewer shields than helmets scores
    no prestige x citizens at all, only -7 (even with prestige and citizens)."""
    s = lucy_final_position()
    k = score_breakdown(s, 0).kingdoms[MERCIA]
    assert k.prestige * k.citizens > 0
    assert not k.safe
    assert k.points == -7


# --------------------------------------------------------------------------- action B examples


def castle_position() -> State:
    """Lucy with inns in Northumbria and Wessex (3 in all) and one in Mercia itself."""
    s = replace(game(("Lucy", "Bo")), current=0)
    s = with_kingdom(s, 0, NORTHUMBRIA, "prestige_space", ["A-12"])
    s = with_kingdom(s, 0, EAST_ANGLIA, "citizen_coin")
    s = with_kingdom(s, 0, MERCIA, "castle_min_7", ["A-15"])
    s = with_kingdom(s, 0, WESSEX, "different_types", ["A-13", "A-01"])
    s = with_display(s, ["A-31", "A-32"])  # castles costing 6 and 7
    return check_census(with_player(s, 0, coins=10))


def test_seven_coin_castle_in_mercia_pays_1_per_inn_elsewhere() -> None:
    """Rulebook B examples: Lucy pays 7 coins for a castle and places it in Mercia; she gains
    1 coin for each inn in her other kingdoms (2 here; the inn in Mercia itself does not count).
    Mercia's red tile wants a castle costing at least 7, so the 6-coin castle may not go there."""
    s = castle_position()
    assert ChooseKingdom(MERCIA) not in legal_moves(play(s, PickCastle(0)))
    s = play(s, PickCastle(1))
    assert legal_moves(s) == [ChooseKingdom(r) for r in range(4)]
    s, events = play_logged(s, ChooseKingdom(MERCIA))
    assert s.players[0].kingdoms[MERCIA].castle == cid(s, "A-32")
    assert s.players[0].coins == 10 - 7 + 2
    assert [(e.value, e.extra) for e in events if e.kind == "income"] == [(2, 2)]


def test_neutral_citizen_on_a_yellow_space() -> None:
    """Rulebook B3 example: a kingdom's first castle brings a neutral citizen, which is wild;
    Lucy places it on a yellow citizen space."""
    s = play(castle_position(), PickCastle(1), ChooseKingdom(MERCIA))
    assert s.phase == "neutral_space" and s.current == 0
    moves = legal_moves(s)
    yellow = PlaceCitizen(NORTHUMBRIA, 0, 1)  # the inn A-12: spaces blue, yellow
    purple = PlaceCitizen(MERCIA, 0, 0)  # the inn A-15: spaces purple, blue
    assert yellow in moves and purple in moves  # wild: any colour
    neutral = s.neutral
    s = play(s, yellow)
    assert s.players[0].kingdoms[NORTHUMBRIA].figures == ((0, 1, NEUTRAL),)
    assert s.neutral == neutral - 1
    assert s.current == 1 and s.phase == "action"


def test_castle_replacement_reuses_the_disc_as_a_shield() -> None:
    """Rulebook B example (and the Japanese edition: the prestige disc becomes a shield):
    Lucy pays 8 coins and replaces her Northumbria castle; the old castle returns to the
    display, its disc is moved for free to the new castle's shield space; no neutral citizen."""
    s = replace(game(("Lucy", "Bo")), current=0)
    s = with_kingdom(s, 0, NORTHUMBRIA, "prestige_space", castle="A-32", discs=[(CASTLE, PRESTIGE)])
    for row in (EAST_ANGLIA, MERCIA, WESSEX):
        s = with_kingdom(s, 0, row, "citizen_coin" if row == EAST_ANGLIA else "castle_min_7")
    s = with_kingdom(s, 0, WESSEX, "two_buildings", ["A-02"])  # an empty citizen space for a neutral
    s = with_display(s, ["A-33"])
    s = check_census(with_player(s, 0, coins=8))
    discs_before, neutral_before = s.supplies[4], s.neutral
    s = play(s, PickCastle(0), ChooseKingdom(NORTHUMBRIA))
    assert s.phase == "reuse_disc"
    assert legal_moves(s) == [
        PlaceDisc(NORTHUMBRIA, CASTLE, SHIELD),
        PlaceDisc(NORTHUMBRIA, CASTLE, PRESTIGE),
        Decline(),
    ]
    s = play(s, PlaceDisc(NORTHUMBRIA, CASTLE, SHIELD))
    lucy = s.players[0]
    k = lucy.kingdoms[NORTHUMBRIA]
    assert k.castle == cid(s, "A-33")
    assert k.discs == ((CASTLE, SHIELD),)
    assert s.display == (cid(s, "A-32"),)
    assert lucy.coins == 0
    assert s.supplies[4] == discs_before
    assert s.neutral == neutral_before and s.phase == "action" and s.current == 1
    assert score_breakdown(s, 0).kingdoms[NORTHUMBRIA].shields == 8 + 2
    check_census(s)


# --------------------------------------------------------------------------- solo examples


def test_vikings_score_18_in_northumbria() -> None:
    """Rulebook, End of the Game (Solo) example: 12 Viking helmets against your 11 shields in
    Northumbria, so the Vikings score it: 6 points per card x 3 cards = 18."""
    s = game(("Lucy",), seed=4)
    s = with_kingdom(s, 0, NORTHUMBRIA, "two_buildings", castle="A-34", discs=[(CASTLE, SHIELD)])
    # The green side of the Northumbria Viking card: 6 helmets, 6 coins per card; + 2 + 2 + 2 helmets.
    s = check_census(with_vikings(s, [["A-07", "A-09", "F-03"], [], [], []], red=[False, False, False, False]))
    row = viking_score(s).rows[NORTHUMBRIA]
    assert (row.helmets, row.your_shields, row.cards, row.coins_per_card) == (12, 11, 3, 6)
    assert row.scores and row.points == 18
    # One more shield (a church with 1 shield) and the helmets no longer exceed the shields.
    safer = with_kingdom(s, 0, NORTHUMBRIA, "two_buildings", ["A-24"], castle="A-34", discs=[(CASTLE, SHIELD)])
    row = viking_score(safer).rows[NORTHUMBRIA]
    assert row.your_shields == 12 and not row.scores and row.points == 0


def test_ship_moves_2_and_the_inn_goes_to_mercia() -> None:
    """Rulebook, Solo example: the card revealed after your building has 2 helmets, so the
    ship moves 2 cards clockwise; the active card (an inn) goes to Mercia, the row with the
    inn icon; then the market is replenished (and that refill does not move the ship, R18)."""
    s = game(("Lucy",), seed=5)
    s = with_market(s, ["A-01", "A-02", "A-05", "A-13", "A-03"])
    s = with_deck(s, ["A-06", "A-08"])  # A-06: 2 helmets; A-08 refills the Vikings' slot
    s = check_census(replace(s, ship=1))
    assert db_of(s).helmets[cid(s, "A-06")] == 2
    s = play(s, PickBuilding(0))
    s = play(s, legal_moves(s)[0])
    if s.phase == "supply":
        s = play(s, Decline())
    assert s.ship == 3
    assert s.vikings[MERCIA] == (cid(s, "A-13"),)
    assert s.market[0] == cid(s, "A-06")
    assert s.market[3] == cid(s, "A-08")
    assert s.phase == "action"
    check_census(s)


def test_vikings_turn_log() -> None:
    """Rulebook, Solo example told by the log: the ship moves 2, the Vikings take the inn into Mercia."""
    s = game(("Lucy",), seed=5)
    s = with_market(s, ["A-01", "A-02", "A-05", "A-13", "A-03"])
    s = replace(with_deck(s, ["A-06", "A-08"]), ship=1)
    s, events = play_logged(s, PickBuilding(0))
    s, more = play_logged(s, legal_moves(s)[0])
    events += more
    if s.phase == "supply":
        s, more = play_logged(s, Decline())
        events += more
    text = [words.past(e, ("Lucy",), db_of(s)) for e in events]
    assert "The Viking ship moves 2 to slot 4." in text
    assert "The Vikings take the Inn into Mercia." in text
    assert kinds(events).count("ship_moved") == 1
