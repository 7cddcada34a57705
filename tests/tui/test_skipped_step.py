"""A step the rules skip is said (issue 23.11): no supply next to the slot has a citizen or disc to place.

Seed 1, solo level 1, the first legal decision each time: the 14th decision puts the building
taken from slot 1 in a kingdom, and neither supply next to slot 1 has anything that fits.
"""

from __future__ import annotations

from pathlib import Path

from norsewind_tui import words
from norsewind_tui.rules import GameConfig, apply_logged, cards_for, legal_moves, new_game
from norsewind_tui.rules.moves import ChooseKingdom, Move
from norsewind_tui.tui.widgets.log import GameLog

from .helpers import aio, running, shown
from .helpers import new_game as saved_game

SAID = "Ana can take no citizen or disc: the supplies next to slot 1 have none to place."


def first_moves(count: int) -> list[Move]:
    state = new_game(GameConfig(players=("Ana",), level=1), 1)
    moves: list[Move] = []
    for _ in range(count):
        move = legal_moves(state)[0]
        state, _ = apply_logged(state, move)
        moves.append(move)
    return moves


def test_the_rules_report_the_skipped_step_with_its_slot() -> None:
    state = new_game(GameConfig(players=("Ana",), level=1), 1)
    for move in first_moves(13):
        state, _ = apply_logged(state, move)
    assert state.phase == "building_kingdom" and state.slot == 0
    move = legal_moves(state)[0]
    after, events = apply_logged(state, move)
    assert [e.kind for e in events][:2] == ["placed", "no_supply"]
    assert after.phase != "supply"  # the step is skipped: the Vikings play
    skipped = next(e for e in events if e.kind == "no_supply")
    assert words.past(skipped, ("Ana",), cards_for(state)) == SAID


@aio
async def test_the_status_line_and_the_log_say_the_skipped_step(saves: Path) -> None:
    game = saved_game(saves, ("Ana",), seed=1)
    for move in first_moves(13):
        game.push(move)
    last = legal_moves(game.state)[0]
    assert isinstance(last, ChooseKingdom)
    async with running(saves, game) as (app, pilot):
        await pilot.pause()
        await pilot.press(str(last.row + 1))
        text = await shown(pilot)
        assert game.session.position == 14
        assert SAID in " ".join(line.strip() for line in text.splitlines())  # the status line (it may wrap)
        assert SAID in app.screen.query_one(GameLog).plain_lines  # and the log keeps it
