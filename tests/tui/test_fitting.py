"""One way of fitting text (issue 23.1): a cell too narrow for its text shortens the words, never a number."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.text import Text

from norsewind_tui.tui.fitting import squeeze, squeeze_text
from norsewind_tui.tui.screens.tutorial import LessonPanel, TutorialScreen

from .helpers import aio, make_app


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
    assert sorted(i for s in out.spans if str(s.style) == "bold" for i in range(s.start, s.end)) == [8, 9, 10]


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
