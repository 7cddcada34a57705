"""The settings page (``s`` on the title): this player's settings, saved as soon as they change."""

from __future__ import annotations

from typing import ClassVar

import msgspec
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Checkbox, Footer, Label, Select, Static

from ...storage import StorageError
from ...storage.identity import identity_problem
from ...storage.settings import Settings
from ..text import safe_text
from .base import NorsewindScreen

BELL = "Bell and notice when it is your turn at a table while you are elsewhere"
PUZZLES = "My analysed games may give puzzles to every player here"  # issue 43
# Who gives the hints (h in a game, "hint" in the line mode): the strongest level unless chosen
HINT_CHOICES = [("expert (the strongest computer player)", "expert"), ("hard", "hard")]


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
            yield Checkbox(PUZZLES, settings.puzzles, id="puzzles", compact=True)
            with Horizontal(classes="field"):
                yield Label("Hints from", classes="field-label")
                yield Select(HINT_CHOICES, value=settings.hints, allow_blank=False, compact=True, id="hints")
            yield Static(
                Text("Space or Enter switches or opens one; saved at once, for you alone (in the saves folder)."),
                classes="hint",
            )
            yield Static(Text(safe_text(self.session.settings_notice)), id="settings-status")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#turn-bell", Checkbox).focus()
        if (why := identity_problem(self.context.identity)) is not None:
            self.say(f"Not saved: {why}.")

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        if event.checkbox.id == "puzzles":
            if self.save(msgspec.structs.replace(self.session.settings, puzzles=event.value)):
                self.say("Saved: your analysed games " + ("may give" if event.value else "give no") + " puzzles here.")
            return
        settings = msgspec.structs.replace(self.session.settings, turn_bell=event.value)
        if self.save(settings):
            self.say("Saved: the bell and notice are " + ("on." if settings.turn_bell else "off."))

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.value not in ("expert", "hard") or event.value == self.session.settings.hints:
            return
        settings = msgspec.structs.replace(self.session.settings, hints=event.value)
        if self.save(settings):
            self.say(f"Saved: hints come from the {settings.hints} computer player.")

    def save(self, settings: Settings) -> bool:
        try:
            self.session.save_settings(settings)
        except StorageError as exc:
            self.say(f"Not saved: {exc}")
            return False
        return True

    def say(self, message: str) -> None:
        self.query_one("#settings-status", Static).update(Text(safe_text(message)))

    def action_back(self) -> None:
        self.norsewind.goto_title()
