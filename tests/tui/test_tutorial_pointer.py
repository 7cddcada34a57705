"""The lesson's pointer (issue 14): reverse video on exactly the part of the board a lesson names.

A lesson names a widget (``market``, ``castles``, ``kingdoms``...) or one kingdom row
(``kingdoms:N``); the test reads the screen as the terminal gets it (the compositor's strips
through the app's line filters, so ``NO_COLOR`` is what a colourless terminal gets) and checks
which lines of the board are in reverse video at every panel of the tutorial.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.color import Color
from textual.pilot import Pilot

from norsewind_tui.lessons import LessonError, Point, decode_lessons, load_lessons, pointed_row
from norsewind_tui.tui.screens.tutorial import LessonPanel, TutorialEndScreen, TutorialScreen
from norsewind_tui.tui.widgets.kingdoms import ROW_HEIGHT

from .helpers import aio, make_app

BOARD = ("#market", "#castles", "#kingdoms")


def reversed_lines(pilot: Pilot[Any]) -> dict[str, set[int]]:
    """For each board widget, its lines (from its top) with text in reverse video, as the terminal gets them."""
    app = pilot.app
    strips = app.screen._compositor.render_strips()
    filters = app.get_line_filters()
    found: dict[str, set[int]] = {}
    for ident in BOARD:
        region = app.screen.query_one(ident).region
        found[ident] = set()
        for y in range(region.y, region.bottom):
            strip = strips[y]
            for line_filter in filters:
                strip = strip.apply_filter(line_filter, Color(0, 0, 0))
            # the Viking ship's mark is in reverse video by design (board--ship): not the pointer
            cells = [s for s in strip.crop(region.x, region.right) if s.text.strip() not in ("", "SHIP")]
            reverse = [bool(s.style and s.style.reverse) for s in cells]
            if any(reverse):
                assert all(reverse), f"{ident} line {y - region.y} is partly reversed: {strip.text!r}"
                found[ident].add(y - region.y)
    return found


def expected(point: Point, heights: dict[str, int]) -> dict[str, set[int]]:
    """The lines a point should reverse: a whole widget, or the three lines of one kingdom row."""
    whole = {
        "market": ("#market",),
        "supplies": ("#market",),
        "castles": ("#castles",),
        "kingdoms": ("#kingdoms",),
        "status": ("#kingdoms",),
        "vikings": ("#kingdoms",),
    }.get(point, ())
    lines = {ident: set(range(heights[ident])) if ident in whole else set() for ident in BOARD}
    row = pointed_row(point)
    if row is not None:
        lines["#kingdoms"] = set(range(row * ROW_HEIGHT, (row + 1) * ROW_HEIGHT))
    return lines


@pytest.mark.parametrize("no_color", [True, False])
@aio
async def test_the_pointer_reverses_exactly_the_part_each_lesson_names(
    saves: Path, monkeypatch: pytest.MonkeyPatch, no_color: bool
) -> None:
    monkeypatch.setenv("NORSEWIND_PLAYER", "Ana")
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    lessons = load_lessons()
    rows_seen: set[int] = set()
    app = make_app(saves, seed=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        while isinstance(app.screen, TutorialScreen):
            await pilot.pause()
            screen = app.screen
            text = screen.query_one(LessonPanel).plain
            step = lessons.step[screen.tutorial.index]
            point: Point = "none" if text.startswith("[What happened]") else step.point
            heights = {ident: screen.query_one(ident).size.height for ident in BOARD}
            assert reversed_lines(pilot) == expected(point, heights), text
            row = pointed_row(point)
            if row is not None:
                rows_seen.add(row)
                assert not screen.query_one("#kingdoms").has_class("-lesson")  # the row, not the widget
            await pilot.press("n" if text.endswith("Press n to go on.") else "enter")
        assert isinstance(app.screen, TutorialEndScreen)
    assert rows_seen == {0, 1, 2, 3}  # the lessons point at each kingdom row alone at least once


def test_a_row_pointer_names_a_row_on_the_screen() -> None:
    """``kingdoms:N`` is validated at load like every other field: rows 1-4, as numbered on screen."""
    lesson = b'seed = 2\nlevel = 1\n[[step]]\ntext = "Row one."\nsaid = "Row one."\npoint = "kingdoms:1"\n'
    with pytest.raises(LessonError, match="the steps end before the game does"):  # the point itself is fine
        decode_lessons(lesson)
    for bad in (b"kingdoms:0", b"kingdoms:5", b"kingdoms:", b"kingdom:2", b"kingdoms:1:2"):
        with pytest.raises(LessonError, match=f"Invalid enum value '{bad.decode()}' - at `\\$.step\\[0\\].point`"):
            decode_lessons(lesson.replace(b"kingdoms:1", bad))
    assert [pointed_row(p) for p in ("kingdoms:1", "kingdoms:4", "kingdoms", "status")] == [0, 3, None, None]
