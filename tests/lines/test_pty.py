"""The line mode through a real pty, as a screen reader's user meets it (issue 29): a script that
reads only lines plays a whole solo game to its end; the end of the input leaves the game saved,
and the menu resumes it; no line is longer than 200 characters and no escape byte is written."""

from __future__ import annotations

import os
import random
import signal
from pathlib import Path

from norsewind_tui.options import Options
from norsewind_tui.storage.context import AppContext

from .pty_lines import APP, LinePty, line_env, resumed_one_decision

LONGEST = 200


def _clean(pty: LinePty) -> None:
    """What a braille display or a slow link needs: short lines, no escape sequence at all."""
    assert b"\x1b" not in pty.raw
    assert "\x9b" not in pty.raw.decode()  # the 8-bit CSI, as a character (a UTF-8 byte may be 0x9b)
    long = [line for line in pty.lines if len(line) > LONGEST]
    assert long == []


def _new_solo(pty: LinePty) -> None:
    pty.expect_text("What would you like to do?")
    pty.expect_text("Choose 1 to 10")
    pty.send("2")  # a new game
    pty.expect_text("How many players?")
    pty.expect_text("Choose 1 to 4")
    pty.send("1")  # solo
    pty.expect_text("Which solo level?")
    pty.expect_text("Choose 1 (Enter: 1)")
    pty.send("")
    pty.expect_text("Player 1's name (Enter: ")
    pty.send("Ana")


def _two_decisions(pty: LinePty) -> None:
    """A new solo game, two decisions (the first choice each time), up to the third question."""
    _new_solo(pty)
    for _ in range(2):
        pty.ask()
        pty.send("1")
    pty.ask()


def test_a_whole_solo_game_through_a_pty(saves: Path) -> None:
    pty = LinePty([*APP, "play", "--lines", "--seed", "11"], line_env(saves, "ana", USER="ana", LOGNAME="ana"))
    rng = random.Random(11)
    decisions = 0
    try:
        _new_solo(pty)
        pty.expect_text("Solo game, level 1: score more than the Vikings. Ana begins.")
        while True:
            index = pty.expect(lambda line: line.startswith("Choose 1") or line == "Final scores:", "a decision")
            if pty.lines[index] == "Final scores:":
                break
            pty.read_to = index  # ask() reads the question line again, with its choices before it
            _, choices, count = pty.ask()
            assert len(choices) == count
            assert [c.split(".", 1)[0] for c in choices] == [str(n) for n in range(1, count + 1)]
            pty.send(str(rng.randint(1, count)))
            decisions += 1
        verdict = pty.expect_text("Ana ")  # "Ana 31 - Vikings 12: margin +19."
        assert " - Vikings " in pty.lines[verdict]
        assert pty.finish() == 0
    finally:
        pty.close()
    _clean(pty)
    context = AppContext(Options(saves=str(saves), profile="ana"))
    (summary,) = context.games.list()
    assert summary.finished
    with context.games.open(summary.name, read_only=True) as game:
        assert game.session.position == decisions  # every number typed was one decision, saved
        assert game.state.is_over
    # the result is in the campaign, as the app's would be
    assert len(context.profiles.load("ana").games) == 1


def test_the_end_of_the_input_leaves_the_game_saved_and_the_menu_resumes_it(saves: Path) -> None:
    env = line_env(saves, "ana")
    pty = LinePty([*APP, "play", "--lines", "--seed", "5"], env)
    try:
        _two_decisions(pty)
        pty.end_input()
        saved = pty.expect_text("Your game is saved as ")
        assert pty.finish() == 0
    finally:
        pty.close()
    _clean(pty)
    name = pty.lines[saved].removeprefix("Your game is saved as ").split(":")[0]
    context = AppContext(Options(saves=str(saves)))
    with context.games.open(name, read_only=True) as game:
        assert game.session.position == 2
    again = LinePty([*APP, "play", "--lines"], env)
    try:
        again.expect_text("3. Resume a saved game (1 unfinished game).")
        again.expect_text("Choose 1 to 10")
        again.send("3")
        again.expect_text(f"1. {name}: solo, Ana, turn ")
        again.expect_text("Choose 1 to 2")
        again.send("1")
        again.expect_text(f"Resuming {name} at turn ")
        _, choices, count = again.ask()
        assert len(choices) == count
        again.send("quit")
        again.expect_text(f"Your game is saved as {name}: norsewind resume {name} --lines")
        assert again.finish() == 0
    finally:
        again.close()
    _clean(again)
    # what that line says to type
    with LinePty([*APP, "resume", name, "--lines"], env) as resumed:
        resumed_one_decision(resumed, name)
        resumed.expect_text(f"Your game is saved as {name}: norsewind resume {name} --lines")
        assert resumed.finish() == 0
    with context.games.open(name, read_only=True) as game:
        assert game.session.position == 3


def _two_decisions_then(saves: Path, end: str) -> tuple[int, LinePty]:
    pty = LinePty([*APP, "play", "--lines", "--seed", "5"], line_env(saves, "ana"))
    try:
        _two_decisions(pty)
        if end == "hang-up":
            os.close(pty.master)  # the terminal goes away: its reads end, its writes fail
            pty.master = os.open(os.devnull, os.O_RDONLY)  # for close()
            status = pty.proc.wait(timeout=120)
        else:
            pty.proc.send_signal(signal.SIGHUP)
            status = pty.finish()  # everything it wrote after the signal, read
    finally:
        pty.close()
    return status, pty


def test_a_terminal_that_goes_away_ends_the_mode_and_the_game_is_saved(saves: Path) -> None:
    status, _ = _two_decisions_then(saves, "hang-up")
    assert status == 0
    (summary,) = AppContext(Options(saves=str(saves))).games.list()
    assert summary.moves == 2


def test_a_hang_up_signal_ends_the_mode_and_the_game_is_saved(saves: Path) -> None:
    status, pty = _two_decisions_then(saves, "signal")
    assert status == 0
    assert "Traceback" not in pty.raw.decode()
    (summary,) = AppContext(Options(saves=str(saves))).games.list()
    assert summary.moves == 2
