"""The daily deal and the hall of fame in the app (issue 13), at 80x24, with a clock the test sets."""

from __future__ import annotations

import random
from datetime import date
from pathlib import Path

from daily_records import DAY, record

from norsewind_tui.options import Options
from norsewind_tui.storage import GameStore, ProfileStore
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.daily import start_daily
from norsewind_tui.storage.dailyseed import daily_seed
from norsewind_tui.storage.pg.home import home
from norsewind_tui.storage.pg.profiles import PgProfileStore
from norsewind_tui.tui.app import NorsewindApp
from norsewind_tui.tui.screens.campaign import CampaignScreen
from norsewind_tui.tui.screens.daily import DailyScreen
from norsewind_tui.tui.screens.game import GameScreen
from norsewind_tui.tui.screens.halloffame import HallOfFameScreen
from norsewind_tui.tui.widgets.prompt import StatusLine

from .helpers import PROFILE, aio, make_app, running, shown
from .screens import opened


def _today() -> date:
    return DAY


@aio
async def test_the_title_opens_the_daily_deal_and_enter_deals_the_days_game(saves: Path) -> None:
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Daily deal              d" in await shown(pilot)
        await opened(pilot, "d", DailyScreen)
        app.show(DailyScreen(today=_today))
        text = await shown(pilot)
        assert f"Daily deal of 2026-11-30 (profile {PROFILE})" in text
        assert "  1      play    0" in text and "  2      locked  0" in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        game = app.session.active_game
        assert game is not None and game.name == f"daily-2026-11-30-L1-{PROFILE}"
        assert game.session.seed == daily_seed(DAY, 1)


@aio
async def test_a_second_attempt_says_it_is_done(saves: Path) -> None:
    store = GameStore(saves)
    start = start_daily(store, PROFILE, 1, today=_today)
    assert start.game is not None
    game = start.game
    rng = random.Random(2)
    while not game.finished:
        game.push(rng.choice(game.legal_moves()))
    game.close()
    margin = store.profiles.load(PROFILE).games[0].margin
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        app.show(DailyScreen(today=_today))
        text = await shown(pilot)
        assert f"  1      {margin:+d} no medal  1              " in text  # margin {margin} earns no medal
        await pilot.press("enter")
        text = await shown(pilot)
        assert isinstance(app.screen, DailyScreen)
        assert f"Done: level 1 today, margin {margin:+d}. One attempt a day; f: hall of fame." in text


@aio
async def test_the_hall_of_fame_shows_names_literally_and_skips_hostile_profiles(saves: Path) -> None:
    profiles = ProfileStore(saves / "profiles")
    profiles.record("alice", record(1, 17, daily=True))
    profiles.record("[red]Eve[/red] with a name far too long to show", record(1, 9))
    profiles.record("bob", record(1, 30, assisted=True))
    (saves / "profiles" / "mallory.json").write_bytes(b'{"format": 2, "name": "m\\u001b]0;x\\u0007", "games": []}')
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        app.show(HallOfFameScreen(day=DAY))
        text = await shown(pilot)
        lines = text.splitlines()
        assert "Hall of fame: level 1 of 7" in text
        assert any(line.startswith("  1  alice                    +17  gold         77") for line in lines)
        assert any(line.startswith("  2  [red]Eve[/red] with…      +9  silver       69") for line in lines)
        assert "Assisted games (no medal), level 1" in text
        assert any(line.startswith("  1  bob                      +30  -            90") for line in lines)
        assert "note: skipped mallory.json: $.name: contains the control character U+001B" in text
        await pilot.press("left_square_bracket")
        text = await shown(pilot)
        shown_lines = [line.strip() for line in text.splitlines()]
        at = shown_lines.index("Daily deal of 2026-11-29, level 1")  # the day before: nobody played it
        assert shown_lines[at + 1] == "no result yet"
        await pilot.press("right")
        text = await shown(pilot)
        assert "Hall of fame: level 2 of 7" in text and "no game yet" in text


@aio
async def test_the_progress_page_shows_the_daily_deals_and_the_best_games(saves: Path) -> None:
    profiles = ProfileStore(saves / "profiles")
    for margin, daily in ((3, False), (17, True), (-2, False), (25, False)):
        profiles.record(PROFILE, record(1, margin, daily=daily))
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        text = await shown(pilot)
        assert isinstance(app.screen, CampaignScreen)
        lines = [line.strip() for line in text.splitlines()]
        at = lines.index("Daily deals:")
        assert lines[at + 1] == "2026-11-30  level 1  margin +17  gold"
        best = lines.index("Best games (1, 2: review):")
        assert lines[best + 1].startswith("1 ") and lines[best + 1].endswith("margin +25  platinum  seed 11")
        assert lines[best + 2].endswith("margin +17  gold  seed 400973191")


@aio
async def test_the_progress_page_reviews_a_best_game_by_its_number(saves: Path) -> None:
    """Issue 13: the campaign page's best games are linked to review (1, 2), while the save is that game."""
    from norsewind_tui.tui.screens.review import ReviewScreen

    from .helpers import new_game

    game = new_game(saves, (PROFILE,), seed=7)
    rng = random.Random(7)
    while not game.finished:
        game.push(rng.choice(game.legal_moves()))
    name = game.name
    game.close()
    (record,) = ProfileStore(saves / "profiles").load(PROFILE).games
    assert record.save == name
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        text = await shown(pilot)
        assert "Best games (1, 2: review):" in text
        await pilot.press("2")
        text = await shown(pilot)
        assert "There is no best game 2 yet" in text
        await pilot.press("1")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
    GameStore(saves).remove(name)  # the save deleted: said, not a traceback
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p", "1")
        text = await shown(pilot)
        assert "That game cannot be reviewed:" in text
        assert isinstance(app.screen, CampaignScreen)


@aio
async def test_the_daily_deals_game_screen_says_it_is_the_one_attempt(saves: Path) -> None:
    """Issue 23.14: the game screen of the daily deal did not say it is the day's one attempt."""
    from norsewind_tui.storage.daily import utc_today
    from norsewind_tui.tui.widgets.log import GameLog

    today = utc_today()
    start = start_daily(GameStore(saves), PROFILE, 1, today=lambda: today)
    assert start.game is not None
    app = make_app(saves, game=start.game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        said = f"The daily deal of {today.isoformat()}: your one attempt today"
        assert app.screen.query_one(StatusLine).message.startswith(f"{said}.")
        assert app.screen.query_one(GameLog).plain_lines[0] == f"{said}; score more than the Vikings. {PROFILE} begins."


@aio
async def test_a_branch_of_the_daily_deal_is_not_the_attempt(saves: Path) -> None:
    from norsewind_tui.storage.daily import utc_today

    today = utc_today()
    store = GameStore(saves)
    start = start_daily(store, PROFILE, 1, today=lambda: today)
    assert start.game is not None
    for _ in range(6):
        start.game.push(start.game.legal_moves()[0])
    branch = store.branch(start.game, 3)
    start.game.close()
    async with running(saves, branch) as (app, pilot):
        await pilot.pause()
        assert "one attempt" not in app.screen.query_one(StatusLine).message


@aio
async def test_the_hall_of_fame_page_shows_the_databases_games(saves: Path, pg_url: str) -> None:
    """With --database (issue 25) the page shows the database's profiles; the saves folder has none."""
    profiles = PgProfileStore(home(pg_url))
    profiles.record("alice", record(1, 17, daily=True))
    profiles.record("bob", record(1, 30, assisted=True))
    context = AppContext(Options(saves=str(saves), profile=PROFILE, database=pg_url))
    app = NorsewindApp(context, seed=5, theme="norsewind")
    async with app.run_test(size=(80, 24)) as pilot:
        app.show(HallOfFameScreen(day=DAY))
        lines = (await shown(pilot)).splitlines()
        assert any(line.startswith("  1  alice                    +17  gold         77") for line in lines)
        assert any(line.startswith("  1  bob                      +30  -            90") for line in lines)
        assert not any("note:" in line for line in lines)
        at = [line.strip() for line in lines].index("Daily deal of 2026-11-30, level 1")
        assert lines[at + 2].startswith("  1  alice                    +17  gold")
    assert not (saves / "profiles").exists()
