"""A saved game as the app's pages show it (the Resume list, the title's "Continue").

The stores are the context's (``storage.context.AppContext``: one door to them, issue 40.4); this
is only how a ``SaveSummary`` is shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from ..storage import SaveSummary

STAMP = "%Y-%m-%d %H:%M"  # how the saves list shows when a game was saved


@dataclass
class GameSummary:
    """One saved game as the Resume screen and the title's "Continue" show it."""

    name: str
    mode: str
    players: str
    turn: int
    updated: str
    finished: bool = False
    error: str = ""
    branch_of: str = ""  # played on from this game (issue 12)
    names: tuple[str, ...] = ()  # the players one by one (``players`` is them in one line)


def _updated(s: SaveSummary) -> str:
    """When the game was saved; a broken file has no date inside: its file time, else "unknown"."""
    if s.updated is not None:
        return s.updated.strftime(STAMP)  # as saved (UTC)
    if s.mtime_ns:
        return datetime.fromtimestamp(s.mtime_ns / 1e9, UTC).strftime(STAMP)
    return "unknown"


def summary_of(s: SaveSummary) -> GameSummary:
    return GameSummary(
        name=s.name,
        mode=s.mode,
        players=", ".join(s.players),
        turn=s.turn,
        updated=_updated(s),
        finished=s.finished,
        error=s.error or "",
        branch_of=s.branch_of or "",
        names=tuple(s.players),
    )


def summaries(saves: list[SaveSummary]) -> list[GameSummary]:
    """The saves list's rows (``AppContext.own_games``: this player's, newest first)."""
    return [summary_of(s) for s in saves]
