"""The game log: one sentence per event, from ``words.past``.

The widget shows the latest sentences that fit whole, wrapped to its width at
drawing time (``L`` opens the whole log); appending a line repaints only the
log.

At a shared table, a sentence about a decision a computer made in a person's seat
(a stand-in, issue 13) is marked: "Computer for bob: took the Farm from slot 1."
(``standin_for`` tells which events those are).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from ...rules.cards import CardDB
from ...rules.events import THE_END, VIKINGS_TURN, Event
from ...words import past
from ...words.lines import standin_text as standin_text  # the line mode's too: one copy
from ..text import safe_text


class GameLog(Widget):
    """The latest sentences; the Vikings' steps and the end are marked by component classes."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"log--vikings", "log--notable", "log--turn"}

    class Opened(Message):
        """The log was clicked: show all of it."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.lines: list[tuple[str, str]] = []
        # the name of the person a computer played this event's decision for (None: not a stand-in's)
        self.standin_for: Callable[[Event], str | None] = lambda event: None

    @property
    def plain_lines(self) -> list[str]:
        return [text for text, _ in self.lines]

    def clear(self) -> None:
        self.lines = []
        self.refresh()

    def add_events(self, events: list[Event], names: tuple[str, ...], db: CardDB) -> None:
        for event in events:
            text = past(event, names, db)
            style = ""
            if (person := self.standin_for(event)) is not None:
                text = standin_text(text, person)
                style = "log--notable"
            elif event.kind in VIKINGS_TURN:
                text = "  " + text
                style = "log--vikings"
            elif event.kind in THE_END:
                style = "log--notable"
            self.lines.append((safe_text(text), style))
        self.refresh()

    def add_line(self, text: str, style: str = "") -> None:
        self.lines.append((safe_text(text), style))
        self.refresh()

    def render(self) -> Text:
        width = max(self.size.width, 10)
        height = max(self.size.height, 1)
        shown: list[Text] = []
        for text, style in reversed(self.lines):
            line = Text(text)
            if style:
                line.stylize(self.get_component_rich_style(style, partial=True))
            wrapped = list(line.wrap(self.app.console, width, overflow="fold"))
            if shown and len(shown) + len(wrapped) > height:
                break  # whole entries only: the top line is never the second half of a sentence (issue 23.13)
            shown[:0] = wrapped
        return Text("\n").join(shown[:height])  # an entry taller than the log: its beginning

    def on_click(self, event: events.Click) -> None:
        self.post_message(self.Opened())
