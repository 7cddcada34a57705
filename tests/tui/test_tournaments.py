"""Tournaments in the app (issue 44.1) with the line mode beside it: a round-robin of 4 (alice
through the app, a 24-character name through the line mode, two computer levels) made on the
app's form, joined in lines, started, its tables sat at from both, played to its end over two
rounds and its standings shown at 80x24, nothing cut; a bad name and a join after the start one line."""

from __future__ import annotations

from pathlib import Path

import pytest
from lines.test_tournaments import Player
from textual.widgets import Input, OptionList, Select
from tournament_play import play_out

from norsewind_tui.options import Options
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.tables import SharedTable
from norsewind_tui.tui.screens.table import TableScreen
from norsewind_tui.tui.screens.tournaments import NewTournamentScreen, TournamentScreen, TournamentsScreen

from .helpers import aio, make_app, screen_text
from .test_layout import assert_fits
from .waits import until

LONG = "Bartholomew-Alexandrinus"  # 24 characters


@aio
async def test_a_round_robin_of_four_through_the_app_and_the_line_mode(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NORSEWIND_PLAYER", "alice")
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, TournamentsScreen), "the tournaments")
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewTournamentScreen), "the form")
        form = app.screen
        assert isinstance(form, NewTournamentScreen)
        form.query_one("#tournament-name", Input).value = "\x1b[31mcup"
        form.query_one("#tournament-computers", Input).value = "greedy easy"
        form.query_one("#tournament-rounds", Select).value = 1  # 2 rounds
        form.make()
        await until(pilot, lambda: "would be its name" in screen_text(app), "the refusal")
        assert "'31mcup' would be its name: a tournament's name is letters, digits, - and _" in screen_text(app)
        form.query_one("#tournament-name", Input).value = "cup"
        form.make()
        await until(pilot, lambda: "Open: 3 players in; alice starts it." in screen_text(app), "cup's page")
        bob = Player(saves, LONG, monkeypatch)  # the line mode: joins
        bob.answer("Choose 1 to 10:", "9")
        bob.answer("Choose 1 to 3:", "1")
        bob.answer("What now?", "1")  # join it
        bob.answer("What now?", "3")  # back (the acts: leave, look again, back)
        assert isinstance(app.screen, TournamentScreen)
        await pilot.press("s")
        await until(pilot, lambda: "Table cup-r1-t1: playing (your seat)" in screen_text(app), "round 1")
        assert_fits(app)
        await pilot.press("enter")  # alice's table: her seat taken
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "alice's table")
        t = AppContext(Options(saves=str(saves))).tournaments
        table = t.tables.open("cup-r1-t1", "alice")
        assert table.view.seat_of("alice") is not None
        table.close()
        bob.answer("Choose 1 to 3:", "1")
        bob.answer("What now?", "1")  # sit at his table
        bob.thread.join(60)
        (held,) = bob.got
        assert isinstance(held, SharedTable) and held.view.seat_of(LONG) is not None
        held.close()
        app.open_page("tournaments")
        await until(pilot, lambda: isinstance(app.screen, TournamentsScreen), "the tournaments")
        play_out(t, "cup", ["cup-r1-t1"], ["alice", LONG])
        play_out(t, "cup", ["cup-r2-t1", "cup-r2-t2"], ["alice", LONG])
        await until(pilot, lambda: "round-robin" in screen_text(app), "cup in the list")
        assert app.screen.query_one(OptionList).highlighted == 0
        await pilot.press("enter")
        await until(pilot, lambda: "Over after 2 rounds" in screen_text(app), "the standings")
        look = t.look("cup")
        text = screen_text(app)
        for place, s in enumerate(look.standings, 1):
            assert f"{place:>3}  {s.entrant:<24}  {s.points:>6.2f}  {s.buchholz:>8.2f}" in text
        assert_fits(app)
        carol = Player(saves, "carol", monkeypatch)  # after the start: no join offered; a join says why
        carol.answer("Choose 1 to 10:", "9")
        carol.answer("Choose 1 to 3:", "1")
        carol.out.wait_for("What now?", carol.heard)
        assert "Join it" not in carol.out.getvalue()
