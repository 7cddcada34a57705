"""Two players at one shared table through the real ``norsewind serve`` (issue 6, "Shared tables"):
alice opens a table, bob joins it from the lobby, and each sees the other's decisions on their own
screen (read with pyte); a third player watches. The table's save file is the ground truth.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from tui.waits import until

from norsewind_tui.ssh.server import ServeConfig
from norsewind_tui.storage.tables import TableStore, TableView
from norsewind_tui.words import prompt

from .conftest import Keys
from .helpers import BOB_SITS, TITLE, Terminal, alice_opens_a_table, at_the_title, serving


def run(coro: Coroutine[Any, Any, None], timeout: float = 180) -> None:
    asyncio.run(asyncio.wait_for(coro, timeout))


def table_now(saves: Path) -> TableView:
    return TableStore(saves).open("alice-table", "test").view


def test_two_players_at_one_table_each_see_the_others_decisions(config: ServeConfig, keys: Keys, saves: Path) -> None:
    """alice: t (lobby), n (new table), ctrl+s: a two-seat table with seat 2 open. bob: t, Enter, y:
    he sits at seat 2. Then whoever is to move presses Enter, decision after decision, until both
    have decided: each decision is saved, and the other player's screen shows the decision awaited
    next (their app picked it up from the save file by itself). carol, logging in later, can only
    watch the full table."""

    async def main() -> None:
        async with serving(config) as server:
            alice, bob = await at_the_title(server.port, ("alice", keys.alice), ("bob", keys.bob))
            await alice_opens_a_table(alice)

            await bob.steps(("t", "alice-table"))
            assert "alice (you)" not in bob.text() and "alice, open" in bob.text()
            await bob.steps(*BOB_SITS)
            view = table_now(saves)
            assert [view.holder(0), view.holder(1)] == ["alice", "bob"]
            assert view.state.players[1].name == "bob"

            terms = {"alice": alice, "bob": bob}
            decided: dict[str, int] = {"alice": 0, "bob": 0}
            for _ in range(16):
                if min(decided.values()) >= 2:
                    break
                view = table_now(saves)
                mover = view.holder(view.state.current)
                assert mover in terms
                other = "bob" if mover == "alice" else "alice"
                await terms[mover].wait_for(prompt(view.state)[:40])  # the mover sees it is theirs
                position = view.session.position
                await terms[other].quiet()
                before = terms[other].text()
                terms[mover].press("\r")

                def moved(p: int = position) -> bool:
                    return table_now(saves).session.position > p

                await until(None, moved, "the decision in the file")
                decided[mover] += 1
                after = table_now(saves)
                assert after.mover(position) == view.state.current
                expected = prompt(after.state)[:40]
                shown = await terms[other].wait_for(expected)
                assert shown == expected and terms[other].text() != before
                if after.holder(after.state.current) == mover:
                    assert "Waiting for" in terms[other].text()
            assert min(decided.values()) >= 1, decided

            carol = await Terminal.connect(server.port, "carol", keys.bob)
            await carol.wait_for(TITLE)
            await carol.steps(("t", "alice-table"), ("\r", "Watching (read-only)"))
            assert "every seat is taken" in carol.text()
            for term in (alice, bob, carol):
                await term.close()
        assert table_now(saves).session.position >= 2

    run(main())


def test_a_table_survives_the_server_being_restarted(config: ServeConfig, keys: Keys, saves: Path) -> None:
    """alice resumes her seat at a table (opened earlier, bob sits at seat 2) and decides; the
    server stops (her app is hung up); on a new server she logs in, finds the table in the lobby,
    resumes her seat at the same decision and plays on."""
    store = TableStore(saves)
    store.create("alice", ["me", "open"], seed=1)  # seed 1: alice begins
    store.open("alice-table", "bob").join()

    async def resume_and_decide(port: int, position: int) -> None:
        alice = await Terminal.connect(port, "alice", keys.alice)
        await alice.wait_for(TITLE)
        alice.press("t")
        await alice.wait_for("alice (you), bob")
        alice.press("\r")
        view = table_now(saves)
        assert view.session.position == position
        await alice.wait_for(prompt(view.state)[:40])
        await alice.wait_for("Your turn, alice")
        alice.press("\r")
        await until(None, lambda: table_now(saves).session.position == position + 1, "the decision in the file")

    async def main() -> None:
        async with serving(config) as server:
            await resume_and_decide(server.port, 0)
        async with serving(config) as server:
            await resume_and_decide(server.port, 1)

    run(main())


def test_quitting_over_serve_says_log_in_again_at_a_table_and_in_a_solo_game(config: ServeConfig, keys: Keys) -> None:
    """Under `norsewind serve` the player cannot run `norsewind` commands: quitting a table, or a
    saved solo game, says to log in again (issue 11 section 5), and the connection ends with status 0."""

    async def main() -> None:
        async with serving(config) as server:
            alice = await Terminal.connect(server.port, "alice", keys.alice)
            await alice.wait_for(TITLE)
            await alice_opens_a_table(alice)
            alice.press("q")
            assert await alice.finished() == 0
            said = bytes(alice.raw).decode(errors="replace")
            assert "You left the table alice-table; it is saved: log in again to continue." in said
            assert "norsewind, then" not in said and "norsewind resume" not in said

            again = await Terminal.connect(server.port, "alice", keys.alice)
            await again.wait_for(TITLE)
            await again.steps(("n", "Solo level"), ("\x13", "alice:"))
            again.press("q")
            assert await again.finished() == 0
            said = bytes(again.raw).decode(errors="replace")
            assert ": log in again to continue" in said.split("Your game is saved as ", 1)[1].splitlines()[0]
            assert "norsewind resume" not in said

    run(main())
