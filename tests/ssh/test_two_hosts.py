"""Two hosts, one database (issue 25): two ``norsewind serve`` processes with saves folders of their
own share the tables of one PostgreSQL database; alice opens a table on host A, bob joins it from
host B, and they play the whole game across the hosts, each seeing the other's decisions (woken by
NOTIFY).  The database's row is the ground truth, replayed to its digest."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tui.waits import until

from norsewind_tui.storage.pg.games import database_place
from norsewind_tui.storage.pg.home import close_all
from norsewind_tui.storage.tables import TABLES_DIR, TableStore, TableView
from norsewind_tui.words import prompt

from .helpers import BOB_SITS, SERVE, TITLE, Terminal, alice_opens_a_table

GAME_TIMEOUT = 900.0  # seconds for the whole game (78 decisions; a loaded machine)


@contextmanager
def host(saves: Path, url: str) -> Iterator[int]:
    """A ``norsewind serve --open`` process on a free loopback port, with its own saves folder; its port."""
    saves.mkdir(mode=0o700)
    proc = subprocess.Popen(
        [*SERVE, "--open", "--port", "0", "--saves", str(saves)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "NORSEWIND_DATABASE": url},  # as a service would: not on the command line
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        match = re.search(r"listening on 127\.0\.0\.1:(\d+);", first)
        assert match, (first, proc.stderr.read() if proc.poll() is not None and proc.stderr else "")
        yield int(match.group(1))
    finally:
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err


def test_a_table_opened_on_one_host_is_played_to_its_end_from_two(tmp_path: Path, pg_url: str) -> None:
    store = TableStore(tmp_path / "truth", place=database_place(pg_url, "table", tmp_path / "truth" / TABLES_DIR))

    def table_now() -> TableView:
        return store.open("alice-table", "test").view

    async def main(port_a: int, port_b: int) -> None:
        alice = await Terminal.connect(port_a, "alice", None)
        bob = await Terminal.connect(port_b, "bob", None)
        for term in (alice, bob):
            await term.wait_for(TITLE)
        await alice_opens_a_table(alice)
        await bob.steps(("t", "alice-table"), *BOB_SITS)  # host B lists the table host A opened
        terms = {"alice": alice, "bob": bob}
        decided = {"alice": 0, "bob": 0}
        view = table_now()
        assert [view.holder(0), view.holder(1)] == ["alice", "bob"]
        while not view.state.is_over:
            mover = view.holder(view.state.current)
            assert mover in terms
            other = "bob" if mover == "alice" else "alice"
            await terms[mover].wait_for(prompt(view.state)[:40])
            position = view.session.position
            terms[mover].press("\r")

            def moved(p: int = position) -> bool:
                return table_now().session.position > p

            await until(None, moved, "the decision in the database")
            decided[mover] += 1
            view = table_now()
            if not view.state.is_over:
                await terms[other].wait_for(prompt(view.state)[:40])  # the other host's screen shows it
        assert min(decided.values()) >= 10, decided
        for term in (alice, bob):
            await term.close()

    try:
        with host(tmp_path / "host-a", pg_url) as port_a, host(tmp_path / "host-b", pg_url) as port_b:
            asyncio.run(asyncio.wait_for(main(port_a, port_b), GAME_TIMEOUT))
        final = table_now()  # replayed and checked against its digest
        assert final.state.is_over and final.session.position == len(final.session.moves)
        assert not list((tmp_path / "host-a" / TABLES_DIR).glob("*.json"))  # the tables are in the database
        assert not list((tmp_path / "host-b" / TABLES_DIR).glob("*.json"))
    finally:
        close_all()
