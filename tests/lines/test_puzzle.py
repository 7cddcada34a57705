"""``norsewind puzzle --lines`` (issue 43): the position, the choices, one try, the answer."""

from __future__ import annotations

from pathlib import Path

from puzzles.fixtures import decision

from norsewind_tui import puzzles
from norsewind_tui.storage.daily import utc_today
from norsewind_tui.storage.puzzles import PuzzleBook

from .pty_lines import APP, LinePty, line_env


def test_the_puzzle_command_asks_once_and_answers(saves: Path) -> None:
    found = puzzles.from_truth(decision(2))
    assert found is not None
    book = PuzzleBook(saves)
    book.add([found])
    assert book.daily(utc_today(), []) == found  # today's (whatever the shipped ones are)
    shown = puzzles.daily(book, "ana", utc_today())
    assert shown is not None
    right = [c.move for c in shown.order].index(found.answer) + 1
    pty = LinePty([*APP, "puzzle", "--lines"], line_env(saves, "ana", USER="ana", LOGNAME="ana"))
    try:
        pty.expect_text(f"Puzzle of {utc_today().isoformat()}, from the shipped games")
        pty.expect_text("Find the better decision (one try).")
        pty.expect_text("Choose 1 to 3")
        pty.send(str(right))
        pty.expect_text("Right: that is the better decision.")
        pty.expect_text("puzzles: rating ")
    finally:
        pty.close()
    assert book.tried("ana", found.id) is not None


def test_the_menu_offers_the_puzzle_and_comes_back_after_it(saves: Path) -> None:
    found = puzzles.from_truth(decision(2))
    assert found is not None
    PuzzleBook(saves).add([found])
    assert PuzzleBook(saves).daily(utc_today(), []) == found
    pty = LinePty([*APP, "play", "--lines"], line_env(saves, "ana", USER="ana", LOGNAME="ana"))
    try:
        pty.expect_text("8. Today's puzzle (find the better decision, the same for every player).")
        pty.expect_text("Choose 1 to 10")
        pty.send("8")
        pty.expect_text("Find the better decision (one try).")
        pty.send("1")
        pty.expect_text("The rollouts (200 shared deals each, played to the end):")
        pty.expect_text("puzzles: rating ")
        pty.expect_text("Choose 1 to 10")  # the menu again
        pty.send("8")  # one try: the answer again, no question
        pty.expect_text("The rollouts (200 shared deals each, played to the end):")
    finally:
        pty.close()
