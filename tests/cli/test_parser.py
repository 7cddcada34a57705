"""The command line builds only the subcommand it names (issue 28: the first frame).

Every subcommand's parser made each start of the app pay about 20 ms.  Now ``norsewind`` alone
builds none, ``norsewind resume`` builds the storage commands, and ``--help`` or a word that
names no command builds them all.  Whatever is built, a command line parses as it did.
"""

from __future__ import annotations

import argparse

import pytest

from norsewind_tui.cli import COMMANDS, VALUED, build_parser, main


def commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_the_commands_named_are_every_command_of_the_full_parser() -> None:
    full = commands(build_parser())
    assert set(full) == COMMANDS and len(full) == 20  # tv, puzzle, tournament (issues 44.2, 43.2, 44.1)


def test_the_values_skipped_are_those_of_every_top_level_option_that_takes_one() -> None:
    takes_value = {
        option
        for action in build_parser()._actions
        if action.option_strings and action.nargs is None and not isinstance(action, argparse._HelpAction)
        for option in action.option_strings
        if not isinstance(action, (argparse._StoreTrueAction, argparse._StoreConstAction))
    }
    assert takes_value == VALUED


@pytest.mark.parametrize("argv", [[], ["--saves", "play"], ["--no-mouse", "--seed", "3"], ["--continue"]])
def test_the_app_itself_builds_no_subcommand(argv: list[str]) -> None:
    built = commands(build_parser(argv))
    assert set(built) <= {"play"} and set(built) == (set(argv) & COMMANDS)  # "play" here is a folder's name
    assert build_parser(argv).parse_args(argv).command is None


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_command_built_alone_is_the_one_the_full_parser_has(name: str) -> None:
    alone, full = commands(build_parser([name]))[name], commands(build_parser())[name]
    assert alone.format_help() == full.format_help()


@pytest.mark.parametrize(
    "argv",
    [
        ["resume", "--database", "postgresql://x/y"],
        ["--saves", "s", "review", "game", "--analyse", "--seat", "2"],
        ["--sav", "s", "progress"],  # an abbreviated option: its value is read as no command
        ["--sav", "resume", "daily"],  # ... even when it names one
        ["simulate", "--players", "4", "--games", "3"],
        ["play", "--lines", "--colour"],
        ["saves", "verify", "game"],
        ["db", "upgrade"],
    ],
)
def test_a_command_line_parses_as_the_full_parser_parses_it(argv: list[str]) -> None:
    def parsed(parser: argparse.ArgumentParser) -> dict[str, object]:
        found = vars(parser.parse_args(argv))
        handler = found.pop("handler")  # a wrapper made anew with each parser: its name and words
        return {**found, "handler": (handler.__qualname__, handler.__doc__)}

    assert parsed(build_parser(argv)) == parsed(build_parser())


def test_a_word_that_names_no_command_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["progres"])
    assert stop.value.code == 2
    error = capsys.readouterr().err
    assert "invalid choice: 'progres'" in error
    assert all(f"'{name}'" in error for name in COMMANDS)
