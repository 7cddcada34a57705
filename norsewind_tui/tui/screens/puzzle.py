"""The puzzle of the day (issue 43): the position, the choices, one try, the answer.

``puzzles.py`` makes every line; this page only shows them, as the line mode does.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from datetime import date
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ...puzzles import Shown, daily, standing, standing_line, try_it
from ...storage import StorageError
from ...storage.daily import utc_today
from ...storage.puzzles import PuzzleBook
from ...words import puzzles as say
from ..text import safe_text
from .base import NorsewindScreen


class PuzzleScreen(NorsewindScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "back", "Back", key_display="Esc", id="puzzle-back"),
    ]

    def __init__(self, today: Callable[[], date] = utc_today) -> None:
        super().__init__()
        self.day = today()
        self.shown: Shown | None = None
        self.problem = ""

    def compose(self) -> ComposeResult:
        self.book = PuzzleBook(self.context.saves_dir)
        try:
            self.shown = daily(self.book, self.context.profile_name, self.day)
        except StorageError as exc:
            self.problem = str(exc)
        with VerticalScroll(classes="page"):
            lines = self.shown.position() if self.shown else [self.problem or say.NONE_YET]
            yield Static(_text(lines), id="puzzle-position")
            if self.shown is not None and self.shown.tried is None:
                yield Static(say.FIND, classes="hint")
                yield OptionList(
                    *(Option(Text(c), id=str(i)) for i, c in enumerate(self.shown.choices())), id="puzzle-choices"
                )
            yield Static("", id="puzzle-answer")
        yield Footer()

    def on_mount(self) -> None:
        if self.shown is not None and self.shown.tried is not None:
            self._show(self.shown.answer(self.shown.tried.right))
        elif self.shown is not None:
            # Not focus()'s own scroll: run before the layout is final (a loaded machine), it could
            # leave the page in the middle of the position, the choices out of sight.
            self.query_one(OptionList).focus(scroll_visible=False)
            self._to_the_end()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        assert self.shown is not None and event.option.id is not None
        try:
            _, lines = try_it(self.book, self.shown, self.context.profile_name, int(event.option.id))
        except StorageError as exc:
            lines = [str(exc)]
        event.option_list.disabled = True
        self._show(lines)

    def _show(self, lines: list[str]) -> None:
        with contextlib.suppress(StorageError):  # the answer stands without the standing
            lines = [*lines, standing_line(standing(self.book, self.context.profile_name, self.day))]
        answer = self.query_one("#puzzle-answer", Static)
        answer.update(_text(lines))
        self._to_the_end()  # the answer whole, at the bottom

    def _to_the_end(self) -> None:
        """The page's end in sight (the choices under their question, or the answer), once drawn."""
        scroll = self.query_one(VerticalScroll)
        self.call_after_refresh(lambda: scroll.scroll_end(animate=False))

    def action_back(self) -> None:
        self.norsewind.goto_title()


def _text(lines: list[str]) -> Text:
    """Each line made safe on its own (``safe_text`` would show a newline as its escape)."""
    return Text("\n".join(safe_text(line) for line in lines))
