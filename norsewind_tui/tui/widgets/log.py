"""The game log: one sentence per event, from ``rules.events.describe``."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.widgets import RichLog

from ...rules.cards import CardDB
from ...rules.events import Event, describe
from ..text import safe_text

VIKING_EVENTS = {"ship_moved", "vikings_took", "vikings_nothing", "castle_discarded"}
NOTABLE_EVENTS = {"end_triggered", "all_passed", "game_over"}


class GameLog(RichLog):
    """Scrolling sentences; the Vikings' steps and the end are marked by component classes."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"log--vikings", "log--notable", "log--turn"}
    can_focus = False

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(
            id=id, classes=classes, wrap=True, markup=False, highlight=False, max_lines=2000, auto_scroll=True
        )
        self.plain_lines: list[str] = []

    def add_events(self, events: list[Event], names: tuple[str, ...], db: CardDB) -> None:
        for event in events:
            text = safe_text(describe(event, names, db))
            style = ""
            if event.kind in VIKING_EVENTS:
                text = "  " + text
                style = "log--vikings"
            elif event.kind in NOTABLE_EVENTS:
                style = "log--notable"
            self.add_line(text, style)

    def add_line(self, text: str, style: str = "") -> None:
        self.plain_lines.append(text)
        line = Text(safe_text(text))
        if style:
            line.stylize(self.get_component_rich_style(style, partial=True))
        self.write(line)
