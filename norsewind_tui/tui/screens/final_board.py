"""From the score pad: the final board, player by player (b; Tab for the next player).

In solo there is no other player: Tab, and v, show the final Viking display instead (issue 23.9).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Static

from ...rules.engine import cards_for
from ...rules.state import State
from ...words import pad as say
from ...words.nouns import player_names
from ..widgets.board import Board, BoardView
from ..widgets.castles import CastleView
from ..widgets.footer import KeysFooter
from ..widgets.kingdoms import KingdomsView
from ..widgets.market import MarketView
from ..widgets.players import PlayersBar
from .vikings import VikingScreen


class FinalBoardScreen(ModalScreen[None]):
    """The board as the game ended; nothing can be chosen on it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # the same key: the first binding the game allows runs (check_action), and the footer shows it
        Binding("tab", "next_player", "Next player", id="final-next", priority=True),
        Binding("tab", "vikings", "Vikings", id="final-vikings-tab", priority=True),
        Binding("v", "vikings", "Vikings", show=False, id="final-vikings"),
        Binding("escape,q,b", "close", "Back to the score pad", key_display="Esc", id="final-close"),
    ]

    def __init__(self, state: State) -> None:
        super().__init__()
        self.state = state
        self.seat = 0

    def compose(self) -> ComposeResult:
        yield PlayersBar(id="players")
        yield MarketView(id="market")
        yield CastleView(id="castles")
        yield KingdomsView(id="kingdoms")
        yield Static(id="final-whose")
        yield KeysFooter(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        state = self.state
        names = player_names(state)
        view = BoardView(state, cards_for(state), names, {}, None, self.seat, -1)
        for board in self.query(Board):
            board.show(view)
        whose = None if len(names) == 1 else names[self.seat]
        self.query_one("#final-whose", Static).update(Text(say.final_board(whose, state.solo)))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_player":
            return not self.state.solo
        return True

    def action_vikings(self) -> None:
        if not self.state.solo:
            self.query_one("#final-whose", Static).update(Text(say.FINAL_VIKINGS))
            return
        self.app.push_screen(VikingScreen(self.state, cards_for(self.state)))

    def action_next_player(self) -> None:
        self.seat = (self.seat + 1) % len(self.state.players)
        self.show()

    def action_close(self) -> None:
        self.dismiss(None)
