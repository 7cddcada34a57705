"""Solo: the Viking display on a page of its own (v or Tab): each Viking card, the cards it took, its threat."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ...rules.cards import CardDB
from ...rules.state import State
from ...words import menus as say
from ...words.board import viking_lines as viking_lines  # the Viking display in words (the line mode's too)
from ..widgets.footer import KeysFooter


class VikingScreen(ModalScreen[None]):
    """The Viking display, for the narrow layout (the wide one shows it beside the board)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,v,tab", "close", "Close", key_display="Esc", id="vikings-close", priority=True)
    ]

    def __init__(self, state: State, db: CardDB) -> None:
        super().__init__()
        self.state = state
        self.db = db

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="vikings-page", classes="page"):
            yield Static(Text(say.VIKING_TITLE), classes="page-title")
            yield Static(Text("\n".join(viking_lines(self.state, self.db))))
        yield KeysFooter(compact=True, show_command_palette=False)

    def action_close(self) -> None:
        self.dismiss(None)
