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
from ...words import forms as say
from ...words import notices as notice_words
from ..text import safe_text
from .base import NorsewindScreen

BELL = say.BELL
PUZZLES = say.PUZZLES  # issue 43
HINT_CHOICES = say.HINT_CHOICES


class SettingsScreen(NorsewindScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "back", "Back", key_display="Esc", id="settings-back"),
    ]

    notice_shown = ""  # the notice choice on screen ("": none, or a name this host does not name)

    DEFAULT_CSS = """
    SettingsScreen #settings-status { color: $warning; margin-top: 1; }
    """

    def compose(self) -> ComposeResult:
        settings = self.session.settings
        with Vertical(classes="page"):
            yield Static(Text(say.SETTINGS_TITLE), classes="page-title")
            yield Checkbox(BELL, settings.turn_bell, id="turn-bell", compact=True)
            yield Checkbox(PUZZLES, settings.puzzles, id="puzzles", compact=True)
            with Horizontal(classes="field"):
                yield Label(say.HINTS_LABEL, classes="field-label")
                yield Select(HINT_CHOICES, value=settings.hints, allow_blank=False, compact=True, id="hints")
            names = self.context.notices.names()  # the host's (notices.toml): a name, never a command
            if names:
                with Horizontal(classes="field"):
                    yield Label(notice_words.LABEL, classes="field-label")
                    choices = [(notice_words.NONE, ""), *((n, n) for n in names)]
                    value = settings.notice if settings.notice in names else ""
                    self.notice_shown = value  # the Select's first Changed (at its mount) changes nothing
                    yield Select(choices, value=value, allow_blank=False, compact=True, id="notice")
            yield Static(
                Text(say.SETTINGS_HINT),
                classes="hint",
            )
            yield Static(Text(safe_text(self.session.settings_notice)), id="settings-status")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#turn-bell", Checkbox).focus()
        if (why := identity_problem(self.context.identity)) is not None:
            self.say(say.not_saved(why) + ".")
        elif (name := self.session.settings.notice) is not None and self.context.notices.unknown(name):
            self.say(notice_words.unknown(name, self.context.notices.names()))

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        if event.checkbox.id == "puzzles":
            if self.save(msgspec.structs.replace(self.session.settings, puzzles=event.value)):
                self.say(say.puzzles_saved(event.value))
            return
        settings = msgspec.structs.replace(self.session.settings, turn_bell=event.value)
        if self.save(settings):
            self.say(say.bell_saved(settings.turn_bell))

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "notice":
            value = event.value if isinstance(event.value, str) else ""
            name, shown, self.notice_shown = value or None, self.notice_shown, value
            changed = value != shown and name != self.session.settings.notice
            if changed and self.save(msgspec.structs.replace(self.session.settings, notice=name)):
                self.say(notice_words.chosen(name))
            return
        if event.value not in ("expert", "hard") or event.value == self.session.settings.hints:
            return
        settings = msgspec.structs.replace(self.session.settings, hints=event.value)
        if self.save(settings):
            self.say(say.hints_saved(settings.hints))

    def save(self, settings: Settings) -> bool:
        try:
            self.session.save_settings(settings)
        except StorageError as exc:
            self.say(say.not_saved(exc))
            return False
        return True

    def say(self, message: str) -> None:
        self.query_one("#settings-status", Static).update(Text(safe_text(message)))

    def action_back(self) -> None:
        self.norsewind.goto_title()
