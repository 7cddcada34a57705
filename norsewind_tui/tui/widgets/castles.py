"""The castle display: ``Castles 1:$7 s7{2} p2{1} 2:...``, on at most two lines.

When the castles do not fit in two lines they are written shorter
(``1:$7 s7 p2``), and what still does not fit is counted (``+3 more``); the
cursor (``c``, then the arrows) reaches every castle, and the status line
describes the one it is on.
"""

from __future__ import annotations

from rich.text import Text

from ...rules.queries import castle_in_hand, just_returned
from ..text import castle_line, castle_values
from .board import Board, BoardView, Cell

MAX_LINES = 2
LABEL = 8
RETURNED_MARK = " back"  # R23: just returned, not for sale before the next refill


def deck_counts(view: BoardView) -> str:
    s = view.state
    return f"deck {len(s.deck)}  reserve {len(s.reserve)}  neutral {s.neutral}"


class CastleView(Board):
    def _items(self, short: bool) -> list[Cell]:
        v = self.view
        assert v is not None
        state, db = v.state, v.db
        items: list[Cell] = []
        returned = just_returned(state)
        for i, card in enumerate(state.display):
            key = ("castle", i)
            text = f"{i + 1}:" + (castle_values(db, card) if short else castle_line(db, card))
            mark = RETURNED_MARK if i in returned else ""
            cell = Cell(len(text) + len(mark) + 1, 1, key if key in v.targets else None, self.style_for(key))
            items.append(cell.put(0, text).put(0, mark, "board--dim"))
        held = castle_in_hand(state)
        if held is not None:
            text = "taken: " + (castle_values(db, held) if short else castle_line(db, held))
            items.append(Cell(len(text) + 1, 1, None, "board--held").put(0, text))
        if not items:
            items.append(Cell(5, 1).put(0, "none", "board--dim"))
        return items

    def _rows(self, items: list[Cell], width: int) -> list[list[Cell]]:
        rows: list[list[Cell]] = [[Cell(LABEL, 1).put(0, "Castles", "board--label")]]
        used = LABEL
        for cell in items:
            if used + cell.width > width and len(rows[-1]) > 1:
                rows.append([Cell(LABEL, 1)])
                used = LABEL
            rows[-1].append(cell)
            used += cell.width
        return rows

    def layout_rows(self, width: int) -> list[list[Cell]]:
        """The castles laid out in at most ``MAX_LINES`` rows of cells."""
        rows = self._rows(self._items(short=False), width)
        if len(rows) > MAX_LINES:
            rows = self._rows(self._items(short=True), width)
        if len(rows) > MAX_LINES:
            rows = rows[:MAX_LINES]
            hidden = sum(1 for r in self._rows(self._items(short=True), width)[MAX_LINES:] for _ in r[1:])
            more = f"+{hidden} more"
            last = rows[-1]
            while len(last) > 1 and sum(c.width for c in last) + len(more) > width:
                last.pop()
                hidden += 1
            more = f"+{hidden} more"
            last.append(Cell(len(more), 1).put(0, more, "board--dim"))
        return rows

    def draw(self, width: int) -> list[Text]:
        rows = self.layout_rows(width)
        counts = deck_counts(self.view)  # type: ignore[arg-type]
        room = width - sum(c.width for c in rows[-1])
        if room >= len(counts) + 1:
            rows[-1].append(Cell(room, 1).put(0, counts.rjust(room), "board--dim"))
        lines: list[Text] = []
        for row in rows:
            lines += self.join(row, len(lines))
        return lines


def counts_fit(view: BoardView, width: int) -> bool:
    """Do the deck counts fit on the castle line (else the players bar shows them)?"""
    probe = CastleView()
    probe.view = view
    rows = probe.layout_rows(width)
    return width - sum(c.width for c in rows[-1]) >= len(deck_counts(view)) + 1

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        if self.view is None:
            return 1
        return len(self.draw(width))
