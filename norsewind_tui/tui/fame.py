"""Hall-of-fame rows as text, for the app's page and the ``halloffame`` command alike.

Names are other people's text: escaped (``safe_text``) and cut to ``NAME_WIDTH``
columns, so a row stays within 80 columns whatever a profile holds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rich.cells import cell_len, set_cell_size

from ..storage.halloffame import NAME_WIDTH, Entry
from ..storage.ratings import Ladder, person_key
from .text import safe_text

HEADER = f" #  {'Player':<{NAME_WIDTH}}  Margin  Medal       You  Vikings  Date"
# with the players' ratings (issue 27), once any of them has one: 76 columns (the page's beside a scroll
# bar), a 24-cell name whole (the longest the app's forms take)
RATED_NAME_WIDTH = 24
RATED_HEADER = (
    f" #  {'Player':<{RATED_NAME_WIDTH}} {'Rating':>6}  {'Margin':>6}  {'Medal':<8} {'You':>4}  {'Vik':>4}  Date"
)


def cell(text: str, width: int = NAME_WIDTH) -> str:
    """``text`` escaped, cut to ``width`` columns (ending in "…" when cut) and padded."""
    shown = safe_text(text)
    if cell_len(shown) > width:
        shown = set_cell_size(shown, width - 1) + "…"
    return set_cell_size(shown, width)


def header(ratings: Mapping[str, int] | None = None) -> str:
    """The rows' header: with a Rating column when some player has a rating."""
    return RATED_HEADER if ratings else HEADER


def entry_rows(entries: Iterable[Entry], ratings: Mapping[str, int] | None = None) -> list[str]:
    """One numbered line per game: player, margin, medal, scores, date; with ``ratings`` (the shown
    rating by ``person_key``, of those who have one), each player's rating after the name ("-": none yet)."""
    rows = []
    for i, e in enumerate(entries, 1):
        g = e.game
        date = g.date.strftime("%Y-%m-%d")
        if ratings:
            rating = ratings.get(person_key(e.player))
            shown = "-" if rating is None else str(rating)
            rows.append(
                f"{i:>2}  {cell(e.player, RATED_NAME_WIDTH)} {shown:>6}  {g.margin:>+6d}  {g.medal or '-':<8}"
                f" {g.score:>4}  {g.vikings:>4}  {date}"
            )
            continue
        rows.append(
            f"{i:>2}  {cell(e.player)}  {g.margin:>+6d}  {g.medal or '-':<9}  {g.score:>4}  {g.vikings:>7}  {date}"
        )
    return rows


def shown_ratings(ladder: Ladder) -> dict[str, int]:
    """The shown rating of every person who has one (a game counted for it), by ``person_key``."""
    return {key: s.rating.display for key, s in ladder.people.items() if s.games}
