"""The app keeps its player's presence (issue 13 "Play at your own pace"): in the app, at a table,
away after quitting or after the terminal went away; a name that cannot be a player's goes without."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest
from child_env import app_env
from textual.widgets import Checkbox, DataTable

from norsewind_tui.storage.clock import ManualClock
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.presence import PRESENCE_DIR, Presence, PresenceStore, clock_words
from norsewind_tui.storage.settings import SETTINGS_DIR, Settings, SettingsStore
from norsewind_tui.storage.tables import SharedTable, TableStore
from norsewind_tui.tui.app import NorsewindApp
from norsewind_tui.tui.widgets.players import PlayersBar
from norsewind_tui.tui.widgets.prompt import PromptLine

from .helpers import PROFILE, aio, new_game, screen_text
from .tables_at import table_at_turn_of
from .waits import until

START = datetime(2026, 11, 30, 10, 0, tzinfo=UTC)
WAIT = 30.0  # seconds at most for a real app on a busy 2-core machine


def presence_app(saves: Path, clock: ManualClock) -> NorsewindApp:
    return NorsewindApp(
        AppContext.at(str(saves), profile=PROFILE, clock=clock), seed=5, computer_delay=0.0, theme="norsewind"
    )


def table_of_two(saves: Path, first: str = "alice", second: str = "bob") -> SharedTable:
    store = TableStore(saves)
    table = store.create(first, ["me", "open"], seed=1, name="friday")
    assert store.open(table.name, second).join() == 1
    return table


@aio
async def test_presence_follows_the_app_title_table_title_quit(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NORSEWIND_PLAYER", "alice")
    table_of_two(saves)
    clock = ManualClock(START)
    store = PresenceStore(saves, clock)
    app = presence_app(saves, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: store.of("alice") == Presence("alice", "app", START), "alice in the app")
        clock.advance(minutes=3)
        await pilot.press("t")  # the lobby: still in the app
        await until(pilot, lambda: type(app.screen).__name__ == "LobbyScreen", "the lobby")
        await pilot.press("enter")  # her own seat at friday
        await until(pilot, lambda: type(app.screen).__name__ == "TableScreen", "the table")
        at_table = Presence("alice", "table", datetime(2026, 11, 30, 10, 3, tzinfo=UTC), "friday")
        await until(pilot, lambda: store.of("alice") == at_table, "alice at the table")
        assert store.of("alice").words() == "at the table friday"
        clock.advance(minutes=39)
        await pilot.press("m")  # the menu key: back to the lobby
        await until(pilot, lambda: type(app.screen).__name__ == "LobbyScreen", "the lobby again")
        back = Presence("alice", "app", datetime(2026, 11, 30, 10, 42, tzinfo=UTC))
        await until(pilot, lambda: store.of("alice") == back, "alice back in the app")
        clock.advance(minutes=1)
        await pilot.press("escape", "q")  # the title, then quit
    assert store.of("alice") == Presence("alice", "away", datetime(2026, 11, 30, 10, 43, tzinfo=UTC))
    assert store.away_since("alice") == datetime(2026, 11, 30, 10, 43, tzinfo=UTC)


@aio
async def test_a_name_that_cannot_be_a_players_goes_without_presence(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NORSEWIND_PLAYER", "bob\x1b[2J")
    app = presence_app(saves, ManualClock(START))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"
        assert app.presence is None
        await pilot.press("q")
    assert not (saves / PRESENCE_DIR).exists()


@aio
async def test_a_presence_folder_that_cannot_be_written_is_one_notice(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NORSEWIND_PLAYER", "alice")
    (saves / PRESENCE_DIR).write_text("a file where the folder should be")
    app = presence_app(saves, ManualClock(START))
    notices: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **kw: notices.append(message))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: bool(notices), "the notice")
        assert app.presence is not None
        app.presence.beat()
        app.presence.beat()
        await pilot.press("t")  # the app goes on
        await until(pilot, lambda: type(app.screen).__name__ == "LobbyScreen", "the lobby")
    assert len(notices) == 1 and notices[0].startswith("Your presence could not be written (")


def _on_a_pty(saves: Path, player: str) -> tuple[subprocess.Popen[bytes], int]:
    """The app on a pty of its own (its controlling terminal, as a login's), 80x24; (process, master)."""
    import fcntl
    import struct
    import termios

    master, slave = os.openpty()
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = app_env(saves, player)
    proc = subprocess.Popen(
        [sys.executable, "-m", "norsewind_tui.cli"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
        preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0),
    )
    os.close(slave)
    return proc, master


def _drain_until(master: int, done: Callable[[], bool], what: str) -> None:
    """Read (and drop) the app's output until ``done()``; fail after WAIT seconds."""
    import select

    deadline = time.monotonic() + WAIT
    while not done():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            os.read(master, 65536)


def test_away_after_the_terminal_went_away(saves: Path) -> None:
    """A real app on a pty: in the app while it runs; the pty's master closed: away at once (the
    app writes it on its way out, after the game's save), not only after STALE."""
    proc, master = _on_a_pty(saves, "bob")
    store = PresenceStore(saves)
    try:
        _drain_until(master, lambda: store.of("bob").where == "app", "bob in the app")
        os.close(master)
        status = proc.wait(timeout=WAIT)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert status == -signal.SIGHUP
    gone = store.of("bob")
    assert gone.where == "away" and gone.since is not None
    (record,) = (saves / PRESENCE_DIR).iterdir()
    assert b'"where":"away"' in record.read_bytes()  # written by the app itself, not inferred from staleness


@pytest.fixture
def utc(monkeypatch: pytest.MonkeyPatch) -> None:
    """Local time is UTC: '10:42' on the screen is the ManualClock's 10:42."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()


@aio
async def test_the_lobby_says_whose_turn_since_when_and_where_everyone_is(
    saves: Path, monkeypatch: pytest.MonkeyPatch, utc: None
) -> None:
    monkeypatch.setenv("NORSEWIND_PLAYER", "alice")
    table_at_turn_of(saves, "friday", "bob")
    table_at_turn_of(saves, "sunday", "alice", second="carol")
    clock = ManualClock(START)
    store = PresenceStore(saves, clock)
    bob = store.enter("bob")
    clock.advance(minutes=42)
    bob.leave()  # away since 10:42
    store.enter("carol").at_table("sunday")
    app = presence_app(saves, clock)
    app.around_period = 1.0  # a record going stale changes no file: the safety look (30 s) finds it
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await until(pilot, lambda: "bob: away since 10:42" in screen_text(app), "the presence lines")
        grid = app.screen.query_one(DataTable)
        rows = {name: TableStore(saves).open(name, "alice") for name in ("friday", "sunday")}
        when = {name: clock_words(t.meta.turn_since or t.meta.updated, True, clock()) for name, t in rows.items()}
        assert [str(c) for c in grid.get_row("friday")] == [
            "friday",
            "alice (you), bob\nalice: in the app\nbob: away since 10:42",
            f"bob\nsince {when['friday']}",
        ]
        assert [str(c) for c in grid.get_row("sunday")] == [
            "sunday",
            "alice (you), carol\nalice: in the app\ncarol: at the table",
            f"you\nsince {when['sunday']}",
        ]
        clock.advance(days=1)  # carol's process is gone (no beat for a day): away since she was last seen
        await until(pilot, lambda: "carol: away since Nov 30 10:42" in screen_text(app), "carol away")


@aio
async def test_the_table_says_who_is_away(saves: Path, monkeypatch: pytest.MonkeyPatch, utc: None) -> None:
    """Issue 11 section 5: "bob is away since 10:42: take ...", not "Waiting for bob. bob: take ..."
    for ever; the players bar marks him; when he comes back (to the table) both say so by themselves."""
    monkeypatch.setenv("NORSEWIND_PLAYER", "alice")
    table_at_turn_of(saves, "friday", "bob")
    clock = ManualClock(START)
    store = PresenceStore(saves, clock)
    bob = store.enter("bob")
    clock.advance(minutes=42)
    bob.leave()
    app = presence_app(saves, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_table(TableStore(saves).open("friday", "alice"))
        await until(pilot, lambda: type(app.screen).__name__ == "TableScreen" and app.screen.is_mounted, "the table")
        await pilot.pause()
        prompt = app.screen.query_one(PromptLine)
        await until(pilot, lambda: "] bob is away since 10:42: take a building " in prompt.prompt, "bob away")
        bar = app.screen.query_one(PlayersBar)
        assert bar.tags == {1: "(away)"}
        await pilot.pause()
        assert "bob(away) " in screen_text(app).splitlines()[0]
        store.enter("bob").at_table("friday")  # bob is back
        await until(pilot, lambda: "] Waiting for bob. bob: take " in prompt.prompt, "bob back")
        assert bar.tags == {}
        await pilot.pause()
        assert "(away)" not in screen_text(app)


def _mine(app: NorsewindApp) -> bool:
    """The app's latest look finds it is alice's turn somewhere."""
    return app.session.around is not None and bool(app.session.around.my_turns("alice"))


def _tables_seen(app: NorsewindApp) -> int:
    """How many tables the app's latest look found (-1: no look yet)."""
    around = app.session.around
    return -1 if around is None else len(around.tables)


def _bells(app: NorsewindApp, monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], list[str]]:
    """What the app rings and says: (bells, notices)."""
    bells: list[str] = []
    notices: list[str] = []
    monkeypatch.setattr(app, "bell", lambda: bells.append("bell"))
    monkeypatch.setattr(app, "notify", lambda message, **kw: notices.append(message))
    return bells, notices


@pytest.mark.parametrize(("turned_on", "where"), [(True, "title"), (False, "title"), (True, "solo game")])
@aio
async def test_a_table_that_becomes_your_turn_rings_once(
    saves: Path, monkeypatch: pytest.MonkeyPatch, turned_on: bool, where: str
) -> None:
    """At the title (or in a solo game), friday becomes alice's turn (bob decides in his terminal):
    the bell rings once and a notice names the table; a later look at the same turn says nothing
    more. Turned off in the settings: neither, though the title still counts the table."""
    monkeypatch.setenv("NORSEWIND_PLAYER", "alice")
    bob = table_at_turn_of(saves, "friday", "bob")
    if not turned_on:
        SettingsStore(saves).save("alice", Settings(turn_bell=False))
    clock = ManualClock(START)
    game = new_game(saves, ("alice",), seed=3) if where == "solo game" else None
    app = NorsewindApp(
        AppContext.at(str(saves), profile=PROFILE, clock=clock),
        game=game,
        seed=5,
        computer_delay=0.0,
        theme="norsewind",
    )
    app.around_period = 0.05
    bells, notices = _bells(app, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: _tables_seen(app) == 1, "the first look")
        assert type(app.screen).__name__ == ("GameScreen" if game else "TitleScreen")
        assert app.session.settings.turn_bell is turned_on
        first = app.session.around
        while bob.is_my_turn():  # bob's whole turn
            bob.push(bob.legal_moves()[0])
        await until(pilot, lambda: app.session.around is not first and _mine(app), "her turn seen")
        await pilot.pause()
        assert bells == (["bell"] if turned_on else [])
        assert notices == (["Your turn at the table friday."] if turned_on else [])
        if game is None:
            assert "Your turn at 1 table" in screen_text(app)
        session = app.session
        seen = session.around
        PresenceStore(saves, clock).enter("carol")  # something else changes: another look, the same turn
        await until(
            pilot,
            lambda: session.around is not seen and "carol" in (session.around.presence if session.around else {}),
            "another look",
        )
        await pilot.pause()
        assert len(bells) == (1 if turned_on else 0) and len(notices) == len(bells)


@aio
async def test_no_bell_for_the_table_you_are_at(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NORSEWIND_PLAYER", "alice")
    bob = table_at_turn_of(saves, "friday", "bob")
    app = presence_app(saves, ManualClock(START))
    app.around_period = 0.05
    bells, notices = _bells(app, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_table(TableStore(saves).open("friday", "alice"))
        await until(pilot, lambda: _tables_seen(app) == 1, "the first look")
        first = app.session.around
        while bob.is_my_turn():
            bob.push(bob.legal_moves()[0])
        await until(pilot, lambda: app.session.around is not first and _mine(app), "her turn seen")
        await pilot.pause()
        assert bells == [] and notices == []


@aio
async def test_the_settings_page_switches_the_bell_and_keeps_it(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NORSEWIND_PLAYER", "alice")
    app = presence_app(saves, ManualClock(START))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Settings                s" in screen_text(app)  # in the title's menu, with its key
        await pilot.press("s")
        await until(pilot, lambda: type(app.screen).__name__ == "SettingsScreen", "the settings page")
        await pilot.pause()
        assert app.screen.query_one(Checkbox).value is True
        await pilot.press("space")
        await until(pilot, lambda: "Saved: the bell and notice are off." in screen_text(app), "saved")
        assert app.session.settings.turn_bell is False
        await pilot.press("escape")
        await until(pilot, lambda: type(app.screen).__name__ == "TitleScreen", "the title")
    assert SettingsStore(saves).load("alice") == (Settings(turn_bell=False), None)
    again = presence_app(saves, ManualClock(START))
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await until(pilot, lambda: type(again.screen).__name__ == "SettingsScreen", "the settings page")
        await pilot.pause()
        assert again.screen.query_one(Checkbox).value is False


@aio
async def test_a_broken_settings_file_is_a_notice_not_a_traceback(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NORSEWIND_PLAYER", "alice")
    (saves / SETTINGS_DIR).mkdir()
    (saves / SETTINGS_DIR / "alice.json").write_bytes(b'{"format": 1, "turn_bell": "\x1b[2J"}')
    app = presence_app(saves, ManualClock(START))
    _, notices = _bells(app, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"
        assert app.session.settings == Settings()
        assert len(notices) == 1 and notices[0].startswith("Your settings could not be read (")
        assert "\x1b" not in notices[0]
        await pilot.press("s")
        await until(pilot, lambda: "Your settings could not be read" in screen_text(app), "said on the page")
