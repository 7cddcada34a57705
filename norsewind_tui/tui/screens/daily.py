"""The daily deal: today's solo game per level, the same for every player; one attempt each."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import DataTable, Footer, Static

from ...storage import StorageError
from ...storage.daily import played, start_daily, utc_today
from ...storage.dailyseed import daily_save_name
from ...storage.profiles import Profile
from ...words import campaign as say
from ...words.app import trouble
from ..text import safe_text
from .base import NorsewindScreen
from .halloffame import HallOfFameScreen


def result_text(level: int, profile: Profile | None, day: date) -> str:
    """The "You" cell of a level: the result, "in progress", "play" or "locked"."""
    if profile is not None and (done := played(profile, day, level)) is not None:
        return say.daily_cell(done.margin, say.medal_word(done.medal, done.assisted))
    if profile is not None and not profile.unlocked(level):
        return say.LOCKED
    return say.PLAY


class DailyScreen(NorsewindScreen[None]):
    """One row per level: your result today, how many players have one; Enter plays."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "back", "Back", key_display="Esc", id="daily-back"),
        Binding("f", "fame", "Hall of fame", id="daily-fame"),
        Binding("j", "cursor('down')", "Down", show=False, id="daily-down"),
        Binding("k", "cursor('up')", "Up", show=False, id="daily-up"),
    ]

    def __init__(self, today: Callable[[], date] = utc_today) -> None:
        super().__init__()
        self.today = today
        self.day = today()

    def compose(self) -> ComposeResult:
        with Vertical(classes="page"):
            yield Static(
                Text(say.daily_title(self.day.isoformat(), safe_text(self.context.profile_name)[:24])),
                classes="page-title",
            )
            yield DataTable(id="daily-levels", cursor_type="row", zebra_stripes=False)
            yield Static(
                Text(say.DAILY_HINT),
                classes="hint",
            )
            yield Static("", id="daily-status")
        yield Footer()

    def on_mount(self) -> None:
        profile: Profile | None = None
        try:
            profile = self.context.profiles.load(self.context.profile_name)
        except StorageError as exc:
            self.say(trouble("profile", exc))
        hall = self.context.profiles.hall()
        table = self.query_one(DataTable)
        for label in say.DAILY_COLUMNS:
            table.add_column(label)
        for level in range(1, 8):
            results = [e for e in hall.daily(self.day, level) if not e.game.assisted]
            best = f"{results[0].game.margin:+d}" if results else ""
            you = result_text(level, profile, self.day)
            save = daily_save_name(self.day, level, self.context.profile_name)
            if you == say.PLAY and self.context.games.exists(save):
                you = say.IN_PROGRESS
            table.add_row(str(level), you, str(len(hall.daily(self.day, level))), best, key=str(level))
        table.focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        level = event.cursor_row + 1
        app = self.norsewind
        try:
            start = start_daily(self.context.games, self.context.profile_name, level, today=lambda: self.day)
        except StorageError as exc:
            self.say(str(exc))
            return
        if start.game is None:
            done = start.done
            self.say(say.daily_done(level, done.margin if done is not None else None))
            return
        app.start_game(start.game, start.game.notice or "")

    def say(self, message: str) -> None:
        self.query_one("#daily-status", Static).update(Text(safe_text(message)))

    def action_fame(self) -> None:
        self.norsewind.show(HallOfFameScreen(day=self.day))

    def action_back(self) -> None:
        self.norsewind.goto_title()
