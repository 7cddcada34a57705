"""The title screen: new game, resume, shared tables, solo campaign, progress, help, quit."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ...storage import StorageError
from ..text import safe_text
from .base import NorsewindScreen

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
    ("daily", "Daily deal", "d"),
    ("progress", "Progress", "p"),
    ("learn", "Learn to play", "l"),
    ("help", "Rules & keys", "?"),
    ("quit", "Quit", "q"),
)

CONTINUE = "continue"  # the menu entry that resumes this player's latest unfinished game


class TitleScreen(NorsewindScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "open('new')", "New game", id="title-new"),
        Binding("r", "open('resume')", "Resume", id="title-resume"),
        Binding("t", "open('tables')", "Tables", id="title-tables"),
        Binding("c", "open('campaign')", "Campaign", id="title-campaign"),
        Binding("p", "open('progress')", "Progress", id="title-progress"),
        Binding("l", "open('learn')", "Learn", show=False, id="title-learn"),
        Binding("d", "open('daily')", "Daily", show=False, id="title-daily"),  # in the menu; the footer is full
        Binding("question_mark", "open('help')", "Help", key_display="?", id="title-help"),
        Binding("q", "open('quit')", "Quit", id="title-quit"),
        Binding("j", "cursor('down')", "Down", show=False, id="title-down"),
        Binding("k", "cursor('up')", "Up", show=False, id="title-up"),
    ]

    def __init__(self, notice: str = "") -> None:
        super().__init__()
        self.notice = notice
        self.resumable: str | None = None  # the unfinished game of this player offered first

    def _continue_option(self) -> Option | None:
        """The entry "Continue: NAME (turn N, MODE, saved TIME)" for this player's latest unfinished game."""
        try:
            game = self.norsewind.library.continuable()
        except StorageError:  # a listing problem never hides the menu
            game = None
        if game is None:
            self.resumable = None
            return None
        self.resumable = game.name
        details = [f"turn {game.turn}", safe_text(game.mode)] + ([f"saved {game.updated}"] if game.updated else [])
        label = Text(f"Continue: {safe_text(game.name)} ({', '.join(details)})")  # literal: no markup
        return Option(label, id=CONTINUE)

    def _menu(self) -> tuple[tuple[str, str, str], ...]:
        """The menu; "Learn to play" first for a player who has not finished a game yet (issue 14)."""
        try:
            veteran = self.norsewind.library.has_finished_game()
        except StorageError:
            veteran = True
        if veteran:
            return MENU
        return (*(e for e in MENU if e[0] == "learn"), *(e for e in MENU if e[0] != "learn"))

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            with Center():
                yield Static(Text(BANNER), id="banner")
            with Center():
                yield Static(
                    Text("Anglo-Saxon kingdoms build against Viking raids. 1-4 players, or solo."), id="tagline"
                )
            with Center():
                options = [Option(f"{label:<22}{key:>3}", id=ident) for ident, label, key in self._menu()]
                first = self._continue_option()
                menu = OptionList(*([first] if first is not None else []), *options, id="menu")
                if first is not None:  # room for the name on one line, within the terminal
                    menu.styles.width = max(32, min(len(first.prompt) + 6, 78))  # type: ignore[arg-type]
                yield menu
            with Center():
                yield Static(Text(safe_text(self.notice)), id="notice")
        yield Footer(compact=True)  # every key, t too, and the palette fit in 80 columns

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        menu.highlighted = 0
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == CONTINUE and self.resumable is not None:
            self.norsewind.open_game(self.resumable, self._problem)
            return
        self.action_open(event.option.id or "")

    def _problem(self, message: str) -> None:
        self.query_one("#notice", Static).update(Text(safe_text(message)))

    def action_open(self, what: str) -> None:
        self.norsewind.open_page(what)
