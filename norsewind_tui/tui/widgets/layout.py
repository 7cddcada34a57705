"""The board's layout, shared by the game screen and the review screen (same ids, same .tcss)."""

from __future__ import annotations

from typing import Self

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.geometry import Region
from textual.widget import Widget

from .castles import CastleView
from .footer import KeysFooter
from .kingdoms import KingdomsView
from .market import MarketView
from .players import PlayersBar, PlayersPanel
from .prompt import PromptLine, StatusLine
from .vikings import VikingPanel


class Holds(Widget):
    """A container that has nothing of its own to paint: a layout does not paint it again.

    When the prompt below the board takes a second line, the board's containers get smaller and
    Textual asks each one laid out anew to be painted again, whole: every widget in it, after the
    frame that already drew what the layout moved (the screen drawn twice, issue 28). What a
    layout moves or uncovers is painted by that frame; a container without borders or text of its
    own has nothing more to paint then. Any other refresh (a new style) paints it as before.
    """

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        if layout and not regions and not recompose:
            repaint = False
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)


class Row(Horizontal, Holds):
    """The board and the side panels, side by side (``Horizontal``, not painted again by a layout)."""


class Column(Vertical, Holds):
    """The board's widgets, one below the other (``Vertical``, not painted again by a layout)."""


def board_layout(log: Widget, chart: Widget | None = None) -> ComposeResult:
    """Market, castles, kingdoms (then ``chart``, if any), the log; the side panels; prompt, status, footer."""
    with Row(id="body"):
        with Column(id="main"):
            yield PlayersBar(id="players")
            yield MarketView(id="market")
            yield CastleView(id="castles")
            yield KingdomsView(id="kingdoms")
            if chart is not None:
                yield chart
            yield log
        with Column(id="side"):
            yield PlayersPanel(id="players-panel")
            yield VikingPanel(id="viking-panel")
    yield PromptLine(id="prompt")
    yield StatusLine(id="status")
    yield KeysFooter(id="footer", compact=True, show_command_palette=False)
