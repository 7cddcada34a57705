"""Hall-of-fame rows as text, for the app's page and the ``halloffame`` command alike.

Names are other people's text: escaped (``safe_text``) and cut to ``NAME_WIDTH``
columns, so a row stays within 80 columns whatever a profile holds.  A player's trophies (issue
44.3) are marked after the name, in its column: the name is cut for them when both do not fit.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping

from rich.cells import cell_len, set_cell_size

from ..rules.trophies import Trophy
from ..storage.halloffame import NAME_WIDTH, Entry, Hall
from ..storage.ratings import Ladder, person_key
from ..words.trophies import marks
from .text import safe_text

HEADER = f" #  {'Player':<{NAME_WIDTH}}  Margin  Medal       You  Vikings  Date"
# with the players' ratings (issue 27), once any of them has one: 76 columns (the page's beside a scroll
# bar), a 24-cell name whole (the longest the app's forms take)
RATED_NAME_WIDTH = 24
RATED_HEADER = (
    f" #  {'Player':<{RATED_NAME_WIDTH}} {'Rating':>6}  {'Margin':>6}  {'Medal':<8} {'You':>4}  {'Vik':>4}  Date"
)


def cell(text: str, width: int = NAME_WIDTH, mark: str = "") -> str:
    """``text`` escaped, cut to ``width`` columns (ending in "…" when cut) and padded; ``mark`` (a
    player's trophies, issue 44.3) after it, kept whole: the name is cut for it."""
    shown = safe_text(text)
    room = width - (cell_len(mark) + 1 if mark else 0)
    if cell_len(shown) > room:
        shown = set_cell_size(shown, room - 1) + "…"
    return set_cell_size(f"{shown} {mark}" if mark else shown, width)


Trophies = Callable[[Collection[str]], Mapping[str, tuple[Trophy, ...]]]


def trophy_marks(hall: Hall, entries: Iterable[Entry], trophies: Trophies | None = None) -> dict[str, str]:
    """The trophies' marks of the players of ``entries``, by name, of those who hold any; ``trophies``:
    where they are found (``AppContext.trophies``: the profiles, the puzzles, the tournaments), else
    the hall's profiles alone."""
    names = {e.player for e in entries}
    found = trophies(names) if trophies is not None else hall.trophies(names)
    return {name: marks(held) for name, held in found.items()}


def header(ratings: Mapping[str, int] | None = None) -> str:
    """The rows' header: with a Rating column when some player has a rating."""
    return RATED_HEADER if ratings else HEADER


def entry_rows(
    entries: Iterable[Entry], ratings: Mapping[str, int] | None = None, marks: Mapping[str, str] | None = None
) -> list[str]:
    """One numbered line per game: player, margin, medal, scores, date; with ``ratings`` (the shown
    rating by ``person_key``, of those who have one), each player's rating after the name ("-": none yet);
    ``marks``: the trophies' marks by player, after the name."""
    rows = []
    for i, e in enumerate(entries, 1):
        g = e.game
        mark = (marks or {}).get(e.player, "")
        date = g.date.strftime("%Y-%m-%d")
        if ratings:
            rating = ratings.get(person_key(e.player))
            shown = "-" if rating is None else str(rating)
            rows.append(
                f"{i:>2}  {cell(e.player, RATED_NAME_WIDTH, mark)} {shown:>6}  {g.margin:>+6d}  {g.medal or '-':<8}"
                f" {g.score:>4}  {g.vikings:>4}  {date}"
            )
            continue
        name = cell(e.player, mark=mark)
        rows.append(f"{i:>2}  {name}  {g.margin:>+6d}  {g.medal or '-':<9}  {g.score:>4}  {g.vikings:>7}  {date}")
    return rows


def shown_ratings(ladder: Ladder) -> dict[str, int]:
    """The shown rating of every person who has one (a game counted for it), by ``person_key``."""
    return {key: s.rating.display for key, s in ladder.people.items() if s.games}
