"""Tournaments in the line mode (issue 44.1): the host's tournaments, one's page (``tournament.page``,
as ``norsewind tournament show`` prints it), and its acts as numbered choices: join, start (its
creator), leave, sit at your round's table (the seat kept for you), or make one."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ..bots.registry import bot_names
from ..safetext import printable
from ..storage.context import AppContext
from ..storage.errors import StorageError
from ..storage.tableclock import parse_clock
from ..storage.tables import SharedTable
from ..tournament import advance, listing, my_tables, name_problem, page, take_seat
from ..words import clock as clock_say
from ..words import lines as lines_say
from ..words import tournaments as say
from .io import LineIO

Pick = Callable[[str, list[str], int | None], int]


class TournamentMenu:
    """The tournaments for one identity; ``choose`` gives the table to play, or None: back."""

    def __init__(self, context: AppContext, io: LineIO, pick: Pick, read: Callable[[], str]) -> None:
        self.context = context
        self.io = io
        self.pick = pick
        self.read = read
        self.t = context.tournaments
        self.me = context.identity

    def choose(self) -> SharedTable | None:
        while True:
            try:
                rows = listing(self.t)
            except StorageError as exc:
                self.io.say(lines_say.cannot(str(exc)), "error")
                return None
            index = self.pick(say.LIST_TITLE, [text for _, text in rows] + [say.CREATE, say.BACK], None)
            if index > len(rows):
                return None
            name = self.create() if index == len(rows) else rows[index][0]
            table = self.one(name) if name is not None else None
            if table is not None:
                return table

    def one(self, name: str) -> SharedTable | None:
        """``name``'s page and its acts, until the player sits at a table or goes back."""
        while True:
            try:
                look = advance(self.t, name)
            except StorageError as exc:
                self.io.say(lines_say.cannot(str(exc)), "error")
                return None
            for line in page(look, self.me):
                if line.text:
                    self.io.say(line.text)  # indented as printed: the seats under their table
            doc = look.doc
            entrant = doc.entrant(self.me) is not None
            acts: list[tuple[str, Callable[[], SharedTable | None]]] = [
                (say.sit(table), partial(take_seat, self.t, table, self.me)) for table in my_tables(look, self.me)
            ]
            if doc.started is None and not entrant:
                acts.append((say.JOIN, partial(self.join, name)))
            if doc.started is None and self.me == doc.creator:
                acts.append((say.START, partial(self.start, name)))
            if entrant and self.me not in doc.withdrawn and not look.over:
                acts.append((say.LEAVE, partial(self.leave, name)))
            acts += [(say.AGAIN, lambda: None)]
            index = self.pick(say.ACT_TITLE, [label for label, _ in acts] + [say.BACK], len(acts))
            if index == len(acts):
                return None
            try:
                table = acts[index][1]()
            except StorageError as exc:  # a join after the start, a seat taken meanwhile: one line
                self.io.say(lines_say.cannot(str(exc)), "error")
                continue
            if table is not None:
                return table

    def join(self, name: str) -> None:
        self.t.join(name, self.me)
        self.io.say(say.joined(name))

    def start(self, name: str) -> None:
        self.t.start(name, self.me)
        self.io.say(say.begun(name))  # made at the look that follows

    def leave(self, name: str) -> None:
        doc = self.t.withdraw(name, self.me)
        self.io.say(say.gone(name, doc.started is not None))

    def create(self) -> str | None:
        """The questions of a new tournament, then it is made (its name), or None: back or refused."""
        self.io.say(say.NAME_QUESTION, "ask")
        name = " ".join(printable(self.read()).split())
        if not name:
            return None
        if (why := name_problem(name)) is not None:
            self.io.say(lines_say.cannot(why), "error")
            return None
        pairing = say.PAIRING_VALUES[self.pick(say.PAIRING_QUESTION, say.PAIRINGS, 1)]
        seats = self.pick(say.SEATS_QUESTION, say.SEAT_CHOICES, 1) + 2
        rounds = say.ROUND_VALUES[self.pick(say.ROUNDS_QUESTION, say.ROUND_CHOICES, 1)]
        hours = say.HOUR_VALUES[self.pick(say.HOURS_QUESTION, say.HOUR_CHOICES, 1)]
        levels = list(bot_names())
        computers: list[str] = []
        while len(computers) < 8:
            picked = self.pick(say.COMPUTER_QUESTION, [say.NO_MORE, *levels], 1)
            if picked == 0:
                break
            computers.append(levels[picked - 1])
            self.io.say(say.computer_entered(levels[picked - 1]))
        clock = parse_clock(clock_say.CLOCK_SPECS[self.pick(clock_say.CLOCK_QUESTION, clock_say.CLOCK_CHOICES, 1)])
        try:
            self.t.create(self.me, name, pairing, seats, rounds, hours, computers, clock)
        except StorageError as exc:  # a name full of escapes, one taken: one line
            self.io.say(lines_say.cannot(str(exc)), "error")
            return None
        self.io.say(say.created(name))
        return name
