"""A mixed table (issue 26): alice plays over SSH (``norsewind serve``, an asyncssh client), bob in a
browser tab (``norsewind web``, the websocket client), the same saves folder. Issue 26's "done when"
end to end: bob opens the address, logs in (name and the host's password), sits at alice's table;
mid-game his connection is lost (cut under the websocket, no close), he opens the page again and is
back at the same decision at once, and the game is played to its end on both screens. The table's
file is the ground truth; each screen is read with pyte."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import pytest
from ssh.helpers import BOB_SITS, Terminal, alice_opens_a_table, authorized_line, make_key
from ssh.helpers import serving as serving_ssh
from tui.waits import until

from norsewind_tui.ssh.server import ServeConfig
from norsewind_tui.storage.tables import TableStore, TableView
from norsewind_tui.web.server import WebConfig
from norsewind_tui.words import prompt

from .helpers import Browser, serving

TITLE = "Resume a saved game"
PASSWORD = "correct horse battery"


def run(coro: Coroutine[Any, Any, None], timeout: float = 400) -> None:
    asyncio.run(asyncio.wait_for(coro, timeout))


def table_now(saves: Path) -> TableView:
    return TableStore(saves).open("alice-table", "test").view


class Seat:
    """A player's screen, whichever way they play: SSH (``Terminal``) or a browser (``Browser``)."""

    def __init__(self, ssh: Terminal | None = None, tab: Browser | None = None) -> None:
        self.ssh, self.tab = ssh, tab

    async def wait_for(self, needle: str) -> str:
        if self.ssh is not None:
            return await self.ssh.wait_for(needle)
        assert self.tab is not None
        return await self.tab.wait_for(needle)

    async def press(self, keys: str) -> None:
        if self.ssh is not None:
            self.ssh.press(keys)
        else:
            assert self.tab is not None
            await self.tab.press(keys)

    def text(self) -> str:
        return self.ssh.text() if self.ssh is not None else self.tab.text() if self.tab is not None else ""


@pytest.fixture
def ssh_config(saves: Path, tmp_path: Path) -> tuple[ServeConfig, Any]:
    folder = tmp_path / "keys"
    folder.mkdir()
    key = make_key(folder, "alice")
    authorized = folder / "authorized_keys"
    authorized.write_text(authorized_line(key, "alice") + "\n", encoding="utf-8")
    return ServeConfig(saves=saves, host="127.0.0.1", port=0, authorized_keys=authorized), key


def test_one_player_over_ssh_one_in_a_browser_to_the_end(
    config: WebConfig, ssh_config: tuple[ServeConfig, Any], saves: Path, tmp_path: Path
) -> None:
    password = tmp_path / "password"
    password.write_text(PASSWORD + "\n")
    password.chmod(0o600)
    config.password_file = password
    serve, key = ssh_config

    async def main() -> None:
        log: list[str] = []
        async with serving_ssh(serve) as ssh_server, serving(config, log) as web_server:
            alice = await Terminal.connect(ssh_server.port, "alice", key)
            tab = Browser(web_server.port)
            try:
                await alice.wait_for(TITLE)
                await alice_opens_a_table(alice)

                async with tab.http.get(tab.base) as page:  # the guest opens the address: a login
                    assert page.status == 200 and 'name="password"' in await page.text()
                assert (await tab.login("bob", PASSWORD)).status == 200  # then the game page
                await tab.open()
                await tab.wait_for(TITLE)
                await tab.steps(("t", "alice-table"), *BOB_SITS)
                view = table_now(saves)
                assert [view.holder(0), view.holder(1)] == ["alice", "bob"]

                seats = {"alice": Seat(ssh=alice), "bob": Seat(tab=tab)}
                dropped = False
                while not (view := table_now(saves)).state.is_over:
                    mover = view.holder(view.state.current)
                    assert mover in seats, mover
                    position = view.session.position
                    if mover == "bob" and position >= 20 and not dropped:  # bob's connection is lost
                        dropped = True
                        await tab.cut()
                        await until(None, lambda: not web_server.sessions, "bob's app ended")
                        async with tab.http.get(tab.base) as page:  # the page again: the cookie still names him
                            assert "<title>Norsewind: bob</title>" in await page.text()
                        await tab.open(go_on=True)  # the page's tab was playing: ws/continue
                        await tab.wait_for("Your turn, bob")  # at his seat at once
                        assert table_now(saves).session.position == position  # nothing lost, nothing more
                    await seats[mover].wait_for(prompt(view.state)[:40])  # the mover sees it is theirs
                    await seats[mover].press("\r")

                    def moved(p: int = position) -> bool:
                        return table_now(saves).session.position > p

                    await until(None, moved, f"{mover}'s decision in the file", show=seats[mover].text)
                assert dropped
                for seat in seats.values():
                    await seat.wait_for("Score pad")
            finally:
                await alice.close()
                await tab.close()
        assert sum("bob@127.0.0.1: playing (browser" in line for line in log) == 2
        ends = (
            "bob@127.0.0.1: ended (signal 1, connection closed",
            "bob@127.0.0.1: ended (signal 9, connection closed",
        )
        assert any(line.startswith(ends) for line in log), log  # hung up (or killed after the grace, when loaded)

    run(main())
