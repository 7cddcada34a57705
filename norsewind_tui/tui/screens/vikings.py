"""Solo: the Viking display on a page of its own (v or Tab): each Viking card, the cards it took, its threat."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ...rules.cards import CardDB
from ...rules.scoring import viking_score
from ...rules.state import State
from ..text import TYPE_LONG, plural
from ..widgets.footer import KeysFooter


def viking_lines(state: State, db: CardDB) -> list[str]:
    """Each Viking card in words: its row, side, helmets and coins per card; the cards taken; the threat."""
    vs = viking_score(state)
    lines = [f"The Vikings score {plural(vs.total, 'point')} if the game ended now.", ""]
    for row, r in enumerate(vs.rows):
        card = db.vikings[row]
        red = state.viking_red[row]
        side = card.red if red else card.green
        lines.append(
            f"{row + 1} {r.name}: {TYPE_LONG[card.icon]} card, {'red' if red else 'green'} side: "
            f"{plural(side.helmets, 'helmet')}, {plural(side.coins, 'coin')} per card taken"
        )
        taken = [f"{db.name(c)} ({plural(db.helmets[c], 'helmet')})" for c in state.vikings[row]]
        lines.append("  took: " + (", ".join(taken) if taken else "nothing yet"))
        threat = f"  {plural(r.helmets, 'helmet')} against your {plural(r.your_shields, 'shield')}: "
        if not r.cards:
            threat += "no card taken yet, nothing to score"
        elif r.scores:
            threat += f"they score {r.points} ({r.coins_per_card} x {plural(r.cards, 'card')})"
        else:
            threat += "held off, they score nothing here"
        lines += [threat, ""]
    return lines


class VikingScreen(ModalScreen[None]):
    """The Viking display, for the narrow layout (the wide one shows it beside the board)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,v,tab", "close", "Close", key_display="Esc", id="vikings-close", priority=True)
    ]

    def __init__(self, state: State, db: CardDB) -> None:
        super().__init__()
        self.state = state
        self.db = db

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="vikings-page", classes="page"):
            yield Static(Text("Viking display"), classes="page-title")
            yield Static(Text("\n".join(viking_lines(self.state, self.db))))
        yield KeysFooter(compact=True, show_command_palette=False)

    def action_close(self) -> None:
        self.dismiss(None)
