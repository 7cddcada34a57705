"""The board's layout, shared by the game screen and the review screen (same ids, same .tcss)."""

from __future__ import annotations

from typing import Self

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.geometry import Region, Size
from textual.map_geometry import MapGeometry
from textual.widget import Widget

from ..textual_private import Compositor, ReflowResult
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


class SparingCompositor(Compositor):
    """Textual's compositor, painting after a layout only the cells the layout changed.

    Textual paints again, after a layout, every widget whose place changed in any way: when the
    prompt takes a second line and the board's containers get a line shorter, that is every widget
    on the board (its clip, the container's region, changed), though none of them moved (issue 28:
    the whole board written for a line of the prompt). Here a widget is painted again when what it
    shows on screen may have changed: it came, went, moved, was resized, or more or less of it is
    visible; a container with nothing of its own to paint (``Holds``) that only grew or shrank at
    its bottom or right edge, in the strip it gained or lost. What a widget's content changes it
    paints itself (its refresh), as ever.
    """

    def reflow(self, parent: Widget, size: Size) -> ReflowResult:
        old_map = self._full_map
        dirty = set(self._dirty_regions)
        result = super().reflow(parent, size)
        if size.region not in dirty:  # (else the whole screen is painted anyway)
            new_map = self._full_map
            for widget in old_map.keys() | new_map.keys():
                old, new = old_map.get(widget), new_map.get(widget)
                if old != new:
                    dirty.update(region for region in changed_cells(widget, old, new) if region)
            self._dirty_regions = dirty
        return result


def changed_cells(widget: Widget, old: MapGeometry | None, new: MapGeometry | None) -> list[Region]:
    """Where the cells ``widget`` shows may differ between two layouts (``old``, ``new``: its places)."""
    if old is None or new is None:
        return [place.visible_region for place in (old, new) if place is not None]
    before, after = old.visible_region, new.visible_region
    same = (old.region, old.order, old.virtual_size, old.virtual_region, old.dock_gutter, before) == (
        new.region,
        new.order,
        new.virtual_size,
        new.virtual_region,
        new.dock_gutter,
        after,
    )
    if same:  # only its container changed (the clip, the container's size): it shows what it showed
        return []
    styles = widget.styles
    plain = styles.border_right[0] in ("", "none") and styles.border_bottom[0] in ("", "none")
    if isinstance(widget, Holds) and plain and old.region.offset == new.region.offset and old.order == new.order:
        if before.x == after.x and before.width == after.width:  # taller or shorter: the rows between
            top, bottom = sorted((before.bottom, after.bottom))
            return [Region(before.x, top, before.width, bottom - top)]
        if before.y == after.y and before.height == after.height:  # wider or narrower: the columns between
            left, right = sorted((before.right, after.right))
            return [Region(left, before.y, right - left, before.height)]
    return [before, after]


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
