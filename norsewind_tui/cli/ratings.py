"""``norsewind ratings``: every person's rating and the computer levels' on the same scale (issue 27).

Plain text lines within 80 columns: names other people chose are escaped (``safe_text``) and
cut to ``NAME_WIDTH`` columns (a 24-character name is shown whole).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.cells import cell_len, set_cell_size

from ..options import Options
from ..safetext import safe_text
from ..storage.context import AppContext

if TYPE_CHECKING:
    from ..storage.ratings import Ladder

NAME_WIDTH = 24
WIDTH = 80
HEADER = f"  #  {'Player':<{NAME_WIDTH}}  {'':<8}  Rating      mu  sigma  Games"


def add_ratings_command(sub: Any) -> None:
    """Register ``ratings`` on ``sub`` (the main parser's subparsers)."""
    ratings = sub.add_parser("ratings", help="the ratings of the players here and of the computer levels")
    ratings.set_defaults(handler=cmd_ratings)


def name_cell(text: str, width: int = NAME_WIDTH) -> str:
    """``text`` escaped, cut to ``width`` columns (ending in "…" when cut) and padded."""
    shown = safe_text(text)
    if cell_len(shown) > width:
        shown = set_cell_size(shown, width - 1) + "…"
    return set_cell_size(shown, width)


def ladder_lines(ladder: Ladder) -> list[str]:
    """The ladder as text lines (within 80 columns): best first, the computers marked; then notes."""
    anchors = ladder.anchors
    figures = "provisional" if anchors.provisional else f"version {anchors.version}"
    lines = [
        f"Ratings: people and computers on one scale (the computers' fixed, {figures})",
        HEADER,
    ]
    for i, (name, kind, rating, games) in enumerate(ladder.table(), 1):
        what = "computer" if kind == "computer" else ""
        lines.append(
            f"{i:>3}  {name_cell(name)}  {what:<8}  {rating.display:>6}  {rating.mu:>6.2f}  {rating.sigma:>5.2f}"
            f"  {games:>5}"
        )
    if not ladder.people:
        lines.append("No game counted yet: a table or hot-seat game with 2 rated players counts.")
    lines.append("Rating: 1000 + 40 x (mu - 3 sigma); a newcomer has 1000 (mu 25, sigma 8.33).")
    if ladder.notice:
        lines.append(f"note: {safe_text(ladder.notice)}")
    return [line if cell_len(line) <= WIDTH else set_cell_size(line, WIDTH - 1) + "…" for line in lines]


def cmd_ratings(args: Options) -> int:
    """``norsewind ratings``."""
    for line in ladder_lines(AppContext(args).profiles.ladder()):
        print(line)
    return 0
