"""The line mode's closing line names the way back as it is typed (issues 38.8 and 39.10): the copy
``save NAME`` made, and the options the player started with (``--saves``), quoted for a shell."""

from __future__ import annotations

import shlex
from pathlib import Path

from norsewind_tui.options import Options
from norsewind_tui.storage.context import AppContext

from .pty_lines import APP, LinePty, line_env, resumed_one_decision
from .test_pty import _two_decisions

SAVED = "Your game is saved as "


def test_after_save_name_the_closing_line_names_the_saved_copy(saves: Path) -> None:
    pty = LinePty([*APP, "play", "--lines", "--seed", "5"], line_env(saves, "ana"))
    try:
        _two_decisions(pty)
        pty.send("save mygame")
        pty.expect_text("The game goes on saved as mygame.")
        pty.send("quit")
        said = pty.expect_text(SAVED)
        assert pty.finish() == 0
    finally:
        pty.close()
    assert pty.lines[said] == "Your game is saved as mygame: norsewind resume mygame --lines"
    with AppContext(Options(saves=str(saves))).games.open("mygame", read_only=True) as game:
        assert game.session.position == 2  # the copy has every decision: it is the one to resume


def test_the_closing_line_carries_the_saves_folder_and_runs_as_printed(tmp_path: Path) -> None:
    """``--saves`` with a space in it, and another folder in $NORSEWIND_SAVES: the printed command,
    split as a shell would, resumes the same game."""
    mine = tmp_path / "my saves"
    env = line_env(tmp_path / "elsewhere", "ana")
    pty = LinePty([*APP, "play", "--lines", "--saves", str(mine), "--seed", "5"], env)
    try:
        _two_decisions(pty)
        pty.end_input()
        said = pty.expect_text(SAVED)
        assert pty.finish() == 0
    finally:
        pty.close()
    name, command = pty.lines[said].removeprefix(SAVED).split(": ", 1)
    assert command == f"norsewind --saves '{mine}' resume {name} --lines"
    argv = shlex.split(command)
    with LinePty([*APP, *argv[1:]], env) as resumed:
        resumed_one_decision(resumed, name)
        assert resumed.lines[resumed.expect_text(SAVED)] == f"{SAVED}{name}: {command}"
        assert resumed.finish() == 0
    with AppContext(Options(saves=str(mine))).games.open(name, read_only=True) as game:
        assert game.session.position == 3
    # --saves after the command, as play takes it: resume takes it too
    after = LinePty([*APP, "resume", name, "--lines", "--saves", str(mine)], env)
    try:
        after.expect_text(f"Resuming {name} at turn ")
        after.end_input()
        after.expect_text(SAVED)
        assert after.finish() == 0
    finally:
        after.close()
