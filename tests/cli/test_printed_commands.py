"""Every command the game prints runs as printed and reaches the same games (issue 39.10): it
carries the options the player gave (``--saves``, ``--database``...), each word quoted for a POSIX
shell; a database's URL is shown without its password."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from norsewind_tui.cli import main, parse
from norsewind_tui.options import Options
from norsewind_tui.rules import GameConfig
from norsewind_tui.storage import SeatMeta
from norsewind_tui.storage.commands import typed
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.pg.url import shown_url
from norsewind_tui.tui.app import exit_line


def test_a_command_carries_the_options_given_quoted_and_without_a_password() -> None:
    url = "postgresql://ana:s3cret@db.example.org/norsewind?sslmode=require&port=5433"
    options = Options(saves="/srv/my saves", database=url, engine="python3 my engine.py")
    assert typed(options, "resume", "2p-2147", "--lines") == (
        "norsewind --saves '/srv/my saves' --database "
        "'postgresql://ana@db.example.org/norsewind?sslmode=require&port=5433' "
        "--engine 'python3 my engine.py' resume 2p-2147 --lines"
    )
    assert shlex.split(typed(options, "saves"))[4] == shown_url(url)  # pasted whole, not cut at &
    assert typed(Options(), "resume", "it's") == "norsewind resume 'it'\"'\"'s'"


def test_resume_takes_saves_after_the_command(tmp_path: Path) -> None:
    _, options = parse(["resume", "2p-2147", "--lines", "--saves", str(tmp_path)])
    assert (options.command, options.name, options.lines, options.saves) == ("resume", "2p-2147", True, str(tmp_path))


def test_the_apps_closing_line_names_the_saves_folder_given(tmp_path: Path) -> None:
    mine = tmp_path / "my saves"
    context = AppContext(Options(saves=str(mine)))
    game = context.games.create(GameConfig(players=("Ana", "Bo")), 3, [SeatMeta("Ana"), SeatMeta("Bo")], name="2p-2147")
    game.close()
    assert exit_line(game, context.command).splitlines() == [
        "Your game is saved as 2p-2147:",
        f"  norsewind --saves '{mine}' resume 2p-2147",
    ]


def test_a_held_games_watch_command_names_the_saves_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mine = tmp_path / "my saves"
    context = AppContext(Options(saves=str(mine)))
    game = context.games.create(GameConfig(players=("Ana",), level=1), 3, [SeatMeta("Ana")], name="busy")
    try:
        assert main(["--saves", str(mine), "resume", "busy"]) == 2
    finally:
        game.close()
    err = capsys.readouterr().err.splitlines()
    assert err[-1].strip() == f"norsewind --saves '{mine}' resume --watch busy"


def test_saves_names_the_database_it_lists(tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Not the folder: the games are the database's."""
    folder = tmp_path / "saves"
    argv = ["--saves", str(folder), "--database", pg_url]
    assert main([*argv, "saves"]) == 0
    said = capsys.readouterr().out  # wrapped at words within the terminal's width
    assert " ".join(said.split()) == f"No saved games in the database {shown_url(pg_url)}."
    context = AppContext(Options(saves=str(folder), database=pg_url))
    profile = context.profile_name  # this player's game: a database lists each player's own (issue 38.10)
    config = GameConfig(players=("Ana",), level=1)
    solo = context.games.create(config, 3, [SeatMeta("Ana")], name="solo-1", profile=profile)
    solo.close()
    assert main([*argv, "saves"]) == 0
    lines = capsys.readouterr().out.splitlines()
    heading = lines[: next(i for i, line in enumerate(lines) if line.strip().startswith("#"))]
    assert " ".join(" ".join(heading).split()) == f"Saved games in the database {shown_url(pg_url)}"
    assert all(len(line) <= 80 for line in heading)
