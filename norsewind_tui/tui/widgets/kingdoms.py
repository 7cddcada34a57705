"""A player's four kingdom rows: castle | kingdom card and tile | buildings | status.

Each row is three lines.  The status column shows what the rules' scoring says
of the row now: helmets against shields (safe or at risk), prestige,
citizens and the points it would score; in solo also the Viking row's helmets
against your shields and the points it would give the Vikings.
"""

from __future__ import annotations

from rich.text import Text

from ...rules.cards import KINGDOM_NAMES, CardDB
from ...rules.scoring import VikingScore, kingdom_score, viking_score
from ...rules.state import CASTLE, TILE, Player
from ..text import card_spaces, card_title, card_values, castle_values, fit, income_text, tile_spaces, tile_summary
from .board import COLOUR_CLASSES, Board, Cell

ROW_HEIGHT = 3


def widths(width: int) -> tuple[int, int, int, int, int]:
    """(gutter, castle, kingdom, building, status) column widths for ``width`` cells."""
    gutter, castle, kingdom, building, status = 2, 9, 12, 9, 14
    kingdom = 13 if width >= 80 else 12
    spare = width - (gutter + castle + 1 + kingdom + 1 + 4 * (building + 1) + status)
    while spare > 0:
        grew = False
        for col in ("building", "status", "kingdom", "castle"):
            if col == "building" and spare >= 4 and building < 14:
                building += 1
                spare -= 4
                grew = True
            elif col == "status" and spare >= 1 and status < 22:
                status += 1
                spare -= 1
                grew = True
            elif col == "kingdom" and spare >= 1 and kingdom < 16:
                kingdom += 1
                spare -= 1
                grew = True
            elif col == "castle" and spare >= 1 and castle < 12:
                castle += 1
                spare -= 1
                grew = True
        if not grew:
            break
    return gutter, castle, kingdom, building, status


class KingdomsView(Board):
    """The four kingdoms of the player ``view.seat``."""

    def draw(self, width: int) -> list[Text]:
        v = self.view
        assert v is not None
        db = v.db
        player = v.state.players[v.seat]
        vik = viking_score(v.state) if v.state.solo else None
        lines: list[Text] = []
        spaced = self.size.height >= 4 * ROW_HEIGHT + 3
        for row in range(4):
            if spaced and row:
                lines.append(Text("\u2500" * width, style=self._rich("board--dim"), no_wrap=True))
            lines += self._row(db, player, row, width, len(lines), vik)
        return lines

    def _space_style(self, key: tuple[object, ...], base: str) -> str:
        v = self.view
        assert v is not None
        if key in v.targets:
            return self.style_for(key)
        return base

    def _spaces_into(self, cells: list[Cell], spaces: list[tuple[str, str, bool, int]], row: int, holder: int) -> None:
        """Append one small cell per space, each standing for its target when it is one."""
        citizen_index = 0
        for text, kind, filled, colour in spaces:
            if kind == "citizen":
                key: tuple[object, ...] = ("space", row, holder, citizen_index)
                citizen_index += 1
                base = COLOUR_CLASSES[colour] if filled else "board--dim"
            else:
                side = 0 if kind == "shield" else 1
                key = ("disc", row, holder, side)
                base = "board--filled" if filled else "board--dim"
            style = self._space_style(key, base)
            cell = Cell(len(text), 1, key if key in self.view.targets else None, style)  # type: ignore[union-attr]
            cell.put(0, text, "" if style != base else base)
            cells.append(cell)

    def _row(self, db: CardDB, player: Player, row: int, width: int, y: int, vik: VikingScore | None) -> list[Text]:
        v = self.view
        assert v is not None
        gw, cw, kw, bw, sw = widths(width)
        k = player.kingdoms[row]
        row_key = ("row", row)
        is_target = row_key in v.targets and v.seat == v.me
        row_style = self.style_for(row_key) if is_target else ""
        # Lines 0-1 of every column; line 2 holds spaces, drawn as separate cells.
        gutter = Cell(gw, 2, row_key if is_target else None, row_style)
        gutter.put(0, f"{row + 1}", "board--label")
        if v.cursor == row_key and is_target:
            gutter.put(1, ">")
        # castle
        castle = Cell(cw + 1, 2, row_key if is_target else None, row_style)
        if k.castle >= 0:
            castle.put(0, "Castle")
            castle.put(1, castle_values(db, k.castle, with_cost=False))
        else:
            castle.put(0, "")
            castle.put(1, "no castle", "board--dim")
        kingdom = Cell(kw + 1, 2, row_key if is_target else None, row_style)
        kingdom.put(0, fit(KINGDOM_NAMES[row], kw))
        tile_text, green = tile_summary(db, player, row)
        tile_style = "board--green-tile" if green else "board--red-tile"
        kingdom.put(1, fit(("G " if green else "R ") + tile_text, kw).rstrip(), tile_style)
        buildings: list[Cell] = []
        for i in range(4):
            b = Cell(bw + 1, 2, row_key if is_target else None, row_style)
            if i < len(k.buildings):
                card = k.buildings[i]
                title = card_title(db, card, wide=bw >= 13)
                helmets = f"h{db.helmets[card]}"
                b.put(0, fit(title, max(bw - len(helmets) - 1, 1)) + " " + helmets)
                b.put(1, card_values(db, card, in_market=False))
            else:
                b.put(0, ".", "board--dim")
            buildings.append(b)
        score = kingdom_score(db, player, row)
        status = Cell(sw, 3)
        # "h2<=s4 safe" / "h3>s1 RISK", then "p1 x c2 = 2" / "-7 (safe: 2)": what it would score if safe
        status.put(0, f"h{score.helmets}{'<=' if score.safe else '>'}s{score.shields} ")
        status.put(0, "safe" if score.safe else "RISK", "board--safe" if score.safe else "board--risk")
        p, c = score.prestige, score.citizens
        if score.safe:
            points = f"p{p} x c{c} = {score.points}"
            status.put(1, points if len(points) <= sw else f"p{p}xc{c}={score.points}")
        else:
            status.put(1, fit(f"{score.points} (safe: {p * c})", sw).rstrip(), "board--risk")
        if vik is not None and v.seat == 0:
            r = vik.rows[row]
            if r.scores:
                status.put(2, f"Vik h{r.helmets}>s{r.your_shields} +{r.points}", "board--vikings")
            else:
                status.put(2, f"Vik h{r.helmets}<=s{r.your_shields} 0", "board--dim")
        status2 = Cell(sw, 2)
        status2.rows = status.rows[:2]
        top = self.join([gutter, castle, kingdom, *buildings, status2], y)
        # line 2: income and spaces, cell by cell so that each space is a target
        third: list[Cell] = [Cell(gw, 1, row_key if is_target else None, row_style)]
        c_cells: list[Cell] = []
        if k.castle >= 0:
            self._spaces_into(c_cells, card_spaces(db, k.castle, k, CASTLE), row, CASTLE)
        third += c_cells
        used = sum(c.width for c in c_cells)
        third.append(Cell(cw + 1 - used, 1, row_key if is_target else None, row_style))
        t_cells: list[Cell] = []
        self._spaces_into(t_cells, tile_spaces(db, player, row), row, TILE)
        used = sum(c.width for c in t_cells)

        # "inc" is written in every row or in none: in all when each row has room for it beside its tile spaces
        def room(r: int) -> int:
            spaces = tile_spaces(db, player, r)
            return kw - sum(len(t) for t, *_ in spaces) - (1 if spaces else 0)

        labelled = all(len(income_text(db, player, r)) <= room(r) for r in range(4))
        inc = income_text(db, player, row, 99 if labelled else 0)
        if t_cells:
            t_cells.append(Cell(1, 1, row_key if is_target else None, row_style))
            used += 1
        t_cells.append(
            Cell(kw + 1 - used, 1, row_key if is_target else None, row_style).put(0, fit(inc, kw - used), "board--dim")
        )
        third += t_cells
        for i in range(4):
            b_cells: list[Cell] = []
            if i < len(k.buildings):
                self._spaces_into(b_cells, card_spaces(db, k.buildings[i], k, i), row, i)
            used = sum(c.width for c in b_cells)
            third += b_cells
            third.append(Cell(bw + 1 - used, 1, row_key if is_target else None, row_style))
        third.append(Cell(sw, 1).put(0, status.rows[2].plain, _status2_style(status)))
        bottom = self.join(third, y + 2)
        return top + bottom


def _status2_style(cell: Cell) -> str:
    spans = cell.rows[2].spans
    if spans and isinstance(spans[0].style, str):
        return spans[0].style
    return ""
