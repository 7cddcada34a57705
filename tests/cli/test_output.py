"""A command whose standard output fails says so in one line, exit 1, no traceback (issue 24 point 8).

Each command that prints runs as its own process with its output on ``/dev/full`` (every write
fails with ENOSPC), and one on a terminal whose other side is gone (EIO).  A broken pipe ends
a command quietly (exit 1, as rich's consoles did already; ``print`` and ``write`` gave a traceback).
"""

from __future__ import annotations

import os
import pty
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from norsewind_tui.rules import GameConfig
from norsewind_tui.storage import GameStore, SeatMeta

ROOT = Path(__file__).resolve().parents[2]
FULL = "norsewind: cannot write the output: No space left on device\n"
COMMANDS = {
    "export": ["export", "game"],
    "export --json": ["export", "game", "--json"],
    "saves": ["saves"],
    "saves verify": ["saves", "verify", "game"],
    "progress": ["progress", "--profile", "Astrid"],
    "halloffame": ["halloffame"],
    "review --analyse": ["review", "game", "--analyse"],
    "simulate": ["simulate", "--games", "2"],
    "simulate --json": ["simulate", "--games", "2", "--json"],
}


@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("output") / "saves"
    store = GameStore(folder)
    game = store.create(GameConfig(players=("Astrid",)), 7, [SeatMeta("Astrid")], name="game")
    rng = random.Random(3)
    for _ in range(4):  # a short log: the analysis takes a moment
        game.push(rng.choice(game.legal_moves()))
    game.close()
    yield folder


def run(saves: Path, argv: list[str], stdout: int) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run(
        [sys.executable, "-m", "norsewind_tui.cli", "--saves", str(saves), *argv],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )


@pytest.mark.parametrize("argv", list(COMMANDS.values()), ids=list(COMMANDS))
def test_a_full_disk_on_stdout_is_one_line_and_exit_1(saves: Path, argv: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = run(saves, argv, full.fileno())
    assert (done.returncode, done.stderr) == (1, FULL)


def test_an_io_error_on_stdout_is_one_line_and_exit_1(saves: Path) -> None:
    main, terminal = pty.openpty()
    os.close(main)  # writes to the terminal's other side now fail with EIO
    try:
        done = run(saves, ["saves"], terminal)
    finally:
        os.close(terminal)
    assert (done.returncode, done.stderr) == (1, "norsewind: cannot write the output: Input/output error\n")


@pytest.mark.parametrize("argv", [["export", "game"], ["halloffame"], ["simulate", "--games", "2"], ["--help"]])
def test_a_broken_pipe_ends_the_command_quietly(saves: Path, argv: list[str]) -> None:
    read, write = os.pipe()
    os.close(read)  # the reader went away (| head -1)
    try:
        done = run(saves, argv, write)
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (1, "")


def test_help_on_a_full_disk_is_one_line_too(saves: Path) -> None:
    with open("/dev/full", "w") as full:
        done = run(saves, ["--help"], full.fileno())
    assert (done.returncode, done.stderr) == (1, FULL)  # argparse itself drops the error: exit 0, nothing said
