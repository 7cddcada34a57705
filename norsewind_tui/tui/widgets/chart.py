"""A small line chart of projected scores over the turns, drawn with box and block characters.

``chart_lines`` is the drawing (plain text lines and a series index per cell, so tests and
the CLI can read it); ``ScoreChart`` colours it.  Each series has its own mark (█ ▓ ▒ ░ ╳),
joined from turn to turn by │ where the value climbs or falls more than one row; the turn
shown is marked ┼ on the axis.  Everything fits the width given (80 columns and more).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.widget import Widget

from ...words import panels as say

MARKS = ("█", "▓", "▒", "░", "╳")
SERIES_CLASSES = ("chart--s0", "chart--s1", "chart--s2", "chart--s3", "chart--s4")


@dataclass
class ChartData:
    """The series to draw: a label and a value per point; ``xs`` names the points (turns)."""

    labels: tuple[str, ...]
    xs: list[str]
    values: list[tuple[int, ...]]  # per point, one value per series
    current: int = 0  # the point shown
    now: tuple[int, ...] = ()  # the values at the position shown (the legend)
    title: str = say.CHART_TITLE
    vikings: bool = False  # the last series is the Vikings' (solo): their own mark ╳ and colour

    def style_of(self, series: int) -> int:
        """The mark and colour index of ``series``."""
        return 4 if self.vikings and series == len(self.labels) - 1 else series % 4


def chart_lines(data: ChartData, width: int, height: int) -> list[tuple[str, list[int]]]:
    """The chart as ``height`` lines of at most ``width`` cells; each with the series of each cell (-1: none)."""
    width = max(width, 20)
    legend = _legend(data, width)
    rows = max(height - 2 - len(legend), 3)  # plot rows; then the axis and the turn labels
    values = data.values or [tuple(0 for _ in data.labels)]
    lo = min(0, *(v for point in values for v in point))
    hi = max(1, *(v for point in values for v in point))
    label_w = max(len(str(lo)), len(str(hi))) + 1
    plot_w = width - label_w - 1
    n = len(values)
    step = max(1, min(6, plot_w // max(n, 1)))

    def row_of(v: int) -> int:
        return rows - 1 - round((v - lo) * (rows - 1) / (hi - lo))

    grid = [[" "] * plot_w for _ in range(rows)]
    owner = [[-1] * plot_w for _ in range(rows)]
    for s in reversed(range(len(data.labels))):  # the first seat drawn last: on top where they meet
        prev: int | None = None
        for i, point in enumerate(values):
            x = i * step
            if x >= plot_w:
                break
            r = row_of(point[s])
            if prev is not None and abs(prev - r) > 1:
                lo_r, hi_r = sorted((prev, r))
                for rr in range(lo_r + 1, hi_r):
                    if grid[rr][x] == " ":
                        grid[rr][x], owner[rr][x] = "│", data.style_of(s)
            grid[r][x], owner[r][x] = MARKS[data.style_of(s)], data.style_of(s)
            for dx in range(1, step if i < n - 1 else 1):  # a short run to the next turn
                if x + dx < plot_w and grid[r][x + dx] == " ":
                    grid[r][x + dx], owner[r][x + dx] = "─", data.style_of(s)
            prev = r
    out: list[tuple[str, list[int]]] = []
    middle = rows // 2
    for r in range(rows):
        label = str(hi) if r == 0 else (str(lo) if r == rows - 1 else "")
        if r == middle:
            label = str(round(hi - (hi - lo) * middle / (rows - 1)))
        prefix = label.rjust(label_w) + "┤"
        out.append((prefix + "".join(grid[r]), [-1] * len(prefix) + owner[r]))
    axis = [" "] * label_w + ["└"] + ["─"] * plot_w
    cur = label_w + 1 + data.current * step
    if cur < len(axis):
        axis[cur] = "┼"
    out.append(("".join(axis), [-1] * len(axis)))
    ticks = [" "] * (label_w + 1 + plot_w)
    for i, name in enumerate(data.xs):
        x = label_w + 1 + i * step
        if x + len(name) > len(ticks):
            break
        wanted = i in (0, data.current, n - 1) or step >= 4 or (step >= 3 and i % 2 == 0)
        if wanted and all(c == " " for c in ticks[max(x - 1, 0) : x + len(name) + 1]):
            ticks[x : x + len(name)] = list(name)
    out.append(("".join(ticks).rstrip(), [-1] * len("".join(ticks).rstrip())))
    out.extend(legend)
    return [(text[:width], owners[:width]) for text, owners in out[:height]]


def _legend(data: ChartData, width: int) -> list[tuple[str, list[int]]]:
    """ "█ Astrid 38  ╳ Vikings 30" (the values at the position shown), wrapped to ``width``."""
    lines: list[tuple[str, list[int]]] = []
    text, owners = "", list[int]()
    for s, label in enumerate(data.labels):
        value = f" {data.now[s]}" if s < len(data.now) else ""
        piece = f"{MARKS[data.style_of(s)]} {label[:14]}{value}"
        if text and len(text) + 2 + len(piece) > width:
            lines.append((text, owners))
            text, owners = "", list[int]()
        if text:
            text, owners = text + "  ", [*owners, -1, -1]
        text, owners = text + piece, owners + [data.style_of(s)] * len(piece)
    if text:
        lines.append((text, owners))
    return lines


class ScoreChart(Widget):
    """The projected-score chart of the review screen."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {*SERIES_CLASSES, "chart--title"}
    DEFAULT_CSS = """
    ScoreChart > .chart--title { text-style: bold; }
    ScoreChart > .chart--s0 { color: $nw-yellow; }
    ScoreChart > .chart--s1 { color: $nw-blue; }
    ScoreChart > .chart--s2 { color: $nw-purple; }
    ScoreChart > .chart--s3 { color: $nw-safe; }
    ScoreChart > .chart--s4 { color: $nw-vikings; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.data: ChartData | None = None

    def show(self, data: ChartData) -> None:
        self.data = data
        self.refresh()

    def render(self) -> Text:
        if self.data is None:
            return Text("")
        width, height = max(self.size.width, 20), max(self.size.height, 6)
        lines = chart_lines(self.data, width, height - 1)
        out = Text(self.data.title[:width], style=self.get_component_rich_style("chart--title", partial=True))
        for text, owners in lines:
            out.append("\n")
            out.append_text(_coloured(text, owners, self))
        return out


def _coloured(text: str, owners: Sequence[int], widget: Widget) -> Text:
    line = Text(text, no_wrap=True, overflow="crop")
    start = 0
    while start < len(text):
        s = owners[start] if start < len(owners) else -1
        end = start
        while end < len(text) and (owners[end] if end < len(owners) else -1) == s:
            end += 1
        if s >= 0:
            line.stylize(widget.get_component_rich_style(SERIES_CLASSES[s], partial=True), start, end)
        start = end
    return line
