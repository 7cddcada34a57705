"""Hall-of-fame rows as text, for the app's page and the ``halloffame`` command alike.

Names are other people's text: escaped (``safe_text``) and cut to ``NAME_WIDTH``
columns, so a row stays within 80 columns whatever a profile holds.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.cells import cell_len, set_cell_size

from ..storage.halloffame import NAME_WIDTH, Entry
from .text import safe_text

HEADER = f" #  {'Player':<{NAME_WIDTH}}  Margin  Medal       You  Vikings  Date"


def cell(text: str, width: int = NAME_WIDTH) -> str:
    """``text`` escaped, cut to ``width`` columns (ending in "…" when cut) and padded."""
    shown = safe_text(text)
    if cell_len(shown) > width:
        shown = set_cell_size(shown, width - 1) + "…"
    return set_cell_size(shown, width)


def entry_rows(entries: Iterable[Entry]) -> list[str]:
    """One numbered line per game: player, margin, medal, scores, date."""
    rows = []
    for i, e in enumerate(entries, 1):
        g = e.game
        rows.append(
            f"{i:>2}  {cell(e.player)}  {g.margin:>+6d}  {g.medal or '-':<9}  {g.score:>4}  {g.vikings:>7}"
            f"  {g.date.strftime('%Y-%m-%d')}"
        )
    return rows
