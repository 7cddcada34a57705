"""The title's notice (issue 39): the refusal of a save made with another card set, about 200
characters, was cut at 80 columns in the middle of a word; it wraps at words, and the banner
makes room for it."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

from textual.widgets import OptionList, Static

from .helpers import aio, make_app, new_game, screen_text
from .waits import until


@aio
async def test_an_old_saves_card_set_refusal_wraps_at_words_at_80x24(saves: Path) -> None:
    app = make_app(saves)
    game = new_game(saves, (app.context.identity,))
    path = saves / f"{game.name}.json"
    game.close()
    document = json.loads(path.read_text())
    document["cards"] = "0123456789abcdef"  # another card set's
    path.write_text(json.dumps(document))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "TitleScreen", "the title")
        menu = app.screen.query_one(OptionList)
        await until(pilot, lambda: menu.get_option_at_index(0).id == "continue", "the Continue entry")
        menu.highlighted = 0
        await pilot.press("enter")  # "Continue: ..." the save
        notice = app.screen.query_one("#notice", Static)
        await until(pilot, lambda: "card set" in str(notice.render()), "the refusal")
        await pilot.pause()
        message = str(notice.render())
        assert message.startswith(f"{path}: $.cards: made with the card set 0123456789abcdef (")
        lines = screen_text(app).splitlines()
        first = next(i for i, line in enumerate(lines) if line.strip() and str(path).startswith(line.strip()))
        shown = [line.strip() for line in lines[first:-1] if line.strip()]
        # at spaces within 78 columns (only the saves folder's long path, one word, is cut)
        assert shown == textwrap.wrap(message, 78, break_on_hyphens=False)
        assert shown[-1] == "(reconstructed.toml): start Norsewind with --cards and that set's file"
