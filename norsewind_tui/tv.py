"""Norsewind TV (issue 44.2): a read-only channel of the host's most interesting table.

One ``Channel`` decides what is shown and answers in data (a ``Frame``); the app's TV screen and
the line mode's ``norsewind tv --lines`` only render the frames (``words.tv`` words them).

The rule (docs/SSH.md, "Norsewind TV"):

- *Live first.*  A table is live when it is not finished, is readable, has had a decision, and
  the watcher may open it (the store refuses a watcher the table's rule keeps out: it is passed
  over).  Its interest is the mean rating of its seats (a person's once rated, else a newcomer's;
  a computer's its level's anchor) less ``CLOSE`` rating points per point between the leader and
  the runner-up as if the game ended now (solo: the player and the Vikings); ties go to the most
  recent change, then the name.  A live table stays on until it ends (the channel does not jump
  between tables on every decision), then the best live table is picked again.
- *Replays when nothing is live.*  The tables finished today (UTC) are replayed from their
  records, most interesting first (the same rule, at their end), a decision per ``step``, each
  decision's words and, when the table's game was analysed, its costly decisions marked ("a costly
  decision: 9 points"); then the next, round again.  A table that goes live ends a replay.
- *Following.*  ``follow`` keeps the channel on the table shown (until it ends); ``step_back``
  shows a replay's previous decision (and holds it there until ``resume``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Literal

from .rules.engine import cards_for
from .rules.scoring import score_breakdown, viking_score
from .rules.session import Session
from .rules.state import State
from .storage.analysis import log_key, read_analysis
from .storage.daily import utc_today
from .storage.errors import StorageError
from .storage.ratings import Ladder
from .storage.tables import SharedTable, TableStore, TableSummary
from .words import past
from .words import tv as say
from .words.nouns import player_names

CLOSE = 20  # rating points that one point between the leader and the runner-up is worth
SEATS = 4

Kind = Literal["live", "replay", "nothing"]


@dataclass(frozen=True, slots=True)
class Seat:
    name: str
    rating: int | None  # None: an open seat


@dataclass(frozen=True, slots=True)
class Frame:
    """What the channel shows: a live table, a replay at one decision, or nothing to show."""

    kind: Kind
    table: str = ""
    state: State | None = None
    seats: tuple[Seat, ...] = ()
    scores: tuple[int, ...] = ()  # as if the game ended now; solo: the player's, then the Vikings'
    position: int = 0  # decisions shown
    decisions: int = 0  # decisions in the game (a replay's end)
    said: tuple[str, ...] = ()  # the log's sentences of the decision that led here
    costly: float | None = None  # that decision's loss in points, when the analysis marked it costly
    followed: bool = False
    held: bool = False  # a replay stepped back: it stays until resumed


def standing_scores(state: State) -> tuple[int, ...]:
    """Each player's score as if the game ended now; solo: the player's, then the Vikings'."""
    if state.solo:
        return (score_breakdown(state, 0).total, viking_score(state).total)
    return tuple(score_breakdown(state, p).total for p in range(len(state.players)))


def interest(ratings: Sequence[int], scores: Sequence[int]) -> float:
    """The mean rating, less ``CLOSE`` per point between the leader and the runner-up.

    >>> interest([1200, 1000], [30, 25]), interest([1200, 1000], [30, 29])
    (1000.0, 1080.0)
    """
    top = sorted(scores, reverse=True)
    gap = top[0] - top[1] if len(top) > 1 else 0
    return sum(ratings) / max(len(ratings), 1) - CLOSE * gap


@dataclass
class _Shown:
    table: SharedTable
    live: bool
    position: int = 0
    costly: dict[int, float] = field(default_factory=dict)


class Channel:
    """The channel for ``identity`` over the tables of ``tables``; ``look`` moves it one step."""

    def __init__(
        self, tables: TableStore, ladder: Ladder, identity: str, today: Callable[[], date] = utc_today
    ) -> None:
        self.tables = tables
        self.ladder = ladder
        self.identity = identity
        self.today = today
        self.shown: _Shown | None = None
        self.followed = False
        self.held = False
        self.replayed: list[str] = []  # this round's replays, in the order shown

    # ------------------------------------------------------------------ the rule

    def seats(self, summary: TableSummary) -> tuple[Seat, ...]:
        out = []
        for seat in summary.seats:
            if seat.kind == "computer":
                anchor = self.ladder.anchors.levels.get(seat.bot or "")
                out.append(Seat(seat.label, anchor.display if anchor is not None else None))
            elif seat.holder is not None:
                out.append(Seat(seat.holder, self.ladder.standing(seat.holder).rating.display))
            else:
                out.append(Seat(seat.text, None))
        return tuple(out)

    def rank(self, summary: TableSummary, state: State) -> tuple[float, float, str]:
        """The sort key of a table: the most interesting first, then the latest change, then the name."""
        ratings = [s.rating for s in self.seats(summary) if s.rating is not None]
        stamp = summary.updated.timestamp() if summary.updated is not None else 0.0
        return (-interest(ratings, standing_scores(state)), -stamp, summary.name)

    def opened(self, summary: TableSummary) -> SharedTable | None:
        """The table opened as a watcher; None when it cannot be read or the watcher is kept out."""
        try:
            return self.tables.open(summary.name, self.identity)
        except StorageError:
            return None

    def best(self, summaries: Sequence[TableSummary]) -> SharedTable | None:
        ranked: list[tuple[tuple[float, float, str], SharedTable]] = []
        for summary in summaries:
            table = self.opened(summary)
            if table is not None:
                ranked.append((self.rank(summary, table.state), table))
        ranked.sort(key=lambda pair: pair[0])
        for _, table in ranked[1:]:
            table.close()
        return ranked[0][1] if ranked else None

    # ------------------------------------------------------------------ the steps

    def look(self) -> Frame:
        """One step: the live table shown again (or the next one), else a replay's next decision."""
        listed = [s for s in self.tables.list() if s.error is None]
        live = [s for s in listed if not s.finished and s.decisions > 0]
        shown = self.shown
        if shown is not None and shown.live:
            shown.table.reload()
            if not shown.table.finished and any(s.name == shown.table.name for s in live):
                return self.frame()
            self.drop()
        if shown is not None and not shown.live and live and not self.followed:
            self.drop()  # a table went live: the replay ends
        if self.shown is None and live:
            table = self.best(live)
            if table is not None:
                self.shown = _Shown(table, live=True)
                return self.frame()
        return self.replay([s for s in listed if s.finished])

    def replay(self, finished: Sequence[TableSummary]) -> Frame:
        shown = self.shown
        if shown is not None and not shown.live:
            if self.held:
                return self.frame()
            if shown.position < shown.table.session.position:
                shown.position += 1
                return self.frame()
            if self.followed:  # a followed replay stays at its end
                return self.frame()
            self.drop()
        today = self.today()
        todays = [s for s in finished if s.updated is not None and s.updated.date() == today]
        fresh = [s for s in todays if s.name not in self.replayed] or todays
        if fresh is todays:
            self.replayed = []
        table = self.best(fresh)
        if table is None:
            return Frame("nothing")
        self.replayed.append(table.name)
        self.shown = _Shown(table, live=False, costly=costly_decisions(table))
        return self.frame()

    def follow(self) -> None:
        self.followed = self.shown is not None

    def step_back(self) -> Frame:
        """A replay's previous decision, held there until ``resume``."""
        shown = self.shown
        if shown is not None and not shown.live:
            shown.position = max(shown.position - 1, 0)
            self.held = True  # at the start too: held there
        return self.frame()

    def resume(self) -> None:
        self.held = self.followed = False

    def drop(self) -> None:
        if self.shown is not None:
            self.shown.table.close()
        self.shown, self.followed, self.held = None, False, False

    def close(self) -> None:
        self.drop()

    # ------------------------------------------------------------------ the frame

    def frame(self) -> Frame:
        shown = self.shown
        if shown is None:
            return Frame("nothing")
        table = shown.table
        session = table.session
        position = session.position if shown.live else shown.position
        state = session.states[position]
        summary = next((s for s in self.tables.list() if s.name == table.name), None)
        seats = self.seats(summary) if summary is not None else ()
        return Frame(
            "live" if shown.live else "replay",
            table.name,
            state,
            seats,
            standing_scores(state),
            position,
            session.position,
            said(session, position),
            shown.costly.get(position - 1),
            self.followed,
            self.held,
        )


def said(session: Session, position: int) -> tuple[str, ...]:
    """The log's sentences of the decision that led to ``position`` (none at the start)."""
    if position == 0:
        return ()
    names = player_names(session.states[0])
    db = cards_for(session.states[0])
    return tuple(past(e, names, db) for e in session.events[position - 1] if e.kind not in QUIET)


QUIET = frozenset({"revealed", "castle_revealed", "end_triggered", "game_over"})


def costly_decisions(table: SharedTable) -> dict[int, float]:
    """The decisions the stored analysis of the table's game marked costly, with their loss, any seat."""
    session = table.session
    key = log_key(session, cards_for(session.states[0]).digest)
    out: dict[int, float] = {}
    for seat in range(SEATS):
        found = read_analysis(table.path.parent, table.name, key, seat)
        if found is not None:
            out |= {v.decision: v.loss for v in found.costly}
    return out


def caption_of(frame: Frame) -> str:
    """The frame's caption in words (``words.tv``)."""
    if frame.kind == "nothing" or frame.state is None:
        return say.TITLE
    seats: list[tuple[str, int | None, int | None]] = [
        (seat.name, seat.rating, frame.scores[i] if i < len(frame.scores) else None)
        for i, seat in enumerate(frame.seats)
    ]
    if frame.state.solo and len(frame.scores) > 1:
        seats.append((say.VIKINGS, None, frame.scores[1]))
    marks = [say.costly(frame.costly)] if frame.costly is not None else []
    marks += [say.FOLLOWING] if frame.followed else []
    marks += [say.HELD] if frame.held else []
    return say.caption(frame.kind, frame.table, seats, frame.position, frame.decisions, frame.state.turn, marks)
