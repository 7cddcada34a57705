"""Review, the Vikings' turn step by step (issue 23.8): each step shows the board as it stood then.

The rulebook's solo turn: the ship moves by the refilled card's helmets, the card under it goes to
the Viking display, and the market is replenished.  So at "the ship moves" the card is still in its
slot, at "the Vikings took" the slot is empty, and only the finished turn shows the new card there.
"""

from __future__ import annotations

from pathlib import Path

from norsewind_tui.bots import make_bot
from norsewind_tui.rules.engine import viking_states
from norsewind_tui.tui.screens.review import ReviewScreen
from norsewind_tui.tui.widgets.market import MarketView
from norsewind_tui.tui.widgets.vikings import VikingPanel

from .helpers import aio, make_app
from .helpers import new_game as start_game


def played(saves: Path) -> str:
    game = start_game(saves, ("Astrid",), seed=7)
    bot = make_bot("greedy", 1)
    while not game.state.is_over:
        game.push(bot.decide(game.state))
    name = str(game.name)
    game.close()
    return name


def test_each_step_of_the_vikings_turn_has_its_own_board(saves: Path) -> None:
    game = start_game(saves, ("Astrid",), seed=7)
    bot = make_bot("greedy", 1)
    s = game.session
    while True:  # the first decision after which the Vikings take a card
        before = game.state
        move = bot.decide(before)
        events = game.push(move)
        took = next((e for e in events if e.kind == "vikings_took"), None)
        if took is not None:
            break
    ship, taken = viking_states(before, move)  # the two steps: the ship moves, the Vikings take
    slot = took.slot
    assert ship.ship == slot and ship.market[slot] == took.card  # the ship over the card it takes
    assert took.card not in ship.vikings[took.row]
    assert taken.market[slot] == -1 and taken.vikings[took.row][-1] == took.card  # taken, not yet refilled
    after = s.states[s.position]
    assert after.market[slot] != -1 and after.market[slot] != took.card  # the finished turn: refilled
    assert taken.vikings == after.vikings and len(taken.deck) == len(after.deck) + 1  # the refill is still to come
    game.close()


@aio
async def test_v_steps_through_the_boards_as_they_stood(saves: Path) -> None:
    name = played(saves)
    app = make_app(saves)
    app.initial_review = app.context.games.open(name, read_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        t = screen.timeline
        await pilot.press("home")
        position = 0
        while True:  # on to a Vikings' turn that takes a card
            await pilot.press("v")
            position = screen.position
            if any(e.kind == "vikings_took" for e in t.events[position - 1]):
                break
        took = next(e for e in t.events[position - 1] if e.kind == "vikings_took")
        market = screen.query_one(MarketView)
        assert screen.viking_step == 1 and market.view is not None
        assert market.view.state.ship == took.slot and market.view.state.market[took.slot] == took.card
        await pilot.press("v")  # step 2: the Vikings took the card: its slot is empty, their row has it
        await pilot.pause()
        assert screen.viking_step == 2
        assert market.view.state.market[took.slot] == -1
        panel = screen.query_one(VikingPanel)
        assert panel.view is not None and panel.view.state.vikings[took.row][-1] == took.card
        finished = t.state(position)
        assert finished.market[took.slot] not in (-1, took.card)  # what every step showed before the fix
