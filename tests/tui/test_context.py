"""One typed application context (issue 22 §3): the options are read once, the app and its
screens take every store from one ``AppContext``, and pages come from one table (each look
at the tables reaching the screens by a Textual ``Signal`` is in test_presence.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from norsewind_tui.cli import parse
from norsewind_tui.options import Options
from norsewind_tui.storage.tables import TableStore
from norsewind_tui.tui.pages import PAGES
from norsewind_tui.tui.screens.base import AppServices, NorsewindScreen
from norsewind_tui.tui.session import AppSession

from .helpers import aio, make_app


def test_the_command_line_is_read_into_one_typed_options_object() -> None:
    _, serve = parse(["--cards", "c.toml", "serve", "--port", "0", "--saves", "hosted"])
    assert serve == Options(command="serve", cards="c.toml", port=0, serve_saves="hosted")
    _, resume = parse(["resume"])
    assert resume == Options(command="resume", name="")  # argparse's None for NAME: the latest game
    _, app = parse([])
    assert (app.command, app.port, app.paths()) == (None, 2222, ())


@aio
async def test_every_page_comes_from_its_factory(saves: Path) -> None:
    expected = {
        "new": "NewGameScreen",
        "resume": "ResumeScreen",
        "campaign": "CampaignScreen",
        "progress": "CampaignScreen",
        "help": "HelpScreen",
        "daily": "DailyScreen",
        "settings": "SettingsScreen",
        "puzzle": "PuzzleScreen",
        "halloffame": "HallOfFameScreen",
        "tv": "TvScreen",
        "tournaments": "TournamentsScreen",
    }
    assert sorted(PAGES) == sorted(expected)
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        for name, screen in expected.items():
            app.open_page(name)
            await pilot.pause()
            assert type(app.screen).__name__ == screen, name
            app.goto_title()
            await pilot.pause()


@aio
async def test_the_screens_take_the_apps_one_context(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NORSEWIND_PLAYER", "alice")
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.open_page("tables")
        await pilot.pause()
        lobby = app.screen
        assert isinstance(lobby, NorsewindScreen) and type(lobby).__name__ == "LobbyScreen"
        assert lobby.context is app.context
        assert app.context.identity == "alice"
        assert isinstance(app.context.tables, TableStore)
        assert app.context.tables is app.context.tables  # one table store, made once
        assert app.context.tables.dir == saves / "tables"


NAVIGATION = {
    "show", "goto_title", "open_page", "create_game", "open_game", "open_review",
    "play_on", "start_game", "open_lobby", "open_table", "quit_with_game", "keeps",
}  # fmt: skip


@aio
async def test_the_app_offers_its_screens_navigation_plus_context_and_session(saves: Path) -> None:
    """Issue 22 §3 "AppServices shrinks to navigation": the rest is one typed AppSession."""
    members = {name for name in vars(AppServices) if not name.startswith("_")}
    assert members | set(AppServices.__annotations__) == NAVIGATION | {"context", "session"}
    app = make_app(saves, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        title = app.screen
        assert isinstance(title, NorsewindScreen) and isinstance(title.session, AppSession)
        assert title.session is app.session and title.session.seed == 7
        assert title.session.context is app.context
