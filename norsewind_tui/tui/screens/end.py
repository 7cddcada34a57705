"""The end of the game: the score pad kingdom by kingdom, the winner and, in solo, the medal.

A finished game is final (R25): its result was recorded when it ended, so the
score pad offers no undo or redo; ``L`` shows the game log instead.
"""

from __future__ import annotations

from typing import ClassVar, Protocol

from rich import box
from rich.console import Group, RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, VerticalScroll
from textual.widget import Widget
from textual.widgets import Footer, Static

from ...rules import cards_for, final_result, score_breakdown, viking_score
from ...rules.cards import KINGDOM_NAMES
from ...rules.events import VIKINGS_TURN
from ...rules.scoring import Outcome
from ...rules.session import Session
from ...rules.state import State
from ...storage.format import SeatMeta
from ...storage.handle import GameHandle
from ...words import pad as say
from ...words import past
from ...words.nouns import player_names
from ...words.play import finished_refusal
from ...words.result import verdict
from ..text import NAME_W, safe_text, short_name
from ..widgets.log import standin_text
from .base import NorsewindScreen
from .dialogs import LogScreen
from .final_board import FinalBoardScreen
from .help import HelpScreen


def log_lines(game: GameHandle) -> list[str]:
    """The whole game log in words, as the game screen's log has it (the Vikings' steps indented)."""
    state, session = game.state, game.session
    names = player_names(state)
    db = cards_for(state)
    made = game.computer_made()
    lines = []
    for index, batch in enumerate(session.events[: session.position]):
        seat = session.mover(index)
        for event in batch:
            text = past(event, names, db)
            if index in made and event.player == seat:
                text = standin_text(text, names[seat])  # a stand-in's decision (issue 13)
            lines.append("  " + text if event.kind in VIKINGS_TURN else text)
    return lines


class Marked(Protocol):
    """A game whose log says which decisions a computer made for a person (a handle, a table's view)."""

    @property
    def session(self) -> Session: ...

    @property
    def seats(self) -> tuple[SeatMeta, ...]: ...

    def computer_made(self) -> frozenset[int]: ...


def standin_lines(game: Marked) -> list[str]:
    """Issue 13: each person a computer stood in for, with how many decisions (an assisted result)."""
    s = game.session
    made = [i for i in game.computer_made() if i < s.position]
    out = []
    for seat in range(len(game.seats)):
        n = sum(s.mover(i) == seat for i in made)
        if n:
            name = short_name(s.state.players[seat].name)
            out.append(say.standin(name, n))
    return out


def result_lines(state: State, result: Outcome, assisted: bool, branch_of: str | None = None) -> list[tuple[str, str]]:
    """The verdict under the pad as (text, component class) lines."""
    return [(text, f"pad--{kind}" if kind else "") for text, kind in verdict(state, result, assisted, branch_of)]


class ScorePad(Widget):
    """The printed score pad: a column per player, a line per kingdom."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"pad--head", "pad--winner", "pad--risk", "pad--medal", "pad--dim"}

    def __init__(
        self,
        state: State,
        assisted: bool,
        *,
        id: str | None = None,
        branch_of: str | None = None,
        notes: tuple[str, ...] = (),
    ) -> None:
        super().__init__(id=id)
        self.state = state
        self.assisted = assisted
        self.branch_of = branch_of
        self.notes = notes  # more verdict lines (a table's stand-ins)

    def _style(self, name: str) -> Style | str:
        return self.get_component_rich_style(name, partial=True) if name else ""

    def render(self) -> RenderableType:
        state = self.state
        result = final_result(state)
        # a column per player beside "Northumbria" (11): longer names abbreviated (Bartholomew.) to fit the width
        n = len(state.players) + (1 if state.solo else 0)
        width = self.content_region.width or self.app.size.width - 6
        names = [short_name(p.name, max(8, min(NAME_W, (width - 11) // n - 3))) for p in state.players]
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style="", expand=False)
        table.add_column(Text(say.PAD_TITLE), no_wrap=True)
        pads = [score_breakdown(state, i) for i in range(len(state.players))]
        winners = set(result.winners)
        for i, name in enumerate(names):
            header = Text(name[:18])
            if i in winners:
                header.stylize(self._style("pad--winner"))
            table.add_column(header, justify="right", no_wrap=True)
        vik = viking_score(state) if state.solo else None
        if vik is not None:
            table.add_column(Text("Vikings"), justify="right", no_wrap=True)
        row: list[Text] = [Text("Coins")] + [Text(str(p.coins)) for p in pads]
        if vik is not None:
            row.append(Text("-"))
        table.add_row(*row)
        for r in range(4):
            cells = [Text(KINGDOM_NAMES[r])]
            for p in pads:
                k = p.kingdoms[r]
                if k.safe:
                    cells.append(Text(f"{k.prestige}x{k.citizens} = {k.points}"))
                else:
                    cells.append(Text(f"h{k.helmets}>s{k.shields} {k.points}", style=self._style("pad--risk")))
            if vik is not None:
                v = vik.rows[r]
                if v.scores:
                    cells.append(Text(f"{v.coins_per_card}x{v.cards} = {v.points}", style=self._style("pad--risk")))
                else:
                    cells.append(Text(f"h{v.helmets}<=s{v.your_shields} 0"))
            table.add_row(*cells)
        totals = [Text("Total", style=self._style("pad--head"))]
        totals += [Text(str(p.total), style=self._style("pad--head")) for p in pads]
        if vik is not None:
            totals.append(Text(str(vik.total), style=self._style("pad--head")))
        table.add_row(*totals, end_section=True)
        lines = [
            Text(text, style=self._style(cls))
            for text, cls in result_lines(state, result, self.assisted, self.branch_of)
        ]
        lines += [Text(safe_text(note)) for note in self.notes]
        legend = say.LEGEND + (say.VIKINGS_LEGEND if state.solo else "")
        lines.append(Text(legend, style=self._style("pad--dim")))
        return Group(table, Text(""), *lines)


class EndScreen(NorsewindScreen[None]):
    """Shown when the game is over."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,m", "menu", "Title screen", key_display="Esc", id="end-menu"),
        Binding("r", "review", "Review", id="end-review"),
        Binding("L", "show_log", "Log", key_display="L", id="end-log"),
        Binding("b", "final_board", "Board", id="end-board"),
        Binding("question_mark", "help", "Help", key_display="?", id="end-help"),
        Binding("q", "quit_game", "Quit", id="end-quit"),
        # not offered (R25), but the keys of the game screen say why
        Binding("u,ctrl+z", "undo", "Undo", show=False, id="end-undo"),
        Binding("ctrl+y", "redo", "Redo", show=False, id="end-redo"),
        Binding("h", "hint", "Hint", show=False, id="end-hint"),
    ]

    def __init__(self, game: GameHandle) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        state = self.game.state
        with VerticalScroll(classes="page"):
            with Center():
                yield ScorePad(
                    state, self.game.assisted, id="pad", branch_of=self.game.branch_of, notes=self.pad_notes()
                )
            yield Static("", id="end-status")  # why undo is refused (R25)
        yield Footer()

    def pad_notes(self) -> tuple[str, ...]:
        """More lines under the verdict (a shared table's stand-ins)."""
        return ()

    def on_mount(self) -> None:
        self.query_one(ScorePad).border_title = say.OVER

    def say(self, message: str) -> None:
        self.query_one("#end-status", Static).update(Text(safe_text(message)))

    def action_menu(self) -> None:
        self.game.close()
        self.norsewind.goto_title(say.finished(self.game.name))

    def action_undo(self) -> None:
        self.say(finished_refusal("undone", "app"))

    def action_redo(self) -> None:
        self.say(finished_refusal("redone", "app"))

    def action_show_log(self) -> None:
        self.app.push_screen(LogScreen(log_lines(self.game)))

    def action_review(self) -> None:
        """Watch the game again, decision by decision (R25: the way to look back)."""
        self.norsewind.open_review(self.game, on_error=self.say)

    def action_final_board(self) -> None:
        self.app.push_screen(FinalBoardScreen(self.game.state))

    def action_hint(self) -> None:
        self.notify(say.NO_HINT, severity="warning")

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())

    def action_quit_game(self) -> None:
        self.norsewind.quit_with_game(self.game)
