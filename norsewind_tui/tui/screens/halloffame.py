"""The hall of fame: per level, each player's best game here; the day's deal; assisted games apart.

Every profile of the saves folder is read as untrusted input (``storage.halloffame``):
a skipped one is a notice line; names are escaped and cut (``tui/fame.py``).
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from ...storage.daily import utc_today
from ...storage.halloffame import Hall
from ...storage.ratings import Ladder, person_key
from ...words import campaign as say
from ..fame import Trophies, entry_rows, header, shown_ratings, trophy_marks
from ..text import safe_text
from .base import NorsewindScreen


def page_lines(
    hall: Hall, level: int, day: date, ladder: Ladder | None = None, trophies: Trophies | None = None
) -> list[str]:
    """The page's lines; ``ladder``: the players' ratings, shown beside those who have one."""
    best, assisted = hall.best(level), hall.best(level, assisted=True)
    daily = [e for e in hall.daily(day, level) if not e.game.assisted]
    shown = {person_key(e.player) for e in (*best, *assisted, *daily)}
    ratings = {k: v for k, v in shown_ratings(ladder).items() if k in shown} if ladder is not None else {}
    held = trophy_marks(hall, (*best, *assisted, *daily), trophies)
    lines = [say.fame("level", level)]
    lines += [header(ratings), *entry_rows(best, ratings, held)] if best else [say.NO_GAME]
    if assisted:
        lines += ["", say.fame("assisted", level), *entry_rows(assisted, ratings, held)]
    lines += ["", say.fame("daily", level, day.isoformat())]
    lines += [header(ratings), *entry_rows(daily, ratings, held)] if daily else [say.NO_RESULT]
    lines += [say.note(safe_text(n)) for n in hall.notices]
    if ladder is not None and ladder.notice:
        lines.append(say.note(safe_text(ladder.notice)))
    return lines


class HallOfFameScreen(NorsewindScreen[None]):
    """Left and right (or 1-7) change the level, [ and ] the day of the daily deal shown."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "back", "Back", key_display="Esc", id="fame-back"),
        Binding("left,h", "level(-1)", "Level -", key_display="←", id="fame-prev"),
        Binding("right,l", "level(1)", "Level +", key_display="→", id="fame-next"),
        Binding("left_square_bracket", "day(-1)", "Day -", key_display="[", id="fame-day-prev"),
        Binding("right_square_bracket", "day(1)", "Day +", key_display="]", id="fame-day-next"),
        *[Binding(str(n), f"goto({n})", show=False, id=f"fame-{n}") for n in range(1, 8)],
    ]

    def __init__(self, level: int = 1, day: date | None = None) -> None:
        super().__init__()
        self.level = level
        self.day = day or utc_today()
        self.hall = Hall()
        self.trophies: Trophies | None = None  # issue 44.3: every record's (AppContext.trophies), once read
        self.ladder: Ladder | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="page"):
            yield Static(Text(say.FAME_TITLE), classes="page-title", id="fame-title")
            yield Static("", id="fame-body")
        yield Footer()

    def on_mount(self) -> None:
        self.hall = self.context.profiles.hall()
        hall = self.hall
        self.trophies = lambda names: self.context.trophies(names, hall)
        self.ladder = self.context.profiles.ladder()
        self.refresh_page()

    def refresh_page(self) -> None:
        self.query_one("#fame-title", Static).update(Text(say.fame("title", self.level)))
        self.query_one("#fame-body", Static).update(
            Text("\n".join(page_lines(self.hall, self.level, self.day, self.ladder, self.trophies)))
        )

    def action_level(self, step: int) -> None:
        self.action_goto((self.level - 1 + step) % 7 + 1)

    def action_goto(self, level: int) -> None:
        self.level = level
        self.refresh_page()

    def action_day(self, step: int) -> None:
        self.day += timedelta(days=step)
        self.refresh_page()

    def action_back(self) -> None:
        self.norsewind.goto_title()
