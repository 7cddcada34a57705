"""Help that teaches (issue 14): ``i`` explains the thing under the cursor; the board guide fits 80x24."""

from __future__ import annotations

from pathlib import Path

from norsewind_tui.lessons import load_lessons
from norsewind_tui.rules import apply, cards_for, new_game
from norsewind_tui.rules.scoring import kingdom_score
from norsewind_tui.rules.state import State
from norsewind_tui.tui.info import explain_key
from norsewind_tui.tui.screens.info import InfoScreen
from norsewind_tui.tui.screens.tutorial import TutorialScreen
from norsewind_tui.words.boardguide import BOARD_GUIDE

from .helpers import aio, make_app, shown


def tutorial_position(decisions: int) -> State:
    lessons = load_lessons()
    state = new_game(lessons.config, lessons.seed)
    for move in lessons.moves[:decisions]:
        state = apply(state, move)
    return state


def test_a_kingdom_at_risk_says_its_numbers_the_minus_7_and_what_makes_it_safe() -> None:
    state = tutorial_position(0)
    text = explain_key(state, cards_for(state), ("row", 0), 0)
    assert text == (
        "Northumbria: 2 helmets against 0 shields: at risk, scores -7 now; 2 more shields make it safe."
        " Building here pays 1 coin per blacksmith in your other kingdoms. 0/4 buildings; green tile,"
        " 2 helmets: gain 5 coins when you build your 4th building here. Vikings: 6 helmets beat your"
        " 0 shields: they score 6 per card in their row, 0 cards now = 0."
    )


def test_a_safe_kingdom_says_prestige_times_citizens_as_the_rules_score_it() -> None:
    state = tutorial_position(22)
    db = cards_for(state)
    ks = kingdom_score(db, state.players[0], 0)
    assert (ks.helmets, ks.shields, ks.prestige, ks.citizens, ks.points) == (3, 5, 2, 2, 4)
    text = explain_key(state, db, ("space", 0, -2, 0), 0)  # a space in the row explains the row
    assert text.startswith("Northumbria: 3 helmets against 5 shields: safe, scores 2 prestige x 2 citizens = 4 now.")
    assert "Free: shield spaces worth 2." in text


def test_a_market_card_a_supply_and_a_returned_castle_in_words() -> None:
    state = tutorial_position(0)
    db = cards_for(state)
    assert explain_key(state, db, ("slot", 1), 0) == (
        "Slot 2: Ship: 1 helmet, gives 2 coins, 1 citizen, spaces blue. With it you may take yellow"
        " citizens (4 left) or purple citizens (4 left). The Viking ship is above it."
    )
    assert explain_key(state, db, ("supply", 2), 0) == (
        "The P supply (between slots 2 and 3): purple citizens (4 left); a purple citizen goes on an empty"
        " purple space and counts 1 citizen."
    )
    replaced = tutorial_position(15)  # R23: the castle a replacement returned is not for sale yet
    assert explain_key(replaced, db, ("castle", 1), 0) == (
        "Castle 2: costs 4, 4 shields, a shield space +2, 1 prestige, a prestige space +1."
        " It was just replaced: not for sale until the market is next refilled."
    )


def test_the_board_guide_draws_every_mark_within_76_columns() -> None:
    lines = BOARD_GUIDE.splitlines()
    assert max(len(line) for line in lines) <= 76  # inside the help page's margins at 80 columns
    for mark in (
        "h2",
        "s2",
        "p1",
        "c1",
        "$3",
        "+2$",
        "[y]",
        "[Y]",
        "{s2}",
        "{S2}",
        "{P1}",
        "SHIP",
        "RISK",
        "(safe: 0)",
    ):
        assert mark in BOARD_GUIDE, mark
    for mark in ("Vik h6>s2 +0", "inc Ship+2", "no castle", "neutral", "deck", "reserve", "G/R", "D: upgrade discs"):
        assert mark in BOARD_GUIDE, mark


@aio
async def test_i_on_the_game_screen_opens_the_words_for_the_kingdom_under_the_cursor(saves: Path) -> None:
    app = make_app(saves, seed=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l", "n", "enter")  # the tutorial: the Ship taken, a kingdom to choose
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen) and screen.cursor == ("row", 0)
        await pilot.press("i")
        text = await shown(pilot)
        assert type(app.screen) is InfoScreen
        assert "What is this?" in text
        assert "Northumbria: 2 helmets against 0 shields: at risk, scores -7 now; 2 more" in text
        await pilot.press("x")  # any key closes it; nothing is played
        await pilot.pause()
        back: object = app.screen
        assert back is screen and screen.game.session.position == 1
        await pilot.press("escape")  # the help page "How to read the board" is one key away
        await pilot.press("question_mark", "b")
        guide = await shown(pilot)
        assert guide.splitlines()[1].strip() == "How to read the board"  # b brings the page to the top
        assert "The top line:" in guide


def test_a_red_tile_with_one_helmet_says_one_helmet() -> None:
    """Seen in the tutorial's hand play-through: 'red tile, 1 helmets'."""
    state = tutorial_position(0)
    db = cards_for(state)
    text = explain_key(state, db, ("row", 3), 0)
    assert "red tile, 1 helmet: " in text
    assert "1 helmets" not in text
