"""The served app's command line comes from a typed ``AppOptions``, and ``norsewind`` accepts it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from norsewind_tui.cli import build_parser
from norsewind_tui.ssh.launch import APP_MODULE, MODULE, AppOptions, command
from norsewind_tui.ssh.server import GameServer, ServeConfig


def test_the_options_are_arguments_the_norsewind_command_parses(tmp_path: Path) -> None:
    cards = tmp_path / "cards.toml"
    args = build_parser().parse_args(AppOptions(cards=cards).argv())
    assert args.cards == str(cards) and args.command is None  # the app itself, not a subcommand
    assert AppOptions().argv() == []
    assert build_parser().parse_args(AppOptions().argv()).cards is None
    web = build_parser().parse_args(AppOptions(no_mouse=True, go_on=True).argv())  # norsewind web's options
    assert (web.no_mouse, web.page, web.command) == (True, "continue", None)


def test_a_session_runs_the_launcher_then_norsewind_or_the_given_program(tmp_path: Path) -> None:
    cards = tmp_path / "c.toml"
    assert command(AppOptions(cards=cards)) == [sys.executable, "-m", MODULE, "--cards", str(cards)]
    assert command(AppOptions(cards=cards), ["/bin/true", "x"]) == [
        sys.executable,
        "-m",
        MODULE,
        "--exec",
        "/bin/true",
        "x",
    ]
    assert APP_MODULE == "norsewind_tui.cli"


def test_the_app_module_runs_as_the_norsewind_command() -> None:
    """What a served session execs: ``python -m norsewind_tui.cli`` is the ``norsewind`` command."""
    done = subprocess.run([sys.executable, "-m", APP_MODULE, "--help"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("usage: norsewind ")


def test_the_database_reaches_the_apps_in_their_environment_never_their_command_line(tmp_path: Path) -> None:
    """Issue 25: passwords never appear in the ``ps`` output of the apps the server starts."""
    url = "postgresql://norsewind:s3cret@db.example.org/norsewind"
    saves = tmp_path / "saves"
    saves.mkdir(mode=0o700)
    server = GameServer(ServeConfig(saves=saves, open=True, database=url))
    assert not any("s3cret" in part or "postgresql" in part for part in server.app_command("alice"))
    assert server.app_environment("alice", "xterm", {})["NORSEWIND_DATABASE"] == url
    assert "NORSEWIND_DATABASE" not in GameServer(ServeConfig(saves=saves, open=True)).app_environment(
        "alice", "xterm", {}
    )
