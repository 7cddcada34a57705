"""Nothing is cut off at 80x24 (issue 11 section 2): every screen, every kind of prompt, 24-cell names.

Each test brings a screen to 80x24 with the longest names a player can type and
asks ``layout_problems`` for lines that end elided (``~``, ``…``) and for text a
widget needs more lines for than it has (hidden under the next widget).
"""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from norsewind_tui.rules import GameConfig, Move, apply, legal_moves
from norsewind_tui.rules import new_game as rules_game
from norsewind_tui.rules.scoring import score_breakdown
from norsewind_tui.rules.state import Phase
from norsewind_tui.storage.tables import TableStore
from norsewind_tui.tui.messages import GameChanged, HintReady
from norsewind_tui.tui.screens.end import EndScreen
from norsewind_tui.tui.widgets.prompt import PromptLine, StatusLine

from .helpers import PROFILE, aio, make_app, new_game, running, screen_text
from .layout import LONG_NAMES, layout_problems
from .screens import game_screen, on_screen
from .waits import Seen, until

SIZE = (80, 24)
# the size that counts, and a wide one: the side panel, spaced rows (issue 23: wider never shows less)
SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=["80x24", "120x36"])
PHASES: tuple[Phase, ...] = (
    "place_start",
    "action",
    "building_kingdom",
    "castle_kingdom",
    "supply",
    "citizen_space",
    "disc_space",
    "reuse_disc",
    "neutral_space",
)


def moves_to(config: GameConfig, phase: Phase) -> tuple[int, list[Move]]:
    """A seed and the (seeded random) moves that bring a game of ``config`` to ``phase``."""
    for seed in range(60):
        state = rules_game(config, seed=seed)
        rng = random.Random(seed)
        moves: list[Move] = []
        while state.phase != "over":
            if state.phase == phase:
                return seed, moves
            move = rng.choice(legal_moves(state))
            state = apply(state, move)
            moves.append(move)
    raise AssertionError(f"no game reached {phase}")


def game_at(saves: Path, names: tuple[str, ...], phase: Phase, **seats: str) -> Any:
    config = GameConfig(players=names, start_choice=phase == "place_start")
    seed, moves = moves_to(config, phase)
    game = new_game(saves, names, seed, computers=seats, start_choice=config.start_choice)
    for move in moves:
        game.push(move)
    return game


def assert_fits(app: Any, text: str | None = None) -> None:
    problems = layout_problems(app, text)
    assert not problems, "\n".join([*problems, screen_text(app) if text is None else text])


@SIZES
@pytest.mark.parametrize("players", [1, 4])
@pytest.mark.parametrize("phase", PHASES)
@aio
async def test_every_decision_fits(saves: Path, phase: Phase, players: int, size: tuple[int, int]) -> None:
    game = game_at(saves, LONG_NAMES[:players], phase)
    async with running(saves, game, size) as (app, pilot):
        await pilot.pause()
        assert game_screen(app).game.state.phase == phase
        assert_fits(app)
        await pilot.press("right")  # the status line describes the choice under the cursor
        await pilot.pause()
        assert_fits(app)
        if players > 1:
            await pilot.press("tab")  # another player's kingdoms: the prompt says whose
            await pilot.pause()
            assert_fits(app)


@SIZES
@aio
async def test_the_castle_display_prompt_fits(saves: Path, size: tuple[int, int]) -> None:
    game = game_at(saves, LONG_NAMES, "action")
    async with running(saves, game, size) as (app, pilot):
        await pilot.press("c")
        await pilot.pause()
        assert "Castle display" in screen_text(app)
        assert_fits(app)


@aio
async def test_the_computers_turns_summary_fits(saves: Path) -> None:
    """Three computers with 24-cell names play after you: their summary fits above the footer."""
    names = LONG_NAMES
    game = game_at(saves, names, "action", **{n: "normal" for n in names[1:]})
    while game.state.current != 0:
        game.push(legal_moves(game.state)[0])
    seen = Seen(GameChanged)
    async with running(saves, game, SIZE, seen) as (app, pilot):
        turn = game.state.turn
        while game.state.current == 0 and game.state.turn == turn:
            position = game.session.position
            await pilot.press("enter")  # your turn, decision by decision, until the computers play
            await until(pilot, lambda p=position: game.session.position > p, "your decision")  # type: ignore[misc]
        # each computer's decision is a message: awaited one by one until it is your turn again (a
        # worker may end cancelled, its move posted, when the next decision starts: not awaited)
        while not game_screen(app).controller.asked():
            await seen.next(pilot, GameChanged, seen.counts[GameChanged])
        status = app.screen.query_one(StatusLine).message
        assert "Cunegonde-Wilhe." in status  # the first computer, by its name as written everywhere in the game
        assert_fits(app)


@SIZES
@aio
async def test_the_vikings_turn_fits(saves: Path, size: tuple[int, int]) -> None:
    """Solo: after your turn the Vikings take their cards; the summary and the log fit."""
    game = game_at(saves, LONG_NAMES[:1], "action")
    async with running(saves, game, size) as (app, pilot):
        turn = game.state.turn
        while game.state.turn == turn:
            position = game.session.position
            await pilot.press("enter")
            await until(pilot, lambda p=position: game.session.position > p, "your decision")  # type: ignore[misc]
        await pilot.pause()
        assert_fits(app)


@SIZES
@aio
async def test_a_hint_fits(saves: Path, size: tuple[int, int]) -> None:
    game = game_at(saves, LONG_NAMES[:2], "action")
    seen = Seen(HintReady)
    async with running(saves, game, size, seen) as (app, pilot):
        await pilot.press("h")
        await seen.next(pilot, HintReady, 0)
        assert game_screen(app).hints.hint_for is None
        assert_fits(app)


@SIZES
@pytest.mark.parametrize("players", [1, 4])
@aio
async def test_the_score_pad_fits(saves: Path, players: int, size: tuple[int, int]) -> None:
    game = new_game(saves, LONG_NAMES[:players], seed=3)
    while not game.state.is_over:
        game.push(legal_moves(game.state)[0])
    async with running(saves, game, size) as (app, pilot):
        await pilot.pause()
        assert type(app.screen).__name__ == "EndScreen"
        assert_fits(app)


@SIZES
@pytest.mark.parametrize("keys", [[], ["n"], ["r"], ["c"], ["p"], ["question_mark"]])
@aio
async def test_the_other_screens_fit(saves: Path, keys: list[str], size: tuple[int, int]) -> None:
    for n in (1, 1, 1, 2, 4):
        new_game(saves, LONG_NAMES[:n], seed=n).close()
    game = new_game(saves, LONG_NAMES[:1], seed=9)
    while not game.state.is_over:
        game.push(legal_moves(game.state)[0])
    game.close()
    app = make_app(saves)
    async with app.run_test(size=size) as pilot:
        await pilot.press(*keys)
        await pilot.pause()
        assert_fits(app)


@SIZES
@aio
async def test_the_progress_page_fits_with_the_longest_records(saves: Path, size: tuple[int, int]) -> None:
    """Scores over 100, a margin of -100, no medal, the largest seed: every record line whole."""
    import os

    from norsewind_tui.rules import medal_for
    from norsewind_tui.storage import ProfileStore
    from norsewind_tui.storage.profiles import GameRecord

    profiles = ProfileStore(saves / "profiles")
    for i, margin in enumerate((-100, 100, -99, 99, -98, 98)):
        profiles.record(
            PROFILE,
            GameRecord(
                game=os.urandom(16).hex(),
                date=datetime(2026, 11, 30, 18, 0, tzinfo=UTC),
                level=7,
                score=150 + margin,
                vikings=150,
                margin=margin,
                medal=medal_for(margin),
                seed=2**31 - 1,
                daily="2026-11-30" if i < 2 else None,
            ),
        )
    app = make_app(saves)
    async with app.run_test(size=size) as pilot:
        await pilot.press("p")
        await pilot.pause()
        assert "seed 2147483647" in screen_text(app)
        assert_fits(app)


@SIZES
@pytest.mark.parametrize("mine", [True, False])
@aio
async def test_the_table_prompts_fit(
    saves: Path, mine: bool, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """At a shared table: your turn, and waiting for a player with a 24-cell name."""
    from norsewind_tui.tui.screens.table import TableScreen

    first, second = LONG_NAMES[:2]
    monkeypatch.setenv("NORSEWIND_PLAYER", first if mine else second)
    store = TableStore(saves)
    table = store.create(first, ["me", "open"], seed=1)
    other = store.open(table.name, second)
    assert other.join() == 1
    holder = table if table.is_my_turn() else other
    viewer = holder if mine else (other if holder is table else table)
    app = make_app(saves)
    async with app.run_test(size=size) as pilot:
        await app.push_screen(TableScreen(store.open(viewer.name, viewer.identity)))
        await pilot.pause()
        prompt = app.screen.query_one(PromptLine).prompt
        assert ("Waiting for" in prompt) != mine
        assert_fits(app)


# ---------------------------------------------------------------- the tutorial's lesson panel (issue 14)


async def lesson_panels(pilot: Any, seen: list[str]) -> None:
    """Follow the tutorial as its panel says, checking that every panel and the end page fit."""
    from norsewind_tui.tui.screens.tutorial import LessonPanel, TutorialEndScreen, TutorialScreen

    app = pilot.app
    while isinstance(app.screen, TutorialScreen):
        await pilot.pause()
        screen = app.screen
        text = screen.query_one(LessonPanel).plain
        assert screen.query_one(StatusLine).size.height >= 1, text  # room left for "Not allowed: ..."
        assert_fits(app)
        seen.append(text)
        if "Press 3 to see why" in text:  # a refusal in the status line fits beside the lesson too
            await pilot.press("3")
            await pilot.pause()
            assert "Not allowed" in screen.query_one(StatusLine).message
            assert_fits(app)
        await pilot.press("n" if text.endswith("Press n to go on.") else "enter")
    assert isinstance(app.screen, TutorialEndScreen)
    await pilot.pause()
    assert_fits(app)


@aio
async def test_every_lesson_panel_and_the_scoring_fit_with_a_long_name(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from norsewind_tui.lessons import load_lessons

    monkeypatch.setenv("NORSEWIND_PLAYER", LONG_NAMES[0])
    app = make_app(saves, seed=None)
    seen: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await lesson_panels(pilot, seen)
    lessons = load_lessons()
    assert len(seen) > len(lessons.step)  # every step's panel, and the "What happened" ones
    assert any(t.startswith("[What happened] Bartholomew-Ale.") for t in seen)  # the long name, as the game writes it


# --------------------------------------------------------------------------- presence (issue 13)


def _tables_with_presence(saves: Path) -> None:
    """Two tables where it is the first long name's turn, one where another's; one player away since
    yesterday, one at a table: everything the lobby and the title say about others, at its longest."""
    from norsewind_tui.storage.clock import ManualClock
    from norsewind_tui.storage.presence import PresenceStore

    from .tables_at import table_at_turn_of

    a, b, c, d = LONG_NAMES
    table_at_turn_of(saves, f"{a}-table", a, a, b)
    table_at_turn_of(saves, f"{c}-table", c, a, c)
    table_at_turn_of(saves, f"{d}-table", a, a, d)
    clock = ManualClock(datetime(2026, 11, 29, 10, 42, tzinfo=UTC))
    store = PresenceStore(saves, clock)
    store.enter(b).leave()  # away since yesterday: the date is said
    store.enter(c).at_table(f"{c}-table")


@SIZES
@pytest.mark.parametrize("keys", [[], ["t"], ["s"]], ids=["title", "lobby", "settings"])
@aio
async def test_the_presence_pages_fit(
    saves: Path, keys: list[str], monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """The title with "Your turn at 2 tables", the lobby with everyone's presence, the settings page."""
    monkeypatch.setenv("NORSEWIND_PLAYER", LONG_NAMES[0])
    _tables_with_presence(saves)
    new_game(saves, LONG_NAMES[:1], seed=9).close()
    app = make_app(saves)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: "Your turn at 2 tables" in screen_text(app), "the title's line")
        await pilot.press(*keys)
        if keys == ["t"]:
            await until(pilot, lambda: "away since Nov 29 10:42" in screen_text(app), "the lobby's presence")
        await pilot.pause()
        assert_fits(app)


@pytest.mark.parametrize("standin", [None, 15], ids=["no stand-in", "stand-in after 15 min"])
@aio
async def test_the_table_prompt_with_an_away_player_fits(
    saves: Path, monkeypatch: pytest.MonkeyPatch, standin: int | None
) -> None:
    from norsewind_tui.storage.clock import ManualClock
    from norsewind_tui.storage.presence import PresenceStore
    from norsewind_tui.tui.screens.table import TableScreen

    from .tables_at import table_at_turn_of

    first, second = LONG_NAMES[:2]
    monkeypatch.setenv("NORSEWIND_PLAYER", first)
    table_at_turn_of(saves, "friday", second, first, second, standin)
    PresenceStore(saves, ManualClock(datetime(2026, 11, 29, 10, 42, tzinfo=UTC))).enter(second).leave()
    app = make_app(saves)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.session.around is not None, "the app's look")
        table = TableStore(saves).open("friday", first)
        await app.push_screen(TableScreen(table, clock=ManualClock(datetime(2026, 11, 29, 10, 50, tzinfo=UTC))))
        await pilot.pause()
        prompt = app.screen.query_one(PromptLine).prompt
        if standin is None:
            assert "Cunegonde-Wilhe. is away since Nov 29 10:42: take a building" in prompt
        else:  # away 8 minutes of the table's 15 (the screen's clock says 10:50 that day): both said
            assert prompt.endswith(
                "Cunegonde-Wilhe. is away since 10:42; the computer plays for Cunegonde-Wilhe. in 7 min."
            )
        assert "(away)" in screen_text(app).splitlines()[0]  # the players bar marks him
        assert_fits(app)


# ------------------------------------------------- every count at its widest, at every width (issue 23)


def crowded_game(saves: Path, players: int, over: bool = False) -> Any:
    """A game at an action (or over: the score pad) whose position has two-digit counts everywhere
    and three-digit scores."""
    import msgspec

    from .crowded import crowded

    game = game_at(saves, LONG_NAMES[:players], "action")
    state = crowded(game.state)
    if over:
        state = msgspec.structs.replace(state, phase="over")
    game.session.states[game.session.position] = state  # the position the screen shows
    return game


def numbers_missing(app: Any, text: str) -> list[str]:
    """Each count of the shown position the screen should show whole, and does not: a cut number
    (``+21`` cut to ``+2``) shows no mark, so the test looks for the numbers themselves."""
    import re

    from norsewind_tui.rules import cards_for
    from norsewind_tui.rules.scoring import kingdom_score, score_breakdown, viking_score

    state = app.screen.game.state
    db = cards_for(state)
    wanted = [f"Turn {state.turn}"] + ([f"Level {state.config.level}"] if state.solo else [])
    for row in range(4):
        k = kingdom_score(db, state.players[state.current], row)
        wanted.append(f"h{k.helmets}{'<=' if k.safe else '>'}s{k.shields}")
        if state.solo:
            r = viking_score(state).rows[row]
            scores = f"h{r.helmets}>s{r.your_shields} +{r.points}"
            wanted.append(scores if r.scores else f"h{r.helmets}<=s{r.your_shields} 0")
    wanted += [f"{score_breakdown(state, seat).total}" for seat in range(len(state.players))]
    wanted += [f"{p.coins}" for p in state.players]
    return [w for w in wanted if not re.search(rf"(?<![\d]){re.escape(w)}(?![\d])", text, re.I)]


@pytest.mark.parametrize("players", [1, 4])
@aio
async def test_no_number_is_cut_at_any_width(saves: Path, players: int) -> None:
    """From 80 columns up every count is whole, the turn and the level shown (wider never shows less)."""
    app = make_app(saves, game=crowded_game(saves, players))
    async with app.run_test(size=SIZE) as pilot:
        # height outside: the screen's height classes (-short, -tall) change twice, not at every size
        # (each change restyles the whole screen); the sizes checked are the same
        for height in (24, 36):
            for width in [*range(80, 131), 160, 200]:
                await pilot.resize_terminal(width, height)
                await pilot.pause()
                text = screen_text(app)  # once per size: the numbers and the layout read the same frame
                missing = numbers_missing(app, text)
                assert not missing, f"{width}x{height}: {missing}\n{text}"
                assert_fits(app, text)


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=["80x24", "120x36"])
@pytest.mark.parametrize("keys", [[], ["tab"], ["c"], ["v"], ["question_mark"], ["L"]])
@aio
async def test_the_crowded_game_screens_fit(saves: Path, keys: list[str], size: tuple[int, int]) -> None:
    """Each of the game's screens and views with every count at its widest and 24-cell names."""
    app = make_app(saves, game=crowded_game(saves, 1))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()
        assert_fits(app)


@SIZES
@pytest.mark.parametrize("players", [1, 4])
@aio
async def test_the_crowded_score_pad_fits(saves: Path, players: int, size: tuple[int, int]) -> None:
    """The score pad with three-digit scores and 24-cell names: every figure whole."""
    app = make_app(saves, game=crowded_game(saves, players, over=True))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "EndScreen"
        totals = [str(score_breakdown(on_screen(app, EndScreen).game.state, s).total) for s in range(players)]
        assert all(total in screen_text(app) for total in totals), totals
        assert_fits(app)
