"""The Norsewind Textual app and ``run_app``, the entry point of ``norsewind``.

Screens replace one another (``switch_screen``); help, dialogs and the
"terminal too small" notice are pushed over them.  The app knows the game in
play only to close it cleanly on quit: every decision was already saved.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import sys
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import CommandPalette, SearchIcon
from textual.dom import DOMNode
from textual.driver import Driver
from textual.filter import ANSIToTruecolor, LineFilter, Monochrome, NoColor
from textual.message import Message
from textual.screen import Screen
from textual.signal import Signal

from .. import activity, words
from ..options import Options
from ..rules import ConfigError
from ..rules.state import GameConfig
from ..storage import GameLocked, SavedGame, SeatMeta, StorageError
from ..storage.commands import plain
from ..storage.context import AppContext
from ..storage.handle import GameHandle
from ..storage.identity import identity_problem
from ..storage.presence import HEARTBEAT
from ..storage.tables import SharedTable, TableStore
from ..storage.watch import LookWatch
from ..words import app as say
from ..words import storage as say_storage
from .fitting import to_type
from .keyflood import DROPPED, KeyBacklog, bounded_driver
from .messages import AroundSeen, PresenceTrouble
from .pages import OVER, PAGES
from .paste import install as install_paste_parser
from .presence import (
    AROUND_PERIOD,
    AROUND_POLL,
    DATABASE_AROUND,
    LOOK_DELAY,
    LOOK_GAP,
    Around,
    PresenceKeeper,
    look_around,
    turn_key,
    your_turn_line,
)
from .quietinput import quiet_driver
from .screens.base import AppServices, NorsewindScreen
from .screens.title import TitleScreen
from .screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from .session import AppSession
from .terminal import (
    COME_BACK,
    HangupGuard,
    come_back_hint,
    logged_in_remotely,
    served_in_browser,
    terminal_refusal,
)
from .text import safe_text, short_name
from .theme import BOARD_VARIABLES, THEMES, theme_name

if TYPE_CHECKING:
    from .screens.game import GameScreen

# Full collections of the garbage collector (10-30 ms in an app at a long table) start when
# allocations call for them, that is while a change is being drawn: they made the worst
# latencies of bench/ssh.py.  run_app turns the automatic ones off; the app runs one, FULL_LOOK
# seconds after Python's count called for it (FULL_DUE collections of the middle generation;
# without Python's rule of 25% more long-lived objects).  The count grows only while something
# allocates: an app that waits is never woken for it (issue 28), where a timer looked every 2 s.
NO_AUTOMATIC_FULL = 1 << 30  # the third threshold of gc.set_threshold: never reached
FULL_DUE = 10  # Python's own third threshold
FULL_LOOK = 2.0  # seconds from the count calling for a full collection to the collection


def collect_when_due() -> None:
    """A full collection if automatic ones are off (``run_app``) and Python's count calls for one."""
    if gc.get_threshold()[2] == NO_AUTOMATIC_FULL and gc.get_count()[2] >= FULL_DUE:
        gc.collect()


# The other screens are imported when first shown: the title screen is drawn without the game
# board, the bots and the score pad loaded (issue 16: a first frame near Textual's own).


class Palette(CommandPalette):
    """Textual's command palette without its emoji (a magnifying glass) before the search field."""

    def on_mount(self) -> None:
        self.query_one(SearchIcon).icon = ">"


def exit_line(game: GameHandle, command: Callable[..., str] = plain) -> str:
    """What the terminal says after the app, about the game left: how to come back to it
    (``command``: the ``norsewind`` command of some words, with the options the player gave)."""
    parting = game.parting()
    if parting is None:
        return ""
    if parting.shared:  # a login's game (serve, ForceCommand) comes back by logging in again
        return parting.said(COME_BACK if logged_in_remotely() else say_storage.table_come_back(command()))
    return to_type(say_storage.saved_as(game.name), come_back_hint(command("resume", game.name)))


class NorsewindApp(App[str]):
    CSS_PATH = "norsewind.tcss"
    TITLE = "Norsewind"
    ENABLE_COMMAND_PALETTE = True
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "quit_app", "Quit", show=False, id="app-quit", priority=True)
    ]

    def __init__(
        self,
        context: AppContext | None = None,
        game: SavedGame | None = None,
        seed: int | None = None,
        computer_delay: float = 0.6,
        theme: str | None = None,
        review: SavedGame | None = None,
        page: str | None = None,
    ) -> None:
        self.keys = KeyBacklog()  # before App.__init__, which picks the driver (get_driver_class)
        super().__init__()
        self.initial_review = review  # norsewind review NAME: opened read-only, shown at once
        self.initial_page = page  # norsewind learn: "learn"; norsewind --continue: "continue"
        # every store, the identity and the clock: the one door to the stores (issue 40.4)
        self.context: AppContext = context or AppContext.at()
        # what the screens read and change besides navigation (AppServices): tui/session.py
        self.session = AppSession(self.context, Signal(self, "around"), seed, computer_delay)
        self.initial_game = game  # norsewind resume NAME: shown at once, with its notice
        self.theme_choice = theme
        self.exit_message = ""
        self.presence: PresenceKeeper | None = None  # None: this identity cannot be shown as present
        self.around_period = AROUND_PERIOD
        self._looks = self.context.own_presence()  # the looks' own (its cache is not shared)
        self._tables: TableStore | None = None  # kept between looks: it reads again only changed tables
        self._last_around: Around | None = None
        self._looking = False
        self._look_again = False  # asked for while a look ran: it looks once more
        self._look_lock = threading.Lock()
        self._around_watch: LookWatch | None = None  # what wakes the looks (None: a timer, the database)
        self._around_thread: threading.Thread | None = None
        self._around_stopping = threading.Event()
        self._full_armed = False  # a full collection is due and its timer set (_collected)
        self._loop_of_app: asyncio.AbstractEventLoop | None = None
        self.rung: set[tuple[str, int, int]] = set()  # the turns already announced (or seen at start)

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
            self.push_screen(Palette(placeholder=say.SEARCH, id="--command-palette"))

    def get_theme_variable_defaults(self) -> dict[str, str]:
        defaults = dict(super().get_theme_variable_defaults())
        defaults.update(BOARD_VARIABLES)
        return defaults

    def on_load(self) -> None:
        # The theme is in place before the stylesheet is first parsed (Load comes before it).
        # Setting App.theme runs Textual's watcher, whose refresh_css parses the whole stylesheet
        # twice more before the first frame (issue 16); this does what that watcher does.
        for theme in THEMES:
            self.register_theme(theme)
        self.set_reactive(NorsewindApp.theme, self.theme_choice or theme_name())
        current = self.current_theme
        self.stylesheet.set_variables(self.get_css_variables())
        self.set_class(True, f"-theme-{current.name}", update=False)
        self.set_class(current.dark, "-dark-mode", update=False)
        self.set_class(not current.dark, "-light-mode", update=False)
        for line_filter in super().get_line_filters():
            if isinstance(line_filter, ANSIToTruecolor):  # an ANSI theme keeps the terminal's own colours
                line_filter.enabled = not current.ansi
        self._loop_of_app = asyncio.get_running_loop()
        gc.callbacks.append(self._collected)

    def _collected(self, phase: str, info: dict[str, int]) -> None:
        """The collector's callback (any thread, any allocation): a middle-generation collection that
        makes a full one due arms the one-shot timer that runs it (``collect_when_due``)."""
        if phase != "stop" or info.get("generation") != 1 or self._full_armed:
            return
        if gc.get_threshold()[2] != NO_AUTOMATIC_FULL or gc.get_count()[2] < FULL_DUE:
            return
        loop = self._loop_of_app
        if loop is None:
            return
        self._full_armed = True
        with contextlib.suppress(RuntimeError):  # the loop has ended: nothing more to collect for
            loop.call_soon_threadsafe(self._arm_full)

    def _arm_full(self) -> None:
        self.set_timer(FULL_LOOK, self._full_collection, name="full collection")

    def _full_collection(self) -> None:
        self._full_armed = False
        collect_when_due()

    def on_mount(self) -> None:
        self.mouse_off_in_browser()
        self.load_settings()
        self.start_presence()
        if self.initial_review is not None:
            from .screens.review import ReviewScreen

            self.push_screen(ReviewScreen(self.initial_review))
        elif self.initial_game is not None:
            self.start_game(self.initial_game, self.initial_game.notice or "")
        elif self.initial_page in ("learn", "tv", "puzzle"):  # norsewind learn, tv, puzzle: Esc gets the title
            self.push_screen(TitleScreen())
            self.open_page(self.initial_page)
        else:  # "continue": the title opens the player's latest game at once (norsewind web's reloaded tab)
            self.push_screen(TitleScreen(go_on=self.initial_page == "continue"))
        self.check_size()

    def mouse_off_in_browser(self) -> None:
        """``--no-mouse`` in a browser: Textual's web driver turns mouse reporting on whatever it is
        told (it ignores ``mouse=False``), so the app turns it off again, once the driver has started."""
        driver = self._driver
        if driver is None or not driver.is_web:  # a terminal's driver heeds mouse=False itself
            return
        from textual.drivers.web_driver import WebDriver

        if isinstance(driver, WebDriver) and not driver._mouse:
            driver._disable_mouse_support()

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
        self.follow_presence(screen)

    def goto_title(self, notice: str = "") -> None:
        # Leaving a game by any route (the palette included) stops its computer players and
        # releases its lock, so "Continue" on the title resumes it instead of offering to watch.
        game_screen = _loaded_game_screen()
        if game_screen is not None and isinstance(self.screen, game_screen):
            self.screen.driver.stop()
        if self.session.active_game is not None:
            self.session.active_game.close()
        self.session.active_game = None
        while len(self.screen_stack) > 2:
            self.pop_screen()
        self.show(TitleScreen(notice))

    def open_page(self, what: str) -> None:
        """The page named ``what`` (``pages.PAGES``), or what the app does for it (quit, tables, learn)."""
        doing: dict[str, Callable[[], None]] = {
            "quit": lambda: self.quit_with_game(None),
            "tables": self.open_lobby,
            "learn": self.learn,
        }
        if what in doing:
            doing[what]()
        elif (page := PAGES.get(what)) is not None:
            (self.push_screen if what in OVER else self.show)(page())

    def learn(self) -> None:
        """The tutorial: resumed where it was left, else started on its fixed deal."""
        from ..lessons import LessonError, tutorial_game

        try:
            game = tutorial_game(self.context.games, self.context.identity)
        except GameLocked as exc:  # the title says one line at 80 columns: who, not the whole lock
            self.goto_title(say.tutorial_locked(exc.user, exc.pid))
            return
        except (StorageError, LessonError) as exc:
            self.goto_title(say.trouble("tutorial", exc))
            return
        self.start_game(game, game.notice or "")

    def start_game(self, game: GameHandle, notice: str = "") -> None:
        """Show ``game``: its board, or its score pad when it is over."""
        self.session.active_game = game
        from ..lessons import is_tutorial
        from .screens.tutorial import TutorialEndScreen, TutorialScreen

        if is_tutorial(game):
            self.show(TutorialEndScreen(game) if game.finished else TutorialScreen(game, notice))
        elif game.finished:
            from .screens.end import EndScreen

            self.show(EndScreen(game))
        else:
            from .screens.game import GameScreen

            self.show(GameScreen(game, notice))

    def create_game(
        self, config: GameConfig, seed: int, seats: list[SeatMeta], on_error: Callable[[str], None]
    ) -> None:
        try:
            game = self.context.new_game(config, seed, seats)
        except (ConfigError, StorageError) as exc:  # one line for the player
            on_error(say.trouble("start", words.error(exc)))
            return
        self.start_game(game)

    def open_game(self, name: str, on_error: Callable[[str], None]) -> None:
        try:
            game = self.context.games.open(name)
        except GameLocked as exc:

            def watch(yes: bool | None) -> None:
                if yes:
                    try:
                        watched = self.context.games.open(name, read_only=True)
                    except StorageError as inner:
                        on_error(str(inner))
                        return
                    self.start_game(watched, watched.notice or "")

            from .screens.dialogs import ConfirmScreen

            self.push_screen(ConfirmScreen(say.watch_locked(exc), "Watch", "Back"), watch)
            return
        except StorageError as exc:
            on_error(str(exc))
            return
        self.start_game(game, game.notice or "")

    def open_review(self, game: GameHandle | str, on_error: Callable[[str], None]) -> None:
        """Review a game (read-only) over the page shown; Esc comes back to it.

        A name is opened read-only (no lock: the game may be played elsewhere meanwhile).
        """
        if isinstance(game, str):
            try:
                game = self.context.games.open(game, read_only=True)
            except StorageError as exc:
                on_error(str(exc))
                return
        from .screens.review import ReviewScreen

        self.push_screen(ReviewScreen(game))

    def play_on(self, game: GameHandle, position: int, name: str, on_error: Callable[[str], None]) -> None:
        """A new game from ``game`` after ``position`` decisions, shown at once (the original is only read)."""
        try:
            new = self.context.games.branch(game, position, name or None)
        except StorageError as exc:
            on_error(str(exc))
            return
        if self.session.active_game is not None:
            self.session.active_game.close()  # the original (its score pad under the review): released, unchanged
        self.session.active_game = None
        while len(self.screen_stack) > 2:
            self.pop_screen()
        notice = say.played_on(position, game.name, new.name)
        self.start_game(new, notice)

    def open_lobby(self, notice: str = "") -> None:
        """The shared tables (leaving a table: it needs no closing, nothing is held between writes)."""
        from .screens.lobby import LobbyScreen

        self.session.active_game = None
        self.show(LobbyScreen(notice, self.context.clock))

    def open_table(self, table: SharedTable, notice: str = "") -> None:
        """Show ``table`` (its game, or its score pad when it is over)."""
        from .screens.table import TableEndScreen, TableScreen

        self.session.active_game = table
        if table.finished:
            self.show(TableEndScreen(table))
        else:
            self.show(TableScreen(table, notice, self.context.clock))

    # ------------------------------------------------------------------ presence and the others

    def load_settings(self) -> None:
        notice = self.session.load_settings()
        if notice:
            self.notify(safe_text(notice), severity="warning", markup=False)

    def start_presence(self) -> None:
        """Say this player is in the app (a name that cannot be a player's goes without presence),
        refresh it every ``HEARTBEAT`` seconds, and look at the tables and the others when a table's
        file or somebody's place changes, at the latest every ``around_period`` seconds: the around
        thread (``AppContext.around_watch``) does both, and wakes for nothing else (issue 28).  With
        the database (nothing notifies) a timer beats and another looks every ``DATABASE_AROUND``
        seconds, each write and each look a short thread worker of its own."""
        if identity_problem(self.context.identity) is None:
            keeper = self.presence = PresenceKeeper(self.context.presence, self.context.identity)
            keeper.enter()
            # after the first frame: the workers' disk reads and writes would hold the GIL while
            # the title is drawn (issue 16); the title's "Your turn at" line follows the look
            self.call_after_refresh(self._write_presence_soon)
        watch = self._around_watch = self.context.around_watch(self.around_period, AROUND_POLL)
        if watch is None:
            if self.presence is not None:
                self.set_interval(HEARTBEAT, self._beat, name="heartbeat")
            self.call_after_refresh(self._look_soon)
            self.set_interval(min(self.around_period, DATABASE_AROUND), self._look_soon, name="around")
            return
        thread = self._around_thread = threading.Thread(
            target=self._follow_around, args=(watch,), name="around", daemon=True
        )
        self.call_after_refresh(thread.start)  # its first look after the first frame, as the write

    def _follow_around(self, watch: LookWatch) -> None:
        """The around thread: a look at once, after each change that may show and after each quiet
        period; this app's heartbeat every ``HEARTBEAT`` seconds.

        A change's look waits ``LOOK_DELAY`` (the screens of the table that changed draw first: every
        app of the host looks at once), and looks are ``LOOK_GAP`` apart at least, as when the app
        looked every 2 s: what changes meanwhile waits in the watch for the next look."""
        stopping = self._around_stopping
        gap = min(LOOK_GAP, self.around_period)
        now = time.monotonic()
        beat_at, look_at, last_look = now + HEARTBEAT, now, -gap
        changed = False
        while not stopping.is_set():
            now = time.monotonic()
            if changed:  # at LOOK_DELAY, and LOOK_GAP after the last look
                if stopping.wait(max(min(LOOK_DELAY, gap), last_look + gap - now)):
                    return
                look_at = now = time.monotonic()
            if now >= look_at:
                self._look()
                last_look = now
                look_at = time.monotonic() + watch.period if watch.notified else time.monotonic() + watch.poll
            if self.presence is not None and now >= beat_at:
                self.presence.beat()
                self._write_presence()
                beat_at = now + HEARTBEAT
            due = min(look_at, beat_at if self.presence is not None else look_at)
            try:
                changed = watch.wait(max(0.0, due - time.monotonic()))
            except Exception as exc:  # never the app's end: the look says what is wrong
                self.post_message(PresenceTrouble(say.trouble("look", exc)))
                return

    def stop_around(self) -> None:
        watch, self._around_watch = self._around_watch, None
        self._around_stopping.set()
        if watch is not None:
            watch.interrupt()
            thread = self._around_thread
            if thread is not None and thread.is_alive():
                thread.join(5.0)
            watch.close()

    def _beat(self) -> None:
        if self.presence is not None:
            self.presence.beat()
            self._write_presence_soon()

    def _write_presence_soon(self) -> None:
        self.run_worker(self._write_presence, thread=True, group="presence", name="presence")

    def _write_presence(self) -> None:
        if self.presence is not None:
            self.presence.drain(lambda why: self.post_message(PresenceTrouble(why)))

    def _look_soon(self) -> None:
        with self._look_lock:
            if self._looking:  # a slow look (a loaded disk) is not piled up behind: one more after it
                self._look_again = True
                return
            self._looking = True
        self.run_worker(self._look_once, thread=True, group="around", name="around")

    def _look_once(self) -> None:
        while True:
            self._look()
            with self._look_lock:
                if not self._look_again:
                    self._looking = False
                    return
                self._look_again = False

    def _look(self) -> None:
        with activity.span("presence"):
            self._look_now()

    def _look_now(self) -> None:
        try:
            problems: tuple[str, ...] = ()
            try:
                self._tables = self._tables or self.context.own_tables()
            except StorageError as exc:  # a tables folder that cannot be read: the rest is still seen
                problems = (str(exc),)
            around = look_around(self._looks, self._tables, problems)
        except Exception as exc:  # a folder that went away: said in the look's problems
            around = Around(self.context.clock(), problems=(str(exc) or type(exc).__name__,), blind=True)
        if not around.same(self._last_around):
            self._last_around = around
            self.post_message(AroundSeen(around))

    def follow_presence(self, screen: Screen[Any]) -> None:
        """At a table while one is shown (its game or its score pad), else in the app."""
        if self.presence is None:
            return
        table = screen.table_shown if isinstance(screen, NorsewindScreen) else None
        if table is not None:
            self.presence.at_table(table)
        else:
            self.presence.in_app()
        self._write_presence_soon()

    def on_presence_trouble(self, message: PresenceTrouble) -> None:
        self.notify(safe_text(message.reason), severity="warning", markup=False)

    def on_around_seen(self, message: AroundSeen) -> None:
        first = self.session.around is None
        self.session.around = message.around
        self.announce_turns(message.around, quiet=first)
        self.session.around_signal.publish(message.around)  # the screens that show it (NorsewindScreen subscribes)

    def announce_turns(self, around: Around, quiet: bool) -> None:
        """A table where it became this player's turn rings the bell once and says so, unless it is
        the table shown, or the player turned it off; each turn once (``quiet``: the first look, whose
        turns the title already says)."""
        # the table under a pushed page (review, help, "terminal too small") is still the one shown
        shown = [s.table_shown for s in self.screen_stack if isinstance(s, NorsewindScreen)]
        here = next((name for name in reversed(shown) if name is not None), None)
        fresh = []
        for table in around.my_turns(self.context.identity):
            key = turn_key(table)
            if key not in self.rung:
                self.rung.add(key)
                if not quiet and table.name != here:
                    fresh.append(table)
        if not fresh or not self.session.settings.turn_bell:
            return
        self.bell()
        self.notify(say.turn_notice([short_name(t.name) for t in fresh]), title=say.YOUR_TURN, markup=False)

    # ------------------------------------------------------------------ keys

    def keeps(self, screen: Screen[Any]) -> bool:
        """``screen`` is still the app's (in its stack) and the app is not ending: it may react."""
        return self._running and not self._exit and screen in self.screen_stack

    def takes_keys(self, screen: Screen[Any]) -> bool:
        """A screen acts on keys once mounted and while kept (not still starting, not gone)."""
        return screen.is_mounted and self.keeps(screen)

    def get_driver_class(self) -> type[Driver]:
        driver = super().get_driver_class()
        install_paste_parser(driver)  # a paste arrives whole, in order (issue 23.17), in a browser too
        return bounded_driver(quiet_driver(driver))  # a reader that sleeps until a key (issue 28)

    def post_message(self, message: Message) -> bool:
        # The terminal's keys enter here: a flood beyond the backlog is dropped, with one notice.
        is_key = isinstance(message, (events.Key, events.Paste)) and not message.is_forwarded
        if is_key:
            self.keys.arrived(message)
        if is_key and not self.keys.admit(message):  # type: ignore[arg-type]
            if self.keys.first_drop():
                self.call_later(self.notify, DROPPED, severity="warning")
            return False
        return super().post_message(message)

    async def on_event(self, event: events.Event) -> None:
        # A key read while the screen shown is still starting (or already replaced) was typed
        # for the screen before: it is not taken again by the next one (issue 18), and no
        # handler runs on a screen without its widgets (issue 15).
        if (
            isinstance(event, (events.Key, events.Paste))
            and not event.is_forwarded
            and not (isinstance(event, events.Key) and event.key == "ctrl+c")
            and not self.takes_keys(self.screen)
        ):
            return
        if isinstance(event, (events.Key, events.Paste)) and self.lands_nowhere(event):
            return
        if isinstance(event, events.Key):  # its binding runs in this call: the screen asks when it arrived
            self.session.key_time = event.time
        await super().on_event(event)

    def lands_nowhere(self, event: events.Key | events.Paste) -> bool:
        """A key that nothing can take yet or any more (both seen on a loaded machine, issue 22):
        one still bubbling up while the app closes (no screen left: Textual raises
        ScreenStackError), or one for a list just opened and not laid out (it pages with KeyError)."""
        from textual.widgets import OptionList  # imported when a key comes, not at startup (issue 16)

        if not self.screen_stack:
            return True
        focused = self.focused
        quitting = isinstance(event, events.Key) and event.key == "ctrl+c"
        return isinstance(focused, OptionList) and focused.size.area == 0 and not quitting

    async def run_action(self, action: Any, default_namespace: DOMNode | None = None, namespaces: Any = None) -> bool:
        # A key that reaches a binding after its screen was replaced, or before the next one is
        # mounted, does nothing: every action of a screen finds its widgets.
        node = default_namespace
        screen = node if isinstance(node, Screen) else getattr(node, "screen", None) if node is not None else None
        if isinstance(screen, Screen) and not self.takes_keys(screen):
            return False
        return await super().run_action(action, default_namespace, namespaces)

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
        game = game or self.session.active_game
        if game is not None:
            game.close()
            self.exit_message = exit_line(game, self.context.command)
        self.exit(self.exit_message or None)

    def on_unmount(self) -> None:
        """However the app ends (a hangup too), release the game's lock (every decision is already
        saved), then say this player is away.  Every game screen's driver is stopped first: its
        worker's wait is interrupted, so the process does not wait for it (a screen's own unmount
        may not come)."""
        for driver in list(self.session.drivers):
            driver.stop()
        if self.session.active_game is not None:
            self.session.active_game.close()
        if self.presence is not None:
            self.presence.leave()
        self.stop_around()
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(self._collected)

    def action_quit_app(self) -> None:
        self.quit_with_game(None)

    # ------------------------------------------------------------------ command palette

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        game_screen = _loaded_game_screen()
        if game_screen is not None and isinstance(screen, game_screen):
            for title, help_text, callback in screen.palette_commands():
                yield SystemCommand(title, help_text, callback)
        for (title, help_text), callback in zip(
            say.PALETTE, (self._help, self._fame, self.goto_title, self.action_quit_app), strict=True
        ):
            yield SystemCommand(title, help_text, callback)

    def _help(self) -> None:
        self.open_page("help")

    def _fame(self) -> None:
        self.open_page("halloffame")


def _loaded_game_screen() -> type[GameScreen] | None:
    """The game screen's class once a game has been shown; None before (then no screen is one)."""
    module = sys.modules.get("norsewind_tui.tui.screens.game")
    return None if module is None else module.GameScreen


def run_app(args: Options, game: SavedGame | None = None, review: str | None = None) -> int:
    """Run the app for ``norsewind`` (``args``: cards, seed, saves, profile, page, no_mouse); ``game``:
    resume it; ``review``: the name of a game to review (read-only).
    """
    try:
        context = AppContext(args)
    except StorageError as exc:  # no saves folder (or no card set), no game: say why in one line
        print(f"norsewind: {exc}", file=sys.stderr)
        return 2
    reviewed = None
    if review is not None:
        try:
            reviewed = context.games.open(review, read_only=True)
        except StorageError as exc:
            print(f"norsewind: {safe_text(str(exc))}", file=sys.stderr)
            return 2
    # After the command line's own mistakes (one line each), before anything is drawn: on pipes
    # the app would draw into them and read end of file in a loop.
    refusal = terminal_refusal()
    if refusal:
        print(refusal, file=sys.stderr)
        if reviewed is not None:
            reviewed.close()
        return 2
    browser = served_in_browser()  # stdout is the web driver's channel to the server: nothing else on it
    if logged_in_remotely() and not browser:  # over SSH (serve or a forced command): said before the app draws
        line = your_turn_line(context)
        if line:
            print(line, flush=True)
    if activity.start(context.identity):  # the host's operator asked (bench/host.py): issue 28
        record_draws()
    app = NorsewindApp(context, game=game, seed=args.seed, review=reviewed, page=args.page)
    # Everything loaded so far (modules, classes, the card set) lives as long as the process: moved
    # out of the collector's sight, the start no longer pays a full collection over it (~20 ms, issue
    # 16), nor does any later collection while a game is played.
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, NO_AUTOMATIC_FULL)
    with HangupGuard(app):  # a terminal that goes away ends the process (the game is saved)
        message = app.run(mouse=not args.no_mouse)
    activity.stop()
    if message and not browser:
        print(message)
    return 0


def record_draws() -> None:
    """Each screen update (layout, compositing, the write to the terminal) becomes a ``draw`` span.

    Only while activity is recorded.  Textual draws from three private methods of ``Screen`` (its
    update timer's, a new layout's, the compositor's write), which call one another: each is
    wrapped here and nowhere else, and only the outermost call is a span.  Done before the app
    exists, since a screen binds its timer's method when it is made.
    """
    depth = [0]  # the event loop's thread alone draws

    def timing(method: Callable[..., None]) -> Callable[..., None]:
        def timed(screen: Screen[Any], *args: Any, **kwargs: Any) -> None:
            if depth[0]:
                return method(screen, *args, **kwargs)
            depth[0] += 1
            try:
                with activity.span("draw"):
                    return method(screen, *args, **kwargs)
            finally:
                depth[0] -= 1

        return timed

    for name in ("_on_timer_update", "_refresh_layout", "_compositor_refresh"):
        setattr(Screen, name, timing(getattr(Screen, name)))


if TYPE_CHECKING:  # mypy: the app offers what its screens ask of it
    _SERVICES: type[AppServices] = NorsewindApp
