"""The board's layout, shared by the game screen and the review screen (same ids, same .tcss)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget

from .castles import CastleView
from .footer import KeysFooter
from .kingdoms import KingdomsView
from .market import MarketView
from .players import PlayersBar, PlayersPanel
from .prompt import PromptLine, StatusLine
from .vikings import VikingPanel


def board_layout(log: Widget, chart: Widget | None = None) -> ComposeResult:
    """Market, castles, kingdoms (then ``chart``, if any), the log; the side panels; prompt, status, footer."""
    with Horizontal(id="body"):
        with Vertical(id="main"):
            yield PlayersBar(id="players")
            yield MarketView(id="market")
            yield CastleView(id="castles")
            yield KingdomsView(id="kingdoms")
            if chart is not None:
                yield chart
            yield log
        with Vertical(id="side"):
            yield PlayersPanel(id="players-panel")
            yield VikingPanel(id="viking-panel")
    yield PromptLine(id="prompt")
    yield StatusLine(id="status")
    yield KeysFooter(id="footer", compact=True, show_command_palette=False)
