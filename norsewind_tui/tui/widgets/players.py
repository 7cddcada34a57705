"""The players: a one-line bar (turn order, coins, projected score) and a wider panel."""

from __future__ import annotations

from rich.text import Text

from ...rules.scoring import score_breakdown, viking_score
from ..text import fit
from .board import Board, Cell


def turn_order(n: int, start: int) -> list[int]:
    return [(start + i) % n for i in range(n)]


class PlayersBar(Board):
    """``Turn 7  >Ana $5 =12   Bo $3 =8`` with the seat being viewed marked."""

    def draw(self, width: int) -> list[Text]:
        v = self.view
        assert v is not None
        state = v.state
        n = len(state.players)
        cells: list[Cell] = []
        head = f"Turn {state.turn}" + (f"  Level {state.config.level}" if state.solo else "") + "  "
        cells.append(Cell(len(head), 1).put(0, head, "board--label"))
        name_w = max(4, min(14, (width - len(head) - 12 * n - (16 if state.solo else 0)) // max(n, 1)))
        for seat in turn_order(n, state.start_player):
            p = state.players[seat]
            total = score_breakdown(state, seat).total
            mark = ">" if seat == state.current and not state.is_over else " "
            name = v.names[seat]
            text = f"{mark}{fit(name, name_w).rstrip()} {p.coins}$ {total}pt"
            key = ("seat", seat)
            style = "board--current" if seat == v.seat else ""
            cell = Cell(len(text) + 2, 1, key, style)
            cell.put(0, text)
            if seat == v.seat and seat != v.me and v.me >= 0:
                cell.put(0, "*", "board--label")
            cells.append(cell)
        if state.solo:
            vik = viking_score(state).total
            cells.append(Cell(16, 1).put(0, f"Vikings {vik}pt", "board--vikings"))
        used = sum(c.width for c in cells)
        if width > used:
            cells.append(Cell(width - used, 1))
        return self.join(cells)


class PlayersPanel(Board):
    """A line per player with coins, projected score and kingdoms at risk (wide layout)."""

    def draw(self, width: int) -> list[Text]:
        v = self.view
        assert v is not None
        state = v.state
        n = len(state.players)
        lines = self.join([Cell(width, 1).put(0, "Players (turn order)", "board--label")])
        for seat in turn_order(n, state.start_player):
            p = state.players[seat]
            sb = score_breakdown(state, seat)
            risk = sum(1 for k in sb.kingdoms if not k.safe)
            mark = ">" if seat == state.current and not state.is_over else " "
            style = "board--current" if seat == v.seat else ""
            top = Cell(width, 1, ("seat", seat), style).put(0, f"{mark}{fit(v.names[seat], width - 1).rstrip()}")
            lines += self.join([top], len(lines))
            detail = f"  {p.coins} coins, {sb.total} pts, {risk} at risk"
            lines += self.join([Cell(width, 1, ("seat", seat)).put(0, detail)], len(lines))
        if state.solo:
            lines += self.join(
                [Cell(width, 1).put(0, f" Vikings {viking_score(state).total} pts", "board--vikings")], len(lines)
            )
        return lines

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        if self.view is None:
            return 1
        return 1 + 2 * len(self.view.state.players) + (1 if self.view.state.solo else 0)
