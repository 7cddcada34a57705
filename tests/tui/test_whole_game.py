"""The whole game can be seen (issue 11 section 6): the Viking display, the score pad's board and log, resizing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from norsewind_tui.rules import legal_moves
from norsewind_tui.rules.scoring import viking_score
from norsewind_tui.tui.screens.dialogs import LogScreen
from norsewind_tui.tui.screens.vikings import VikingScreen, viking_lines

from .helpers import aio, footer_line, new_game, running, screen_text
from .layout import LONG_NAMES, layout_problems
from .screens import on_screen


def solo_game(saves: Path, decisions: int = 30) -> Any:
    game = new_game(saves, LONG_NAMES[:1], seed=7)
    for i in range(decisions):
        moves = legal_moves(game.state)
        game.push(moves[i % len(moves)])
    return game


def test_each_viking_card_in_words(saves: Path) -> None:
    game = solo_game(saves)
    state = game.state
    db = game.store.cards
    lines = viking_lines(state, db)
    vs = viking_score(state)
    assert lines[0] == f"The Vikings score {vs.total} points if the game ended now."
    for row, r in enumerate(vs.rows):
        card = db.vikings[row]
        side = card.red if state.viking_red[row] else card.green
        head = next(line for line in lines if line.startswith(f"{row + 1} {r.name}: "))
        assert f"{side.helmets} helmet" in head and f"{side.coins} coin" in head and "per card taken" in head
        took = lines[lines.index(head) + 1]
        assert took.count("(") == len(state.vikings[row]) or took.endswith("nothing yet")
        threat = lines[lines.index(head) + 2]
        assert threat.startswith(f"  {r.helmets} helmet")
        assert (f"they score {r.points} " in threat) == (r.scores and r.cards > 0)
        assert threat.endswith("no card taken yet, nothing to score") == (r.cards == 0)


@aio
async def test_tab_and_v_open_the_viking_display_in_solo(saves: Path) -> None:
    game = solo_game(saves)
    async with running(saves, game) as (app, pilot):
        for key in ("tab", "v"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, VikingScreen)
            text = screen_text(app)
            assert "Viking display" in text and "per card taken" in text and "took: " in text
            assert not layout_problems(app)
            await pilot.press("escape")
            await pilot.pause()
            assert type(app.screen).__name__ == "GameScreen"
        await pilot.press("question_mark")
        await pilot.pause()
        assert "the Viking display" in screen_text(app)  # help names the key


@aio
async def test_resizing_back_gives_the_fresh_layout(saves: Path) -> None:
    game = solo_game(saves, 12)
    async with running(saves, game) as (app, pilot):
        await pilot.pause()
        fresh, picture = screen_text(app), app.export_screenshot()
        await pilot.resize_terminal(120, 36)
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert screen_text(app) == fresh
        assert app.export_screenshot() == picture  # the same snapshot, colours included


@aio
async def test_the_score_pad_opens_the_final_board_and_the_whole_log(saves: Path) -> None:
    from norsewind_tui.tui.screens.end import log_lines
    from norsewind_tui.tui.screens.final_board import FinalBoardScreen

    game = new_game(saves, LONG_NAMES[:2], seed=3)
    while not game.state.is_over:
        game.push(legal_moves(game.state)[0])
    async with running(saves, game) as (app, pilot):
        await pilot.pause()
        assert type(app.screen).__name__ == "EndScreen"
        footer = await footer_line(pilot)
        assert "b Board" in footer and "L Log" in footer
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, FinalBoardScreen)
        assert "Bartholomew-Ale.'s kingdoms as the game ended." in screen_text(app)
        assert "Northumbria" in screen_text(app) and not layout_problems(app)
        await pilot.press("tab")
        await pilot.pause()
        assert "Cunegonde-Wilhe.'s kingdoms as the game ended." in screen_text(app)
        await pilot.press("escape", "L")
        await pilot.pause()
        assert type(app.screen).__name__ == "LogScreen"
        shown = on_screen(app, LogScreen).lines
        assert shown == log_lines(game) and shown[-1] == "The game is over."
