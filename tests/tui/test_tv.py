"""Norsewind TV in the app (issue 44.2): with two live tables it shows the one the rule picks,
switches when that one ends, and replays a finished game of the day when none is live."""

from __future__ import annotations

import os
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from tv_tables import finish, table

from norsewind_tui.storage import ProfileStore
from norsewind_tui.storage.ratings import RatedGame, RatedSeat
from norsewind_tui.tui.screens.tv import TvFrame, TvScreen

from .helpers import aio, make_app, screen_text
from .test_layout import assert_fits
from .waits import Seen, until


def rate_ann_above_everyone(saves: Path) -> None:
    """ann beat the greedy computer twice: her rating is above a newcomer's."""
    profiles = ProfileStore(saves / "profiles")
    for _ in range(2):
        seats = (RatedSeat("person", "ann", 1), RatedSeat("computer", "greedy", 2))
        assert profiles.rate(RatedGame(os.urandom(16).hex(), datetime.now(UTC), seats))


def caption(app: App[Any]) -> str:
    """The caption as drawn: the screen's lines above the players' bar (two when it wraps)."""
    lines = []
    for line in screen_text(app).splitlines():
        if line.startswith("Turn ") or not line.strip():
            break
        lines.append(line.strip())
    return " ".join(lines)


def position(app: App[Any]) -> int:
    """The replay's decision shown, from the caption."""
    found = re.search(r"decision (\d+) of", caption(app))
    assert found is not None, caption(app)
    return int(found.group(1))


@aio
async def test_tv_shows_the_rules_pick_switches_when_it_ends_and_replays_when_none_is_live(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NORSEWIND_PLAYER", "carol")  # a watcher: no seat anywhere
    rate_ann_above_everyone(saves)
    # the same seed and the same decisions: the same scores, so the ratings alone decide (docs/SSH.md)
    table(saves, "duel", "alice", "bob", 3)
    table(saves, "stars", "ann", "eve", 3)
    app = make_app(saves)
    seen = Seen(TvFrame)
    async with app.run_test(size=(80, 24), message_hook=seen) as pilot:
        app.show(TvScreen(pace=0.05))
        await until(pilot, lambda: "live at stars" in caption(app), "the rated players' table")
        assert caption(app) == "Norsewind TV, live at stars, turn 1: ann (1473) -23, eve (1000) -14"
        assert_fits(app)
        finish(saves, "stars", "ann", "eve")
        await until(pilot, lambda: "live at duel" in caption(app), "the other live table")
        assert caption(app) == "Norsewind TV, live at duel, turn 1: alice (1000) -23, bob (1000) -14"
        finish(saves, "duel", "alice", "bob")
        await until(pilot, lambda: "replay of stars" in caption(app), "a replay of the day's best game")
        assert re.fullmatch(
            r"Norsewind TV, replay of stars, decision \d+ of 78: ann \(1473\) -?\d+, eve .*", caption(app)
        )
        await pilot.press("f")  # followed: the channel stays on this replay
        await until(pilot, lambda: "following" in caption(app), "the replay followed")
        await pilot.press("left")
        await until(pilot, lambda: "held" in caption(app), "a step back, held")
        held = position(app)
        frames = seen.counts[TvFrame]
        await until(pilot, lambda: seen.counts[TvFrame] > frames + 3, "more looks")
        assert position(app) == held  # held where it was stepped back to
        await pilot.press("right")
        await until(pilot, lambda: position(app) > held, "the replay going on")
        await pilot.press("escape")
        await until(pilot, lambda: "Learn to play" in screen_text(app), "the title")
