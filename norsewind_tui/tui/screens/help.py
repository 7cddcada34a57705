"""Help: every key, the board's notation, a rules summary, the kingdom tiles, the rulings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...words import menus as say
from ...words.boardguide import BOARD_GUIDE
from ...words.help import GREEN_TILES, NOTATION, RED_TILES, RULES, RULINGS
from ..keys import GAME_BINDINGS, KEY_HELP, key_label


def keys_table(extra: Sequence[tuple[str, str]] = ()) -> Table:
    """Every key of the game screen, from the same bindings as the footer; ``extra``: (key, what it does)
    rows of the screen that asked (a shared table's)."""
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True)
    table.add_column()
    seen = set()
    for b in GAME_BINDINGS:
        if b.id is None or b.id in seen:
            continue
        if (b.id.startswith("pick-") and b.id != "pick-1") or b.id in ("right", "up", "down", "prev-view", "kingdom-1"):
            continue
        seen.add(b.id)
        label = say.PICK_KEYS if b.id == "pick-1" else say.MOVE_KEYS if b.id == "left" else key_label(b)
        table.add_row(Text(label), Text(KEY_HELP.get(b.id, b.description)))
    for key, what in extra:
        table.add_row(Text(key), Text(what))
    for key, what in say.MORE_KEYS:
        table.add_row(Text(key), Text(what))
    return table


class HelpScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark", "close", "Close", key_display="Esc", id="help-close"),
        Binding("down,j", "scroll('down')", "Scroll", show=False, id="help-down"),
        Binding("up,k", "scroll('up')", "Scroll", show=False, id="help-up"),
        Binding("pagedown,space", "scroll('page-down')", "Page down", show=False, id="help-pgdn"),
        Binding("pageup", "scroll('page-up')", "Page up", show=False, id="help-pgup"),
        Binding("b", "board_guide", "How to read the board", id="help-board"),
    ]

    def __init__(self, extra: Sequence[tuple[str, str]] = ()) -> None:
        super().__init__()
        self.extra = tuple(extra)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help", classes="page"):
            yield Static(Text(say.HELP_TITLE), classes="help-title")
            yield Static(keys_table(self.extra), classes="help-body")
            for title, body in (
                (say.BOARD_GUIDE_TITLE, BOARD_GUIDE),
                (say.NOTATION_TITLE, NOTATION),
                (say.RULES_TITLE, RULES),
                (say.TILES_TITLE, GREEN_TILES + "\n" + RED_TILES),
                (say.RULINGS_TITLE, RULINGS),
            ):
                guide = title == say.BOARD_GUIDE_TITLE
                yield Static(Text(title), classes="help-title", id="board-guide" if guide else None)
                yield Static(Text(body), classes="help-body")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help").focus()

    def action_board_guide(self) -> None:
        """b: the page that explains every mark of the board, at the top of the screen."""
        self.query_one("#help", VerticalScroll).scroll_to_widget(
            self.query_one("#board-guide"), animate=False, top=True
        )

    def action_close(self) -> None:
        self.dismiss(None)

    def action_scroll(self, how: str) -> None:
        """``how``: down, up, page-down or page-up, at once (no animation)."""
        scroll = self.query_one("#help", VerticalScroll)
        moves = {
            "down": scroll.scroll_down,
            "up": scroll.scroll_up,
            "page-down": scroll.scroll_page_down,
            "page-up": scroll.scroll_page_up,
        }
        moves[how](animate=False)
