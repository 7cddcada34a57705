"""The base of the board widgets: cells of styled text, targets and clicks.

A board widget draws itself as rows of fixed-width *cells*.  A cell may stand
for a target (a market slot, a kingdom row, a space...); the widget remembers
where each target was drawn, so a click on it posts ``Board.Picked``.  Colours
and emphasis come from component classes styled in ``norsewind.tcss``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.message import Message
from textual.widget import Widget

from ...rules.cards import CardDB
from ...rules.state import State
from ..fitting import squeeze_text
from ..targets import Key, Target

COLOUR_CLASSES = ("board--purple", "board--yellow", "board--blue", "board--red", "board--neutral")


@dataclass
class BoardView:
    """Everything a board widget shows: the state, the targets and the cursor."""

    state: State
    db: CardDB
    names: tuple[str, ...]  # sanitised player names
    targets: dict[Key, Target] = field(default_factory=dict)
    cursor: Key | None = None
    seat: int = 0  # whose kingdoms are shown
    me: int = 0  # the seat whose decision it is (or -1)


class Cell:
    """A block of ``height`` lines, ``width`` cells wide, optionally standing for a target."""

    def __init__(self, width: int, height: int, key: Key | None = None, style: str = "") -> None:
        self.width = width
        self.rows = [Text() for _ in range(height)]
        self.key = key
        self.style = style  # a component class for the whole cell

    def put(self, line: int, text: str, style: str = "") -> Cell:
        """Append ``text`` to ``line`` (in the component class ``style``)."""
        if 0 <= line < len(self.rows):
            self.rows[line].append(text, style=style or None)
        return self


class Board(Widget):
    """A widget drawn from a ``BoardView`` as rows of cells."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "board--legal",
        "board--cursor",
        "board--cursor-illegal",
        "board--illegal",
        "board--dim",
        "board--label",
        "board--held",
        "board--purple",
        "board--yellow",
        "board--blue",
        "board--red",
        "board--neutral",
        "board--discs",
        "board--safe",
        "board--risk",
        "board--green-tile",
        "board--red-tile",
        "board--ship",
        "board--vikings",
        "board--current",
        "board--filled",
    }

    class Picked(Message):
        """A target was clicked."""

        def __init__(self, key: Key) -> None:
            self.key = key
            super().__init__()

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.view: BoardView | None = None
        self._regions: list[tuple[int, int, int, int, Key]] = []  # y0, y1, x0, x1, key
        self._lines: list[Text] | None = None  # what was drawn last, to repaint only what changes
        self._width = 0
        self._fresh = False  # ``_lines`` were drawn by ``show`` for the view, not painted yet

    def show(self, view: BoardView) -> None:
        """Draw ``view``; only the lines that changed are repainted (few bytes per key)."""
        self.view = view
        width = self.size.width
        if not width or self._lines is None or width != self._width:
            self._lines = None
            if width or self.is_on_screen:  # a hidden board (the side panels below 112 columns) is
                self.refresh(layout=True)  # drawn when shown: no layout of the screen for it (issue 16)
            return
        regions_before = self._regions
        new = self._draw_lines(width)
        old = self._lines
        self._lines = new
        self._fresh = True  # the refresh below paints these lines: render() takes them
        if len(new) != len(old):
            self.refresh(layout=True)
            return
        changed = [r for y, (a, b) in enumerate(zip(old, new, strict=True)) if (r := changed_part(a, b, y, width))]
        if changed:
            self.refresh(*changed)
        elif regions_before != self._regions:
            self.refresh()
        else:
            self._fresh = False  # nothing to paint

    # --------------------------------------------------------------- drawing

    def style_for(self, key: Key | None, base: str = "") -> str:
        """The component class for a cell standing for ``key``."""
        v = self.view
        if v is None or key is None:
            return base
        target = v.targets.get(key)
        if target is None:
            return base
        if key == v.cursor:
            return "board--cursor" if target.legal else "board--cursor-illegal"
        return "board--legal" if target.legal else "board--illegal"

    def _rich(self, name: str) -> Style:
        if not name:
            return Style()
        return self.get_component_rich_style(name, partial=True)

    def join(self, cells: list[Cell], y: int = 0) -> list[Text]:
        """Lay ``cells`` side by side; remember the targets' regions (starting at line ``y``)."""
        height = max((len(c.rows) for c in cells), default=0)
        lines = [Text(no_wrap=True, overflow="crop") for _ in range(height)]
        x = 0
        for cell in cells:
            base = self._rich(cell.style)
            for i in range(height):
                piece = cell.rows[i] if i < len(cell.rows) else Text()
                piece = piece.copy()
                # resolve component-class names into styles
                piece.spans = [
                    type(s)(s.start, s.end, self._rich(s.style) if isinstance(s.style, str) else s.style)
                    for s in piece.spans
                ]
                width = cell.width
                if cell_len(piece.plain) > width:  # words give way, numbers never (issue 23.1)
                    piece = squeeze_text(piece, width)
                pad = width - cell_len(piece.plain)
                if pad > 0:
                    piece.append(" " * pad)
                if cell.style:
                    piece.stylize_before(base, 0, len(piece.plain))
                lines[i].append_text(piece)
            if cell.key is not None:
                self._regions.append((y, y + height, x, x + cell.width, cell.key))
            x += cell.width
        return lines

    def draw(self, width: int) -> list[Text]:  # pragma: no cover - every board overrides it
        return []

    def _draw_lines(self, width: int) -> list[Text]:
        self._regions = []
        if self.view is None:
            return []
        return self.draw(width)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        # drawn at the width being laid out, not the widget's old one: after a resize the height is
        # the one a fresh start at that size gets (the default measured the last drawing)
        if self.view is None:
            return 1
        regions = self._regions
        height = len(self._draw_lines(width))
        self._regions = regions  # measuring is not drawing: the click targets stay those on screen
        return max(height, 1)

    def render(self) -> Text:
        width = self.size.width
        lines = self._lines
        if lines is None or not (self._fresh and width == self._width):  # else the lines ``show`` just
            lines = self._lines = self._draw_lines(width)  # drew (issue 16: a change drew each board twice)
        self._fresh = False
        self._width = width
        return Text("\n", no_wrap=True, overflow="crop").join(lines)

    # --------------------------------------------------------------- mouse

    def key_at(self, x: int, y: int) -> Key | None:
        for y0, y1, x0, x1, key in self._regions:
            if y0 <= y < y1 and x0 <= x < x1:
                return key
        return None

    def on_click(self, event: events.Click) -> None:
        key = self.key_at(event.x, event.y)
        if key is not None:
            event.stop()
            self.post_message(self.Picked(key))


def _char_styles(text: Text) -> list[tuple[object, ...]]:
    styles: list[tuple[object, ...]] = [()] * len(text.plain)
    for span in text.spans:
        for i in range(span.start, min(span.end, len(styles))):
            styles[i] = (*styles[i], span.style)
    return styles


def changed_part(old: Text, new: Text, y: int, width: int) -> Region | None:
    """The cells of line ``y`` that differ between two drawings (None when none does)."""
    if old == new:
        return None
    a, b = old.plain, new.plain
    if cell_len(a) != len(a) or cell_len(b) != len(b):
        return Region(0, y, width, 1)  # wide characters: repaint the line
    sa, sb = _char_styles(old), _char_styles(new)
    n = max(len(a), len(b))

    def same(i: int) -> bool:
        return i < len(a) and i < len(b) and a[i] == b[i] and sa[i] == sb[i]

    first = next((i for i in range(n) if not same(i)), None)
    if first is None:
        return None
    last = next(i for i in range(n - 1, -1, -1) if not same(i))
    return Region(first, y, last - first + 1, 1)
