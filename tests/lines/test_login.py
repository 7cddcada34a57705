"""The line mode as a login asks for it (issue 29): ``ssh -t host lines`` to a login whose forced
command is the game (sshd sets ``SSH_ORIGINAL_COMMAND``), and ``NORSEWIND_MODE=lines``; and on
plain pipes, for a script or a screen reader's own front end, without a terminal at all."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from child_env import ROOT

from norsewind_tui.storage.tables import TableStore

from .pty_lines import APP, LinePty, line_env


def test_the_forced_commands_lines_is_the_line_mode_and_says_log_in_again(saves: Path) -> None:
    env = line_env(saves, "ana", SSH_ORIGINAL_COMMAND="lines", SSH_CONNECTION="203.0.113.9 50022 192.0.2.1 22")
    pty = LinePty(APP, env)  # the forced command is plain `norsewind`
    try:
        pty.expect_text("Norsewind, in lines.")
        for question, answer in (("Choose 1 to 10", "2"), ("Choose 1 to 4", "1"), ("Choose 1 (Enter", "")):
            pty.expect_text(question)  # a new game, solo, level 1
            pty.send(answer)
        pty.expect_text("Player 1's name")
        pty.send("Ana")
        pty.ask()
        pty.send("1")
        pty.ask()
        pty.send("quit")
        saved = pty.expect_text("Your game is saved as ")
        assert pty.lines[saved].endswith(": log in again to continue")
        assert pty.finish() == 0
    finally:
        pty.close()
    assert b"\x1b" not in pty.raw


def test_another_forced_command_is_still_refused(saves: Path) -> None:
    env = line_env(saves, "ana", SSH_ORIGINAL_COMMAND="ls", SSH_CONNECTION="203.0.113.9 50022 192.0.2.1 22")
    done = subprocess.run(APP, env=env, input=b"", capture_output=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.decode().startswith("norsewind: this login only runs the game, not commands")


def test_the_mode_variable_on_pipes(saves: Path) -> None:
    env = line_env(saves, "ana", NORSEWIND_MODE="lines")
    done = subprocess.run(APP, env=env, input=b"2\n1\n\nAna\nscore\n", capture_output=True, timeout=120)
    assert done.returncode == 0
    out = done.stdout.decode()
    assert out.splitlines()[0] == "Norsewind, in lines. Type quit to leave at any question; every decision is saved."
    assert "If the game ended now: Ana: " in out
    assert out.splitlines()[-1].startswith("Your game is saved as ")  # the end of the input: saved
    assert "\x1b" not in out and done.stderr == b""


def test_colour_only_when_asked(saves: Path) -> None:
    env = line_env(saves, "ana")
    plain = subprocess.run([*APP, "play", "--lines"], env=env, input=b"quit\n", capture_output=True, timeout=120)
    coloured = subprocess.run(
        [*APP, "play", "--lines", "--colour"], env=env, input=b"quit\n", capture_output=True, timeout=120
    )
    assert plain.returncode == coloured.returncode == 0
    assert b"\x1b" not in plain.stdout
    assert b"\x1b[1mWhat would you like to do?\x1b[0m\n" in coloured.stdout
    app = subprocess.run([*APP, "play", "--colour"], env=env, input=b"", capture_output=True, timeout=120)
    assert app.returncode == 2
    assert app.stderr == b"norsewind: --colour is for the line mode: norsewind play --lines --colour\n"


def test_the_mode_variable_plays_resume_and_daily_in_lines(saves: Path) -> None:
    env = line_env(saves, "ana", NORSEWIND_MODE="lines", USER="ana", LOGNAME="ana")
    daily = subprocess.run([*APP, "daily"], env=env, input=b"1\nquit\n", capture_output=True, timeout=120)
    assert daily.returncode == 0, daily.stderr
    lines = daily.stdout.decode().splitlines()
    assert lines[1].startswith("The daily deal of ") and lines[1].endswith("; score more than the Vikings. ana begins.")
    name = lines[-1].removeprefix("Your game is saved as ").split(":")[0]
    assert name.startswith("daily-")
    again = subprocess.run([*APP, "resume", name], env=env, input=b"log 9\n", capture_output=True, timeout=120)
    assert again.returncode == 0, again.stderr
    out = again.stdout.decode().splitlines()
    assert out[1] == f"Resuming {name} at turn 1."
    assert "ana took " in again.stdout.decode()  # the decision made in the first run, in the log
    assert b"\x1b" not in daily.stdout + again.stdout


def test_an_outside_engine_in_a_seat(saves: Path) -> None:
    """norsewind --engine CMD play --lines: the engine is a seat kind of the new game (issue 29)."""
    engine = f"{sys.executable} {ROOT / 'examples' / 'engine.py'}"
    argv = [*APP, "--engine", engine, "play", "--lines", "--seed", "7"]
    answers = b"2\n2\nana\n6\n\n1\n1\nquit\n"  # a new game, 2 players, seat 2 the engine, two decisions of ana's
    done = subprocess.run(argv, env=line_env(saves, "ana"), input=answers, capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.decode().splitlines()
    assert "6. The outside engine this was started with (--engine)." in lines
    assert any(line.startswith("Engine bot 2 took ") for line in lines)  # it decided, and it was told
    assert not any(line.startswith("Note: ") for line in lines)  # no fault: greedy did not stand in


def test_the_tables_where_it_is_your_turn_are_said_first(saves: Path) -> None:
    store = TableStore(saves)
    store.create("alice", ["me", "open"], seed=1, name="friday")  # seed 1: alice begins
    store.create("bob", ["me", "open"], seed=1, name="sunday")  # bob's turn there
    done = subprocess.run(
        [*APP, "play", "--lines"], env=line_env(saves, "alice"), input=b"quit\n", capture_output=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.decode().splitlines()
    assert lines[1] == "Your turn at 1 table: friday."
    assert lines[2] == "What would you like to do?"
