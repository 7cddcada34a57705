"""Events in words (``words.past``, ``future``, ``short``): the log, the previews, the summaries.

Where the rulebook tells an example, the log tells it the same way (rulebook, A) Acquire a
Building, 1 and 2: Lucy takes the inn, pays 2 coins and gains 6 coins for 3 ships).
"""

from __future__ import annotations

from typing import get_args

import pytest

from norsewind_tui import words
from norsewind_tui.rules import Event, default_cards
from norsewind_tui.rules.events import EventKind
from norsewind_tui.rules.state import CASTLE, DISCS, TILE

DB = default_cards()
INN, SHIP, CASTLE_7 = DB.index_of["A-13"], DB.index_of["A-18"], DB.index_of["A-32"]
EAST_ANGLIA, MERCIA, NORTHUMBRIA, WESSEX = 1, 2, 0, 3
NAMES = ("Lucy", "Bo")

# One event of every kind a player makes: the log's sentence, then the preview's.
PLAYERS: list[tuple[Event, str, str]] = [
    (Event("took_building", 0, INN, slot=0), "Lucy took the Inn from slot 1.", "you take the Inn from slot 1."),
    (
        Event("placed", 0, INN, EAST_ANGLIA, value=2),
        "Lucy placed the Inn in East Anglia, paid 2.",
        "you place the Inn in East Anglia, paying 2.",
    ),
    (Event("placed", 0, SHIP, MERCIA), "Lucy placed the Ship in Mercia.", "you place the Ship in Mercia."),
    (
        Event("income", 0, row=EAST_ANGLIA, value=6, extra=3, what="ship"),
        "Lucy gained 6 coins for 3 ships.",
        "you gain 6 coins for 3 ships.",
    ),
    (
        Event("income", 0, row=MERCIA, value=1, extra=1, what="inn"),
        "Lucy gained 1 coin for 1 inn.",
        "you gain 1 coin for 1 inn.",
    ),
    (
        Event("ship_coins", 0, SHIP, MERCIA, value=3),
        "Lucy gained 3 coins from the ship.",
        "you gain 3 coins from the ship.",
    ),
    (
        Event("fourth_bonus", 0, row=WESSEX, value=5),
        "Lucy gained 5 coins for a 4th building in Wessex.",
        "you gain 5 coins for a 4th building in Wessex.",
    ),
    (
        Event("citizen_bonus", 0, row=WESSEX, value=1),
        "Lucy gained 1 coin for a citizen in Wessex.",
        "you gain 1 coin for a citizen in Wessex.",
    ),
    (
        Event("took_castle", 0, CASTLE_7, slot=0),
        "Lucy took the castle (cost 7) from the castle display.",
        "you take the castle (cost 7) from the castle display.",
    ),
    (
        Event("took_supply", 0, slot=2, value=2),
        "Lucy took a blue citizen from the B supply.",
        "you take a blue citizen from the B supply.",
    ),
    (
        Event("took_supply", 0, slot=4, value=DISCS),
        "Lucy took an upgrade disc from the D supply.",
        "you take an upgrade disc from the D supply.",
    ),
    (Event("declined", 0), "Lucy took no citizen or disc.", "you take no citizen or disc."),
    (
        Event("citizen", 0, row=WESSEX, holder=0, what="blue"),
        "Lucy put a blue citizen on building 1 of Wessex.",
        "you put a blue citizen on building 1 of Wessex.",
    ),
    (
        Event("citizen", 0, row=MERCIA, holder=TILE, what="neutral"),
        "Lucy put a neutral citizen on the kingdom tile of Mercia.",
        "you put a neutral citizen on the kingdom tile of Mercia.",
    ),
    (
        Event("disc", 0, row=NORTHUMBRIA, holder=CASTLE, what="prestige", value=2),
        "Lucy put a disc prestige side up on the castle in Northumbria, paid 2.",
        "you put a disc prestige side up on the castle in Northumbria, paying 2.",
    ),
    (
        Event("replaced", 0, CASTLE_7, NORTHUMBRIA),
        "Lucy replaced the castle in Northumbria; it returns to the castle display.",
        "you replace the castle in Northumbria; it returns to the castle display.",
    ),
    (
        Event("disc_returned", 0),
        "Lucy returned a disc of the old castle to the supply.",
        "you return a disc of the old castle to the supply.",
    ),
    (
        Event("no_neutral", 0),
        "Lucy has no empty citizen space: no neutral citizen.",
        "you have no empty citizen space: no neutral citizen.",
    ),
    (  # issue 23.11: the citizen/disc step skipped for want of anything to place
        Event("no_supply", 0, slot=4),
        "Lucy can take no citizen or disc: the supplies next to slot 5 have none to place.",
        "you can take no citizen or disc: the supplies next to slot 5 have none to place.",
    ),
    (
        Event("refresh", 0),
        "Lucy could afford no building: the market was refreshed.",
        "you refresh the market: you can afford no building.",
    ),
    (Event("pass", 0), "Lucy could take no action and passed.", "you pass: no action is possible."),
    (
        Event("start_card", 0, SHIP, MERCIA),
        "Lucy put the starting card (Ship) in Mercia.",
        "you put the starting card (Ship) in Mercia.",
    ),
]
# The events that are no player's decision: the same sentence in the log and in a preview.
NO_ONES: list[tuple[Event, str]] = [
    (Event("revealed", card=INN, slot=3), "The Inn was revealed into slot 4."),
    (Event("castle_revealed", card=CASTLE_7), "A castle (cost 7) was revealed to the castle display."),
    (
        Event("castle_discarded", card=CASTLE_7),
        "The castle display is full: the leftmost castle (cost 7) is discarded.",
    ),
    (Event("end_triggered"), "The draw deck is exhausted: the end of the game is triggered."),
    (Event("all_passed"), "Nobody can act any more: the end of the game is triggered."),
    (Event("ship_moved", value=2, slot=3), "The Viking ship moves 2 to slot 4."),  # rulebook, Solo example
    (Event("vikings_took", card=INN, row=MERCIA, slot=3), "The Vikings take the Inn into Mercia."),
    (Event("vikings_nothing"), "The Viking ship is over an empty slot: the Vikings take nothing."),
    (Event("game_over"), "The game is over."),
]


@pytest.mark.parametrize(("event", "logged", "previewed"), PLAYERS)
def test_a_players_event_in_the_past_and_the_future(event: Event, logged: str, previewed: str) -> None:
    assert words.past(event, NAMES, DB) == logged
    assert words.future(event, NAMES, DB, mover=0) == previewed
    assert words.future(event, NAMES, DB, mover=1) == logged  # someone else's: told as it happened


@pytest.mark.parametrize(("event", "logged"), NO_ONES)
def test_no_ones_events_read_the_same_in_a_preview(event: Event, logged: str) -> None:
    assert words.past(event, NAMES, DB) == logged
    assert words.future(event, NAMES, DB, mover=0) == logged
    assert words.predicate(event, DB, "past") is None


def test_every_kind_of_event_is_worded() -> None:
    kinds = set(get_args(EventKind))
    assert {e.kind for e, *_ in PLAYERS} | {e.kind for e, _ in NO_ONES} == kinds


def test_someone_not_at_the_table_and_the_short_form() -> None:
    assert words.past(Event("declined", 5), NAMES, DB) == "Someone took no citizen or disc."
    assert words.short(Event("took_building", 0, INN, slot=0), DB) == "took the Inn"
    assert words.short(Event("took_castle", 0, CASTLE_7, slot=2), DB) == "took the castle (cost 7)"
    assert words.short(Event("pass", 0), DB) == "could take no action and passed"
    assert words.short(Event("game_over"), DB) == "The game is over"
