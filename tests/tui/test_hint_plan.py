"""Hints that agree with themselves (issue 11 section 4): the plan is kept within a turn, coins are said plainly."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from norsewind_tui import play
from norsewind_tui.bots.explain import explain_move
from norsewind_tui.rules import GameConfig, PickBuilding, legal_moves, new_game
from norsewind_tui.rules.engine import building_cost, cards_for
from norsewind_tui.tui.messages import HintReady
from norsewind_tui.tui.targets import key_of

from .helpers import aio, running
from .helpers import new_game as saved_game
from .test_hints import hinted
from .waits import Seen


def test_a_building_hint_says_its_price_and_the_turns_net_apart() -> None:
    """'take the Inn ... pays 2 coins' read as the Inn's price: the price and the turn's net are said apart."""
    for seed in range(40):
        state = new_game(GameConfig(players=("Ana", "Bo")), seed)
        db = cards_for(state)
        for slot, card in enumerate(state.market):
            if card < 0 or PickBuilding(slot) not in legal_moves(state):
                continue
            reason = explain_move(state, PickBuilding(slot))
            price = min(building_cost(db, state.players[state.current], card, row) for row in range(4))
            name = db.name(card)
            assert "pays" not in reason
            if price:
                assert f"the {name} costs {price} coin" in reason, reason
            else:
                assert f"the {name} is free" in reason, reason
            net = re.search(r"the turn nets ([+-]\d+) coins?", reason)
            assert net is None or int(net.group(1)) != 0
            if db.type[card] == "inn" and price:
                return
    raise AssertionError("no affordable inn in 40 markets")


@aio
async def test_a_hint_after_choosing_otherwise_says_why_it_changed(saves: Path) -> None:
    game = saved_game(saves, ("Ana",), seed=21)
    seen = Seen(HintReady)
    async with running(saves, game, hook=seen) as (app, pilot):
        screen: Any = app.screen
        first = play.ask(game.state, game.state.current)
        await hinted(pilot, seen)
        other = next(m for m in legal_moves(game.state) if m != first.move and key_of(m) in screen.tmap)
        screen.cursor = key_of(other)
        await pilot.press("enter")  # not what the hint said
        assert game.session.moves[-1] == other
        text = await hinted(pilot, seen)
        assert "you chose differently, so the plan is worked out again" in text
        assert screen.cursor == key_of(play.ask(game.state, game.state.current).move)
