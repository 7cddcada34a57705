"""What the app paints, as a terminal sees it: the cells each update writes, counted.

``Painted`` is installed on Textual's ``App._display`` (the one place a frame goes to the
terminal; headless, Textual renders it and writes nothing) and applies each update to a grid of
cells the way the terminal driver writes it: the grid is then what a terminal shows. It counts
how often each cell was written. ``composed`` is the screen as the compositor would draw it afresh,
whole, for comparing. ``Rendered`` counts the widgets whose content is rendered again
(``Widget._render_content``), by the widget on screen they belong to.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from rich.cells import cell_len
from rich.style import Style
from textual._compositor import ChopsUpdate, LayoutUpdate
from textual.app import App
from textual.dom import DOMNode
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget

Cell = tuple[str, Style | None]


def cell(char: str, style: Style | None) -> Cell:
    """A character as the terminal shows it (a style's meta, where a click lands, is not shown)."""
    return char, style.clear_meta_and_links() if style is not None else None


def owner(node: DOMNode | None) -> str:
    """The id of the widget (or of its nearest ancestor with one) that ``node`` belongs to."""
    while node is not None and not isinstance(node, Screen):
        if node.id:
            return node.id
        node = node.parent
    return ""


class Painted:
    """The terminal's cells, as the app's frames paint them (and how often each was written)."""

    def __init__(self, app: App[Any], monkeypatch: pytest.MonkeyPatch) -> None:
        width, height = app.size
        self.app = app
        self.cells: list[list[Cell]] = [[(" ", None)] * width for _ in range(height)]
        self.writes: Counter[tuple[int, int]] = Counter()  # (x, y) -> times written
        self.frames = 0
        self.paint(app.screen._compositor.render_update(full=True))  # what is on screen now
        self.writes.clear()
        display = App._display

        def painting(app_: App[Any], screen: Screen[Any], renderable: Any) -> None:
            if app_ is self.app and not app_._batch_count:
                self.paint(renderable)
            display(app_, screen, renderable)

        monkeypatch.setattr(App, "_display", painting)

    def put(self, x: int, y: int, strip: Strip) -> None:
        for segment in strip:
            for char in segment.text:
                if 0 <= y < len(self.cells) and 0 <= x < len(self.cells[y]):
                    self.cells[y][x] = cell(char, segment.style)
                    self.writes[x, y] += 1
                x += cell_len(char)

    def paint(self, update: object) -> None:
        """Apply one frame (as ``LayoutUpdate.render_segments`` and ``ChopsUpdate.render_segments`` write it)."""
        if isinstance(update, LayoutUpdate):
            self.frames += 1
            for y, line in enumerate(update.strips, update.region.y):
                x = update.region.x
                for strip in line:
                    self.put(x, y, strip)
                    x += strip.cell_length
        elif isinstance(update, ChopsUpdate):
            self.frames += 1
            for y, x1, x2 in update.spans:
                for end, (x, chop) in zip(update.chop_ends[y], update.chops[y].items(), strict=True):
                    if chop is None or x > x2 or end <= x1:
                        continue
                    self.put(x, y, chop if x2 > x >= x1 and end <= x2 else chop.crop(0, min(end, x2) - x))

    def written_by(self) -> Counter[str]:
        """Cells written since the last ``clear``, by the widget they belong to."""
        counted: Counter[str] = Counter()
        for (x, y), times in self.writes.items():
            counted[owner(self.app.screen.get_widget_at(x, y)[0])] += times
        return counted

    def twice(self) -> set[str]:
        """The widgets some of whose cells were written more than once since the last ``clear``."""
        return {owner(self.app.screen.get_widget_at(x, y)[0]) for (x, y), n in self.writes.items() if n > 1}

    def clear(self) -> None:
        self.writes.clear()
        self.frames = 0


def composed(app: App[Any]) -> list[list[Cell]]:
    """The screen drawn afresh, whole, from every widget's content now."""
    rows: list[list[Cell]] = []
    for strip in app.screen._compositor.render_strips():
        row: list[Cell] = []
        for segment in strip:
            row.extend(cell(char, segment.style) for char in segment.text)
        rows.append(row)
    return rows


def changed(app: App[Any], before: list[list[Cell]], after: list[list[Cell]]) -> set[str]:
    """The widgets with a cell that differs between two pictures of the screen."""
    return {
        owner(app.screen.get_widget_at(x, y)[0])
        for y, (old, new) in enumerate(zip(before, after, strict=True))
        for x, (a, b) in enumerate(zip(old, new, strict=True))
        if a != b
    }


class Rendered:
    """The widgets whose content was rendered again (``Widget._render_content``), by owner."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.owners: Counter[str] = Counter()
        render_content = Widget._render_content

        def rendering(widget: Widget) -> None:
            self.owners[owner(widget)] += 1
            render_content(widget)

        monkeypatch.setattr(Widget, "_render_content", rendering)

    def clear(self) -> None:
        self.owners.clear()
