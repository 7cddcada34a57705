"""Trophies (issue 44.3): what a player has achieved, read from the records of their finished games.

A trophy is never stored: it is a fact about a profile's records (a file of the saves folder, or
rows of the database), found again each time they are read, so it cannot drift from them, be
granted twice, or be kept after a record is found false.  Both stores hand the same records to
``earned``: the file store's hall holds every record of every profile, the database's hall reads
the records of the players it is asked about (``DbHall.trophies``).

The trophies, in the order they are shown (docs/SAVES.md, "Trophies"):

- *a medal at every level*: a medal (not assisted) on each of the campaign's 7 levels;
- *King of all Kings*: platinum on level 7 (R21's title);
- *a daily streak*: the daily deal played on ``DAILY_STREAK`` days in a row (any level; a record
  whose seed is not that day's deal does not count: ``trusted_daily``).

Each is dated by the game that earned it.  A tournament won and a puzzle streak join them when
those are recorded.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta

from ..rules.scoring import Medal
from ..rules.trophies import DAILY_STREAK, KINDS, Trophy, TrophyKind, longest_streak
from .dailyseed import trusted_daily
from .records import GameRecord

LEVELS = range(1, 8)


class _Facts:
    """What the trophies are decided on, grown one record at a time."""

    def __init__(self) -> None:
        self.medals: dict[int, set[Medal]] = {}
        self.days: set[date] = set()

    def add(self, game: GameRecord) -> None:
        if game.medal is not None and not game.assisted:
            self.medals.setdefault(game.level, set()).add(game.medal)
        if game.daily is not None and trusted_daily(game):
            self.days.add(date.fromisoformat(game.daily))

    def holds(self, kind: TrophyKind) -> bool:
        if kind == "medal-every-level":
            return all(self.medals.get(level) for level in LEVELS)
        if kind == "king":
            return "platinum" in self.medals.get(7, set())
        if kind == "daily-streak":
            return longest_streak(self.days) >= DAILY_STREAK
        return False  # the puzzles' and the tournaments' trophies are in their own records


def earned(games: Sequence[GameRecord]) -> tuple[Trophy, ...]:
    """The trophies ``games`` (one player's records, in any order) earn, each dated by the game
    that completed it, in ``KINDS`` order."""
    facts = _Facts()
    found: dict[TrophyKind, Trophy] = {}
    for game in sorted(games, key=lambda g: g.date):
        facts.add(game)
        for kind in KINDS:
            if kind not in found and facts.holds(kind):
                found[kind] = Trophy(kind, game.date.date())
    return tuple(found[k] for k in KINDS if k in found)


def current_streak(games: Sequence[GameRecord], today: date) -> int:
    """The daily deals played in a row up to ``today`` (or up to yesterday: today's may be still to play)."""
    days = {date.fromisoformat(g.daily) for g in games if g.daily is not None and trusted_daily(g)}
    day = today if today in days else today - timedelta(days=1)
    run = 0
    while day in days:
        run, day = run + 1, day - timedelta(days=1)
    return run


def merged(*groups: Sequence[Trophy]) -> tuple[Trophy, ...]:
    """One trophy of each kind (the earliest), in ``KINDS`` order."""
    first: dict[TrophyKind, Trophy] = {}
    for group in groups:
        for t in group:
            if t.kind not in first or t.earned < first[t.kind].earned:
                first[t.kind] = t
    return tuple(first[k] for k in KINDS if k in first)
