"""The title screen: new game, resume, shared tables, solo campaign, progress, help, quit."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ..text import safe_text

BANNER = "\n".join(
    [
        " _   _   ___   ____   ____   _____ __        __ ___  _   _  ____",
        "| \\ | | / _ \\ |  _ \\ / ___| | ____|\\ \\      / /|_ _|| \\ | ||  _ \\",
        "|  \\| || | | || |_) |\\___ \\ |  _|   \\ \\ /\\ / /  | | |  \\| || | | |",
        "| |\\  || |_| ||  _ <  ___) || |___   \\ V  V /   | | | |\\  || |_| |",
        "|_| \\_| \\___/ |_| \\_\\|____/ |_____|   \\_/\\_/   |___||_| \\_||____/",
    ]
)

MENU = (
    ("new", "New game", "n"),
    ("resume", "Resume a saved game", "r"),
    ("tables", "Shared tables", "t"),
    ("campaign", "Solo campaign", "c"),
    ("progress", "Progress", "p"),
    ("help", "Rules & keys", "?"),
    ("quit", "Quit", "q"),
)


class TitleScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "open('new')", "New game", id="title-new"),
        Binding("r", "open('resume')", "Resume", id="title-resume"),
        Binding("t", "open('tables')", "Tables", show=False, id="title-tables"),  # in the menu; the footer is full
        Binding("c", "open('campaign')", "Campaign", id="title-campaign"),
        Binding("p", "open('progress')", "Progress", id="title-progress"),
        Binding("question_mark", "open('help')", "Help", key_display="?", id="title-help"),
        Binding("q", "open('quit')", "Quit", id="title-quit"),
        Binding("j", "cursor('down')", "Down", show=False, id="title-down"),
        Binding("k", "cursor('up')", "Up", show=False, id="title-up"),
    ]

    def __init__(self, notice: str = "") -> None:
        super().__init__()
        self.notice = notice

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            with Center():
                yield Static(Text(BANNER), id="banner")
            with Center():
                yield Static(
                    Text("Anglo-Saxon kingdoms build against Viking raids. 1-4 players, or solo."), id="tagline"
                )
            with Center():
                yield OptionList(*(Option(f"{label:<22}{key:>3}", id=ident) for ident, label, key in MENU), id="menu")
            with Center():
                yield Static(Text(safe_text(self.notice)), id="notice")
        yield Footer()

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        menu.highlighted = 0
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_open(event.option.id or "")

    def action_cursor(self, direction: str) -> None:
        menu = self.query_one(OptionList)
        if direction == "down":
            menu.action_cursor_down()
        else:
            menu.action_cursor_up()

    def action_open(self, what: str) -> None:
        self.app.open_page(what)  # type: ignore[attr-defined]
