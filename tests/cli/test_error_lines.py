"""The command's one-line refusal on a terminal (issue 39): an old save's card-set refusal, about
200 characters, was one line the terminal wrapped mid-word at 80 columns ("...012345678" /
"9abcdef..."); on a terminal it is wrapped at words to its width, to a file or a pipe one line."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import struct
import subprocess
import sys
import termios
import textwrap
from pathlib import Path

from norsewind_tui.rules import GameConfig
from norsewind_tui.storage import GameStore, SeatMeta

ROOT = Path(__file__).resolve().parents[2]


def old_save(saves: Path) -> Path:
    """A save made with another card set (its digest changed)."""
    game = GameStore(saves).create(GameConfig(players=("Astrid",)), 7, [SeatMeta("Astrid")], name="old")
    path = game.path
    game.close()
    document = json.loads(path.read_text())
    document["cards"] = "0123456789abcdef"
    path.write_text(json.dumps(document))
    return path


def resume(saves: Path, stderr: int) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "norsewind_tui.cli", "--saves", str(saves), "resume", "old"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=stderr,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def test_a_long_refusal_wraps_at_words_on_an_80_column_terminal(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    path = old_save(saves)
    main, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    try:
        done = resume(saves, terminal)
        os.close(terminal)
        said = b""
        while True:
            try:
                chunk = os.read(main, 4096)
            except OSError:  # the other side closed: all read
                break
            if not chunk:
                break
            said += chunk
    finally:
        os.close(main)
    assert done.returncode == 2
    one_line = resume(saves, subprocess.PIPE).stderr.rstrip("\n")  # the same refusal, to a pipe
    assert one_line.startswith(f"norsewind: {path}: $.cards: made with the card set 0123456789abcdef (")
    lines = said.decode().replace("\r\n", "\n").rstrip("\n").split("\n")
    message = one_line.removeprefix("norsewind: ")
    wrapped = textwrap.wrap(message, 79, initial_indent="norsewind: ", subsequent_indent="  ", break_on_hyphens=False)
    assert lines == wrapped and all(len(line) <= 79 for line in lines)
    assert lines[-1] == "  (reconstructed.toml): start Norsewind with --cards and that set's file"


def test_to_a_pipe_the_refusal_stays_one_line(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    path = old_save(saves)
    done = resume(saves, subprocess.PIPE)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith(f"norsewind: {path}: $.cards: made with the card set 0123456789abcdef (")
