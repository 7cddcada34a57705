"""The title screen: new game, resume, shared tables, solo campaign, progress, help, quit.

"Continue" entries come first: the shared tables where it is this player's turn ("Your turn at 2
tables" above the menu), then this player's latest unfinished game, a saved game or a table where
they hold a seat (issue 11 section 5, issue 13).  The tables come from the app's look at the
saves folder (``session.around``), so the first frame never waits for them: they appear a moment
later, and whenever a turn changes.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ...storage import StorageError
from ...storage.tables import TableSummary
from ...words import menus as say
from ..presence import is_turn_of, turn_words, turns_line
from ..summaries import STAMP, GameSummary, summary_of
from ..text import safe_text, short_name
from .base import NorsewindScreen

BANNER = "\n".join(
    [
        " _   _   ___   ____   ____   _____ __        __ ___  _   _  ____",
        "| \\ | | / _ \\ |  _ \\ / ___| | ____|\\ \\      / /|_ _|| \\ | ||  _ \\",
        "|  \\| || | | || |_) |\\___ \\ |  _|   \\ \\ /\\ / /  | | |  \\| || | | |",
        "| |\\  || |_| ||  _ <  ___) || |___   \\ V  V /   | | | |\\  || |_| |",
        "|_| \\_| \\___/ |_| \\_\\|____/ |_____|   \\_/\\_/   |___||_| \\_||____/",
    ]
)

MENU = say.MENU

CONTINUE = "continue"  # the menu entry that resumes this player's latest unfinished game
TABLE = "table-"  # + an index in ``TitleScreen.tables``: an entry that opens that shared table
MAX_TURN_ENTRIES = 3  # your-turn tables listed in the menu (the line above it counts them all)
BANNER_LINES = 6  # the banner and the line under it, left out when the menu needs the room


class TitleScreen(NorsewindScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("l", "open('learn')", "Learn", id="title-learn"),  # first: where a newcomer starts
        Binding("n", "open('new')", "New game", id="title-new"),
        Binding("r", "open('resume')", "Resume", id="title-resume"),
        Binding("t", "open('tables')", "Tables", id="title-tables"),
        Binding("c", "open('campaign')", "Campaign", id="title-campaign"),
        Binding("p", "open('progress')", "Progress", show=False, id="title-progress"),  # in the menu
        Binding("s", "open('settings')", "Settings", show=False, id="title-settings"),  # in the menu
        Binding("d", "open('daily')", "Daily", show=False, id="title-daily"),  # in the menu; the footer is full
        Binding("z", "open('puzzle')", "Puzzle", show=False, id="title-puzzle"),  # in the menu
        Binding("o", "open('tournaments')", "Tournaments", show=False, id="title-tournaments"),  # in the menu
        Binding("v", "open('tv')", "TV", show=False, id="title-tv"),  # in the menu
        Binding("question_mark", "open('help')", "Help", key_display="?", id="title-help"),
        Binding("q", "open('quit')", "Quit", id="title-quit"),
        Binding("j", "cursor('down')", "Down", show=False, id="title-down"),
        Binding("k", "cursor('up')", "Up", show=False, id="title-up"),
    ]

    def __init__(self, notice: str = "", go_on: bool = False) -> None:
        super().__init__()
        self.notice = notice
        self.go_on = go_on  # open this player's latest game at once (a reloaded browser tab), once
        self.resumable: str | None = None  # the unfinished game of this player offered first
        self.tables: list[str] = []  # the tables the "Continue: table ..." entries open
        self.my_turns = 0  # tables where it is this player's turn

    def _latest_game(self) -> GameSummary | None:
        try:
            found = self.context.continuable()
            return None if found is None else summary_of(found)
        except StorageError:  # a listing problem never hides the menu
            return None

    def _continue_options(self) -> list[Option]:
        """ "Continue" entries: the tables where it is your turn, then your latest unfinished game
        (a saved game, or a table where you hold a seat, whichever changed last)."""
        identity = self.context.identity
        around = self.session.around
        now = around.now if around is not None else self.context.clock()
        rows = list(around.tables) if around is not None else []
        turns = [t for t in rows if is_turn_of(t, identity)]
        self.my_turns = len(turns)
        listed = turns[:MAX_TURN_ENTRIES]
        seated = [t for t in rows if not t.finished and t.error is None and t.seat_of(identity) is not None]
        game = self._latest_game()
        self.resumable = None
        self.tables = []
        options: list[Option] = []

        def table_option(t: TableSummary) -> Option:
            self.tables.append(t.name)
            words = turn_words(t, identity, now, name_w=12)
            label = Text(say.continue_table(short_name(t.name), words))  # literal, within 74 cells
            return Option(label, id=f"{TABLE}{len(self.tables) - 1}")

        options += [table_option(t) for t in listed]
        latest_table = next((t for t in seated if t not in turns), None)  # the lobby's order: newest first
        if latest_table is not None and (game is None or _newer(latest_table, game)):
            options.append(table_option(latest_table))
        elif game is not None:
            self.resumable = game.name
            label = say.continue_game(safe_text(game.name), game.turn, safe_text(game.mode), game.updated)
            options.append(Option(Text(label), id=CONTINUE))
        return options

    def _menu(self) -> tuple[tuple[str, str, str], ...]:
        """The menu; "Learn to play" first for a player who has not finished a game yet (issue 14)."""
        try:
            veteran = self.context.has_finished_game()
        except StorageError:
            veteran = True
        if veteran:
            return MENU
        return (*(e for e in MENU if e[0] == "learn"), *(e for e in MENU if e[0] != "learn"))

    def _options(self) -> list[Option]:
        return [*self._continue_options(), *(Option(f"{label:<22}{key:>3}", id=i) for i, label, key in self._menu())]

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            with Center():
                yield Static(Text(BANNER), id="banner")
            with Center():  # the game's name on one line where the banner does not fit
                yield Static(Text(say.NAME), id="name")
            with Center():
                yield Static(Text(say.TAGLINE), id="tagline")
            with Center():
                yield Static(Text(turns_line(self.my_turns)), id="turns")
            with Center():
                yield OptionList(*self._options(), id="menu")
            with Center():
                yield Static(Text(safe_text(self.notice)), id="notice")
        yield Footer(compact=True)  # every key, t too, and the palette fit in 80 columns

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        self._shape(menu)
        menu.highlighted = 0
        menu.focus()
        self._go_on()

    def _go_on(self) -> bool:
        """With ``go_on``, once the tables are known: open the player's latest unfinished game, a
        saved game or a table where they hold a seat, whichever changed last (True when it did)."""
        around = self.session.around
        if not self.go_on or around is None:  # not asked, or the first look at the tables is to come
            return False
        self.go_on = False
        identity = self.context.identity
        seated = [t for t in around.tables if not t.finished and t.error is None and t.seat_of(identity) is not None]
        game = self._latest_game()
        if seated and (game is None or _newer(seated[0], game)):  # the lobby's order: newest first
            self.open_table(seated[0].name)
            return True
        if game is not None:
            self.norsewind.open_game(game.name, self._problem)
            return True
        return False

    def _shape(self, menu: OptionList) -> None:
        """The menu as wide as its longest entry; the your-turn line when there is one; the banner
        only when everything fits under it."""
        widest = max((len(str(menu.get_option_at_index(i).prompt)) for i in range(menu.option_count)), default=0)
        menu.styles.width = max(32, min(widest + 6, 78))  # room for a name on one line, within the terminal
        turns = self.query_one("#turns", Static)
        turns.update(Text(turns_line(self.my_turns)))
        turns.display = self.my_turns > 0
        self.on_resize()

    def on_resize(self, event: object = None) -> None:
        if not self.is_mounted:
            return
        menu = self.query_one(OptionList)
        needed = BANNER_LINES + 2 + (1 if self.my_turns else 0) + menu.option_count + 2 + 2 + self._notice_lines()
        height = self.app.size.height
        fits = needed <= height
        self.query_one("#banner").display = fits
        self.query_one("#name").display = not fits and needed - BANNER_LINES + 1 <= height  # else the menu's room

    def around_changed(self) -> None:
        """The tables changed: the entries again, the cursor kept on the entry it was on."""
        if self._go_on():
            return
        menu = self.query_one(OptionList)
        index = menu.highlighted
        was = menu.get_option_at_index(index).id if index is not None and index < menu.option_count else None
        was_table = self.tables[int(was[len(TABLE) :])] if was and was.startswith(TABLE) else None
        options = self._options()
        shown = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        if [str(o.prompt) for o in options] == shown:
            return
        menu.clear_options()
        menu.add_options(options)
        keep = 0
        for i, option in enumerate(options):
            oid = option.id or ""
            same_table = oid.startswith(TABLE) and self.tables[int(oid[len(TABLE) :])] == was_table
            if index not in (None, 0) and ((oid == was and not oid.startswith(TABLE)) or same_table):
                keep = i
        menu.highlighted = keep
        self._shape(menu)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        chosen = event.option.id or ""
        if chosen == CONTINUE and self.resumable is not None:
            self.norsewind.open_game(self.resumable, self._problem)
            return
        if chosen.startswith(TABLE):
            self.open_table(self.tables[int(chosen[len(TABLE) :])])
            return
        self.action_open(chosen)

    def open_table(self, name: str) -> None:
        try:
            table = self.context.tables.open(name, self.context.identity)
        except Exception as exc:  # removed or broken meanwhile: one line
            self._problem(str(exc))
            return
        self.norsewind.open_table(table)

    def _notice_lines(self) -> int:
        """The lines the notice takes, wrapped at words within 78 columns (#notice's max-width)."""
        if not self.notice:
            return 1
        width = max(min(78, self.app.size.width), 1)
        return len(Text(safe_text(self.notice)).wrap(self.app.console, width))

    def _problem(self, message: str) -> None:
        self.notice = message
        self.query_one("#notice", Static).update(Text(safe_text(message)))
        self.on_resize()  # a long one (an old save's card set) may leave no room for the banner

    def action_open(self, what: str) -> None:
        self.norsewind.open_page(what)


def _newer(table: TableSummary, game: GameSummary) -> bool:
    """Did ``table`` change after ``game`` was saved (the saves list shows minutes, in UTC)?"""
    if table.updated is None:
        return False
    try:
        saved = datetime.strptime(game.updated, STAMP).replace(tzinfo=UTC)
    except ValueError:  # "unknown": a broken file
        return True
    return table.updated.replace(second=0) >= saved
