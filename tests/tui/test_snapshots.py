"""Snapshots of every screen at 80x24 and 120x40 (fixed seeds, fixed names, no clock).

Update them after a deliberate change of the look with ``pytest tests/tui --snapshot-update``
and look at the report before committing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Select

from norsewind_tui.tui.app import NorsewindApp

from .helpers import make_app, new_game

SIZES = [(80, 24), (120, 40)]
Compare = Callable[..., bool]


def _fixed_dates(app: NorsewindApp) -> None:
    """The saves list shows when each game was saved: pin it for the picture."""
    original = app.context.own_games

    def listing() -> list[Any]:
        return [dataclasses.replace(g, updated=datetime(2026, 1, 2, 10, 0, tzinfo=UTC)) for g in original()]

    app.context.own_games = listing  # type: ignore[method-assign]


def _finished(saves: Path, names: tuple[str, ...], seed: int) -> Any:
    """A game played to its end with the first legal move each time."""
    from norsewind_tui.rules import legal_moves

    game = new_game(saves, names, seed=seed)
    while not game.state.is_over:
        game.push(legal_moves(game.state)[0])
    return game


@pytest.mark.parametrize("size", SIZES)
def test_title(snap_compare: Compare, saves: Path, size: tuple[int, int]) -> None:
    assert snap_compare(make_app(saves), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_new_game(snap_compare: Compare, saves: Path, size: tuple[int, int]) -> None:
    assert snap_compare(make_app(saves), press=["n"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_new_game_four_players(snap_compare: Compare, saves: Path, size: tuple[int, int]) -> None:
    async def four(pilot: Pilot[Any]) -> None:
        await pilot.press("n")
        pilot.app.screen.query_one("#player-count", Select).value = 4
        await pilot.pause()

    assert snap_compare(make_app(saves), run_before=four, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_game_solo(snap_compare: Compare, saves: Path, size: tuple[int, int]) -> None:
    game = new_game(saves, ("Astrid",), seed=101, level=3)
    assert snap_compare(make_app(saves, game=game), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_game_solo_choosing_a_space(snap_compare: Compare, saves: Path, size: tuple[int, int]) -> None:
    from norsewind_tui.rules import legal_moves

    game = new_game(saves, ("Astrid",), seed=101, level=3)
    while game.state.phase not in ("citizen_space", "disc_space"):
        moves = legal_moves(game.state)
        takes = [m for m in moves if type(m).__name__ == "TakeFrom"]
        game.push(takes[0] if takes else moves[0])
    assert snap_compare(make_app(saves, game=game), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_game_hot_seat_four_players(snap_compare: Compare, saves: Path, size: tuple[int, int]) -> None:
    game = new_game(saves, ("Ana", "Bjorn", "Cyneric", "Dagny"), seed=102)
    assert snap_compare(make_app(saves, game=game), press=["2"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_end_solo(snap_compare: Compare, saves: Path, size: tuple[int, int]) -> None:
    game = _finished(saves, ("Astrid",), seed=103)
    assert snap_compare(make_app(saves, game=game), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_end_two_players(snap_compare: Compare, saves: Path, size: tuple[int, int]) -> None:
    game = _finished(saves, ("Ana", "Bjorn"), seed=104)
    assert snap_compare(make_app(saves, game=game), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_help(snap_compare: Compare, saves: Path, size: tuple[int, int]) -> None:
    game = new_game(saves, ("Astrid",), seed=101)
    assert snap_compare(make_app(saves, game=game), press=["question_mark"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_resume(snap_compare: Compare, saves: Path, size: tuple[int, int]) -> None:
    from norsewind_tui.rules import GameConfig
    from norsewind_tui.storage.context import AppContext
    from norsewind_tui.storage.format import SeatMeta

    context = AppContext.at(str(saves), profile="tester")
    for name, players in (("solo-game", ("Astrid",)), ("table-of-three", ("Ana", "Bjorn", "Cyneric"))):
        seats = [SeatMeta(n) for n in players]
        context.new_game(GameConfig(players=players), 7, seats, name=name).close()
    app = make_app(saves)
    _fixed_dates(app)
    assert snap_compare(app, press=["r"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_campaign(snap_compare: Compare, saves: Path, size: tuple[int, int]) -> None:
    assert snap_compare(make_app(saves), press=["c"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_progress(snap_compare: Compare, saves: Path, size: tuple[int, int]) -> None:
    assert snap_compare(make_app(saves), press=["p"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_undo_confirmation(snap_compare: Compare, saves: Path, size: tuple[int, int]) -> None:
    from norsewind_tui.rules import legal_moves

    game = new_game(saves, ("Astrid",), seed=105)
    while game.state.turn == 1:
        game.push(legal_moves(game.state)[0])
    assert snap_compare(make_app(saves, game=game), press=["u"], terminal_size=size)


def test_too_small(snap_compare: Compare, saves: Path) -> None:
    game = new_game(saves, ("Astrid",), seed=101)
    assert snap_compare(make_app(saves, game=game), terminal_size=(70, 20))
