"""The tournaments' pages (issue 44.1): the host's tournaments with their state, one's page
(``tournament.page``: the standings with their tie-breaks and each round's tables, as ``norsewind
tournament show`` prints them), its acts on keys, and a small form that makes one.

A look may play the computer seats to move (``tournament.advance``), so it runs in a worker and
the page is drawn when it answers.  Enter on your table's line opens it as the lobby does: the
seat the round keeps for you is taken (joined).  Every refusal is one line under the page.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.widgets import Button, Footer, Input, OptionList, Select, Static
from textual.widgets.option_list import Option

from ...bots.registry import bot_names
from ...storage.errors import StorageError
from ...storage.tableclock import parse_clock
from ...storage.tournaments import Look
from ...tournament import Line, advance, listing, name_problem, page, take_seat
from ...words import clock as clock_say
from ...words import tournaments as say
from ..text import safe_text
from .base import NorsewindScreen
from .form import clean_name

CREATE = "create"
TABLE = "table-"  # + the table's name: a line of your table


PAGE_CSS = """
OptionList { height: 1fr; border: none; padding: 0; }
OptionList:focus { border: none; }
Static { height: auto; }
"""


class TournamentsScreen(NorsewindScreen[None]):
    """The host's tournaments, each with its kind, players and state; Enter opens one."""

    DEFAULT_CSS = PAGE_CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back", key_display="Esc", id="tournaments-back"),
        Binding("n", "create", "New", id="tournaments-new"),
    ]

    def compose(self) -> ComposeResult:
        yield Static(Text(say.LIST_TITLE), classes="page-title")
        yield OptionList(id="tournaments")
        yield Static(Text(say.LIST_KEYS), id="tournaments-keys")
        yield Static("", id="tournaments-notice")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.fill()

    def on_screen_resume(self) -> None:
        self.fill()

    def fill(self) -> None:
        menu = self.query_one(OptionList)
        menu.clear_options()
        try:
            rows = listing(self.context.tournaments)
        except StorageError as exc:
            self.say(str(exc))
            rows = []
        menu.add_options([Option(Text(text), id=f"t-{name}") for name, text in rows])
        menu.add_option(Option(Text(say.CREATE), id=CREATE))
        menu.highlighted = 0
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        chosen = event.option.id or ""
        if chosen == CREATE:
            self.action_create()
        elif chosen.startswith("t-"):
            self.app.push_screen(TournamentScreen(chosen[2:]))

    def action_create(self) -> None:
        self.app.push_screen(NewTournamentScreen())

    def action_back(self) -> None:
        self.norsewind.goto_title()

    def say(self, message: str) -> None:
        self.query_one("#tournaments-notice", Static).update(Text(safe_text(message)))


class Looked(Message):
    """A look's answer: the page's lines, or the one line of why it could not be looked at."""

    def __init__(self, lines: list[Line] | None, problem: str = "", look: Look | None = None) -> None:
        super().__init__()
        self.lines = lines
        self.problem = problem
        self.look = look


class TournamentScreen(NorsewindScreen[None]):
    """One tournament: its page, your table's line opened by Enter, and its acts on keys."""

    DEFAULT_CSS = PAGE_CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back", key_display="Esc", id="tournament-back"),
        Binding("j", "act('join')", "Join", id="tournament-join"),
        Binding("s", "act('start')", "Start", id="tournament-start"),
        Binding("l", "act('leave')", "Leave", id="tournament-leave"),
        Binding("r", "look", "Look again", id="tournament-look"),
    ]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.tournament = name
        self.look_now: Look | None = None

    def compose(self) -> ComposeResult:
        yield OptionList(Option(Text(say.LOOKING), disabled=True), id="tournament-page")
        yield Static(Text(say.APP_KEYS), id="tournament-keys")
        yield Static("", id="tournament-notice")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()
        self.action_look()

    def action_look(self) -> None:
        self.looking()

    @work(thread=True, exclusive=True, group="tournament")
    def looking(self) -> None:
        """``advance`` (it may play computer seats), off the screen's thread."""
        try:
            look = advance(self.context.tournaments, self.tournament)
        except StorageError as exc:
            self.post_message(Looked(None, str(exc)))
            return
        self.post_message(Looked(page(look, self.context.identity), look=look))

    def on_looked(self, message: Looked) -> None:
        if message.lines is None:
            self.say(message.problem)
            return
        self.look_now = message.look
        menu = self.query_one(OptionList)
        was = menu.highlighted
        menu.clear_options()
        for line in message.lines:
            if line.table is not None:
                menu.add_option(Option(Text(line.text), id=f"{TABLE}{line.table}"))
            else:
                menu.add_option(Option(Text(line.text or " "), disabled=True))
        first = next((i for i, line in enumerate(message.lines) if line.table is not None), None)
        menu.highlighted = was if was is not None and was < menu.option_count else first
        if menu.highlighted is None:
            menu.scroll_home(animate=False)  # the top: the state and the standings

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        chosen = event.option.id or ""
        if not chosen.startswith(TABLE):
            return
        try:
            table = take_seat(self.context.tournaments, chosen[len(TABLE) :], self.context.identity)
        except StorageError as exc:
            self.say(str(exc))
            return
        self.norsewind.open_table(table)

    def action_act(self, what: str) -> None:
        t, me, name = self.context.tournaments, self.context.identity, self.tournament
        try:
            if what == "join":
                t.join(name, me)
                done = say.joined(name)
            elif what == "start":
                t.start(name, me)
                done = say.begun(name)
            else:
                done = say.gone(name, t.withdraw(name, me).started is not None)
        except StorageError as exc:  # a join after the start, a start by another: one line
            self.say(str(exc))
            return
        self.say(done)
        self.action_look()

    def action_back(self) -> None:
        self.app.pop_screen()

    def say(self, message: str) -> None:
        self.query_one("#tournament-notice", Static).update(Text(safe_text(message)))


class NewTournamentScreen(NorsewindScreen[None]):
    """A tournament's name, pairing, players a table, rounds, computers and clock; Make it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back", key_display="Esc", id="new-tournament-back"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="page"):
            yield Static(Text(say.FORM_TITLE), classes="page-title")
            yield Input(placeholder=say.FORM_NAME, max_length=40, id="tournament-name")
            yield Select(
                list(zip(say.PAIRINGS, say.PAIRING_VALUES, strict=True)),
                value="round-robin",
                allow_blank=False,
                id="tournament-pairing",
                compact=True,
            )
            yield Select(
                [(c, n) for n, c in enumerate(say.SEAT_CHOICES, 2)],
                value=2,
                allow_blank=False,
                id="tournament-seats",
                compact=True,
            )
            yield Select(
                [(c, i) for i, c in enumerate(say.ROUND_CHOICES)],
                value=0,
                allow_blank=False,
                id="tournament-rounds",
                compact=True,
            )
            yield Input(placeholder=say.FORM_COMPUTERS, id="tournament-computers")
            yield Select(
                [(c, i) for i, c in enumerate(clock_say.FORM_CLOCKS)],
                value=0,
                allow_blank=False,
                id="tournament-clock",
                compact=True,
            )
            with Horizontal():
                yield Button(say.FORM_MAKE, id="tournament-make", compact=True)
            yield Static("", id="new-tournament-notice")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#tournament-name", Input).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.make()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.make()

    def make(self) -> None:
        name = clean_name(self.query_one("#tournament-name", Input).value)
        why = name_problem(name) if name else say.NAME_QUESTION
        levels = bot_names()
        computers = self.query_one("#tournament-computers", Input).value.split()
        bad = next((c for c in computers if c not in levels), None)
        if why is None and bad is not None:
            why = say.bad_computer(bad, ", ".join(levels))
        if why is not None:
            self.say(why)
            return
        pairing = self.query_one("#tournament-pairing", Select).value
        seats = self.query_one("#tournament-seats", Select).value
        rounds = say.ROUND_VALUES[int(str(self.query_one("#tournament-rounds", Select).value))]
        clock = parse_clock(clock_say.CLOCK_SPECS[int(str(self.query_one("#tournament-clock", Select).value))])
        try:
            self.context.tournaments.create(
                self.context.identity,
                name,
                "swiss" if pairing == "swiss" else "round-robin",
                int(str(seats)),
                rounds,
                24,
                computers[:8],
                clock,
            )
        except StorageError as exc:
            self.say(str(exc))
            return
        self.app.pop_screen()
        self.app.push_screen(TournamentScreen(name))

    def action_back(self) -> None:
        self.app.pop_screen()

    def say(self, message: str) -> None:
        self.query_one("#new-tournament-notice", Static).update(Text(safe_text(message)))
