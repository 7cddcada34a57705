"""Solo: the Viking display, row by row, against your shields."""

from __future__ import annotations

from rich.text import Text

from ...rules.cards import KINGDOM_NAMES
from ...rules.scoring import viking_score
from ...words import panels as say
from ..text import TYPE_SHORT, fit
from .board import Board, Cell


class VikingPanel(Board):
    """For each Viking row: its card's side, the cards taken, helmets vs your shields, points."""

    def draw(self, width: int) -> list[Text]:
        v = self.view
        assert v is not None
        state, db = v.state, v.db
        if not state.solo:
            return []
        vs = viking_score(state)
        lines = self.join([Cell(width, 1).put(0, say.viking_title(vs.total), "board--vikings")])
        for row, r in enumerate(vs.rows):
            card = db.vikings[row]
            side = "red" if state.viking_red[row] else "green"
            head = f"{row + 1} {fit(KINGDOM_NAMES[row], 11).rstrip()} {TYPE_SHORT[card.icon]} ({side})"
            lines += self.join([Cell(width, 1).put(0, head, "board--label")], len(lines))
            taken = ", ".join(f"{TYPE_SHORT[db.type[c]]} h{db.helmets[c]}" for c in state.vikings[row]) or "-"
            lines += self.join([Cell(width, 1).put(0, "  " + fit(taken, width - 2))], len(lines))
            verdict = say.viking_verdict(r.helmets, r.your_shields)
            cell = Cell(width, 1).put(0, verdict)
            if r.scores:
                cell.put(0, f"+{r.points}", "board--risk")
            else:
                cell.put(0, f"0 ({r.coins_per_card}/card)", "board--safe")
            lines += self.join([cell], len(lines))
        return lines

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return 13 if self.view is not None and self.view.state.solo else 0
