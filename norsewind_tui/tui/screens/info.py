"""A box with the explanation ``i`` gives of the thing under the cursor; any key closes it."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from ...words import menus as say
from ..text import safe_text


class InfoScreen(ModalScreen[None]):
    """The words for one thing on the board (at most 76 columns wide: fits 80x24)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "Close", id="info-close")]
    DEFAULT_CSS = """
    InfoScreen { align: center middle; }
    InfoScreen > #info { width: 76; height: auto; max-height: 20; border: round $foreground; padding: 0 1; }
    """

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.text = safe_text(text)

    def compose(self) -> ComposeResult:
        with Vertical(id="info"):
            yield Label(Text(safe_text(self.title_text), style="reverse"))
            yield Static(Text(self.text), id="info-text")
            yield Label(Text(say.ANY_KEY))

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
