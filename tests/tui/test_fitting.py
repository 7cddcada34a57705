"""One way of fitting text (issue 23.1): a cell too narrow for its text shortens the words, never a number."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text

from norsewind_tui.tui.fitting import squeeze, squeeze_text
from norsewind_tui.tui.screens.tutorial import LessonPanel, TutorialScreen

from .helpers import aio, make_app, new_game, playing, running, screen_text
from .screens import game_screen


@pytest.mark.parametrize(
    ("text", "width", "shown"),
    [
        ("Vik h11>s10 +21", 14, "V. h11>s10 +21"),  # issue 23.1: it was "Vik h11>s10 +2"
        ("Vik h11>s10 +21", 15, "Vik h11>s10 +21"),
        ("-7 (safe: 120)", 12, "-7 (s.: 120)"),
        ("-7 (safe: 120)", 10, "-7(s.:120)"),  # then the spaces go
        ("p12 x c10 = 120", 11, "p12xc10=120"),
        ("deck 23 reserve 5", 14, "deck 23 res. 5"),
        ("1 2 3", 3, "1 ~"),  # two numbers are never run together: cut, and marked as cut
    ],
)
def test_words_give_way_and_numbers_never_do(text: str, width: int, shown: str) -> None:
    assert squeeze(text, width) == shown


def test_a_squeezed_text_keeps_its_styles() -> None:
    text = Text("h11>s10 ")
    text.append("RISK", style="bold")
    out = squeeze_text(text, 11)
    assert out.plain == "h11>s10 RI."
    assert [(s.start, s.end, str(s.style)) for s in out.spans] == [(8, 11, "bold")]  # one span: one segment


@aio
async def test_the_last_lesson_reads_the_viking_row_from_the_game(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The last lesson named the Vikings' row as a 14-cell column showed it ("+2"); the game has 21."""
    monkeypatch.setenv("NORSEWIND_PLAYER", "Ana")
    app = make_app(saves, seed=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        said = ""
        while isinstance(app.screen, TutorialScreen) and not said.startswith("[The last decision]"):
            await pilot.pause()
            screen: Any = app.screen
            said = screen.query_one(LessonPanel).plain
            if not said.startswith("[The last decision]"):
                await pilot.press("n" if said.endswith("Press n to go on.") else "enter")
        assert "They score in East Anglia (Vik h11>s10 +21): put this disc" in said


@aio
async def test_the_log_shows_whole_entries_only(saves: Path) -> None:
    """Issue 23.13: at 80x24 the log could open on the wrapped second half of an entry."""
    from norsewind_tui.tui.widgets.log import GameLog

    app = make_app(saves, game=new_game(saves, ("Ana",), seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        log = app.screen.query_one(GameLog)
        height, width = log.size.height, log.size.width
        assert height >= 2
        long = "A long sentence " + "that goes on " * (width // 13 + 1) + "and ends here."  # two lines at this width
        log.add_line(long)
        for i in range(height - 1):
            log.add_line(f"Short entry {i + 1}.")
        await pilot.pause()
        shown = log.render().plain.split("\n")
        assert shown == [f"Short entry {i + 1}." for i in range(height - 1)]  # not "... and ends here." on top


@pytest.mark.parametrize(
    ("name", "width", "shown"),
    [
        ("Normal bot 2", 7, "N.bot 2"),  # issue 23.4: it was "Normal.", which hid the computer seat
        ("Normal bot 2", 9, "N. bot 2"),
        ("Normal bot 2", 5, "bot 2"),
        ("Anna Maria Lopez", 12, "A. M. Lopez"),
        ("Bartholomew-Alexandrinus", 16, "Bartholomew-Ale."),  # one word: its first cells and a full stop
        ("Bartholomew-Alexandrinus", 7, "Bartho."),
    ],
)
def test_one_way_of_shortening_a_name(name: str, width: int, shown: str) -> None:
    from norsewind_tui.tui.text import short_name

    assert short_name(name, width) == shown


@aio
async def test_the_top_line_keeps_the_computer_seats_and_names_whose_kingdoms_are_shown(saves: Path) -> None:
    """Issues 23.4 and 23.18: at 80 columns "Normal bot 2" was "Normal.", and only ">Bar..." said whose
    kingdoms the rows are."""
    names = ("Bartholomew-Alexandrinus", "Normal bot 2", "Normal bot 3", "Normal bot 4")
    async with playing(saves, names, 1, computers=dict.fromkeys(names[1:], "normal")) as (_game, app, pilot):
        await pilot.pause()
        top = screen_text(app).splitlines()[0]
        assert all(f"bot {seat} " in top for seat in (2, 3, 4)), top  # each a computer seat still
    solo = new_game(saves, ("Ana",), seed=5)  # no castle on display: the counts are on its line
    async with running(saves, solo) as (app, pilot):
        await pilot.pause()
        top = screen_text(app).splitlines()[0]
        assert ">Ana 6$ " in top and "pt (kingdoms below)  Vikings 0pt" in top, top
    hot_seat = new_game(saves, ("Player 1", "Player 2"), seed=5)  # the new-game page's default names
    async with running(saves, hot_seat) as (app, pilot):
        await pilot.pause()
        top = screen_text(app).splitlines()[0]
        mover = game_screen(app).game.state.current
        assert re.search(rf">Player {mover + 1} \d+\$ -?\d+pt \(kingdoms below\)", top), top
        assert top.count("(kingdoms below)") == 1, top
