"""The lobby of shared tables, and the page that opens a new table.

The lobby lists the tables of the saves folder (``storage.tables``): name, seats
(who holds each, ``open``, or the computer) and where each person is ("bob: away
since 10:42", from the app's look at the presence records, issue 13), whose turn
and since when (since that seat got the turn); a worker re-reads the folder every
second, so new tables, joins and decisions show up by themselves.  Enter joins
an open seat (after a question), resumes your own seat, or watches a full or
finished table; ``w`` watches; ``n`` opens a new table; ``r`` reviews a table you
sat at or watched (read-only, the review screen); ``x`` (the table's creator)
removes a player who is away, after a question (issue 13).
"Watched" means opened as a spectator from the lobby in this app (``watched_tables``):
nothing is written for it, so a new session reviews only the tables it sat at or watched
there.  Every name is shown literally (``rich.text.Text``, control characters written
out): nothing in a name is read as markup or as a terminal escape.
"""

from __future__ import annotations

import time
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Footer, Input, Label, Select, Static
from textual.worker import get_current_worker

from ... import words
from ...bots import STRENGTHS
from ...rules.trophies import Trophy
from ...storage import StorageError
from ...storage.clock import Clock, system_clock
from ...storage.context import AppContext
from ...storage.format import STANDIN_CHOICES
from ...storage.halloffame import Hall
from ...storage.identity import identity_problem
from ...storage.paths import sanitise_name
from ...storage.presence import NEVER_SEEN, clock_words
from ...storage.ratings import Ladder
from ...storage.standin import STANDIN_BOT, StandIn, default_standin
from ...storage.tableclock import parse_clock
from ...storage.tables import (
    MAX_SEATS,
    MIN_SEATS,
    SeatSummary,
    SharedTable,
    TableStore,
    TableSummary,
)
from ...words import clock as clock_say
from ...words import lobby as say
from ...words import table as where
from ...words.app import computer, trouble
from ...words.trophies import marks as trophy_marks
from ..computer import LABELS
from ..messages import TablesListed
from ..text import safe_text, short_name
from .base import NorsewindScreen
from .dialogs import ConfirmScreen
from .form import FormScreen, Tick, form_buttons, read_seed, seed_field, variant_ticks

LIST_INTERVAL = 1.0  # seconds between two looks at the tables folder
STANDIN_LABELS = say.STANDIN_LABELS
STANDIN_BY_COMPUTER = say.said("standin-by-computer", text=STANDIN_BOT)
EMPTY = say.EMPTY


def _store(context: AppContext) -> tuple[TableStore | None, str]:
    """The table store of the app's saves folder (None, and why, when its folder cannot be made)."""
    try:
        return context.tables, ""
    except StorageError as exc:  # a tables folder that cannot be created
        return None, str(exc)


SEATS_W = 36  # cells of the seats column at 80 columns: the seats, then each person's presence
OTHER_W = 80 - SEATS_W  # the other columns, their padding and the margins: a wider terminal widens the seats
TABLE_W = 14  # a table's name, wrapped (whole) onto the row's lines
TURN_W = 18  # whose turn, then since when


def _wrap(text: str, width: int, joiner: str = " ") -> list[str]:
    """``text`` on lines of at most ``width`` cells, broken after ``joiner`` where it can be, never cut."""
    lines: list[str] = []
    line = ""
    for part in text.split(joiner):
        piece = part if not line else line + joiner + part
        if len(piece) <= width:
            line = piece
            continue
        if line:
            lines.append(line + joiner.rstrip())
        line = part
        while len(line) > width:
            lines.append(line[:width])
            line = line[width:]
    return [*lines, line]


class LobbyScreen(NorsewindScreen[None]):
    """The shared tables: join, resume, watch, or open a new one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "enter", "Join / resume", key_display="Enter", id="lobby-enter", show=True),
        Binding("w", "watch", "Watch", id="lobby-watch"),
        Binding("r", "review", "Review", id="lobby-review"),
        Binding("n", "new", "New table", id="lobby-new"),
        Binding("d,delete", "delete", "Delete", id="lobby-delete"),
        Binding("x", "remove_player", "Remove", id="lobby-remove"),
        Binding("escape,q", "back", "Back", key_display="Esc", id="lobby-back"),
        Binding("j", "cursor('down')", "Down", show=False, id="lobby-down"),
        Binding("k", "cursor('up')", "Up", show=False, id="lobby-up"),
    ]

    DEFAULT_CSS = """
    LobbyScreen #tables { height: auto; max-height: 16; scrollbar-size-vertical: 1; }
    LobbyScreen #lobby-who { color: $text-muted; margin-bottom: 1; }
    LobbyScreen #lobby-status { color: $warning; margin-top: 1; }
    """

    def __init__(self, notice: str = "", clock: Clock = system_clock) -> None:
        super().__init__()
        self.notice = notice
        self.clock = clock  # what "away for N minutes" is measured with (tests move it)
        self.store: TableStore | None = None
        self.rows: list[TableSummary] = []
        self.status = notice
        self.ladder: Ladder | None = None  # the ratings shown next to the names (issue 27)
        self.hall: Hall | None = None  # the players' records, whose trophies are marked by their names (44.3)
        self.held: dict[str, tuple[Trophy, ...]] = {}  # the trophies of the holders seen, read once

    @property
    def identity(self) -> str:
        return self.context.identity

    def compose(self) -> ComposeResult:
        with Vertical(classes="page"):
            yield Static(Text(say.TITLE), classes="page-title")
            yield Static(Text(self.who_line()), id="lobby-who")
            yield DataTable(id="tables", cursor_type="row", zebra_stripes=False)
            yield Static(Text(safe_text(self.notice)), id="lobby-status")
        yield Footer()

    def who_line(self) -> str:
        return say.who_line(safe_text(self.identity), identity_problem(self.identity))

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for label in say.COLUMNS:
            table.add_column(label, key=label.split()[0].lower())
        self.store, problem = _store(self.context)
        if self.store is None:
            self.say(problem)
            return
        self.ladder = self.context.profiles.ladder()
        self.hall = self.context.profiles.hall()
        self.show_rows(self.store.list())
        table.focus()
        self.follow_tables()

    @work(thread=True, exclusive=True, group="lobby")
    def follow_tables(self) -> None:
        worker = get_current_worker()
        store = self.store
        assert store is not None
        last = list(self.rows)
        while not worker.is_cancelled:
            time.sleep(LIST_INTERVAL)
            if worker.is_cancelled:
                return
            rows = store.list()
            if rows != last:
                last = rows
                self.post_message(TablesListed(rows, self.context.profiles.ladder()))

    def on_tables_listed(self, message: TablesListed) -> None:
        if message.ladder is not None:
            self.ladder = message.ladder
        self.show_rows(message.rows)

    def rating_of(self, seat: SeatSummary) -> int | None:
        """The rating shown next to a seat: a computer level's fixed one, a person's once a game
        counted for them (None: unrated, or an open seat)."""
        ladder = self.ladder
        if ladder is None:
            return None
        if seat.kind == "computer":
            level = ladder.anchors.levels.get(seat.bot or "")
            return level.display if level is not None else None
        if seat.holder is None:
            return None
        standing = ladder.standing(seat.holder)
        return standing.rating.display if standing.games else None

    def trophy_marks(self, holder: str) -> str:
        """The marks of ``holder``'s trophies ("" for none, or before the hall is read)."""
        return trophy_marks(self.held.get(holder, ()))

    def row_cells(self, row: TableSummary) -> list[Text]:
        """Table | its seats, then a line per person: where they are | whose turn, since when.

        Everything in it was written by others (names, presence records): shown literally, bounded.
        """
        name = "\n".join(_wrap(safe_text(row.name), TABLE_W, "-"))
        if row.from_backup:  # its main file is gone: opening it recovers it from the backup
            name += "\n" + say.FROM_BACKUP
        if row.error is not None:
            problem = row.error.removeprefix(f"{row.path}: ")  # Enter shows the whole message
            return [Text(name), Text("\n".join(_wrap(safe_text(problem), self.seats_width())[:3])), Text(say.BROKEN)]
        seats = []
        for seat in row.seats:
            text = safe_text(seat.text)  # whole: the line wraps between seats
            marks = [str(rating)] if (rating := self.rating_of(seat)) is not None else []
            if seat.kind == "human" and seat.holder is not None and (held := self.trophy_marks(seat.holder)):
                marks.append(held)
            if seat.kind == "human" and seat.holder == self.identity:
                marks.append(say.YOU)
            seats.append(f"{text} ({', '.join(marks)})" if marks else text)
        lines = _wrap(", ".join(seats), self.seats_width(), ", ")
        around = self.session.around
        if around is not None:
            for seat in row.seats:
                if seat.kind == "human" and seat.holder is not None:
                    lines.append(f"{short_name(seat.holder, 11)}: {self.presence_words(seat.holder, row.name)}")
        return [Text(name), Text("\n".join(lines)), Text("\n".join(self.turn_lines(row)))]

    def seats_width(self) -> int:
        """The seats column's cells: 36 at 80 columns, more on a wider terminal (never less)."""
        return max(SEATS_W, self.app.size.width - OTHER_W)

    def on_resize(self) -> None:
        if self.store is not None:
            self.show_rows(self.rows)

    def presence_words(self, identity: str, table: str) -> str:
        """'at the table' (this one), 'at another table', 'in the app', 'away since 10:42'."""
        around = self.session.around
        assert around is not None
        if identity == self.identity:
            return where.IN_APP  # this very app, in the lobby (its record may not be written yet)
        presence = around.of(identity)
        if presence.where == "table":
            return where.HERE if presence.table == table else where.ELSEWHERE
        if presence.where == "app":
            return where.IN_APP
        if presence.since is None:
            return where.NOT_SEEN
        return where.said("away-since", text=clock_words(presence.since, True, around.now))

    def turn_lines(self, row: TableSummary) -> list[str]:
        """'bob' then 'since 10:42' (whose turn, since that seat got it: ``TableSummary.turn_since``)."""
        who = row.whose_turn(self.identity)
        if row.finished or row.turn_since is None or row.current < 0:
            return [short_name(who, TURN_W)]
        now = self.session.around.now if self.session.around is not None else self.context.clock()
        return [short_name(who, TURN_W), say.said("since", text=clock_words(row.turn_since, True, now))]

    def show_rows(self, rows: list[TableSummary]) -> None:
        table = self.query_one(DataTable)
        chosen = self.selected()
        keep = chosen.name if chosen is not None else None
        self.rows = rows
        if self.hall is not None:  # every holder's trophies in one read (issue 42), not one per seat
            holders = {seat.holder for row in rows for seat in row.seats if seat.holder is not None}
            if unread := holders - self.held.keys():
                found = self.context.trophies(unread, self.hall)
                self.held |= {name: found.get(name, ()) for name in unread}
        table.clear()
        for row in rows:
            table.add_row(*self.row_cells(row), key=row.name, height=None)
        if keep is not None:
            for i, row in enumerate(rows):
                if row.name == keep:
                    table.move_cursor(row=i)
                    break
        if not rows and not self.notice:
            self.say(EMPTY)
        elif rows and self.status == EMPTY:
            self.say("")

    def say(self, message: str) -> None:
        self.status = message
        self.query_one("#lobby-status", Static).update(Text(safe_text(message)))

    def around_changed(self) -> None:
        """Someone came, left, or a turn changed: the rows again (the presence lines, the times)."""
        if self.store is not None and self.is_mounted:
            self.show_rows(self.rows)

    def readable_row(self) -> tuple[TableSummary, TableStore] | None:
        """The selected table (and the store) when it can be acted on; an unreadable one says why."""
        row = self.selected()
        if row is None or self.store is None:
            return None
        if row.error is not None:
            self.say(row.error)
            return None
        return row, self.store

    def selected(self) -> TableSummary | None:
        table = self.query_one(DataTable)
        if not self.rows or table.cursor_row is None or not 0 <= table.cursor_row < len(self.rows):
            return None
        return self.rows[table.cursor_row]

    # ------------------------------------------------------------------ actions

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_enter()

    def action_enter(self) -> None:
        if (picked := self.readable_row()) is None:
            return
        row, _ = picked
        if row.seat_of(self.identity) is not None or row.finished:
            self.open(row.name)
            return
        kept = row.kept_for(self.identity)
        if (kept is not None or row.open_seats) and identity_problem(self.identity) is None:
            seat = kept if kept is not None else row.open_seats[0]
            question = say.said("sit-question", safe_text(row.name), safe_text(self.identity), seat)
            if kept is not None:
                question = say.said("rematch-question", safe_text(row.name), seat=seat)

            def answer(yes: bool | None) -> None:
                if yes:
                    self.open(row.name, join=seat)

            self.app.push_screen(ConfirmScreen(question, "Join", "Back"), answer)
            return
        self.open(row.name, notice=say.watching(not row.open_seats))

    def action_watch(self) -> None:
        if (picked := self.readable_row()) is None:
            return
        row, _ = picked
        self.open(row.name)

    def action_review(self) -> None:
        """Review the table read-only, if this player sat at it or watched it in this app."""
        if (picked := self.readable_row()) is None:
            return
        row, store = picked
        if row.seat_of(self.identity) is None and row.name not in self.session.watched_tables:
            self.say(say.said("review-first", row.name))
            return
        try:
            table = store.open(row.name, self.identity)
        except Exception as exc:  # removed or broken meanwhile: one line
            self.say(str(exc))
            return
        self.norsewind.open_review(table, on_error=self.say)

    def open(self, name: str, join: int | None = None, notice: str = "") -> None:
        assert self.store is not None
        try:
            table = self.store.open(name, self.identity)
            if join is not None:
                table.join(join)
                notice = say.said("sat", table.name, seat=join)
            if table.seat is None:
                self.session.watched_tables.add(table.name)  # r may review it later
        except Exception as exc:  # taken meanwhile, unreadable: one line
            self.say(str(exc))
            return
        self.workers.cancel_group(self, "lobby")
        self.norsewind.open_table(table, notice)

    def action_delete(self) -> None:
        """Delete a finished table, a broken one, or one where nobody but you holds a seat."""
        row = self.selected()
        if row is None or self.store is None:
            return
        others = [s.holder for s in row.seats if s.holder is not None and s.holder != self.identity]
        if row.error is None and not row.finished and (others or row.seat_of(self.identity) is None):
            self.say(say.CANNOT_DELETE)
            return
        store = self.store

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            try:
                store.remove(row.name)
            except Exception as exc:  # a write under way, a folder that refuses: one line
                self.say(str(exc))
                return
            self.say(say.said("deleted", row.name))
            self.show_rows([r for r in self.rows if r.name != row.name])

        question = say.said("delete-question", safe_text(row.name))
        self.app.push_screen(ConfirmScreen(question, "Delete", "Keep"), answer)

    def action_remove_player(self) -> None:
        """x: the creator of the selected table removes a player who is away (as if they left)."""
        if (picked := self.readable_row()) is None:
            return
        row, store = picked
        presence = self.context.own_presence()  # this action's: the keeper writes the shared one from its thread
        standin = StandIn(presence.away_since, self.clock, NEVER_SEEN)
        try:
            table = store.open(row.name, self.identity)
        except Exception as exc:  # removed or broken meanwhile: one line
            self.say(str(exc))
            return
        others = [s.holder for s in row.seats if s.holder is not None and s.holder != self.identity]
        problem = say.NOBODY_ELSE
        target = None
        for who in others:
            if (problem_of := table.remove_problem(who, standin)) is None:
                target = who
                break
            problem = problem_of
        if target is None:
            self.say(say.said("nobody-removed", row.name, problem))
            return

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            try:
                what = table.remove(target, standin)
            except Exception as exc:  # refused meanwhile (they came back), disk: one line
                self.say(str(exc))
                return
            self.say(say.said("changed", row.name, str(what)))

        question = say.said("remove-question", safe_text(row.name), safe_text(target))
        self.app.push_screen(ConfirmScreen(question, "Remove", "Keep"), answer)

    def action_new(self) -> None:
        if self.store is None:
            return
        self.workers.cancel_group(self, "lobby")
        self.norsewind.show(NewTableScreen())

    def action_back(self) -> None:
        self.workers.cancel_group(self, "lobby")
        self.norsewind.goto_title()


class NewTableScreen(FormScreen):
    """Open a table for 2-4 seats: you at seat 1, the others open (a person joins) or the computer."""

    START = "open"
    STATUS = "table-status"
    SEED = "table-seed"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Open the table", id="table-start"),
        Binding("escape", "back", "Back", key_display="Esc", id="table-back"),
    ]

    DEFAULT_CSS = """
    NewTableScreen .field { height: 1; margin-bottom: 1; }
    NewTableScreen .field.seat { margin-bottom: 0; }
    NewTableScreen #table-seat-4 { margin-bottom: 1; }
    NewTableScreen #table-seats { width: auto; }
    NewTableScreen #table-name, NewTableScreen #table-seed { width: 44; }
    NewTableScreen #table-standin { width: 44; }
    NewTableScreen #table-standin-by { width: 44; }
    NewTableScreen #table-clock { width: 44; }
    NewTableScreen #table-watching { width: 24; }
    NewTableScreen .kind { width: 28; }
    NewTableScreen Checkbox { margin-bottom: 0; }
    NewTableScreen #table-status { color: $error; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.count = MIN_SEATS
        self.proposal = ""
        self.standin_chosen = False  # the player picked the stand-in option: a new seat count keeps it

    def proposed_name(self) -> str:
        """The name the store would choose (``alice-table``, else ``alice-table-2``...), to show as the value."""
        store, _ = _store(self.context)
        base = sanitise_name(f"{self.identity}-table")
        if store is None:
            return base
        return next((c for c in (base, *(f"{base}-{n}" for n in range(2, 1000))) if not store.exists(c)), base)

    @property
    def identity(self) -> str:
        return self.context.identity

    def compose(self) -> ComposeResult:
        self.proposal = self.proposed_name()
        kinds: list[tuple[str, str]] = [(say.OPEN_SEAT, "open")]
        kinds += [(LABELS.get(b, computer(b)), b) for b in STRENGTHS]
        with Vertical(classes="page"):
            yield Static(Text(say.NEW_TITLE), classes="page-title")
            with Horizontal(classes="field"):
                yield Label(say.NAME_LABEL, classes="field-label")
                yield Input(
                    value=self.proposal,  # a value kept with Enter, not a grey placeholder
                    max_length=40,
                    compact=True,
                    id="table-name",
                )
            with Horizontal(classes="field"):
                yield Label(say.SEATS_LABEL, classes="field-label")
                yield Select(
                    [(str(n), n) for n in range(MIN_SEATS, MAX_SEATS + 1)],
                    value=self.count,
                    allow_blank=False,
                    compact=True,
                    id="table-seats",
                )
            with Horizontal(classes="field seat", id="table-seat-1"):
                yield Label(say.seat_label(1), classes="field-label")
                yield Label(Text(say.said("you-are", text=safe_text(self.identity))))
            for seat in range(2, MAX_SEATS + 1):
                with Horizontal(classes="field seat", id=f"table-seat-{seat}"):
                    yield Label(say.seat_label(seat), classes="field-label")
                    yield Select(
                        kinds, value="open", allow_blank=False, compact=True, id=f"table-kind-{seat}", classes="kind"
                    )
            with Horizontal(classes="field seat"):  # no gap: the clock's line below goes with it
                yield Label(say.STANDIN_LABEL, classes="field-label")
                yield Select(
                    [(STANDIN_LABELS[m], m) for m in STANDIN_CHOICES],
                    value=default_standin(self.count),
                    allow_blank=False,
                    compact=True,
                    id="table-standin",
                )
            with Horizontal(classes="field"):  # issue 41: the clock, and who may watch, on one line
                yield Label("Clock", classes="field-label")
                yield Select(
                    list(zip(clock_say.FORM_CLOCKS, clock_say.CLOCK_SPECS, strict=True)),
                    value="none",
                    allow_blank=False,
                    compact=True,
                    id="table-clock",
                )
                yield Select(
                    list(zip(clock_say.FORM_WATCHING, clock_say.WATCH_VALUES, strict=True)),
                    value="anyone",
                    allow_blank=False,
                    compact=True,
                    id="table-watching",
                )
            engines = self.context.engines.names()
            if engines:  # the host's outside engines (engines.toml): one may stand in instead (issue 29)
                with Horizontal(classes="field"):
                    yield Label(say.STANDIN_BY_LABEL, classes="field-label")
                    yield Select(
                        [
                            (STANDIN_BY_COMPUTER, ""),
                            *((say.said("outside-engine", text=name), name) for name in engines),
                        ],
                        value="",
                        allow_blank=False,
                        compact=True,
                        id="table-standin-by",
                    )
            yield from variant_ticks("table-")
            yield seed_field("table-seed")
            yield form_buttons(say.OPEN_BUTTON, "open")
            yield Static("", id="table-status")
            yield Static(
                Text(say.JOIN_HOW),
                classes="hint",
            )
        yield Footer()

    def on_mount(self) -> None:
        self.fill_seed()
        self.update_seats()
        self.query_one("#table-seats", Select).focus()
        if (problem := identity_problem(self.identity)) is not None:
            self.say(problem)

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "table-seats" and isinstance(event.value, int):
            self.count = event.value
            self.update_seats()
            if not self.standin_chosen:  # the default follows the seat count (off for two, 15 for more)
                self.query_one("#table-standin", Select).value = default_standin(self.count)
        elif event.select.id == "table-standin" and event.value != default_standin(self.count):
            self.standin_chosen = True

    def update_seats(self) -> None:
        for seat in range(2, MAX_SEATS + 1):
            self.query_one(f"#table-seat-{seat}").display = seat <= self.count

    def action_back(self) -> None:
        self.norsewind.open_lobby()

    def standin_engine(self) -> str | None:
        """The outside engine picked to stand in (None: the computer, or the host names none)."""
        found = self.query("#table-standin-by")
        value = found.first(Select).value if found else ""
        return value if isinstance(value, str) and value else None

    def standin_minutes(self) -> int:
        value = self.query_one("#table-standin", Select).value
        return value if isinstance(value, int) else default_standin(self.count)

    def action_start(self) -> None:
        store, problem = _store(self.context)
        if store is None:
            self.say(problem)
            return
        seats = ["me"]
        for seat in range(2, self.count + 1):
            value = self.query_one(f"#table-kind-{seat}", Select).value
            seats.append(str(value) if isinstance(value, str) else "open")
        seed = read_seed(self.query_one("#table-seed", Input).value)
        if isinstance(seed, str):
            self.say(seed)
            return
        name = self.query_one("#table-name", Input).value.strip() or None
        if name == self.proposal:
            name = None  # the proposed name: the store takes the next free one if someone took it meanwhile
        clock_value = self.query_one("#table-clock", Select).value
        watching = self.query_one("#table-watching", Select).value
        try:
            table: SharedTable = store.create(
                self.identity,
                seats,
                seed,
                name=name,
                start_choice=self.query_one("#table-start-choice", Tick).value,
                random_tiles=self.query_one("#table-random-tiles", Tick).value,
                standin=self.standin_minutes(),
                standin_engine=self.standin_engine(),
                clock=parse_clock(clock_value if isinstance(clock_value, str) else "none"),
                watching=watching if isinstance(watching, str) else "anyone",
            )
        except Exception as exc:  # bad identity, name taken, disk: one line
            self.say(trouble("open-table", words.error(exc)))
            return
        notice = say.opened(table.name, "open" in seats)
        self.norsewind.open_table(table, notice)
