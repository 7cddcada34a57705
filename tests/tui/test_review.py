"""The review screen (issue 12): a game watched again, read-only, decision by decision.

Every position is the rules' replay of the save's log (``Timeline``), so the board shown
after N decisions must be the state the game had after N decisions; the file is never written.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from computer_turns import finish_table
from textual.widgets import Input

from norsewind_tui.bots import make_bot
from norsewind_tui.rules import apply, new_game
from norsewind_tui.tui.screens.end import EndScreen
from norsewind_tui.tui.screens.review import REVIEW_BINDINGS, ReviewLog, ReviewScreen
from norsewind_tui.tui.timeline import Timeline
from norsewind_tui.tui.widgets.chart import ScoreChart
from norsewind_tui.tui.widgets.prompt import StatusLine

from .helpers import aio, footer_line, make_app, running, shown
from .helpers import new_game as start_game


def played(saves: Path, names: tuple[str, ...], seed: int, stop: int | None = None) -> Any:
    """A game the greedy player plays for every seat (to the end, or ``stop`` decisions)."""
    game = start_game(saves, names, seed=seed)
    bot = make_bot("greedy", 1)
    while not game.state.is_over and (stop is None or game.session.position < stop):
        game.push(bot.decide(game.state))
    return game


def status(app: Any) -> str:
    return str(app.screen.query_one(StatusLine).message)


def test_every_review_key_is_a_binding_with_an_id() -> None:
    ids = [b.id for b in REVIEW_BINDINGS]
    assert all(ids) and len(set(ids)) == len(ids)
    keys = {k for b in REVIEW_BINDINGS for k in b.key.split(",")}
    assert {"left", "right", "up", "down", "pageup", "pagedown", "home", "end", "g", "v", "p", "a"} <= keys


def test_the_timeline_is_the_replay_and_shows_no_future(saves: Path) -> None:
    game = played(saves, ("Astrid",), seed=7)
    t = Timeline(game.session)
    state = new_game(game.state.config, game.session.seed, game.store.cards)
    for p in range(t.end + 1):
        assert t.state(p) == state  # the position is the rules' state after p decisions
        shown_lines, current = t.lines_to(p)
        assert len(shown_lines) == sum(len(b) for b in game.session.events[:p])  # nothing later
        assert current == (len(game.session.events[p - 1]) if p else 0)
        if p < t.end:
            state = apply(state, game.session.moves[p])
    assert t.status(0).startswith("The start of the game")
    assert t.projected(t.end) == (113, 42)  # the final score pad: Astrid 113, Vikings 42
    assert t.turn_starts[0] == 0 and all(a < b for a, b in zip(t.turn_starts, t.turn_starts[1:], strict=False))


@aio
async def test_review_keys_walk_the_game(saves: Path) -> None:
    game = played(saves, ("Astrid",), seed=7)
    before = game.path.read_bytes()
    name = game.name
    game.close()
    library_game = make_app(saves).context.games.open(name, read_only=True)
    app = make_app(saves)
    app.initial_review = library_game
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        t = screen.timeline
        assert screen.position == t.end == 56
        assert "Review 56/56: final score Astrid 113, Vikings 42" in await shown(pilot)
        await pilot.press("left")
        assert screen.position == 55 and status(app) == t.status(55)
        assert status(app).startswith("Last decision (turn 15): Astrid ")
        lines = (await shown(pilot)).splitlines()  # the turn and the points now on top, the estimate explained
        assert lines[0].startswith("Turn 15 ")
        assert lines[-4:-2] == [
            "Review 55/56: estimated final score Astrid 106, Vikings 35".ljust(80),
            t.status(55).ljust(80),
        ]
        await pilot.press("home")
        assert screen.position == 0 and "Turn 1 " in await shown(pilot)
        await pilot.press("right", "right")
        assert screen.position == 2
        await pilot.press("down")
        assert screen.position == t.next_turn(2)
        await pilot.press("pagedown", "up")
        assert screen.position == t.next_turn(2)
        await pilot.press("end")
        assert screen.position == 56
        await pilot.press("g")
        await pilot.press("5", "enter")
        assert screen.position == t.start_of_turn(5) and t.state(screen.position).turn == 5
        assert "Turn 5 " in await shown(pilot)
        await pilot.press("g")
        await pilot.press("9", "9", "enter")
        assert status(app) == "No turn 99: the game has turns 1 to 15."
        # v: the Vikings' turn, step by step, in the status line and the log
        await pilot.press("home", "v")
        first = t.next_vikings(0)
        assert screen.position == first and screen.viking_step == 1
        assert status(app).startswith(f"Vikings' turn, step 1 of {t.viking_steps(first)}: The Viking ship moves ")
        log = screen.query_one(ReviewLog)
        assert log.lines[-1][0].startswith("▶ The Viking ship moves") and log.lines[-1][1] == "log--current"
        # t: the chart of projected scores over the turns
        await pilot.press("end", "t")
        text = await shown(pilot)
        assert screen.has_class("-chart") and screen.query_one(ScoreChart).display
        assert "Projected scores" in text and "█ Astrid 113  ╳ Vikings 42" in text and "end" in text
        assert all(len(line) <= 80 for line in text.splitlines())
        await pilot.press("escape")
    assert game.path.read_bytes() == before  # a review never writes


@aio
async def test_review_from_the_score_pad_and_back(saves: Path) -> None:
    game = played(saves, ("Astrid",), seed=7)
    before = game.path.read_bytes()
    async with running(saves, game) as (app, pilot):
        assert isinstance(app.screen, EndScreen)
        assert "r Review" in await footer_line(pilot)
        await pilot.press("r")
        assert isinstance(app.screen, ReviewScreen) and app.screen.position == 56
        await pilot.press("left", "left")
        assert app.screen.position == 54
        await pilot.press("escape")
        assert isinstance(app.screen, EndScreen)
    assert game.path.read_bytes() == before


@aio
async def test_review_from_the_resume_list_for_finished_games(saves: Path) -> None:
    played(saves, ("Astrid",), seed=7).close()
    unfinished = played(saves, ("Astrid", "Bjorn"), seed=8, stop=10)
    unfinished.close()
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_page("resume")
        await pilot.pause()
        screen: Any = app.screen
        rows = [g.name for g in screen.games]
        table = screen.query_one("DataTable")
        table.move_cursor(row=rows.index(unfinished.name))
        await pilot.press("r")
        assert "is not finished: Enter resumes it" in str(screen.query_one("#resume-status").content)
        table.move_cursor(row=1 - rows.index(unfinished.name))
        await pilot.press("r")
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.timeline.state(review.position).is_over
        await pilot.press("escape")
        assert app.screen is screen


@aio
async def test_a_four_player_review_has_no_vikings_and_tab_shows_each_player(saves: Path) -> None:
    game = played(saves, ("Ana", "Bo", "Cy", "Di"), seed=9, stop=40)
    app = make_app(saves)
    app.initial_review = game
    async with app.run_test(size=(80, 24)) as pilot:
        screen: Any = app.screen
        assert screen.position == 40
        footer = await footer_line(pilot)
        assert "Vikings" not in footer
        await pilot.press("v")
        assert screen.position == 40
        await pilot.press("tab")
        assert screen.view_seat is not None and "'s kingdoms]" in screen.query_one("#prompt").prompt


async def _screens(saves: Path, name: str, positions: list[int]) -> list[str]:
    app = make_app(saves)
    app.initial_review = app.context.games.open(name, read_only=True)
    out = []
    async with app.run_test(size=(80, 24)) as pilot:
        screen: Any = app.screen
        await footer_line(pilot)  # Textual fills the footer after the first frame: under load, later
        for p in positions:
            screen.go(p)
            out.append(await shown(pilot))
        await pilot.press("t")
        out.append(await shown(pilot))
    return out


@aio
async def test_an_exported_and_imported_game_reviews_the_same(saves: Path, tmp_path: Path) -> None:
    from norsewind_tui.cli import main

    game = played(saves, ("Astrid",), seed=7)
    game.close()
    shared = tmp_path / "shared.json"
    assert main(["--saves", str(saves), "export", game.name, "--json", "-o", str(shared)]) == 0
    assert main(["--saves", str(saves), "import", str(shared), "--as", "imported"]) == 0
    steps = [0, 1, 10, 33, 56]
    original = await _screens(saves, game.name, steps)
    imported = await _screens(saves, "imported", steps)
    assert imported == original
    assert "Review 33/56: estimated final score " in original[3]


@aio
async def test_play_on_from_turn_5_is_a_new_game_without_a_medal(saves: Path) -> None:
    from norsewind_tui.tui.screens.game import GameScreen
    from norsewind_tui.tui.screens.resume import ResumeScreen

    game = played(saves, ("Astrid",), seed=7)
    before = game.path.read_bytes()
    app = make_app(saves, game=game)
    campaign = app.context.campaign()
    assert sum(row.played for row in campaign[0]) == 1
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", "g")
        await pilot.press("5", "enter")
        review: Any = app.screen
        start = review.timeline.start_of_turn(5)
        expected = review.timeline.state(start)
        assert review.position == start
        await pilot.press("p")
        await pilot.pause()
        assert app.screen.query_one("#name", Input).value == f"{game.name}-from-turn-5"
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        branch = screen.game
        assert branch.name == f"{game.name}-from-turn-5" and branch.branch_of == game.name
        assert branch.state == expected and branch.session.position == start
        assert "earns no medal" in status(app)
        bot = make_bot("greedy", 3)
        while not branch.state.is_over:
            screen.play(bot.decide(branch.state))
            await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        text = await shown(pilot)
        assert f"Played on from {game.name}: a branch earns no medal" in text and "medal on level" not in text
        app.open_page("resume")
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        assert "branch, over" in await shown(pilot)
    assert game.path.read_bytes() == before  # the original file never changes
    assert app.context.campaign() == campaign  # R25: the campaign record is untouched


def test_the_review_help_lists_every_key() -> None:
    from norsewind_tui.tui.screens.review import REVIEW_KEY_HELP, review_keys

    assert set(REVIEW_KEY_HELP) == {b.id for b in REVIEW_BINDINGS}
    lines = review_keys()
    assert len(lines) == 2 + len(REVIEW_BINDINGS)
    assert "↑ / PgUp       to the start of this turn, or the one before (PgUp too; ↓ / PgDn: the next turn)" in lines


@aio
async def test_a_game_without_decisions_reviews_and_no_key_fails(saves: Path) -> None:
    game = start_game(saves, ("Astrid", "Bjorn"), seed=3)
    app = make_app(saves)
    app.initial_review = game
    async with app.run_test(size=(80, 24)) as pilot:
        screen: Any = app.screen
        await pilot.press("left", "up", "home", "end", "right", "down", "pagedown", "pageup", "t", "tab", "n", "v")
        assert screen.position == 0 and isinstance(app.screen, ReviewScreen)
        text = await shown(pilot)
        assert "The game begins." in text and "Review 0/0: estimated final score " in text
        await pilot.press("p")
        await pilot.press("enter")
        assert type(app.screen).__name__ == "GameScreen" and app.screen.game.branch_of == game.name


@aio
async def test_review_from_a_finished_tables_score_pad(saves: Path) -> None:
    from norsewind_tui.storage.tables import TableStore
    from norsewind_tui.tui.screens.table import TableEndScreen

    table = TableStore(saves).create("alice", ["me", "greedy"], seed=5, name="evening")
    finish_table(table)
    before = table.path.read_bytes()
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_table(table)
        await pilot.pause()
        assert isinstance(app.screen, TableEndScreen)
        await pilot.press("r")
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.position == table.session.position
        await pilot.press("home")
        assert review.timeline.state(0) == table.session.states[0]
        await pilot.press("escape")
        assert isinstance(app.screen, TableEndScreen)
    assert table.path.read_bytes() == before
