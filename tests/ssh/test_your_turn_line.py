"""Through the real ``norsewind serve`` (issue 13): the line printed before the app starts says
"Your turn at 2 tables: ..." and the title says it too; carol, whose turn it is nowhere, gets no line."""

from __future__ import annotations

import asyncio
from pathlib import Path

from norsewind_tui.ssh.server import ServeConfig
from norsewind_tui.storage.tables import TableStore

from .conftest import Keys
from .helpers import Terminal, serving


def _table(saves: Path, name: str, to_move: str) -> None:
    """alice and bob at ``name``, first legal moves until ``to_move`` is to move."""
    store = TableStore(saves)
    a = store.create("alice", ["me", "open"], seed=1, name=name)
    b = store.open(name, "bob")
    b.join()
    for _ in range(200):
        a.poll()
        b.poll()
        mover = a if a.holder(a.state.current) == "alice" else b
        if mover.identity == to_move:
            return
        mover.push(mover.legal_moves()[0])
    raise AssertionError("never got there")


def test_the_line_before_the_app_and_the_title(config: ServeConfig, keys: Keys, saves: Path) -> None:
    _table(saves, "friday", "alice")
    _table(saves, "sunday", "bob")
    _table(saves, "saturday", "alice")

    async def main() -> None:
        async with serving(config) as server:
            alice = await Terminal.connect(server.port, "alice", keys.alice)
            bob = await Terminal.connect(server.port, "bob", keys.bob)
            carol = await Terminal.connect(server.port, "carol", keys.bob)  # bob's key may be anyone
            await alice.wait_for("Your turn at 2 tables")  # the title, once the app has looked
            await bob.wait_for("Your turn at 1 table")
            await carol.wait_for("Resume a saved game")
            assert bytes(alice.raw).startswith(b"Your turn at 2 tables: saturday, friday.\r\n\x1b[")
            assert bytes(bob.raw).startswith(b"Your turn at 1 table: sunday.\r\n\x1b[")
            assert bytes(carol.raw).startswith(b"\x1b[")  # the app's first escape: no line before it
            assert "Your turn" not in carol.text()
            for term in (alice, bob, carol):
                await term.close()

    asyncio.run(asyncio.wait_for(main(), 120))
