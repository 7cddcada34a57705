"""Moves in words, as advice: "take the Ship in slot 4 into Wessex" (hints, the analysis)."""

from __future__ import annotations

from collections.abc import Sequence

from ..rules import moves as m
from ..rules.cards import CardDB
from ..rules.moves import (
    Move,
)
from ..rules.state import DISCS, State
from .nouns import colour, kingdom, side, space_name, supply_item


def _next(plan: Sequence[Move], move: Move) -> Move | None:
    """The decision the plan makes after ``move`` (when the plan starts with it)."""
    if len(plan) > 1 and plan[0] == move:
        return plan[1]
    return None


def _holder(state: State, db: CardDB, row: int, holder: int) -> str:
    return space_name(db, state.players[state.current], row, holder)


def _where(state: State, db: CardDB, then: Move | None) -> str:
    """Where the plan puts what is taken: " into Wessex", " for the castle in Mercia"."""
    if isinstance(then, m.ChooseKingdom):
        return f" into {kingdom(then.row)}"
    if isinstance(then, m.PlaceCitizen):
        return f" for {_holder(state, db, then.row, then.holder)}"
    if isinstance(then, m.PlaceDisc):
        return f" for {_holder(state, db, then.row, then.holder)}, {side(then.side)} side up"
    return ""


def move_words(state: State, move: Move, plan: Sequence[Move], db: CardDB) -> str:
    """``move`` in words, with where the rest of the turn (``plan``) would put it."""
    then = _next(plan, move)
    if isinstance(move, m.PickBuilding):
        card = state.market[move.slot]
        name = db.name(card) if card >= 0 else "building"
        return f"take the {name} in slot {move.slot + 1}{_where(state, db, then)}"
    if isinstance(move, m.PickCastle):
        cost = db.cost[state.display[move.index]]
        where = f" for {kingdom(then.row)}" if isinstance(then, m.ChooseKingdom) else ""
        return f"buy castle {move.index + 1} (cost {cost}){where}"
    if isinstance(move, m.ChooseKingdom):
        name = kingdom(move.row)
        if state.phase == "place_start":
            return f"put your starting card in {name}"
        if state.phase == "castle_kingdom":
            return f"put the castle in {name}"
        held = db.name(state.held) if state.held >= 0 else "card"
        return f"build the {held} in {name}"
    if isinstance(move, m.TakeFrom):
        return f"take {supply_item(state.supply_kinds[move.supply])}{_where(state, db, then)}"
    if isinstance(move, m.PlaceCitizen):
        figure = colour(state.taken) if 0 <= state.taken < DISCS else "neutral"
        if state.phase == "neutral_space":
            figure = "neutral"
        return f"put the {figure} citizen on {_holder(state, db, move.row, move.holder)}"
    if isinstance(move, m.PlaceDisc):
        where = _holder(state, db, move.row, move.holder)
        return f"put the disc {side(move.side)} side up on {where}"
    if isinstance(move, m.Decline):
        if state.phase == "reuse_disc":
            return "return the old castle's disc (d)"
        return "take nothing from the supplies (d)"
    if isinstance(move, m.Refresh):
        return "refresh the market (r)"
    if isinstance(move, m.Pass):
        return "pass (p)"
    return str(move)
