"""The decision awaited, in words: the prompt line, and what a refused move should be instead."""

from __future__ import annotations

from ..rules.engine import cards_for
from ..rules.state import DISCS, State
from .nouns import colour, kingdom

# what the player must do now, by phase (a refusal's "now you must ...")
EXPECTED = {
    "action": "pick a building, a castle, refresh or pass",
    "building_kingdom": "choose the kingdom for the building",
    "castle_kingdom": "choose the kingdom for the castle",
    "place_start": "choose the kingdom for your starting card",
    "supply": "take from a supply next to the slot, or decline",
    "citizen_space": "choose a space for the citizen",
    "neutral_space": "choose a space for the neutral citizen",
    "disc_space": "choose a space for the disc",
    "reuse_disc": "move the old castle's disc to the new castle, or return it",
}


def prompt(state: State, names: tuple[str, ...] | None = None) -> str:
    """The decision awaited now, addressed to the player (``names``: as the screen writes them)."""
    if state.phase == "over":
        return "The game is over."
    name = names[state.current] if names is not None else state.players[state.current].name
    return f"{name}: {task(state)}"


def task(state: State) -> str:
    """The decision awaited now, without the name of the player it is asked of (the game goes on)."""
    db = cards_for(state)
    phase = state.phase
    if phase == "place_start":
        start = db.name(state.players[state.current].start_card)
        return f"choose the kingdom for your starting card ({start})."
    if phase == "action":
        return "take a building from the market (A) or a castle from the display (B)."
    if phase == "building_kingdom":
        return f"choose the kingdom for the {db.name(state.held)}."
    if phase == "castle_kingdom":
        return f"choose the kingdom for the castle (cost {db.cost[state.held]})."
    if phase == "supply":
        return f"take a citizen or disc from a supply next to slot {state.slot + 1}, or decline."
    if phase == "citizen_space":
        figure = colour(state.taken) if 0 <= state.taken < DISCS else ""
        return f"choose a space for the {figure} citizen."
    if phase == "disc_space":
        return "choose a space for the disc (prestige 2 coins; shield free, 1 on a green tile)."
    if phase == "reuse_disc":
        return f"move a disc of the old castle of {kingdom(state.row)} to the new one, or return it."
    assert phase == "neutral_space", phase
    return "choose an empty citizen space for the neutral citizen."
