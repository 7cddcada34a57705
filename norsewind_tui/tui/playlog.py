"""The game screen's log, kept: written again when a game is opened or undone, added to as decisions
come, the Vikings' turn a beat apart, and each event a computer made in a person's seat marked."""

from __future__ import annotations

from collections.abc import Callable

from ..rules.cards import CardDB
from ..rules.events import VIKINGS_TURN, Event
from ..rules.session import Session
from ..storage.daily import utc_today
from ..storage.dailyseed import daily_of
from ..storage.handle import GameHandle
from ..words.gamescreen import LEGEND, daily_line, earlier_events, opening_line
from ..words.nouns import player_names
from .text import short_name
from .widgets.log import GameLog

LOG_HISTORY = 300  # events replayed into the log when a game is opened or undone


def standin_marks(session: Session, made: frozenset[int]) -> dict[int, str]:
    """id(event) -> whose seat a computer played it in (the log's short name), for the log's marks."""
    marked: dict[int, str] = {}
    for index in made:
        seat = session.mover(index)
        who = short_name(session.state.players[seat].name)
        for event in session.events[index]:
            if event.player == seat:
                marked[id(event)] = who
    return marked


def daily(game: GameHandle) -> str:
    """ "The daily deal of 2026-12-01: your one attempt today" for that game, else "" (issue 23.14)."""
    # a branch of a daily deal is a game of its own (R25), not the attempt
    day = daily_of(game.name, game.session.seed, game.state.config.level) if not game.branch_of else None
    if day is None or not game.state.solo:
        return ""
    return daily_line(day, day == utc_today().isoformat())


class PlayLog:
    """The log of the game shown (``game``: the screen's, which a save-as replaces)."""

    def __init__(self, log: GameLog, game: Callable[[], GameHandle], db: CardDB, beat: Callable[[], float]) -> None:
        self.log = log
        self.game = game
        self.db = db
        self.beat = beat  # seconds between two steps of the Vikings' turn (half the computer's delay)
        self.late_events: list[Event] = []
        self.standin_events: dict[int, str] = {}  # id(event) -> whose seat a computer played it in
        log.standin_for = lambda event: self.standin_events.get(id(event))

    def mark_standins(self) -> None:
        """Which events the log marks as a stand-in's (before they are logged)."""
        game = self.game()
        self.standin_events = standin_marks(game.session, game.computer_made())

    def add(self, events: list[Event]) -> None:
        """Add events to the log; the Vikings' turn arrives step by step, a beat apart."""
        names = player_names(self.game().state)
        self.flush()
        beat = self.beat()
        first = next((i for i, e in enumerate(events) if e.kind in VIKINGS_TURN), None)
        if first is None or beat <= 0:
            self.log.add_events(events, names, self.db)
            return
        self.log.add_events(events[:first], names, self.db)
        self.late_events = list(events[first:])
        for beats in range(1, len(self.late_events) + 1):
            self.log.set_timer(beat * beats, self.late_event)

    def late_event(self) -> None:
        if self.late_events:
            self.log.add_events([self.late_events.pop(0)], player_names(self.game().state), self.db)

    def flush(self) -> None:
        """Whatever is still to come of the Vikings' turn, now (before anything newer)."""
        if self.late_events:
            events, self.late_events = self.late_events, []
            self.log.add_events(events, player_names(self.game().state), self.db)

    def rebuild(self) -> None:
        """The log written again from the game (opened, undone, renamed by a join)."""
        self.late_events = []
        game, log = self.game(), self.log
        names = player_names(game.state)
        log.clear()
        s = game.session
        events: list[Event] = [e for batch in s.events[: s.position] for e in batch]
        if len(events) > LOG_HISTORY:
            log.add_line(earlier_events(len(events) - LOG_HISTORY), "log--turn")
            events = events[-LOG_HISTORY:]
        if not events:
            log.add_line(opening_line(game.state, names, daily(game)), "log--turn")
            log.add_line(LEGEND, "log--turn")
        log.add_events(events, names, self.db)
