"""Two real apps at one table (issue 41.2): the app (alice) and the line mode (bob, a process on a
pty), on the files and on PostgreSQL.  A line said in one appears in the other as a decision does
(the chat's watch), with the app's unread mark; a spectator's line never reaches them, nor theirs
the spectator."""

from __future__ import annotations

from pathlib import Path

import pytest
from tables.test_lobby import aio
from tui.waits import until

from chat.two_apps import NAME, alice_app, at_table, bob_seated
from norsewind_tui.options import Options
from norsewind_tui.storage.context import AppContext
from norsewind_tui.talk import Said, Talk, line_words
from norsewind_tui.tui.app import NorsewindApp
from norsewind_tui.tui.chat import ChatScreen
from norsewind_tui.tui.widgets.prompt import StatusLine


def status(app: NorsewindApp) -> str:
    message: str = app.screen.query_one(StatusLine).message
    return message


@aio
async def test_a_line_of_the_line_mode_reaches_the_app_with_an_unread_mark_and_back(
    saves: Path, store_url: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    options = Options(saves=str(saves), database=store_url)
    tables = AppContext(options).tables
    tables.create("alice", ["me", "open"], seed=5, name=NAME)
    assert tables.open(NAME, "bob").join() == 1
    with bob_seated(saves, store_url) as bob:
        app = alice_app(saves, store_url, monkeypatch)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await at_table(app, pilot)
            await until(pilot, screen.chat.ready.is_set, "the chat's first look")
            carol = Talk(tables.open(NAME, "carol"))  # a spectator says a line first: nobody seated reads it
            assert isinstance(carol.say("go alice"), Said)
            bob.send("say hello from bob")
            bob.expect_text("bob: hello from bob")  # bob's own line, as the others read it
            await until(pilot, lambda: status(app) == "bob: hello from bob", "bob's line in the app")
            assert screen.unread == 1
            assert screen.check_action("chat_unread", ()) is True and screen.check_action("chat", ()) is False
            await pilot.press("t")
            await until(pilot, lambda: isinstance(app.screen, ChatScreen), "the chat box")
            box = app.screen
            assert isinstance(box, ChatScreen)
            assert box.shown == ["bob: hello from bob"]  # never carol's
            assert screen.unread == 0
            for key in "hi bob":
                await pilot.press("space" if key == " " else key)
            await pilot.press("enter")
            bob.expect_text("alice: hi bob")
            await until(pilot, lambda: box.shown == ["bob: hello from bob", "alice: hi bob"], "alice's own line")
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is screen, "back at the table")
        bob.send("chat")
        bob.expect_text("alice: hi bob")
        assert not any("go alice" in line for line in bob.lines)
        assert [line_words(x) for x in carol.lines()] == ["carol (watching): go alice"]  # never the players'
        bob.end_input()
        assert bob.finish() == 0
