"""Name fields (issue 23 points 16, 17): a paste keeps its order, the cut notice goes with the cut name.

The bytes go through the parser the app's terminal reader builds (``linux_driver.XTermParser``
once the app has picked its driver), as a terminal sends them: a bracketed paste between its
markers, or the same characters typed; the events it makes are posted to the app as the reader does.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.drivers import linux_driver
from textual.message import Message
from textual.pilot import Pilot

from norsewind_tui.tui.app import NorsewindApp
from norsewind_tui.tui.screens.new_game import NameInput
from norsewind_tui.tui.textual_private import XTermParser

from .helpers import aio, make_app, screen_text

PASTE = "\x1b[200~{}\x1b[201~"
CUT = "A name is at most 24 characters: it was cut there."


def terminal_events(app: NorsewindApp, *chunks: str) -> list[Message]:
    """What the app's terminal reader makes of ``chunks`` (each one read from the terminal)."""
    app.get_driver_class()  # the app picks its driver, and the reader's parser with it
    parser_class: type[XTermParser] = vars(linux_driver)["XTermParser"]  # the paste parser, once installed
    parser = parser_class(False)
    made: list[Message] = []
    for chunk in chunks:
        made += parser.feed(chunk)
    made += parser.feed("")  # the end of input: anything still held is read
    return made


async def first_name(app: NorsewindApp, pilot: Pilot[Any], before: str) -> NameInput:
    """The new game's first name field, focused, holding ``before`` with the cursor at its end."""
    await pilot.press("n")
    field = app.screen.query_one("#name-0", NameInput)
    field.focus()
    field.value = before
    field.cursor_position = len(before)
    return field


async def pasted(app: NorsewindApp, pilot: Pilot[Any], before: str, text: str) -> NameInput:
    """The first name field once ``text`` is pasted into it after ``before`` (a paste event, as the
    terminal reader posts it) and the paste is handled."""
    field = await first_name(app, pilot, before)
    field.post_message(events.Paste(text))
    await pilot.pause()
    return field


@pytest.mark.parametrize(
    ("chunks", "before", "name"),
    [
        ((PASTE.format("AB\x1bCD"),), "", "ABCD"),  # was ^CDAB
        ((PASTE.format("Ann\x1b[31mRed"),), "", "Ann[31mRed"),  # was ^[31mRedAnn: shown in place
        ((PASTE.format("Bo\x1b[1mb"),), "Ann", "AnnBo[1mb"),  # after what was typed, in order
        (("\x1b[200~AB\x1b", "CD\x1b[2", "01~"), "", "ABCD"),  # the markers cut between two reads
        (("AB\x1bCD",), "", "ABCD"),  # typed as keys: ESC C is alt+C, then D... in order
        (("Ann\x1b[31mRed",), "", "AnnRed"),  # typed: the colour code is no key
    ],
)
@aio
async def test_a_name_keeps_its_printable_characters_in_order_from_the_terminal(
    saves: Path, chunks: tuple[str, ...], before: str, name: str
) -> None:
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        field = await first_name(app, pilot, before)
        for message in terminal_events(app, *chunks):
            app.post_message(message)
        await pilot.pause()
        assert field.value == name


@aio
async def test_a_pasted_colour_code_stays_in_place_in_a_real_paste_event(saves: Path) -> None:
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        field = await pasted(app, pilot, "Ann", "\x1b[31mRed\x1b[0m")
        assert field.value == "Ann[31mRed[0m"  # the escape character dropped, the rest where it was


@aio
async def test_the_cut_notice_goes_once_the_name_is_short_again(saves: Path) -> None:
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        field = await pasted(app, pilot, "", "Bartholomew-Alexandrinus-the-Long")
        assert field.value == "Bartholomew-Alexandrinus"
        assert CUT in screen_text(app)
        await pilot.press("ctrl+u")  # the field cleared (everything before the cursor)
        await pilot.press(*"Bo")
        await pilot.pause()
        assert field.value == "Bo"
        assert CUT not in screen_text(app)
        assert "at most" not in screen_text(app)


@pytest.mark.parametrize("cut", [2, 3, 4, 5])
def test_a_paste_whose_start_marker_a_slow_read_cuts_stays_whole(cut: int) -> None:
    """Issue 39 (a paste of Ann<ESC>[31mRed came in pieces): a read ending inside the start marker,
    the rest 0.5 s later (a slow link), past Textual's escape delay. The held piece went to
    Textual's parser, which took the paste's own ESC [ 3 1 m as a key sequence (before, with the
    rest: '[200~AnnRed' typed, the paste lost). Only a lone escape may be the Esc key."""
    from norsewind_tui.tui import paste

    parser = paste.PasteParser()
    whole = PASTE.format("Ann\x1b[31mRed")
    made = list(parser.feed(whole[:cut]))
    parser.held_at -= 0.5  # the next read comes half a second later
    made += list(parser.tick())
    made += list(parser.feed(whole[cut:]))
    made += list(parser.feed(""))
    assert [(type(m).__name__, getattr(m, "text", None)) for m in made] == [("Paste", "Ann\x1b[31mRed")]
