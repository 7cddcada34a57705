"""A player's four kingdom rows: castle | kingdom card and tile | buildings | status.

Each row is three lines.  The status column shows what the rules' scoring says
of the row now: helmets against shields (safe or at risk), prestige,
citizens and the points it would score; in solo also the Viking row's helmets
against your shields and the points it would give the Vikings.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from ...rules.cards import KINGDOM_NAMES, CardDB
from ...rules.queries import Space, kingdom_spaces
from ...rules.scoring import VikingScore, kingdom_score, viking_score
from ...rules.state import COLOUR_LETTERS, PRESTIGE, SHIELD, Kingdom, Player
from ...words import panels as say
from ..text import card_title, card_values, castle_values, fit, income_text, tile_summary
from .board import COLOUR_CLASSES, Board, Cell

ROW_HEIGHT = 3
# spare cells go round the columns in this order: (column, cells one more costs, its widest)
GROWTH = (("building", 4, 14), ("status", 1, 22), ("kingdom", 1, 16), ("castle", 1, 12))


def widths(width: int) -> tuple[int, int, int, int, int]:
    """(gutter, castle, kingdom, building, status) column widths for ``width`` cells."""
    gutter, castle, kingdom, building, status = 2, 9, 12, 9, 14
    kingdom = 13 if width >= 80 else 12
    spare = width - (gutter + castle + 1 + kingdom + 1 + 4 * (building + 1) + status)
    if spare < 0:  # the main column beside the side panel (from 112 columns): narrower buildings, never a wrap
        building -= min(-spare + 3, 4) // 4
        spare = width - (gutter + castle + 1 + kingdom + 1 + 4 * (building + 1) + status)
        castle += min(spare, 0)
    grown = {"building": building, "status": status, "kingdom": kingdom, "castle": castle}
    while spare > 0:
        grew = False
        for col, cost, most in GROWTH:
            if spare >= cost and grown[col] < most:
                grown[col] += 1
                spare -= cost
                grew = True
        if not grew:
            break
    return gutter, grown["castle"], grown["kingdom"], grown["building"], grown["status"]


POINTER = Style(reverse=True)  # the tutorial's pointer at one row: reverse video needs no colour (NO_COLOR, SSH)


class KingdomsView(Board):
    """The four kingdoms of the player ``view.seat``."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.pointed: int | None = None  # the row a lesson points at (0-3), drawn in reverse video

    def point_at(self, row: int | None) -> None:
        """Point at kingdom ``row`` (None: at none); the lesson says which, the widget only draws it."""
        if row != self.pointed:
            self.pointed = row
            if self.view is not None:
                self.show(self.view)

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
            drawn = self._row(db, player, row, width, len(lines), vik)
            if row == self.pointed:
                for line in drawn:
                    line.stylize(POINTER)
            lines += drawn
        return lines

    def _space_style(self, key: tuple[object, ...], base: str) -> str:
        v = self.view
        assert v is not None
        if key in v.targets:
            return self.style_for(key)
        return base

    def _spaces_into(self, cells: list[Cell], spaces: tuple[Space, ...], row: int) -> None:
        """Append one small cell per space, each standing for its target when it is one."""
        v = self.view
        assert v is not None
        for space in spaces:
            if space.kind == "citizen":
                key: tuple[object, ...] = ("space", row, space.holder, space.index)
                colour = space.figure if space.figure is not None else space.colour
                base = COLOUR_CLASSES[colour] if space.filled and colour is not None else "board--dim"
            else:
                key = ("disc", row, space.holder, SHIELD if space.kind == "shield" else PRESTIGE)
                base = "board--filled" if space.filled else "board--dim"
            text = space_text(space)
            style = self._space_style(key, base)
            cell = Cell(len(text), 1, key if key in v.targets else None, style)
            cell.put(0, text, "" if style != base else base)
            cells.append(cell)

    def _row(self, db: CardDB, player: Player, row: int, width: int, y: int, vik: VikingScore | None) -> list[Text]:
        """A kingdom in three lines: castle | kingdom card and tile | buildings | status, then the spaces."""
        v = self.view
        assert v is not None
        gw, cw, kw, bw, sw = widths(width)
        row_key = ("row", row)
        is_target = row_key in v.targets and v.seat == v.me
        style = self.style_for(row_key) if is_target else ""
        if row == self.pointed and style == "board--cursor":
            style = "board--label"  # its colours reversed would undo the pointer; the gutter's > marks the cursor
        band = _Band(row_key if is_target else None, style)
        status = self._status(db, player, row, sw, vik)
        top = [
            self._gutter(row, gw, band, v.cursor == row_key and is_target),
            self._castle(db, player.kingdoms[row], cw, band),
            self._kingdom_card(db, player, row, kw, band),
            *self._buildings(db, player.kingdoms[row], bw, band),
            Cell(sw, 2),
        ]
        top[-1].rows = status.rows[:2]
        spaces = self._spaces_line(db, player, row, (gw, cw, kw, bw), band)
        spaces.append(Cell(sw, 1).put(0, status.rows[2].plain, _status2_style(status)))
        return self.join(top, y) + self.join(spaces, y + 2)

    @staticmethod
    def _gutter(row: int, gw: int, band: _Band, pointed: bool) -> Cell:
        gutter = band.cell(gw, 2)
        gutter.put(0, f"{row + 1}", "board--label")
        if pointed:
            gutter.put(1, ">")
        return gutter

    @staticmethod
    def _castle(db: CardDB, k: Kingdom, cw: int, band: _Band) -> Cell:
        """Action B: the kingdom's castle, if it has one."""
        castle = band.cell(cw + 1, 2)
        if k.castle >= 0:
            castle.put(0, "Castle")
            castle.put(1, castle_values(db, k.castle, with_cost=False))
        else:
            castle.put(0, "")
            castle.put(1, say.NO_CASTLE, "board--dim")
        return castle

    @staticmethod
    def _kingdom_card(db: CardDB, player: Player, row: int, kw: int, band: _Band) -> Cell:
        """The kingdom card and its tile (green or red, by a letter as well as a colour)."""
        kingdom = band.cell(kw + 1, 2)
        kingdom.put(0, fit(KINGDOM_NAMES[row], kw))
        tile_text, green = tile_summary(db, player, row)
        tile_style = "board--green-tile" if green else "board--red-tile"
        kingdom.put(1, fit(("G " if green else "R ") + tile_text, kw).rstrip(), tile_style)
        return kingdom

    @staticmethod
    def _buildings(db: CardDB, k: Kingdom, bw: int, band: _Band) -> list[Cell]:
        """Up to 4 buildings (the starting card is one, R7), then dots."""
        buildings: list[Cell] = []
        for i in range(4):
            b = band.cell(bw + 1, 2)
            if i < len(k.buildings):
                card = k.buildings[i]
                title = card_title(db, card, wide=bw >= 13)
                helmets = f"h{db.helmets[card]}"
                b.put(0, fit(title, max(bw - len(helmets) - 1, 1)) + " " + helmets)
                b.put(1, card_values(db, card, in_market=False))
            else:
                b.put(0, ".", "board--dim")
            buildings.append(b)
        return buildings

    def _status(self, db: CardDB, player: Player, row: int, sw: int, vik: VikingScore | None) -> Cell:
        """What the row scores now (rulebook, End of the Game), and in solo the Viking row against it."""
        v = self.view
        assert v is not None
        score = kingdom_score(db, player, row)
        status = Cell(sw, 3)
        # "h2<=s4 safe" / "h3>s1 RISK", then "p1 x c2 = 2" / "-7 (safe: 2)": what it would score if safe
        status.put(0, f"h{score.helmets}{'<=' if score.safe else '>'}s{score.shields} ")
        status.put(0, "safe" if score.safe else "RISK", "board--safe" if score.safe else "board--risk")
        p, c = score.prestige, score.citizens
        if score.safe:
            points = say.kingdom_points(p, c, score.points)
            status.put(1, points if len(points) <= sw else say.kingdom_points(p, c, score.points, narrow=True))
        else:
            status.put(1, fit(f"{score.points} (safe: {p * c})", sw).rstrip(), "board--risk")
        if vik is not None and v.seat == 0:
            r = vik.rows[row]
            style = "board--vikings" if r.scores else "board--dim"
            status.put(2, say.vikings_on_row(r.helmets, r.your_shields, r.scores, r.points), style)
        return status

    def _spaces_line(
        self, db: CardDB, player: Player, row: int, w: tuple[int, int, int, int], band: _Band
    ) -> list[Cell]:
        """Line 2: the spaces of the castle, the tile (with the income) and the buildings, cell by cell
        so that each space is a target."""
        gw, cw, kw, bw = w
        spaces = kingdom_spaces(db, player, row)
        line: list[Cell] = [band.cell(gw, 1)]
        c_cells: list[Cell] = []
        self._spaces_into(c_cells, spaces.castle, row)
        line += c_cells
        line.append(band.cell(cw + 1 - sum(c.width for c in c_cells), 1))
        t_cells: list[Cell] = []
        self._spaces_into(t_cells, spaces.tile, row)
        used = sum(c.width for c in t_cells)
        inc = income_text(db, player, row)
        if t_cells:
            t_cells.append(band.cell(1, 1))
            used += 1
        t_cells.append(band.cell(kw + 1 - used, 1).put(0, fit(inc, kw - used), "board--dim"))
        line += t_cells
        for i in range(4):
            b_cells: list[Cell] = []
            if i < len(spaces.buildings):
                self._spaces_into(b_cells, spaces.buildings[i], row)
            line += b_cells
            line.append(band.cell(bw + 1 - sum(c.width for c in b_cells), 1))
        return line


class _Band:
    """The cells of a kingdom row that stand for choosing the row (when it is a target)."""

    def __init__(self, key: tuple[object, ...] | None, style: str) -> None:
        self.key = key
        self.style = style

    def cell(self, width: int, height: int) -> Cell:
        return Cell(width, height, self.key, self.style)


def space_text(space: Space) -> str:
    """``[P]`` a purple figure, ``[p]`` an empty purple space, ``{S4}`` a shield disc, ``{p1}`` an empty
    prestige space."""
    if space.kind == "citizen":
        if space.figure is not None:
            return f"[{COLOUR_LETTERS[space.figure]}]"
        assert space.colour is not None  # a citizen space always takes a colour
        return f"[{COLOUR_LETTERS[space.colour].lower()}]"
    letter = "s" if space.kind == "shield" else "p"
    return "{" + (letter.upper() if space.filled else letter) + f"{space.value}" + "}"


def _status2_style(cell: Cell) -> str:
    spans = cell.rows[2].spans
    if spans and isinstance(spans[0].style, str):
        return spans[0].style
    return ""
