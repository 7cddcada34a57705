"""What decision the game waits for, with a one-line prompt a UI can show."""

from __future__ import annotations

import msgspec

from .cards import KINGDOM_NAMES
from .engine import cards_for
from .queries import just_returned
from .state import COLOUR_NAMES, DISCS, Phase, State


class Pending(msgspec.Struct, frozen=True):
    """Whose decision (seat; -1 when the game is over), of what kind, and a prompt."""

    player: int
    kind: Phase
    prompt: str
    returned: tuple[int, ...] = ()  # R23: display indices of the castles not for sale until the next refill


def pending(state: State) -> Pending:
    """The decision awaited now."""
    if state.phase == "over":
        return Pending(-1, "over", "The game is over.")
    db = cards_for(state)
    name = state.players[state.current].name
    kind = state.phase
    card = db.name(state.held) if state.held >= 0 else ""
    cost = db.cost[state.held] if state.held >= 0 else 0
    start = db.name(state.players[state.current].start_card)
    kingdom = KINGDOM_NAMES[state.row] if 0 <= state.row < 4 else ""
    prompts = {
        "place_start": f"{name}: choose the kingdom for your starting card ({start}).",
        "action": f"{name}: take a building from the market (A) or a castle from the display (B).",
        "building_kingdom": f"{name}: choose the kingdom for the {card}.",
        "castle_kingdom": f"{name}: choose the kingdom for the castle (cost {cost}).",
        "supply": f"{name}: take a citizen or disc from a supply next to slot {state.slot + 1}, or decline.",
        "citizen_space": f"{name}: choose a space for the "
        f"{COLOUR_NAMES[state.taken] if 0 <= state.taken < DISCS else ''} citizen.",
        "disc_space": f"{name}: choose a space for the disc (prestige 2 coins; shield free, 1 on a green tile).",
        "reuse_disc": f"{name}: move a disc of the old castle of {kingdom} to the new one, or return it.",
        "neutral_space": f"{name}: choose an empty citizen space for the neutral citizen.",
    }
    return Pending(state.current, kind, prompts[kind], just_returned(state) if kind == "action" else ())
