"""The computers' turns for the status line (``words.computers_summary``), longest first.

Issue 23 point 12: when the whole story does not fit, the summary keeps where each card went
("took the Blacksmith into Mercia") before it shrinks to what was taken.
"""

from __future__ import annotations

from norsewind_tui import words
from norsewind_tui.rules import Event, default_cards

DB = default_cards()
SMITH, CASTLE_7 = DB.index_of["A-07"], DB.index_of["A-32"]
NAMES = ("Ana", "Normal bot 2", "Normal bot 3")
MERCIA, WESSEX = 2, 3


def test_the_summary_from_the_whole_story_to_who_played() -> None:
    assert DB.name(SMITH) == "Blacksmith"
    events = [
        Event("took_building", 1, SMITH, slot=1),
        Event("placed", 1, SMITH, MERCIA),
        Event("income", 1, row=MERCIA, value=2, extra=2, what="blacksmith"),
        Event("took_supply", 1, slot=2, value=0),  # said by the citizen that follows
        Event("citizen", 1, row=MERCIA, holder=0, what="purple"),
        Event("revealed", card=SMITH, slot=1),  # no one's doing
        Event("took_castle", 2, CASTLE_7, slot=0),
        Event("placed", 2, CASTLE_7, WESSEX, value=7),
    ]
    assert words.computers_summary(events, NAMES, DB) == [
        "Normal bot 2 (computer): took the Blacksmith from slot 2; placed the Blacksmith in Mercia; "
        "put a purple citizen on building 1 of Mercia; gained 2 coins. "
        "Normal bot 3 (computer): took the castle (cost 7) from the castle display; "
        "placed the Castle in Wessex, paid 7.",
        "Computers: Normal bot 2 took the Blacksmith into Mercia; Normal bot 3 took the castle (cost 7) into Wessex. "
        "L shows the log.",
        "Computers: Normal bot 2 took the Blacksmith; Normal bot 3 took the castle (cost 7). L shows the log.",
        "Normal bot 2 and Normal bot 3 played (L shows the log).",
    ]


def test_a_turn_that_placed_no_card_has_no_kingdom_to_keep() -> None:
    events = [Event("pass", 1), Event("ship_moved", value=0, slot=2)]
    assert words.computers_summary(events, NAMES, DB) == [
        "Normal bot 2 (computer): could take no action and passed.",
        "Computers: Normal bot 2 could take no action and passed. L shows the log.",
        "Normal bot 2 played (L shows the log).",
    ]
