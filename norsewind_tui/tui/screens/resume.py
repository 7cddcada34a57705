"""Resume: the saved games (mode, players, turn, date); Enter opens one."""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import DataTable, Footer, Static

from ...storage import StorageError
from ...words import forms as say
from ..summaries import GameSummary, summaries
from ..text import NAME_W, safe_text, short_name
from .base import NorsewindScreen
from .dialogs import ConfirmScreen

SCROLLBAR = 2  # the list's scroll bar, when it has more games than lines


def players_in(names: tuple[str, ...], width: int) -> str:
    """The players in at most ``width`` cells: all of them, else the first and how many more.

    Names are abbreviated as everywhere else (``Bartholomew.``), never cut with ``~``.
    """
    for w in (NAME_W, 8, 6):
        text = ", ".join(short_name(n, w) for n in names)
        if cell_len(text) <= width:
            return text
    more = f" +{len(names) - 1}" if len(names) > 1 else ""
    return short_name(names[0], max(width - len(more), 4)) + more


class ResumeScreen(NorsewindScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "back", "Back", key_display="Esc", id="resume-back"),
        Binding("d,delete", "delete", "Delete", id="resume-delete"),
        Binding("r", "review", "Review", id="resume-review"),
        Binding("j", "cursor('down')", "Down", show=False, id="resume-down"),
        Binding("k", "cursor('up')", "Up", show=False, id="resume-up"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.games: list[GameSummary] = []

    def compose(self) -> ComposeResult:
        with Vertical(classes="page"):
            yield Static(Text(say.RESUME_TITLE), classes="page-title")
            yield DataTable(id="saves", cursor_type="row")
            yield Static("", id="resume-status")
        yield Footer()

    def on_mount(self) -> None:
        self.reload()

    def reload(self) -> None:
        self.games = summaries(self.context.own_games())
        table = self.query_one(DataTable)
        table.clear(columns=True)
        # every name whole (it is what `norsewind resume` takes, as is the number); the players give way
        number_w = len(str(len(self.games)))
        name_w = max((cell_len(safe_text(g.name)) for g in self.games), default=4)
        state_w = 8 if any(g.error or g.finished for g in self.games) else 0
        room = self.app.size.width - 2 - SCROLLBAR - 2 * 6 - number_w - name_w - 4 - 16 - state_w
        for label in ("#", "Name", "Players", "Turn", "Updated", ""):
            table.add_column(label)
        for i, g in enumerate(self.games, 1):
            state = say.BROKEN if g.error else (say.FINISHED if g.finished else "")
            if g.branch_of and not g.error:
                state = say.BRANCH_OVER if g.finished else say.BRANCH  # played on from another game (issue 12)
            table.add_row(
                Text(str(i)),
                Text(safe_text(g.name)),
                Text(players_in(g.names or (g.players,), max(room, 8))),
                Text(str(g.turn) if not g.error else ""),
                Text(g.updated),
                Text(state),
                key=g.name,
            )
        if not self.games:
            self.say(say.no_saves(self.context.saves_dir))
        else:
            self.say(say.RESUME_KEYS)
        table.focus()

    def say(self, message: str) -> None:
        self.query_one("#resume-status", Static).update(Text(safe_text(message)))

    def selected(self) -> GameSummary | None:
        table = self.query_one(DataTable)
        if not self.games or table.cursor_row is None or not 0 <= table.cursor_row < len(self.games):
            return None
        return self.games[table.cursor_row]

    def readable(self) -> GameSummary | None:
        """The selected game when it can be opened; an unreadable one says why (None)."""
        game = self.selected()
        if game is not None and game.error:
            self.say(game.error)
            return None
        return game

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        game = self.readable()
        if game is None:
            return
        self.norsewind.open_game(game.name, on_error=self.say)

    def action_review(self) -> None:
        """Review a finished game (read-only; an unfinished one is resumed with Enter)."""
        game = self.readable()
        if game is None:
            return
        if not game.finished:
            self.say(say.not_finished(safe_text(game.name)))
            return
        self.norsewind.open_review(game.name, on_error=self.say)

    def action_delete(self) -> None:
        game = self.selected()
        if game is None:
            return

        def done(yes: bool | None) -> None:
            if yes:
                try:
                    self.context.games.remove(game.name)
                except StorageError as exc:
                    self.say(str(exc))
                    return
                self.reload()

        self.app.push_screen(ConfirmScreen(say.delete_question(safe_text(game.name)), "Delete", "Keep"), done)

    def action_back(self) -> None:
        self.norsewind.goto_title()
