"""The base of the app's screens: what a screen may ask of the app, typed, in one place.

Textual types ``Screen.app`` as any ``App``; a screen reaches Norsewind's own
navigation through ``norsewind`` instead, the stores through ``context`` and
the rest of the app's state through ``session`` (``tui/session.py``), both typed.
``AppServices`` is what ``NorsewindApp`` offers them (``tui/app.py`` checks that
it does): the screens depend on it, not on the app module, which imports them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar, cast

from textual import events
from textual.message import Message
from textual.screen import Screen

from ...rules.state import GameConfig
from ...storage import SeatMeta
from ...storage.context import AppContext
from ...storage.handle import GameHandle
from ...storage.tables import SharedTable
from ..presence import Around
from ..session import AppSession
from ..textual_private import NoActiveAppError

ResultType = TypeVar("ResultType")


class AppServices(Protocol):
    """The app as its screens see it: navigation, plus its context and its session."""

    context: AppContext  # every store, who plays in this app (the seats it holds) and the clock
    session: AppSession  # the rest that is not navigation: the game shown, the look around, the settings...

    def show(self, screen: Screen[Any]) -> None: ...

    def goto_title(self, notice: str = "") -> None: ...

    def open_page(self, what: str) -> None: ...

    def create_game(
        self, config: GameConfig, seed: int, seats: list[SeatMeta], on_error: Callable[[str], None]
    ) -> None: ...

    def open_game(self, name: str, on_error: Callable[[str], None]) -> None: ...

    def open_review(self, game: GameHandle | str, on_error: Callable[[str], None]) -> None: ...

    def play_on(self, game: GameHandle, position: int, name: str, on_error: Callable[[str], None]) -> None: ...

    def start_game(self, game: GameHandle, notice: str = "") -> None: ...

    def open_lobby(self, notice: str = "") -> None: ...

    def open_table(self, table: SharedTable, notice: str = "") -> None: ...

    def quit_with_game(self, game: GameHandle | None) -> None: ...

    def keeps(self, screen: Screen[Any]) -> bool: ...


class NorsewindScreen(Screen[ResultType]):
    """A screen of the Norsewind app."""

    table_shown: str | None = None  # the shared table this page shows (its game, its score pad), if any

    def __init__(self, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name, id, classes)
        self.size_classes()

    def size_classes(self) -> None:
        """Take the breakpoint classes of the terminal's size now, before the screen is styled: set
        only on its first resize, they restyled every widget of a screen just styled (issue 22 §4)."""
        try:
            width, height = self.app.size
        except NoActiveAppError:  # made outside a running app: its first resize sets them
            return
        for breakpoints, size in (
            (self.HORIZONTAL_BREAKPOINTS or self.app.HORIZONTAL_BREAKPOINTS, width),
            (self.VERTICAL_BREAKPOINTS or self.app.VERTICAL_BREAKPOINTS, height),
        ):
            reached = [name for edge, name in sorted(breakpoints or []) if size >= edge]  # as Textual picks
            if reached:
                self.add_class(reached[-1], update=False)

    @property
    def norsewind(self) -> AppServices:
        return cast(AppServices, self.app)

    @property
    def context(self) -> AppContext:
        """The app's stores, identity and clock (storage/context.py)."""
        return self.norsewind.context

    @property
    def session(self) -> AppSession:
        """What the app holds about the session on screen (tui/session.py)."""
        return self.norsewind.session

    def _on_mount(self, event: events.Mount) -> None:
        # immediate: the screens hear of a look in the app's handler, in the order they are stacked
        self.session.around_signal.subscribe(self, self._around_seen, immediate=True)

    async def _on_resize(self, event: events.Resize) -> None:
        # Textual lays a resized screen out, and that layout sends the screen a Resize of its own, at
        # the size just laid out: Textual's handler (below in the MRO) would lay it all out again.
        # The screens' own on_resize handlers (above) still hear it.
        if event.size == self._compositor.size:
            event.stop()
            event.prevent_default()

    def _around_seen(self, _around: Around) -> None:
        if self.norsewind.keeps(self):
            self.around_changed()

    def around_changed(self) -> None:
        """The app's look at the tables and the others' presence changed (``session.around``)."""

    def _handles(self, message: Message) -> bool:
        """Whether a Norsewind screen class (this one or a base) has its own handler for ``message``."""
        name = message.handler_name
        return any(name in vars(cls) for cls in type(self).__mro__ if issubclass(cls, NorsewindScreen))

    def action_cursor(self, direction: str) -> None:
        """j/k: move the screen's list (its table or menu) one row."""
        from textual.widgets import DataTable, OptionList  # DataTable is not on the title (issue 16)

        for widget in self.query("DataTable, OptionList"):
            if isinstance(widget, (DataTable, OptionList)):
                (widget.action_cursor_down if direction == "down" else widget.action_cursor_up)()
                return

    async def _on_message(self, message: Message) -> None:
        # Once replaced or closed, a screen reacts to nothing more: a second Enter queued behind
        # the one that started a game does not start another (issue 18), and a screen replaced
        # before it was mounted does not look for its widgets (issue 15).
        if self._handles(message) and not self.norsewind.keeps(self):
            return
        await super()._on_message(message)
