"""A game started in line mode resumes in the full-screen app, and back (issue 29): the same saves,
through the same game handle; each mode sees the other's decisions."""

from __future__ import annotations

import asyncio
from pathlib import Path

from norsewind_tui.options import Options
from norsewind_tui.storage.context import AppContext
from norsewind_tui.tui.app import NorsewindApp

from .pty_lines import APP, LinePty, line_env


def _lines_session(saves: Path, then: list[str]) -> LinePty:
    """The line mode: a new solo game for Ana, then ``then`` typed at each decision asked."""
    pty = LinePty([*APP, "play", "--lines", "--seed", "5"], line_env(saves, "ana"))
    for question, answer in (("Choose 1 to 10", "2"), ("Choose 1 to 4", "1"), ("Choose 1 (Enter", "")):
        pty.expect_text(question)  # a new game, solo, level 1
        pty.send(answer)
    pty.expect_text("Player 1's name")
    pty.send("Ana")
    for answer in then:
        pty.ask()
        pty.send(answer)
    return pty


async def _one_decision_in_the_app(saves: Path, name: str) -> None:
    library = AppContext.at(str(saves), profile="ana")
    game = library.games.open(name)
    app = NorsewindApp(library, game=game, seed=5, computer_delay=0.0, theme="norsewind")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = game.session.position
        await pilot.press("enter")  # the cursor's choice: the first legal one
        assert game.session.position == before + 1
    game.close()


def test_lines_then_the_app_then_lines(saves: Path) -> None:
    pty = _lines_session(saves, ["1", "1", "quit"])
    try:
        saved = pty.expect_text("Your game is saved as ")
        assert pty.finish() == 0
    finally:
        pty.close()
    name = pty.lines[saved].removeprefix("Your game is saved as ").split(":")[0]

    asyncio.run(_one_decision_in_the_app(saves, name))
    context = AppContext(Options(saves=str(saves)))
    with context.games.open(name, read_only=True) as game:
        assert game.session.position == 3
        last = game.session.events[2]

    again = LinePty([*APP, "play", "--lines"], line_env(saves, "ana"))
    try:
        again.expect_text("Choose 1 to 10")
        again.send("3")  # resume
        again.expect_text("Choose 1 to 2")
        again.send("1")
        again.expect_text(f"Resuming {name} at turn ")
        again.ask()
        again.send(f"log {len(last)}")  # the app's decision, in the log
        told = again.expect_text("Choose 1")
        assert len(again.lines[told - len(last) : told]) == len(last)
        assert again.lines[told - len(last)].startswith("Ana ")
        again.send("quit")
        assert again.finish() == 0
    finally:
        again.close()
    with context.games.open(name, read_only=True) as game:
        assert game.session.position == 3  # words changed nothing
