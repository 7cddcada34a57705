"""Shown while the terminal is smaller than the game needs; it goes away on resize."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Static

from ...words import menus as say

MIN_WIDTH = 80
MIN_HEIGHT = 24


class TooSmallScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q,ctrl+c", "app.quit_app", "Quit", id="small-quit")]

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self.update_size()

    def on_resize(self, event: events.Resize) -> None:
        self.update_size()

    def update_size(self) -> None:
        w, h = self.app.size
        self.query_one("#too-small", Static).update(Text(say.too_small(MIN_WIDTH, MIN_HEIGHT, w, h)))
