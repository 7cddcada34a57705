"""The line mode over SSH (issue 29): ``ssh -t host lines`` and ``NORSEWIND_MODE=lines`` under
``norsewind serve``, read as lines (no screen emulator: what a screen reader's user gets).  A solo
game's decisions are saved as made; quitting says how to come back (log in again); and a shared
table is played to the end by alice in line mode over SSH and bob in line mode at the host."""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from tui.waits import until

from norsewind_tui.rules.engine import cards_for
from norsewind_tui.ssh.server import ServeConfig
from norsewind_tui.storage import GameStore
from norsewind_tui.storage.tables import TableStore, TableView
from norsewind_tui.words import past, prompt

from .conftest import Keys
from .helpers import TITLE, WAIT, Terminal, serving

ASK = re.compile(r"^Choose 1( to (\d+))?, or type a word")


def table_now(saves: Path) -> TableView:
    return TableStore(saves).open("alice-table", "test").view


def run(coro: Coroutine[Any, Any, None], timeout: float = 300) -> None:
    asyncio.run(asyncio.wait_for(coro, timeout))


class Lines:
    """A terminal over SSH read as lines: each ``expect`` waits for the next line that matches."""

    def __init__(self, term: Terminal) -> None:
        self.term = term
        self.read_to = 0

    @property
    def lines(self) -> list[str]:
        *whole, _partial = bytes(self.term.raw).split(b"\n")
        return [line.rstrip(b"\r").decode("utf-8", errors="replace") for line in whole]

    async def expect(self, start: str, wait: float = WAIT * 4) -> int:
        deadline = time.monotonic() + wait
        while True:
            lines = self.lines
            for index in range(self.read_to, len(lines)):
                if lines[index].startswith(start) or (start == "?" and ASK.match(lines[index])):
                    self.read_to = index + 1
                    return index
            left = deadline - time.monotonic()
            assert left > 0 and not self.term.closed.is_set(), f"no line {start!r}; the last lines: {lines[-12:]}"
            self.term.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.term.changed.wait(), left)

    def send(self, line: str) -> None:
        self.term.press(line + "\r")

    async def answer(self, question: str, reply: str) -> None:
        """Wait for the line that starts with ``question``, then send ``reply``: one step of a dialogue."""
        await self.expect(question)
        self.send(reply)


async def _new_solo(lines: Lines) -> None:
    await lines.expect("What would you like to do?")
    await lines.answer("Choose 1 to 10", "2")
    await lines.answer("Choose 1 to 4", "1")
    await lines.answer("Choose 1 (Enter: 1)", "")
    await lines.answer("Player 1's name (Enter: alice)", "")


def test_ssh_host_lines_plays_and_quitting_says_log_in_again(config: ServeConfig, keys: Keys, saves: Path) -> None:
    async def main() -> None:
        async with serving(config) as server:
            term = await Terminal.connect(server.port, "alice", keys.alice, command="lines")
            lines = Lines(term)
            try:
                await _new_solo(lines)
                await lines.expect("Solo game, level 1: score more than the Vikings. alice begins.")
                for _ in range(2):
                    await lines.answer("?", "1")
                await lines.answer("?", "quit")
                saved = await lines.expect("Your game is saved as ")
                assert lines.lines[saved].endswith(": log in again to continue")
                assert await term.finished() == 0
            finally:
                await term.close()
            assert b"\x1b" not in term.raw
            assert max(len(line) for line in lines.lines) <= 200
        assert [s.moves for s in GameStore(saves).list()] == [2]

    run(main())


def test_the_mode_variable_asks_for_lines_too(config: ServeConfig, keys: Keys) -> None:
    async def main() -> None:
        async with serving(config) as server:
            term = await Terminal.connect(server.port, "alice", keys.alice, env={"NORSEWIND_MODE": "lines"})
            lines = Lines(term)
            try:
                await lines.expect("Norsewind, in lines.")
                await lines.answer("Choose 1 to 10", "quit")
                assert await term.finished() == 0
            finally:
                await term.close()
            assert b"\x1b" not in term.raw

    run(main())


def test_a_table_alice_in_lines_bob_in_the_app_both_over_ssh(config: ServeConfig, keys: Keys, saves: Path) -> None:
    """alice opens a two-seat table in line mode (ssh -t host lines); bob joins it from the app's
    lobby; they play it to the end: alice answers the numbered choices, bob presses Enter.  The
    table's file is the ground truth for who decides; alice is told each of bob's decisions."""

    async def main() -> None:
        async with serving(config) as server:
            term = await Terminal.connect(server.port, "alice", keys.alice, command="lines")
            alice = Lines(term)
            bob = await Terminal.connect(server.port, "bob", keys.bob)
            try:
                await alice.answer("Choose 1 to 10", "6")  # shared tables
                await alice.answer("Choose 1 to 2", "1")  # open a new one
                await alice.answer("Choose 1 to 3", "1")  # two seats
                await alice.answer("Choose 1 to 5", "1")  # seat 2 open
                await alice.expect("Which clock?")
                await alice.answer("Choose 1 to 5", "1")  # none (issue 41)
                await alice.expect("Who may watch?")
                await alice.answer("Choose 1 to 3", "1")  # anyone on the host
                await alice.expect("At the table alice-table, seat 1.")

                await bob.wait_for(TITLE)
                bob.press("t")
                await bob.wait_for("alice-table")
                bob.press("\r")
                await bob.wait_for("Sit at seat 2 of the table alice-table as bob?")
                bob.press("y")
                await bob.wait_for("You sit at seat 2 of alice-table")

                rng = random.Random(6)
                decided = {"alice": 0, "bob": 0}
                while not (view := table_now(saves)).state.is_over:
                    mover = view.holder(view.state.current)
                    position = view.session.position
                    if mover == "alice":
                        asked = await alice.expect("?")
                        found = ASK.match(alice.lines[asked])
                        assert found is not None
                        alice.send(str(rng.randint(1, int(found.group(2) or 1))))
                    else:
                        assert mover == "bob"
                        await bob.wait_for(prompt(view.state)[:40])
                        bob.press("\r")

                    def moved(p: int = position) -> bool:
                        return table_now(saves).session.position > p

                    await until(None, moved, "the decision in the file")
                    decided[mover] += 1
                over = await alice.expect("Final scores:")
                assert min(decided.values()) > 10
                end = table_now(saves)
                session = end.session
                bobs = [
                    past(e, ("alice", "bob"), cards_for(end.state))
                    for i in range(session.position)
                    if session.mover(i) == 1
                    for e in session.events[i]
                    if e.player == 1
                ]
                told = [line for line in alice.lines[:over] if line.startswith("bob ")]
                assert told[0] == "bob sits at seat 2."  # once, before his first decision is told
                told = told[1:]
                assert told == bobs  # each of bob's decisions told to alice once, as the log says it
                assert await term.finished() == 0
            finally:
                await term.close()
                await bob.close()
            assert b"\x1b" not in term.raw
            assert max(len(line) for line in alice.lines) <= 200

    run(main(), timeout=900)
