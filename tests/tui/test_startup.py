"""The start of the app (issue 16): the theme is set before the stylesheet is parsed, once."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from textual.color import Color
from textual.css.stylesheet import Stylesheet
from textual.filter import ANSIToTruecolor

from norsewind_tui.tui.theme import BOARD_VARIABLES

from .helpers import aio, make_app, shown


@aio
async def test_the_theme_needs_no_second_parse_of_the_stylesheet(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    reparsed: list[Stylesheet] = []
    original = Stylesheet.reparse

    def reparse(self: Stylesheet) -> None:
        reparsed.append(self)
        original(self)

    monkeypatch.setattr(Stylesheet, "reparse", reparse)
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "New game" in await shown(pilot)
        assert app.theme == "norsewind"
        assert app.has_class("-theme-norsewind", "-dark-mode")
        assert app.get_css_variables()["nw-purple"] == BOARD_VARIABLES["nw-purple"]
        assert reparsed == []  # Textual's theme watcher would have parsed it all again
        # the banner in the theme's accent, not textual-dark's
        accent = app.screen.query_one("#banner").styles.color
        assert accent == Color.parse(app.get_css_variables()["accent"])
        textual_dark = app.get_theme("textual-dark")
        assert textual_dark is not None
        assert accent != Color.parse(textual_dark.to_color_system().generate()["accent"])


@aio
async def test_the_ansi_theme_keeps_the_terminal_colours(saves: Path) -> None:
    app = make_app(saves)
    app.theme_choice = "norsewind-ansi"
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot)
        assert app.theme == "norsewind-ansi"
        assert not any(isinstance(f, ANSIToTruecolor) for f in app.get_line_filters())
        app.theme = "norsewind"  # a change later goes through Textual's own watcher
        await pilot.pause()
        assert any(isinstance(f, ANSIToTruecolor) for f in app.get_line_filters())


def test_what_is_loaded_before_the_app_runs_is_frozen(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from norsewind_tui.cli import parse
    from norsewind_tui.tui import app as app_module

    frozen: list[int] = []
    thresholds: list[tuple[int, int, int]] = []

    def fake_run(self: app_module.NorsewindApp, **kwargs: object) -> str:
        frozen.append(gc.get_freeze_count())
        thresholds.append(gc.get_threshold())
        return ""

    monkeypatch.setattr(app_module.NorsewindApp, "run", fake_run)
    monkeypatch.setattr(app_module, "terminal_refusal", lambda: None)
    gc.unfreeze()
    before = gc.get_threshold()
    try:
        handler, args = parse(["--saves", str(saves)])
        assert handler(args) == 0
    finally:
        gc.unfreeze()  # the test process's objects back in the collector's sight
        gc.set_threshold(*before)
    assert len(frozen) == 1 and frozen[0] > 1000
    # no automatic full collection: the app's timer runs them (collect_when_due)
    assert thresholds == [(before[0], before[1], app_module.NO_AUTOMATIC_FULL)]


def test_full_collections_wait_for_the_app_timer() -> None:
    from norsewind_tui.tui.app import FULL_DUE, NO_AUTOMATIC_FULL, collect_when_due

    before = gc.get_threshold()
    collected: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collected.append(info["generation"])

    gc.callbacks.append(seen)
    try:
        gc.collect()
        collected.clear()
        collect_when_due()  # automatic full collections are on: the timer leaves them to Python
        assert collected == []
        gc.set_threshold(before[0], before[1], NO_AUTOMATIC_FULL)
        collect_when_due()  # nothing is due just after a full collection
        assert collected == []
        while gc.get_count()[2] < FULL_DUE:
            gc.collect(1)
        collected.clear()
        collect_when_due()
        assert collected == [2]
        assert gc.get_count()[2] == 0
    finally:
        gc.callbacks.remove(seen)
        gc.set_threshold(*before)
