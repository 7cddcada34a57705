"""The solo campaign and the daily deal in the line menu (issue 29): the levels with their medals,
a game on an unlocked level, and today's deal: one attempt, resumed, then its result."""

from __future__ import annotations

import random
from pathlib import Path

from norsewind_tui.options import Options
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.daily import utc_today
from norsewind_tui.storage.dailyseed import daily_save_name, daily_seed

from .pty_lines import APP, LinePty, line_env

MENU_DAILY = "5. Today's daily deal"


def _env(saves: Path) -> dict[str, str]:
    return line_env(saves, "ana", USER="ana", LOGNAME="ana")


def test_the_campaign_lists_the_levels_and_plays_one(saves: Path) -> None:
    pty = LinePty([*APP, "play", "--lines", "--seed", "3"], _env(saves))
    try:
        pty.expect_text("4. The solo campaign: your levels and medals.")
        pty.expect_text("Choose 1 to 10")
        pty.send("4")
        pty.expect_text("The campaign of ana:")
        first = pty.expect_text("Level 1: ")
        assert pty.lines[first] == "Level 1: no medal yet; 0 games played."
        assert pty.expect_text("Level 2: ") == first + 1
        assert pty.lines[first + 1] == "Level 2: locked (platinum on level 1 unlocks it)."
        pty.expect_text("1. Play level 1.")
        pty.expect_text("Choose 1 to 2 (Enter: 1)")
        pty.send("")
        pty.expect_text("Player 1's name (Enter: ana)")
        pty.send("")
        pty.expect_text("Solo game, level 1: score more than the Vikings. ana begins.")
        pty.ask()
        pty.send("quit")
        assert pty.finish() == 0
    finally:
        pty.close()
    (summary,) = AppContext(Options(saves=str(saves))).games.list()
    assert summary.mode == "solo" and summary.players == ("ana",)


def test_the_daily_deal_one_attempt_then_its_result(saves: Path) -> None:
    today = utc_today()  # the process's day (a test across midnight UTC would see two days)
    pty = LinePty([*APP, "play", "--lines"], _env(saves))
    rng = random.Random(2)
    try:
        pty.expect_text(MENU_DAILY)
        pty.send("5")
        pty.expect_text("The daily deal on which level?")
        pty.expect_text("Choose 1 (Enter: 1)")
        pty.send("")
        pty.expect_text(f"The daily deal of {today.isoformat()}: your one attempt today; score more than the Vikings.")
        while True:
            index = pty.expect(lambda line: line.startswith("Choose 1") or line == "Final scores:", "a decision")
            if pty.lines[index] == "Final scores:":
                break
            found = pty.lines[index].split(" to ")
            count = int(found[1].split(",")[0]) if len(found) > 1 else 1
            pty.send(str(rng.randint(1, count)))
        assert pty.finish() == 0
    finally:
        pty.close()
    context = AppContext(Options(saves=str(saves), profile="ana"))
    with context.games.open(daily_save_name(today, 1, "ana"), read_only=True) as game:
        assert game.session.seed == daily_seed(today, 1)  # the deal everyone gets today
        assert game.finished
    (record,) = context.profiles.load("ana").games
    assert record.daily == today.isoformat()

    again = LinePty([*APP, "play", "--lines"], _env(saves))
    try:
        again.expect_text(MENU_DAILY)
        again.send("5")
        again.expect_text("Choose 1 (Enter: 1)")
        again.send("")
        said = again.expect_text(f"ana: daily deal of {today.isoformat()}, level 1: margin {record.margin:+d}, ")
        assert again.expect_text("One attempt a day: come back tomorrow.") == said + 1
        again.expect_text("What would you like to do?")  # back to the menu
        again.send("quit")
        assert again.finish() == 0
    finally:
        again.close()
