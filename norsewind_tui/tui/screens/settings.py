"""The settings page (``s`` on the title): this player's settings, saved as soon as they change."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Checkbox, Footer, Static

from ...storage import StorageError
from ...storage.identity import identity_problem
from ...storage.settings import Settings
from ..text import safe_text
from .base import NorsewindScreen

BELL = "Bell and notice when it is your turn at a table while you are elsewhere"


class SettingsScreen(NorsewindScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "back", "Back", key_display="Esc", id="settings-back"),
    ]

    DEFAULT_CSS = """
    SettingsScreen #settings-status { color: $warning; margin-top: 1; }
    """

    def compose(self) -> ComposeResult:
        settings = self.session.settings
        with Vertical(classes="page"):
            yield Static(Text("Settings"), classes="page-title")
            yield Checkbox(BELL, settings.turn_bell, id="turn-bell", compact=True)
            yield Static(
                Text("Space or Enter switches it; it is saved at once, for you alone (in the saves folder)."),
                classes="hint",
            )
            yield Static(Text(safe_text(self.session.settings_notice)), id="settings-status")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Checkbox).focus()
        if (why := identity_problem(self.context.identity)) is not None:
            self.say(f"Not saved: {why}.")

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        settings = Settings(turn_bell=event.value)
        try:
            self.session.save_settings(settings)
        except StorageError as exc:
            self.say(f"Not saved: {exc}")
            return
        self.say("Saved: the bell and notice are " + ("on." if settings.turn_bell else "off."))

    def say(self, message: str) -> None:
        self.query_one("#settings-status", Static).update(Text(safe_text(message)))

    def action_back(self) -> None:
        self.norsewind.goto_title()
