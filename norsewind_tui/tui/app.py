"""The Norsewind Textual app and ``run_app``, the entry point of ``norsewind``.

Screens replace one another (``switch_screen``); help, dialogs and the
"terminal too small" notice are pushed over them.  The app knows the game in
play only to close it cleanly on quit: every decision was already saved.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import CommandPalette, SearchIcon
from textual.filter import LineFilter, Monochrome, NoColor
from textual.screen import Screen

from ..rules import ConfigError
from ..rules.cards import CardDB
from ..rules.state import GameConfig
from ..storage import GameLocked, SavedGame, SeatMeta, StorageError
from ..storage.cardfile import load_card_file
from ..storage.handle import GameHandle
from ..storage.tables import SharedTable
from .adapter import Library
from .screens.base import AppServices
from .screens.campaign import CampaignScreen
from .screens.dialogs import ConfirmScreen
from .screens.end import EndScreen
from .screens.game import GameScreen
from .screens.help import HelpScreen
from .screens.lobby import LobbyScreen
from .screens.new_game import NewGameScreen
from .screens.resume import ResumeScreen
from .screens.table import TableEndScreen, TableScreen
from .screens.title import TitleScreen
from .screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from .theme import BOARD_VARIABLES, THEMES, theme_name


class Palette(CommandPalette):
    """Textual's command palette without its emoji (a magnifying glass) before the search field."""

    def on_mount(self) -> None:
        self.query_one(SearchIcon).icon = ">"


def exit_line(game: GameHandle) -> str:
    """What the terminal says after the app, about the game left: how to come back to it."""
    if isinstance(game, SharedTable):
        return game.exit_hint
    if game.finished:
        return ""
    return f"Your game is saved as {game.name}: norsewind resume {game.name}"


class NorsewindApp(App[str]):
    CSS_PATH = "norsewind.tcss"
    TITLE = "Norsewind"
    ENABLE_COMMAND_PALETTE = True
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "quit_app", "Quit", show=False, id="app-quit", priority=True)
    ]

    def __init__(
        self,
        library: Library | None = None,
        game: SavedGame | None = None,
        seed: int | None = None,
        computer_delay: float = 0.6,
        theme: str | None = None,
    ) -> None:
        super().__init__()
        self.library = library or Library()
        self.initial_game = game  # norsewind resume NAME: shown at once, with its notice
        self.seed = seed
        self.computer_delay = computer_delay  # seconds a computer player's move takes at least
        self.active_game: GameHandle | None = None
        self.theme_choice = theme
        self.exit_message = ""

    # ------------------------------------------------------------------ set-up

    def get_line_filters(self) -> Sequence[LineFilter]:
        # NO_COLOR means no colour codes at all: Textual's own filter writes greys (38;5;247) instead
        filters = super().get_line_filters()
        if self.no_color:
            return [NoColor() if isinstance(f, Monochrome) else f for f in filters]
        return filters

    def action_command_palette(self) -> None:
        """The command palette, with a plain-text placeholder and no emoji for its search icon."""
        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]
            self.push_screen(Palette(placeholder="Search for commands...", id="--command-palette"))

    def get_theme_variable_defaults(self) -> dict[str, str]:
        defaults = dict(super().get_theme_variable_defaults())
        defaults.update(BOARD_VARIABLES)
        return defaults

    def on_mount(self) -> None:
        for theme in THEMES:
            self.register_theme(theme)
        self.theme = self.theme_choice or theme_name()
        if self.initial_game is not None:
            self.start_game(self.initial_game, self.initial_game.notice or "")
        else:
            self.push_screen(TitleScreen(self.library.problem))
        self.check_size()

    # ------------------------------------------------------------------ navigation

    def show(self, screen: Screen[Any]) -> None:
        """Replace the page shown by ``screen`` (under the "too small" notice, if it is up)."""
        top = self.screen
        if len(self.screen_stack) <= 1:
            self.push_screen(screen)
        elif isinstance(top, TooSmallScreen):
            self.pop_screen()
            self.switch_screen(screen)
            self.push_screen(TooSmallScreen())
        else:
            self.switch_screen(screen)

    def goto_title(self, notice: str = "") -> None:
        # Leaving a game by any route (the palette included) stops its computer players and
        # releases its lock, so "Continue" on the title resumes it instead of offering to watch.
        if isinstance(self.screen, GameScreen):
            self.screen.stop_computer()
        if self.active_game is not None:
            self.active_game.close()
        self.active_game = None
        while len(self.screen_stack) > 2:
            self.pop_screen()
        self.show(TitleScreen(notice))

    def open_page(self, what: str) -> None:
        if what == "quit":
            self.quit_with_game(None)
        elif what == "new":
            self.show(NewGameScreen(players=1))
        elif what == "resume":
            self.show(ResumeScreen())
        elif what == "tables":
            self.open_lobby()
        elif what in ("campaign", "progress"):
            self.show(CampaignScreen(pick=what == "campaign"))
        elif what == "help":
            self.push_screen(HelpScreen())

    def start_game(self, game: GameHandle, notice: str = "") -> None:
        """Show ``game``: its board, or its score pad when it is over."""
        self.active_game = game
        if game.finished:
            self.show(EndScreen(game))
        else:
            self.show(GameScreen(game, notice))

    def create_game(
        self, config: GameConfig, seed: int, seats: list[SeatMeta], on_error: Callable[[str], None]
    ) -> None:
        try:
            game = self.library.create(config, seed, seats)
        except (ConfigError, StorageError) as exc:  # one line for the player
            on_error(f"Cannot start the game: {exc}")
            return
        self.start_game(game)

    def open_game(self, name: str, on_error: Callable[[str], None]) -> None:
        try:
            game = self.library.open(name)
        except GameLocked as exc:

            def watch(yes: bool | None) -> None:
                if yes:
                    try:
                        watched = self.library.open(name, read_only=True)
                    except StorageError as inner:
                        on_error(str(inner))
                        return
                    self.start_game(watched, watched.notice or "")

            self.push_screen(ConfirmScreen(f"{exc}. Watch it read-only?", "Watch", "Back"), watch)
            return
        except StorageError as exc:
            on_error(str(exc))
            return
        self.start_game(game, game.notice or "")

    def open_lobby(self, notice: str = "") -> None:
        """The shared tables (leaving a table: it needs no closing, nothing is held between writes)."""
        self.active_game = None
        self.show(LobbyScreen(notice))

    def open_table(self, table: SharedTable, notice: str = "") -> None:
        """Show ``table`` (its game, or its score pad when it is over)."""
        self.active_game = table
        if table.finished:
            self.show(TableEndScreen(table))
        else:
            self.show(TableScreen(table, notice))

    # ------------------------------------------------------------------ terminal size

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size.width, event.size.height)

    def check_size(self, w: int | None = None, h: int | None = None) -> None:
        if w is None or h is None:
            w, h = self.size
        small = w < MIN_WIDTH or h < MIN_HEIGHT
        showing = isinstance(self.screen, TooSmallScreen)
        if small and not showing and len(self.screen_stack) > 1:
            self.push_screen(TooSmallScreen())
        elif not small and showing:
            self.pop_screen()

    # ------------------------------------------------------------------ quitting

    def quit_with_game(self, game: GameHandle | None) -> None:
        game = game or self.active_game
        if game is not None:
            game.close()
            self.exit_message = exit_line(game)
        self.exit(self.exit_message or None)

    def on_unmount(self) -> None:
        """However the app ends, release the game's lock (every decision is already saved)."""
        if self.active_game is not None:
            self.active_game.close()

    def action_quit_app(self) -> None:
        self.quit_with_game(None)

    # ------------------------------------------------------------------ command palette

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        if isinstance(screen, GameScreen):
            for title, help_text, callback in screen.palette_commands():
                yield SystemCommand(title, help_text, callback)
        yield SystemCommand("Rules & keys", "Help: keys, rules summary, tiles, rulings", self._help)
        yield SystemCommand("Title screen", "Back to the title screen (games stay saved)", self.goto_title)
        yield SystemCommand("Quit", "Quit Norsewind (the game is saved)", self.action_quit_app)

    def _help(self) -> None:
        self.open_page("help")


def run_app(args: argparse.Namespace, game: SavedGame | None = None) -> int:
    """Run the app for ``norsewind`` (``args``: cards, seed, saves, no_mouse); ``game``: resume it."""
    cards: CardDB | None = None
    if getattr(args, "cards", None):
        cards = load_card_file(args.cards)
    try:
        library = Library(getattr(args, "saves", None), cards, getattr(args, "profile", None))
    except StorageError as exc:  # no saves folder, no game: say why in one line
        print(f"norsewind: {exc}", file=sys.stderr)
        return 2
    app = NorsewindApp(library, game=game, seed=getattr(args, "seed", None))
    message = app.run(mouse=not getattr(args, "no_mouse", False))
    if message:
        print(message)
    return 0


if TYPE_CHECKING:  # mypy: the app offers what its screens ask of it
    _SERVICES: type[AppServices] = NorsewindApp
