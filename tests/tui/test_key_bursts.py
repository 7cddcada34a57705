"""Key bursts (issue 15 s3, issue 18 "Key bursts must not multiply games or memory").

A burst is sent the way a terminal delivers a paste: every key handed to the
driver before the app has dealt with any of them.  Before the change, random
bursts crashed the app (``NoMatches`` on a screen still mounting or already
replaced: seen from the title, the game and the campaign screens), and 1,000
Enters at the title started several games.
"""

from __future__ import annotations

import random
import string
import sys
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.keys import _character_to_key
from textual.notifications import Notify
from textual.pilot import Pilot

from norsewind_tui.rules import GameConfig, legal_moves
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.format import SeatMeta
from norsewind_tui.tui.app import NorsewindApp
from norsewind_tui.tui.keyflood import KEY_BACKLOG, bounded_driver

from .helpers import aio, make_app, new_game, screen_text
from .pty_flood import PLAYER, flood
from .waits import Seen, until

# Every printable character and the keys the screens bind, but not the two that quit the app.
KEYS = [c for c in string.printable[:94] if c != "q"] + [
    *("enter", "escape", "tab", "shift+tab", "up", "down", "left", "right", "space"),
    *("ctrl+s", "ctrl+z", "ctrl+y", "delete", "backspace", "pageup", "pagedown", "home", "end"),
]
PASTES = ["", "Åsa [b]x[/b]", "\x1b[2J\x07", "1" * 300, "\r\n" * 20]


def _key(app: NorsewindApp, key: str) -> events.Event:
    event: events.Event
    if key.startswith("paste:"):
        event = events.Paste(key[6:])
    elif len(key) == 1:
        event = events.Key(_character_to_key(key), key)
    else:
        event = events.Key(key, "\r" if key == "enter" else "\t" if key == "tab" else None)
    event.set_sender(app)
    return event


async def burst(pilot: Pilot[Any], keys: list[str], seen: Seen) -> None:
    """Hand every key to the driver at once (as a paste arrives), then let the app deal with them.

    ``seen`` (the app's message hook) counts the keys dispatched: the burst is over once each key
    was dispatched or dropped, and what the last ones started has finished starting.
    """
    app = pilot.app
    assert isinstance(app, NorsewindApp)
    driver = app._driver
    assert driver is not None
    dispatched, dropped = seen.counts[events.Key] + seen.counts[events.Paste], app.keys.dropped
    for key in keys:
        driver.send_message(_key(app, key))
    settled: list[Any] = []

    def handled() -> int:  # keys of the burst dispatched or dropped so far
        return seen.counts[events.Key] + seen.counts[events.Paste] - dispatched + app.keys.dropped - dropped

    def dealt_with() -> bool:
        every = handled()
        # A widget's message loop keeps its last message alive until the next one arrives (Textual),
        # so a few keys outlive the burst in app.keys.live: unchanged for 5 looks is settled.
        now = (app.screen, app.screen.is_mounted, len(app.keys.live))
        settled[:] = [*settled[-4:], now] if settled and settled[-1] == now else [now]
        return every >= len(keys) and len(settled) == 5 and now[1]

    # None: the loop just runs (pilot.pause would wait for the screen's queue, behind the whole burst)
    await until(None, dealt_with, "the burst dealt with", show=lambda: screen_text(app), progress=handled)


def random_keys(seed: int, n: int) -> list[str]:
    rng = random.Random(seed)
    return [f"paste:{rng.choice(PASTES)}" if rng.random() < 0.02 else rng.choice(KEYS) for _ in range(n)]


def _saves_count(saves: Path) -> int:
    return len(list(saves.glob("*.json")))


# screen -> the keys that lead there from the title (a game is resumed when the name says so)
SCREENS = {
    "title": [],
    "new game": ["n"],
    "resume": ["r"],
    "campaign": ["c"],
    "progress": ["p"],
    "help": ["question_mark"],
    "lobby": ["t"],
    "new table": ["t", "n"],
    "game": [],
    "score pad": [],
    "save-as dialog": ["s"],
    "delete dialog": ["r", "d"],
    "too small": [],
}


def _app_for(where: str, saves: Path) -> NorsewindApp:
    if where in ("game", "save-as dialog", "too small"):
        return make_app(saves, game=new_game(saves, ("Ana",)))
    if where == "score pad":
        game = new_game(saves, ("Ana",), seed=9)
        while not game.state.is_over:
            game.push(legal_moves(game.state)[0])
        return make_app(saves, game=game)
    if where == "delete dialog":
        new_game(saves, ("Ana",)).close()
    return make_app(saves)


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("where", list(SCREENS))
@aio
async def test_a_random_burst_of_keys_and_pastes_never_crashes_a_screen(saves: Path, where: str, seed: int) -> None:
    app = _app_for(where, saves)
    seen = Seen(events.Key, events.Paste)
    async with app.run_test(size=(80, 24), message_hook=seen) as pilot:
        await pilot.press(*SCREENS[where])
        if where == "too small":
            await pilot.resize_terminal(60, 20)
        await until(pilot, lambda: app.screen.is_mounted, "the screen")
        await burst(pilot, random_keys(seed, 800), seen)
        # Random keys may also choose "Quit" in a menu: a clean end, and the app may still be
        # running while it ends (return code 0 already set: a CI run saw it so).  A crash sets 1.
        if app.is_running and app.return_code is None:
            # A known key still works: ctrl+c quits, from any screen.  Not pilot.press: it then
            # awaits Textual's animator, and a key of the burst still queued in a widget can start
            # a scroll after the app stopped its animator, so that wait never ended (a CI run hung).
            driver = app._driver
            assert driver is not None
            driver.send_message(_key(app, "ctrl+c"))
            await until(None, lambda: not app.is_running, "ctrl+c to quit", show=lambda: screen_text(app))
    assert app.return_code == 0  # and run_test re-raises what a handler raised (before: NoMatches)


MENUS = {"title": [], "new game": ["n"], "campaign": ["c"], "progress": ["p"], "resume": ["r"], "lobby": ["t"]}


@pytest.mark.parametrize("where", list(MENUS))
@aio
async def test_a_thousand_pasted_enters_start_at_most_one_game(saves: Path, where: str) -> None:
    if where == "resume":
        new_game(saves, ("Ana",)).close()
    before = _saves_count(saves)
    app = make_app(saves)
    notices = Seen(Notify, events.Key, events.Paste)  # notices kept: Textual drops them after 5 s
    async with app.run_test(size=(80, 24), message_hook=notices) as pilot:
        await pilot.press(*MENUS[where])
        await until(pilot, lambda: app.screen.is_mounted, "the menu")
        await burst(pilot, ["enter"] * 1000, notices)
        assert app.is_running
        assert app.keys.dropped >= 1000 - KEY_BACKLOG  # the backlog is bounded: the rest was dropped
        await until(pilot, lambda: "Too many keys" in "".join(notices.notified), "the notice")  # it follows the drop
        assert "Too many keys at once" in "".join(notices.notified)
    assert _saves_count(saves) - before <= 1


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the peak memory of a Linux process")
def test_a_100_kb_flood_of_enter_over_a_terminal_stays_under_150_mb(saves: Path) -> None:
    """The title offers the player's game first: the Enters open it and play it (each one a move
    saved, slower than the terminal delivers them: before the change the keys piled up, 151 MB)."""
    context = AppContext.at(str(saves), profile=PLAYER)
    context.new_game(GameConfig(players=(PLAYER,), level=1), 5, [SeatMeta(PLAYER)]).close()
    result = flood(saves, b"\r" * 100_000, limit=150.0, repo=Path(__file__).resolve().parents[2])
    assert result.exited, f"the app did not quit on ctrl+c after the flood ({result})"
    assert 20 < result.peak_mb < 150, f"peak memory {result.peak_mb:.0f} MB"  # 20: it was measured at all
    assert result.games == 1  # the one continued, no other


@aio
async def test_keys_the_terminal_reader_hands_over_to_a_busy_loop_are_bounded_too(saves: Path) -> None:
    """The reader thread schedules each key on the event loop; while the loop is busy they pile
    up before the app sees any (how 100 KB of Enter reached hundreds of MB).  The app's driver
    drops a key while KEY_BACKLOG are on their way."""
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        driver = app._driver
        assert driver is not None
        driver.__class__ = bounded_driver(type(driver))  # the class run() would use on a terminal
        for _ in range(1000):  # the loop is busy here (this test): none of them can arrive yet
            driver.send_message(_key(app, "x"))
        assert app.keys.dropped == 1000 - KEY_BACKLOG
        driver.send_message(_key(app, "ctrl+c"))  # quitting is never dropped
        await until(pilot, lambda: not app.is_running, "ctrl+c after the flood")
    assert app.keys.dropped == 1000 - KEY_BACKLOG
    assert app.return_code == 0
