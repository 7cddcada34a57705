"""Refusals, configurations and prompts in words (``words.refusal``, ``config_problem``, ``prompt``).

The reasons quote the rulebook's own limits (The Kingdom Tiles: "a maximum of 2 buildings", "the
castle must cost at least 7 coins", "pay 1 coin to build buildings with >= 3 Viking helmets") and
the rulings they come from (R12, R13, R23, R24).
"""

from __future__ import annotations

from typing import get_args

import msgspec
import pytest

from norsewind_tui import words
from norsewind_tui.rules import (
    ChooseKingdom,
    ConfigError,
    ConfigProblem,
    GameConfig,
    IllegalMove,
    PickBuilding,
    Refusal,
    apply,
    default_cards,
    new_game,
)
from norsewind_tui.rules.refusals import KingdomCode, MoveCode
from norsewind_tui.rules.scoring import KingdomScore

DB = default_cards()
INN, CASTLE_10 = DB.index_of["A-12"], DB.index_of["A-35"]
MERCIA = 2

KINGDOMS: list[tuple[Refusal, str]] = [
    (Refusal("red_two_buildings", MERCIA), "Mercia has a red tile: at most 2 buildings"),
    (Refusal("four_buildings", MERCIA), "Mercia already has 4 buildings"),
    (
        Refusal("red_different_types", MERCIA, kind="inn"),
        "Mercia has a red tile: every building must be of a different type (it has a inn)",
    ),
    (
        Refusal("red_helmet_tax", MERCIA, INN, 4, 3),
        "Mercia has a red tile: this costs 4 (1 for 3+ helmets); you have 3",
    ),
    (Refusal("cost", MERCIA, INN, 3, 1), "the Inn costs 3; you have 1"),
    (Refusal("red_castle_min_7", MERCIA, CASTLE_10), "Mercia has a red tile: its castle must cost at least 7"),
    (Refusal("castle_cost", cost=10, coins=1), "the castle costs 10; you have 1"),
    (Refusal("start_helmet_tax", MERCIA, INN, 1, 0), "Mercia has a red tile: this costs 1 (3+ helmets); you have 0"),
]
MOVES: list[tuple[Refusal, str]] = [
    (Refusal("over"), "the game is over"),
    (Refusal("slot_empty"), "that market slot is empty"),
    (
        Refusal("building_fits_nowhere", card=INN, reasons=(KINGDOMS[0][0], KINGDOMS[4][0])),
        "the Inn fits no kingdom: Mercia has a red tile: at most 2 buildings; the Inn costs 3; you have 1",
    ),
    (Refusal("no_such_castle"), "there is no such castle in the display"),
    (
        Refusal("just_returned", card=CASTLE_10),
        "that castle was just returned to the display: it can be bought again after the market is next refilled",
    ),
    (
        Refusal("castle_fits_nowhere", card=CASTLE_10, reasons=(KINGDOMS[6][0],)),
        "that castle fits no kingdom: the castle costs 10; you have 1",
    ),
    (Refusal("already_refreshed"), "the market was already refreshed this turn"),
    (
        Refusal("refresh_not_allowed"),
        "a refresh is allowed only when you can afford no building in the market (R12)",
    ),
    (Refusal("pass_not_allowed"), "you may pass only when no action is possible (R13)"),
    (Refusal("no_such_kingdom"), "there are only 4 kingdoms"),
    (Refusal("kingdom", MERCIA), "not allowed"),
    (
        Refusal("not_next_to_slot"),
        "you may take only from a supply next to the slot you took the card from",
    ),
    (Refusal("supply_empty"), "that supply is empty"),
    (Refusal("no_disc_space"), "you have no space you can pay for to put an upgrade disc on"),
    (Refusal("no_citizen_space", colour=1), "you have no empty yellow citizen space"),
    (Refusal("space_taken"), "that space is taken or does not match the citizen's colour"),
    (Refusal("reuse_castle_only"), "a replaced castle's disc can go only on the new castle"),
    (
        Refusal("disc_space_bad"),
        "that space is taken, does not exist, or you cannot pay for it (prestige costs 2)",
    ),
    (Refusal("other_decision", phase="supply"), "now you must take from a supply next to the slot, or decline"),
]


@pytest.mark.parametrize(("why", "text"), KINGDOMS + MOVES)
def test_every_refusal_in_words(why: Refusal, text: str) -> None:
    assert words.refusal(why, DB) == text


def test_every_code_is_worded() -> None:
    codes = {why.code for why, _ in KINGDOMS + MOVES}
    assert codes == set(get_args(KingdomCode)) | set(get_args(MoveCode))


def test_plainly_a_card_refused_only_for_its_price() -> None:
    """The game screen says a price plainly; any other reason is said as it is."""
    only_price = MOVES[5][0]
    assert words.refusal(only_price, DB, plain=True) == "that castle costs 10 and you have 1: you cannot pay for it"
    inn = Refusal("building_fits_nowhere", card=INN, reasons=(KINGDOMS[4][0],))
    assert words.refusal(inn, DB, plain=True) == "the Inn costs 3 and you have 1: you cannot pay for it"
    assert words.refusal(MOVES[2][0], DB, plain=True) == MOVES[2][1]  # a red tile too: the whole reason


def test_the_refusal_is_data_the_exception_carries() -> None:
    state = new_game(GameConfig(players=("Lucy", "Bo")), 7)
    with pytest.raises(IllegalMove) as info:
        apply(state, ChooseKingdom(0))
    assert info.value.refusal == Refusal("other_decision", phase="action")
    assert words.error(info.value, DB) == "now you must pick a building, a castle, refresh or pass"
    assert msgspec.json.decode(str(info.value)) == {"code": "other_decision", "phase": "action"}  # no English


@pytest.mark.parametrize(
    ("config", "problem", "text"),
    [
        (GameConfig(players=()), ConfigProblem("player_count", 0), "Norsewind is for 1 to 4 players, not 0"),
        (GameConfig(players=("A",), level=8), ConfigProblem("solo_level", 8), "solo level must be 1 to 7, not 8"),
        (GameConfig(players=("A",), random_tiles=True), ConfigProblem("solo_random_tiles"), words.R24),
        (GameConfig(players=("A", " ")), ConfigProblem("unnamed_player"), "every player needs a name"),
    ],
)
def test_configurations_in_words(config: GameConfig, problem: ConfigProblem, text: str) -> None:
    with pytest.raises(ConfigError) as info:
        new_game(config, 1)
    assert info.value.problem == problem
    assert words.config_problem(problem) == text == words.error(info.value)
    assert words.R24 == (
        "variant 2 (4 random kingdom tiles) does not apply to solo: the level table fixes the tiles (R24)"
    )


def test_the_prompt_of_each_decision() -> None:
    state = new_game(GameConfig(players=("Lucy", "Bo")), 7)
    assert words.prompt(state) == "Lucy: take a building from the market (A) or a castle from the display (B)."
    assert words.prompt(state, ("Lu.", "Bo")) == (
        "Lu.: take a building from the market (A) or a castle from the display (B)."
    )
    building = apply(state, PickBuilding(0))
    card = DB.name(building.held)
    assert words.prompt(building) == f"Lucy: choose the kingdom for the {card}."
    start = new_game(GameConfig(players=("Lucy", "Bo"), start_choice=True), 7)
    first = DB.name(start.players[start.current].start_card)
    assert (
        words.prompt(start)
        == f"{start.players[start.current].name}: choose the kingdom for your starting card ({first})."
    )
    at = msgspec.structs.replace
    assert words.prompt(at(state, phase="castle_kingdom", held=CASTLE_10)) == (
        "Lucy: choose the kingdom for the castle (cost 10)."
    )
    assert words.prompt(at(state, phase="supply", slot=4)) == (
        "Lucy: take a citizen or disc from a supply next to slot 5, or decline."
    )
    assert words.prompt(at(state, phase="citizen_space", taken=3)) == "Lucy: choose a space for the red citizen."
    assert words.prompt(at(state, phase="disc_space")) == (
        "Lucy: choose a space for the disc (prestige 2 coins; shield free, 1 on a green tile)."
    )
    assert words.prompt(at(state, phase="reuse_disc", row=MERCIA)) == (
        "Lucy: move a disc of the old castle of Mercia to the new one, or return it."
    )
    assert words.prompt(at(state, phase="neutral_space")) == (
        "Lucy: choose an empty citizen space for the neutral citizen."
    )
    assert words.prompt(at(state, phase="over")) == "The game is over."


def test_a_kingdoms_score_in_a_preview() -> None:
    """Rulebook, The End of the Game: shields at least the helmets score prestige x citizens, else -7."""
    safe = KingdomScore(MERCIA, "Mercia", 2, 3, 1, 2, True, 2)
    assert words.kingdom_then(safe) == "Mercia then: h2<=s3 safe, p1 x c2 = 2 points."
    risk = KingdomScore(MERCIA, "Mercia", 4, 0, 0, 0, False, -7)
    assert words.kingdom_then(risk) == "Mercia then: h4>s0 at risk, -7 points."
