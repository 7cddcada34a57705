"""A tournament's rules as pure functions (issue 44.1): who sits with whom each round, each table's
points, and the standings with their tie-breaks.  The store (``tournaments.py``) keeps the facts;
these read them.  Written in docs/SSH.md, "Tournaments".

- **Points of a table**: the first of ``k`` players gets 1, the last 0, the others in between
  (``(k - place) / (k - 1)``); places by score, then coins (the ratings' places); tied players
  share their places' points.  A bye is a win (1).
- **Round-robin**: the circle method; at 2-seat tables every player meets every other once over
  ``n - 1`` rounds (``n`` rounded up to even: the odd one out has the bye).  At 3-4 seat tables
  each round seats the circle's order in groups of ``seats``.
- **Swiss**: round 1 by rating (at 2-seat tables the top half meets the bottom half: 1st v
  (n/2+1)th...); later rounds by points, then rating, each table filled with the next players who
  have not met, where possible.  A last group too small for a table (one player) has the bye.
- **Standings**: points, then Buchholz (the points of everyone met), then the sum of margins (a
  player's score less the mean of the table), then the name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

Pairing = Literal["round-robin", "swiss"]
BYE = "(bye)"


@dataclass(frozen=True, slots=True)
class Placed:
    """One entrant's result at one table: points (0..1), and the margin over the table's mean score."""

    entrant: str
    points: float
    margin: float


@dataclass(frozen=True, slots=True)
class Standing:
    entrant: str
    points: float
    buchholz: float
    margin: float
    played: int


@dataclass
class _Sums:
    points: float = 0.0
    margin: float = 0.0
    played: int = 0
    met: list[str] = field(default_factory=list)


def table_points(entrants: Sequence[str], scores: Sequence[int], coins: Sequence[int]) -> tuple[Placed, ...]:
    """Each entrant's points at one table by their places (score, then coins), ties sharing.

    >>> [p.points for p in table_points(["a", "b", "c"], [30, 40, 30], [5, 0, 5])]
    [0.25, 1.0, 0.25]
    """
    k = len(entrants)
    mean = sum(scores) / k
    keys = [(scores[i], coins[i]) for i in range(k)]
    out = []
    for i, entrant in enumerate(entrants):
        above = sum(1 for other in keys if other > keys[i])
        tied = sum(1 for other in keys if other == keys[i])
        places = range(above, above + tied)  # 0-based places the tie spans
        points = sum((k - 1 - p) / (k - 1) for p in places) / tied if k > 1 else 1.0
        out.append(Placed(entrant, points, scores[i] - mean))
    return tuple(out)


def round_robin(entrants: Sequence[str], seats: int, number: int) -> list[list[str]]:
    """Round ``number`` (1-based) of the circle method, in tables of ``seats`` (a table of one: the bye)."""
    players = list(entrants) + ([BYE] if len(entrants) % 2 else [])
    n = len(players)
    turn = (number - 1) % max(n - 1, 1)
    circle = [players[0], *(players[1:][-turn:] + players[1:][:-turn] if turn else players[1:])]
    if seats == 2:
        pairs = [[circle[i], circle[n - 1 - i]] for i in range(n // 2)]
        return [[p for p in pair if p != BYE] for pair in pairs]
    order = [p for p in circle if p != BYE]
    return _groups(order, seats)


def swiss(
    entrants: Sequence[str],
    seats: int,
    points: Mapping[str, float],
    ratings: Mapping[str, int],
    met: Mapping[str, set[str]],
    first: bool,
) -> list[list[str]]:
    """A Swiss round: by rating in the first (top half against the bottom half at 2 seats), else by
    points then rating, each table filled with the next players who have not met where possible."""
    order = sorted(entrants, key=lambda e: (-points.get(e, 0.0), -ratings.get(e, 0), e))
    if first and seats == 2:
        half = (len(order) + 1) // 2
        top, bottom = order[:half], order[half:]
        pairs = [[a, b] for a, b in zip(top, bottom, strict=False)]
        return pairs + ([[top[-1]]] if len(top) > len(bottom) else [])
    tables: list[list[str]] = []
    left = list(order)
    while left:
        table = [left.pop(0)]
        while len(table) < seats and left:
            fresh = next((e for e in left if not any(e in met.get(t, set()) for t in table)), left[0])
            left.remove(fresh)
            table.append(fresh)
        tables.append(table)
    return _merge_short(tables, seats)


def _groups(order: Sequence[str], seats: int) -> list[list[str]]:
    return _merge_short([list(order[i : i + seats]) for i in range(0, len(order), seats)], seats)


def _merge_short(tables: list[list[str]], seats: int) -> list[list[str]]:
    """A last table of one is a bye, unless it fits into a table with room (seats 3-4 take a 4th)."""
    if len(tables) > 1 and len(tables[-1]) == 1 and seats > 2 and len(tables[-2]) < 4:
        tables[-2].append(tables.pop()[0])
    return tables


def standings(entrants: Sequence[str], results: Sequence[Sequence[Placed]]) -> list[Standing]:
    """Every entrant's standing over ``results`` (each a table's, a bye a table of one), best first."""
    sums = {e: _Sums() for e in entrants}
    for table in results:
        for placed in table:
            held = sums.setdefault(placed.entrant, _Sums())
            held.points += placed.points
            held.margin += placed.margin
            held.played += 1
            held.met += [p.entrant for p in table if p.entrant != placed.entrant]
    out = [
        Standing(e, s.points, sum(sums[m].points for m in s.met if m in sums), s.margin, s.played)
        for e, s in sums.items()
    ]
    return sorted(out, key=lambda s: (-s.points, -s.buchholz, -s.margin, s.entrant))


def met_so_far(results: Sequence[Sequence[Placed]]) -> dict[str, set[str]]:
    """Who met whom at a table so far."""
    met: dict[str, set[str]] = {}
    for table in results:
        for placed in table:
            met.setdefault(placed.entrant, set()).update(p.entrant for p in table if p.entrant != placed.entrant)
    return met
