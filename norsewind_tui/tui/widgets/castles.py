"""The castle display, with the draw deck, the reserve and the neutral citizens left."""

from __future__ import annotations

from rich.text import Text

from ..text import castle_line
from .board import Board, Cell


class CastleView(Board):
    """``Castles 1:$7 s7{2} p2{1} ...   deck 23 reserve 5 neutral 4`` (wraps when long)."""

    def draw(self, width: int) -> list[Text]:
        v = self.view
        assert v is not None
        state, db = v.state, v.db
        counts = f" deck {len(state.deck)} res {len(state.reserve)} neutral {state.neutral}"
        items: list[Cell] = []
        for i, card in enumerate(state.display):
            key = ("castle", i)
            text = f"{i + 1}:{castle_line(db, card)}"
            cell = Cell(len(text) + 1, 1, key if key in v.targets else None, self.style_for(key))
            cell.put(0, text)
            items.append(cell)
        if state.held >= 0 and state.phase == "castle_kingdom":
            text = f"taken:{castle_line(db, state.held)}"
            items.append(Cell(len(text) + 1, 1, None, "board--held").put(0, text))
        head = Cell(8, 1).put(0, "Castles", "board--label")
        if not items:
            items.append(Cell(5, 1).put(0, "none", "board--dim"))
        lines: list[Text] = []
        row: list[Cell] = [head]
        used = head.width
        for cell in items:
            if used + cell.width > width and len(row) > 1:
                lines += self.join(row, len(lines))
                row = [Cell(8, 1)]
                used = 8
            row.append(cell)
            used += cell.width
        tail = Cell(max(width - used, 0), 1)
        if width - used >= len(counts):
            tail.put(0, " " * (width - used - len(counts)) + counts, "board--dim")
            row.append(tail)
            lines += self.join(row, len(lines))
        else:
            lines += self.join(row, len(lines))
            lines += self.join([Cell(width, 1).put(0, counts.strip().rjust(width), "board--dim")], len(lines))
        return lines

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        if self.view is None:
            return 1
        return len(self.draw(width))
