"""The market ring: 5 card slots with the 5 supplies between them (R1).

Drawn as one strip, clockwise from supply 1: supply 1, slot 1, supply 2, ...
slot 5, and supply 1 again (the ring closes there).  Above each slot its
number and, in solo, the Viking ship.
"""

from __future__ import annotations

from rich.text import Text

from ...rules.cards import CardDB
from ...rules.queries import Space, card_spaces
from ...rules.state import COLOUR_LETTERS, DISCS, State
from ..text import card_title, card_values, fit
from .board import COLOUR_CLASSES, Board, Cell
from .kingdoms import space_text

GAP = 4


def supply_letter(kind: int) -> str:
    return "D" if kind == DISCS else COLOUR_LETTERS[kind]


def supply_class(kind: int) -> str:
    return "board--discs" if kind == DISCS else COLOUR_CLASSES[kind]


def card_cell(db: CardDB, card: int, width: int, cell: Cell, first: int = 0, in_market: bool = True) -> None:
    """Write a building card into lines ``first``..``first+2`` of ``cell``."""
    title = card_title(db, card, wide=width >= 14)
    helmets = f"h{db.helmets[card]}"
    cell.put(first, fit(title, max(width - len(helmets) - 2, 1)) + " " + helmets)
    cell.put(first + 1, card_values(db, card, in_market))
    put_spaces(cell, first + 2, card_spaces(db, card))


def put_spaces(cell: Cell, line: int, spaces: tuple[Space, ...]) -> None:
    """The spaces the rules name for a card (``rules.queries``), in the kingdoms' notation."""
    for space in spaces:
        if space.kind == "citizen":
            colour = space.figure if space.figure is not None else space.colour
            style = COLOUR_CLASSES[colour] if space.filled and colour is not None else "board--dim"
        else:
            style = "board--filled" if space.filled else "board--dim"
        cell.put(line, space_text(space), style)


class MarketView(Board):
    """The 5 slots, the supplies between them, and the Viking ship in solo."""

    def draw(self, width: int) -> list[Text]:
        v = self.view
        assert v is not None
        state: State = v.state
        db = v.db
        slot_w = max(9, (width - GAP * 6) // 5)
        cells: list[Cell] = []
        for i in range(6):
            supply = i % 5
            key: tuple[object, ...] | None = ("supply", supply)
            if key not in v.targets or (supply == 0 and (i == 5) != (state.slot == 4)):
                key = None  # supply 1 is drawn at both ends: only the copy next to the slot counts
            kind = state.supply_kinds[supply]
            gap = Cell(GAP, 4, key, self.style_for(key))
            gap.put(1, " " + supply_letter(kind), supply_class(kind))
            gap.put(2, f" {state.supplies[supply]}")
            cells.append(gap)
            if i == 5:
                break
            cells.append(self._slot(state, db, i, slot_w))
        return self.join(cells)

    def _slot(self, state: State, db: CardDB, slot: int, width: int) -> Cell:
        v = self.view
        assert v is not None
        key = ("slot", slot)
        card = state.market[slot]
        held = state.held >= 0 and state.slot == slot and state.phase in ("building_kingdom",)
        style = self.style_for(key if key in v.targets else None)
        if held:
            style = "board--held"
        cell = Cell(width, 4, key if key in v.targets else None, style)
        head = f"{slot + 1}"
        cell.put(0, head, "board--label")
        if state.solo and state.ship == slot:
            cell.put(0, " SHIP", "board--ship")
        if held:
            cell.put(0, " taken", "board--label")
            card_cell(db, state.held, width, cell, 1)
        elif card >= 0:
            card_cell(db, card, width, cell, 1)
        else:
            cell.put(2, "(empty)", "board--dim")
        return cell
