"""The game's compact footer: its keys are composed compact, so mounting them styles each once."""

from __future__ import annotations

from pathlib import Path

from textual.compose import compose
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from .helpers import aio, footer_line, make_app, new_game
from .waits import until


@aio
async def test_the_game_footers_keys_are_compact_before_they_are_mounted(saves: Path) -> None:
    """Textual remounts the footer's keys whenever the screen's keys change (at most decisions): a
    key mounted plain and then made compact was styled twice (issue 22 §4)."""
    app = make_app(saves, game=new_game(saves, ("Ana", "Bo"), seed=4))
    async with app.run_test(size=(80, 24)) as pilot:
        line = await footer_line(pilot)  # the keys are mounted (after the first frame)
        footer = app.screen.query_one("#footer", Footer)
        mounted = [key for key in footer.query(FooterKey) if key.display]
        widgets: list[Widget] = []
        footer.call_later(lambda: widgets.extend(compose(footer)))  # composed as a recompose does: in its own loop
        await until(pilot, lambda: bool(widgets), "the footer's compose")
        composed = [w for top in widgets for w in (top, *top._pending_children) if isinstance(w, FooterKey)]
        assert [k.key for k in composed] == [k.key for k in mounted]  # the keys the footer shows
        assert [k.has_class("-compact") for k in composed] == [True] * len(mounted)
        assert all(k.has_class("-compact") for k in mounted)
        assert "Choose" in line  # the footer's keys, as shown, at 80x24
