"""An outside engine's helpers end with it (issue 38.7): the engine runs in a session of its own, and
stopping it ends the whole group, a wrapper script's children and the helpers it started too."""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys
from pathlib import Path

from example_engine import PY, ROOT

from norsewind_tui.bots.engine import EngineBot, EngineSpec, end_engines
from norsewind_tui.rules import GameConfig, apply, legal_moves, new_game

WAIT = 60.0  # seconds a helper may take to die once its group is ended (a loaded machine)

# a wrapper as a host would write one: a helper in the background, then the engine (not exec'd, so
# the shell stays the engine's parent); it records its pid, its process group and the helper's pid
WRAPPER = """#!/bin/sh
sleep 600 </dev/null >/dev/null 2>&1 &
echo "$$ $(cut -d' ' -f5 /proc/$$/stat) $!" >> "$1"
{python} {engine}
"""


def _wrapper(tmp_path: Path) -> tuple[str, Path]:
    script = tmp_path / "wrapper.sh"
    script.write_text(WRAPPER.format(python=PY, engine=ROOT / "examples" / "engine.py"))
    script.chmod(0o755)
    record = tmp_path / "started"
    return f"{script} {record}", record


def _group_members(group: int) -> list[int]:
    """The processes of ``group`` still running (zombies have ended)."""
    members = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()  # state, ppid, pgrp, ...
        if int(fields[2]) == group and fields[0] != "Z":
            members.append(int(entry.name))
    return members


def _ended(pid: int) -> bool:
    """Wait (on the process itself, up to WAIT seconds) until ``pid`` has ended."""
    try:
        fd = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        return bool(select.select([fd], [], [], WAIT)[0])
    finally:
        os.close(fd)


def test_no_process_of_an_engines_group_is_left_after_simulate(tmp_path: Path) -> None:
    command, record = _wrapper(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "norsewind_tui.cli", "simulate", "--engine", command, "--games", "2"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "80"},
        timeout=300,
        check=False,
        start_new_session=True,  # its own group: an engine left in it is not this test's runner
    )
    started = [tuple(int(n) for n in line.split()) for line in record.read_text().splitlines()]
    try:
        assert (done.returncode, done.stderr) == (0, "")
        assert len(started) == 2  # one engine a game
        for shell, group, helper in started:
            assert _ended(helper), f"the helper {helper} of the engine's group {group} is still running"
            assert _group_members(group) == []
            assert group == shell  # a session (and group) of its own, led by the wrapper
    finally:
        for _, _, helper in started:
            with contextlib.suppress(ProcessLookupError):
                os.kill(helper, signal.SIGKILL)


def test_end_engines_ends_every_running_engines_group(tmp_path: Path) -> None:
    """What a hung-up app does before it ends: the engines it did not close go, helpers and all."""
    command, record = _wrapper(tmp_path)
    bot = EngineBot(0, EngineSpec(command))
    state = new_game(GameConfig(players=("a", "b")), 3)
    while len(legal_moves(state)) == 1:
        state = apply(state, legal_moves(state)[0])
    bot.decide(state)
    ((shell, group, helper),) = [tuple(int(n) for n in line.split()) for line in record.read_text().splitlines()]
    try:
        end_engines()
        assert _ended(helper) and _ended(shell)
        assert _group_members(group) == []
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(helper, signal.SIGKILL)
        bot.close()  # reaps it
