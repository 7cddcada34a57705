"""What a layout test looks for on a screen: text cut off, or text hidden under another widget."""

from __future__ import annotations

import re
from typing import Any

from textual.app import App
from textual.containers import ScrollableContainer
from textual.widget import Widget
from textual.widgets import DataTable, Footer, Input, RichLog, Select, TextArea

from norsewind_tui.tui.widgets.board import Board
from norsewind_tui.tui.widgets.log import GameLog

from .helpers import screen_text

# 24 cells each: the longest a name may be (screens/form.py MAX_NAME); told apart by their first letters
LONG_NAMES = (
    "Bartholomew-Alexandrinus",
    "Cunegonde-Wilhelmina-Ros",
    "Maximiliano-Evangelistas",
    "Pelagia-Theodosia-Kovacs",
)

# "~" is what fitting.squeeze leaves where it had to cut a text (at a cell's end, whatever follows;
# "~/" is a home folder), "…" what Rich and Textual leave
CUT = re.compile(r"~(?!/)|…")

# widgets whose content is a window onto more by design: they scroll, or show the latest lines (the log;
# L opens all of it), or are edited in place (an input shows the part of the value around the cursor)
WINDOWS: tuple[type[Widget], ...] = (ScrollableContainer, DataTable, RichLog, TextArea, Input, Select, GameLog, Footer)


def _under(widget: Widget, kinds: tuple[type[Widget], ...]) -> bool:
    node: Any = widget
    while node is not None:
        if isinstance(node, kinds):
            return True
        node = node.parent
    return False


def _clipping_parent(widget: Widget) -> str | None:
    """The container that cuts off part of ``widget`` (drawn beyond its region: hidden), if any."""
    node: Any = widget.parent
    while isinstance(node, Widget) and node is not widget.screen:
        if node.display and not node.region.contains_region(widget.region):
            return f"{type(node).__name__}#{node.id}"
        node = node.parent
    return None


def layout_problems(app: App[Any], text: str | None = None) -> list[str]:
    """Every line that ends cut off and every widget whose text needs more room than it was given
    (``text``: the screen's text, when the caller has it already: rendering it costs a frame)."""
    text = screen_text(app) if text is None else text
    problems = [f"cut: {line.rstrip()!r}" for line in text.split("\n") if CUT.search(line.rstrip())]
    screen = app.screen
    for table in screen.query(DataTable):  # a list shows every column whole, without scrolling sideways
        if table.display and table.virtual_size.width > table.scrollable_content_region.width:
            shows = table.scrollable_content_region.width
            problems.append(f"hidden: DataTable#{table.id} is {table.virtual_size.width} cells wide, shows {shows}")
    for footer in screen.query(Footer):  # every key the footer offers, whole (it would scroll sideways)
        keys = [k for k in footer.children if k.display and footer.display]
        if keys and max(k.region.right for k in keys) > footer.region.right:
            problems.append(f"hidden: the footer's keys need {max(k.region.right for k in keys)} cells")
        for i, key in enumerate(keys):  # the palette's key is docked right: it may cover the last ones
            if any(key.region.overlaps(other.region) for other in keys[i + 1 :]):
                problems.append(f"hidden: footer key {key.render()!s} is covered by another")
    for widget in screen.query("*"):
        if not widget.display or widget.children or _under(widget, WINDOWS):
            continue
        region = widget.content_region
        if region.width <= 0 or region.height <= 0:
            continue
        if isinstance(widget, Board):
            needed = len(widget._draw_lines(region.width))
        else:
            needed = widget.get_content_height(region.size, app.size, region.width)
        if not screen.region.contains_region(widget.region):
            problems.append(f"hidden: {type(widget).__name__}#{widget.id} lies partly off the screen")
        elif (box := _clipping_parent(widget)) is not None:
            problems.append(f"hidden: {type(widget).__name__}#{widget.id} lies partly outside {box}")
        elif needed > region.height:
            name = f"{type(widget).__name__}#{widget.id}"
            problems.append(f"hidden: {name} needs {needed} lines, has {region.height}")
    return problems
