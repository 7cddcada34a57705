"""The Norsewind Textual app and ``run_app``, the entry point of ``norsewind``.

Screens replace one another (``switch_screen``); help, dialogs and the
"terminal too small" notice are pushed over them.  The app knows the game in
play only to close it cleanly on quit: every decision was already saved.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from ..rules.cards import CardDB
from ..rules.state import GameConfig
from .adapter import GameHandle, Library
from .terminal import COME_BACK, HangupGuard, come_back_hint, logged_in_remotely, terminal_refusal
from .theme import BOARD_VARIABLES, THEMES, theme_name


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
        game: GameHandle | None = None,
        seed: int | None = None,
        computer_delay: float = 0.6,
        theme: str | None = None,
    ) -> None:
        super().__init__()
        self.library = library or Library()
        self.initial_game = game
        self.seed = seed
        self.computer_delay = computer_delay
        self.active_game: GameHandle | None = None
        self.theme_choice = theme
        self.exit_message = ""

    # ------------------------------------------------------------------ set-up

    def get_theme_variable_defaults(self) -> dict[str, str]:
        defaults = dict(super().get_theme_variable_defaults())
        defaults.update(BOARD_VARIABLES)
        return defaults

    def on_mount(self) -> None:
        for theme in THEMES:
            self.register_theme(theme)
        self.theme = self.theme_choice or theme_name()
        if self.initial_game is not None:
            self.start_game(self.initial_game)
        else:
            from .screens.title import TitleScreen

            self.push_screen(TitleScreen(self.library.problem))
        self.check_size()

    # ------------------------------------------------------------------ navigation

    def _replace(self, screen: Screen[Any]) -> None:
        from .screens.too_small import TooSmallScreen

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
        from .screens.title import TitleScreen

        # Leaving a game by any route (the palette included) stops its computer players and
        # releases its lock, so "Continue" on the title resumes it instead of offering to watch.
        stop = getattr(self.screen, "stop_computer", None)
        if callable(stop):
            stop()
        if self.active_game is not None:
            self.active_game.close()
        self.active_game = None
        while len(self.screen_stack) > 2:
            self.pop_screen()
        self._replace(TitleScreen(notice))

    def open_page(self, what: str) -> None:
        if what == "quit":
            self.quit_with_game(None)
        elif what == "new":
            from .screens.new_game import NewGameScreen

            self._replace(NewGameScreen(players=1))
        elif what == "resume":
            from .screens.resume import ResumeScreen

            self._replace(ResumeScreen())
        elif what == "tables":
            from .screens.lobby import LobbyScreen

            self._replace(LobbyScreen())
        elif what in ("campaign", "progress"):
            from .screens.campaign import CampaignScreen

            self._replace(CampaignScreen(pick=what == "campaign"))
        elif what == "help":
            from .screens.help import HelpScreen

            self.push_screen(HelpScreen())

    def start_game(self, game: GameHandle, notice: str = "") -> None:
        from .screens.end import EndScreen
        from .screens.game import GameScreen

        self.active_game = game
        if game.state.is_over:
            self._replace(EndScreen(game))
        else:
            self._replace(GameScreen(game, notice))

    def create_game(
        self, config: GameConfig, seed: int, seats: list[Any], on_error: Callable[[str], None] | None = None
    ) -> None:
        try:
            game = self.library.create(config, seed, seats)
        except Exception as exc:  # ConfigError, SaveError: one line for the player
            if on_error is None:
                raise
            on_error(f"Cannot start the game: {exc}")
            return
        self.start_game(game)

    def open_game(self, name: str, on_error: Callable[[str], None]) -> None:
        try:
            game = self.library.open(name)
        except Exception as exc:
            if type(exc).__name__ == "GameLocked":
                from .screens.dialogs import ConfirmScreen

                def watch(yes: bool | None) -> None:
                    if yes:
                        try:
                            self.start_game(self.library.open(name, read_only=True))
                        except Exception as inner:
                            on_error(str(inner))

                self.push_screen(ConfirmScreen(f"{exc}. Watch it read-only?", "Watch", "Back"), watch)
                return
            on_error(str(exc))
            return
        self.start_game(game)

    # ------------------------------------------------------------------ terminal size

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size.width, event.size.height)

    def check_size(self, w: int | None = None, h: int | None = None) -> None:
        from .screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen

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
            name = game.name
            saved = getattr(game, "path", None) is not None
            hint = getattr(game, "exit_hint", None)  # a shared table says how to come back to it
            game.close()
            if hint:  # a login's game (serve, ForceCommand) comes back by logging in again
                remote = logged_in_remotely()
                self.exit_message = f"You left the table {name}; it is saved: {COME_BACK}." if remote else str(hint)
            elif saved and not game.state.is_over:
                self.exit_message = f"Your game is saved as {name}: " + come_back_hint(f"norsewind resume {name}")
            elif not saved:
                self.exit_message = "This game was not saved (no saves folder)."
        self.exit(self.exit_message or None)

    def on_unmount(self) -> None:
        """However the app ends, release the game's lock (every decision is already saved)."""
        if self.active_game is not None:
            self.active_game.close()

    def action_quit_app(self) -> None:
        self.quit_with_game(None)

    # ------------------------------------------------------------------ command palette

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        commands = getattr(screen, "palette_commands", None)
        if callable(commands):
            for title, help_text, callback in commands():
                yield SystemCommand(title, help_text, callback)
        yield SystemCommand("Rules & keys", "Help: keys, rules summary, tiles, rulings", self._help)
        yield SystemCommand("Title screen", "Back to the title screen (games stay saved)", self.goto_title)
        yield SystemCommand("Quit", "Quit Norsewind (the game is saved)", self.action_quit_app)

    def _help(self) -> None:
        self.open_page("help")


def run_app(args: argparse.Namespace, game: GameHandle | None = None) -> int:
    """Run the app for ``norsewind`` (``args``: cards, seed, saves, no_mouse)."""
    cards: CardDB | None = None
    if getattr(args, "cards", None):
        from ..cli import load_cards

        cards = load_cards(args.cards)
    library = Library(getattr(args, "saves", None), cards, getattr(args, "profile", None))
    # After the command line's own mistakes (one line each), before anything is drawn: on pipes
    # the app would draw into them and read end of file in a loop.
    refusal = terminal_refusal()
    if refusal:
        print(refusal, file=sys.stderr)
        return 2
    app = NorsewindApp(library, game=game, seed=getattr(args, "seed", None))
    with HangupGuard(app):  # a terminal that goes away ends the process (the game is saved)
        message = app.run(mouse=not getattr(args, "no_mouse", False))
    if message:
        print(message)
    return 0
