"""Terminals: too small and back, names shown literally, colours, the themes."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from norsewind_tui.rules import cards_for
from norsewind_tui.rules.cards import KINGDOM_NAMES
from norsewind_tui.rules.scoring import kingdom_score
from norsewind_tui.tui.text import fit, safe_text
from norsewind_tui.tui.theme import theme_name, wants_ansi

from .helpers import aio, make_app, new_game, playing, shown
from .screens import game_screen


@aio
async def test_too_small_shows_a_notice_and_the_game_comes_back(saves: Path) -> None:
    async with playing(saves, ("Ana",), 31) as (game, app, pilot):
        await pilot.press("enter")  # a decision taken before the resize
        state = game.state
        await pilot.resize_terminal(60, 20)
        text = await shown(pilot)
        assert type(app.screen).__name__ == "TooSmallScreen"
        assert "at least 80x24" in text and "60x20" in text
        await pilot.press("enter", "1", "u")  # keys do nothing to the game meanwhile
        assert game.state == state
        await pilot.resize_terminal(79, 24)  # one column short is still too small
        assert type(app.screen).__name__ == "TooSmallScreen"
        await pilot.resize_terminal(80, 24)
        text = await shown(pilot)
        assert type(app.screen).__name__ == "GameScreen"
        assert game.state == state
        assert "choose the kingdom" in text
        await pilot.press("enter")  # and play goes on
        assert game.state != state


@aio
async def test_too_small_at_start_then_enlarged(saves: Path) -> None:
    app = make_app(saves)
    async with app.run_test(size=(40, 10)) as pilot:
        assert type(app.screen).__name__ == "TooSmallScreen"
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"


@aio
async def test_names_with_markup_and_escape_codes_are_shown_literally(saves: Path) -> None:
    app = make_app(saves)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n", "shift+tab", "enter", "down", "enter")
        screen = app.screen
        screen.query_one("#name-0", Input).value = "[bold red]Eve[/]"
        screen.query_one("#name-1", Input).value = "Mal\x1b[31mory\x07"
        await pilot.press("ctrl+s")
        assert type(app.screen).__name__ == "GameScreen"
        game = game_screen(app).game
        assert [p.name for p in game.state.players] == ["[bold red]Eve[/]", "Mal[31mory"]
        text = await shown(pilot)
        assert "[bold red]Eve[/]" in text  # the markup is text, not style
        assert "Mal[31mory" in text
        assert "\x1b" not in text and "\x07" not in text


def test_control_characters_are_written_out() -> None:
    assert safe_text("a\x1b[2Jb\u202e") == "a\\x1b[2Jb\\u202e"
    assert safe_text("Åsa [b]x[/b]") == "Åsa [b]x[/b]"
    assert fit("Northumbria", 6) == "North."  # shortened, marked (issue 23.1: one way of fitting text)
    assert fit("ab", 4) == "ab  "


@aio
async def test_no_color_still_shows_every_colour_as_a_letter(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    game = new_game(saves, ("Ana",), seed=32)
    app = make_app(saves, game=game)
    assert app.no_color
    async with app.run_test(size=(80, 24)) as pilot:
        text = await shown(pilot)
        supplies = text.splitlines()[2]
        for letter in ("P", "Y", "B", "R", "D"):
            assert f" {letter} " in f" {supplies} "
        # safety is a word, not only a colour: each kingdom's line ends with its own verdict
        db = cards_for(game.state)
        verdicts = []
        for row, name in enumerate(KINGDOM_NAMES):
            score = kingdom_score(db, game.state.players[0], row)
            verdict = (
                f"h{score.helmets}<=s{score.shields} safe" if score.safe else f"h{score.helmets}>s{score.shields} RISK"
            )
            line = next(line for line in text.splitlines() if f" {name} " in line)
            assert line.rstrip().endswith(verdict), (line, verdict)
            verdicts.append(verdict.split()[-1])
        assert sorted(set(verdicts)) == ["RISK", "safe"]  # this deal shows both words


@pytest.mark.parametrize(
    ("env", "ansi"),
    [
        ({"TERM": "linux"}, True),
        ({"TERM": "xterm"}, True),
        ({"TERM": "xterm-256color"}, False),
        ({"TERM": "xterm", "COLORTERM": "truecolor"}, False),
        ({"TERM": "xterm-256color", "NORSEWIND_THEME": "ansi"}, True),
        ({}, True),
    ],
)
def test_the_ansi_theme_is_chosen_for_16_colour_terminals(env: dict[str, str], ansi: bool) -> None:
    assert wants_ansi(env) is ansi
    assert theme_name(env) == ("norsewind-ansi" if ansi else "norsewind")


@aio
async def test_the_ansi_theme_renders(saves: Path) -> None:
    game = new_game(saves, ("Ana", "Bo"), seed=33)
    app = make_app(saves, game=game)
    app.theme_choice = "norsewind-ansi"
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.theme == "norsewind-ansi"
        assert "Turn 1" in await shown(pilot)


def test_no_mouse_flag_reaches_the_app(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from norsewind_tui.cli import parse
    from norsewind_tui.tui import app as app_module

    seen: dict[str, object] = {}

    def fake_run(self: app_module.NorsewindApp, **kwargs: object) -> str:
        seen.update(kwargs)
        seen["saves"] = self.context.saves_dir
        return "bye"

    monkeypatch.setattr(app_module.NorsewindApp, "run", fake_run)
    # pytest's stdin and stdout are not a terminal, which the app refuses (tests/ssh/test_no_terminal.py)
    monkeypatch.setattr(app_module, "terminal_refusal", lambda: None)
    handler, args = parse(["--no-mouse", "--saves", str(saves)])
    assert handler(args) == 0
    assert seen["mouse"] is False
    assert seen["saves"] == saves
    handler, args = parse(["--saves", str(saves)])
    assert handler(args) == 0
    assert seen["mouse"] is True
