"""SIGKILL a writer of the database at random moments (issue 25, faults): what it leaves loads and
replays to its digest, no acknowledged decision is lost and none is there twice.

As ``tests/storage/test_kill.py`` does for files: a forked child plays as fast as it can, reporting
each write it saw committed through a pipe; the parent kills it after a random delay and reads the
row back.  A transaction is all or nothing: at most the one write in flight may be there unreported.
"""

from __future__ import annotations

import os
import random
import struct
import time
from pathlib import Path

from kills import kill_at_random, write_at_random

from norsewind_tui.rules import GameConfig
from norsewind_tui.rules.moves import Move
from norsewind_tui.storage import GameStore, SeatMeta
from norsewind_tui.storage.pg.games import database_place
from norsewind_tui.storage.tables import TABLES_DIR, TableStore

KILLS = 40


def saves_in(tmp_path: Path, url: str) -> GameStore:
    return GameStore(tmp_path, place=database_place(url, "save", tmp_path))


def test_sigkill_a_solo_game_writer_at_random_moments(tmp_path: Path, pg_url: str) -> None:
    store = saves_in(tmp_path, pg_url)
    game = store.create(GameConfig(players=("Ana", "Bo", "Cy", "Di")), 3, [SeatMeta(n) for n in "ABCD"], name="g")
    acked = game.generation
    game.close()

    def writer(w: int) -> None:
        write_at_random(saves_in(tmp_path, pg_url).open("g"), w)  # its own connection (and the game's lock)

    rng = random.Random(25)
    for _ in range(KILLS):
        acked = kill_at_random(writer, rng.uniform(0.05, 0.3), acked)
        game = store.open("g")  # the killed writer's lock went with its connection; replayed to its digest
        assert acked <= game.generation <= acked + 1
        acked = game.generation
        game.close()
    assert acked > KILLS  # the writers wrote between the kills


def test_sigkill_a_table_player_at_random_moments(tmp_path: Path, pg_url: str) -> None:
    def tables() -> TableStore:
        return TableStore(tmp_path, place=database_place(pg_url, "table", tmp_path / TABLES_DIR))

    name = tables().create("alice", ["me", "open"], seed=4).name
    tables().open(name, "bob").join()
    acked = tables().open(name, "x").generation
    moves_before: list[Move] = []

    def writer(w: int) -> None:
        store = tables()
        seats = [store.open(name, "alice"), store.open(name, "bob")]
        while True:
            for t in seats:
                t.poll()
            mover = next((t for t in seats if t.is_my_turn()), None)
            if mover is None:  # over: nothing more to decide
                time.sleep(0.01)
                continue
            mover.push(mover.legal_moves()[0])
            os.write(w, struct.pack("Q", mover.generation))

    rng = random.Random(26)
    for _ in range(KILLS):
        acked = kill_at_random(writer, rng.uniform(0.02, 0.15), acked)
        table = tables().open(name, "x")  # replayed and checked against its digest
        assert acked <= table.generation <= acked + 1
        moves = list(table.session.moves)
        assert moves[: len(moves_before)] == moves_before  # nothing taken back, nothing in twice
        assert table.session.position == len(moves)
        moves_before, acked = moves, table.generation
    assert len(moves_before) > 10
