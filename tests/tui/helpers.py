"""Helpers for the app's pilot tests: an app on a temporary saves folder, the screen as text."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import AsyncIterator, Callable, Coroutine, Mapping
from pathlib import Path
from typing import Any

from hangs import run_bounded
from textual.app import App
from textual.message import Message
from textual.pilot import Pilot

from norsewind_tui.rules import GameConfig, legal_moves
from norsewind_tui.rules.moves import PickBuilding
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.format import SeatMeta
from norsewind_tui.tui.app import NorsewindApp
from norsewind_tui.tui.screens.lobby import NewTableScreen

from .waits import until

PROFILE = "tester"


def aio(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Run an async test body with asyncio (the suite has no async plugin)."""

    @functools.wraps(test)
    def run(*args: Any, **kwargs: Any) -> None:
        run_bounded(test(*args, **kwargs))

    return run


def screen_text(app: App[Any]) -> str:
    """What the terminal shows now, as plain text (one string, lines joined)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text for strip in strips)


def last_line(app: App[Any]) -> str:
    """The screen's last line (the footer's), "" while the screen has drawn nothing yet (under load
    a look may come before its first frame)."""
    lines = screen_text(app).splitlines()
    return lines[-1] if lines else ""


async def shown(pilot: Pilot[Any]) -> str:
    """The screen as text once everything pending is drawn."""
    await pilot.pause()
    return screen_text(pilot.app)


async def footer_line(pilot: Pilot[Any]) -> str:
    """The footer's line once its keys are drawn: Textual fills the footer after the screen's first
    frame, so under load the first look can find it blank."""
    await until(pilot, lambda: last_line(pilot.app).strip(), "the footer's keys")
    return last_line(pilot.app)


def make_app(saves: Path, seed: int | None = 5, game: Any = None, delay: float = 0.0) -> NorsewindApp:
    context = AppContext.at(str(saves), profile=PROFILE)
    return NorsewindApp(context, game=game, seed=seed, computer_delay=delay, theme="norsewind")


async def new_table_form(app: NorsewindApp, pilot: Pilot[Any]) -> NewTableScreen:
    """The new-table form, shown and drawn."""
    app.show(NewTableScreen())
    await until(pilot, lambda: isinstance(app.screen, NewTableScreen), "the new-table form")
    await pilot.pause()
    assert isinstance(app.screen, NewTableScreen)
    return app.screen


def new_game(
    saves: Path,
    names: tuple[str, ...],
    seed: int = 5,
    level: int = 1,
    computers: Mapping[str, str] | None = None,
    **config: Any,
) -> Any:
    """A new game saved under ``saves``; ``computers``: the seats the computer plays, by name, with their bot."""
    bots = computers or {}
    seats = [SeatMeta(n, "computer", bots[n]) if n in bots else SeatMeta(n) for n in names]
    context = AppContext.at(str(saves), profile=PROFILE)
    return context.new_game(GameConfig(players=names, level=level, **config), seed, seats)


Hook = Callable[[Message], None]


@contextlib.asynccontextmanager
async def running(
    saves: Path, game: Any, size: tuple[int, int] = (80, 24), hook: Hook | None = None
) -> AsyncIterator[tuple[NorsewindApp, Pilot[Any]]]:
    """The app opened on ``game``, run at ``size`` (``hook``: sees every message), and its pilot."""
    app = make_app(saves, game=game)
    async with app.run_test(size=size, message_hook=hook) as pilot:
        yield app, pilot


@contextlib.asynccontextmanager
async def playing(
    saves: Path,
    names: tuple[str, ...],
    seed: int,
    size: tuple[int, int] = (80, 24),
    hook: Hook | None = None,
    **setup: Any,
) -> AsyncIterator[tuple[Any, NorsewindApp, Pilot[Any]]]:
    """A new game (``setup``: as ``new_game`` takes it) and the app running on it, with its pilot."""
    game = new_game(saves, names, seed=seed, **setup)
    async with running(saves, game, size, hook) as (app, pilot):
        yield game, app, pilot


def first_pick(game: Any) -> int:
    """The market slot of the first building the player to move may pick."""
    slot: int = next(m.slot for m in legal_moves(game.state) if isinstance(m, PickBuilding))
    return slot


async def pick_a_building(pilot: Pilot[Any], game: Any) -> None:
    """Press the digit key of the first building the player to move may pick."""
    await pilot.press(str(first_pick(game) + 1))


def finished_game(saves: Path, names: tuple[str, ...], seed: int = 3) -> Any:
    """A new game played to its end, each decision the first legal one (the app opens its score pad)."""
    game = new_game(saves, names, seed=seed)
    while not game.state.is_over:
        game.push(legal_moves(game.state)[0])
    return game


async def play_out(pilot: Pilot[Any], limit: int = 3000) -> int:
    """Press keys until the game screen gives way to the score pad; returns the presses used.

    The keys vary (arrows, digits, Enter) so that the whole keyboard path is
    exercised; an illegal choice just says why and the loop goes on.
    """
    app = pilot.app
    presses = 0
    while type(app.screen).__name__ == "GameScreen" and presses < limit:
        screen: Any = app.screen
        phase = screen.game.state.phase
        turn = screen.game.state.turn
        if phase == "action" and turn % 3 == 0:
            # a digit: the first market slot that can be taken, else Enter on the cursor
            legal = [t.key[1] for t in screen.targets if t.legal and t.key[0] == "slot"]
            keys = [str(int(legal[0]) + 1)] if legal else ["enter"]
        elif phase in ("building_kingdom", "castle_kingdom") and turn % 2 == 0:
            keys = ["down", "enter"]
        else:
            keys = ["enter"]
        await pilot.press(*keys)
        presses += len(keys)
    return presses
