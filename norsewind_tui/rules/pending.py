"""What decision the game waits for (``words.prompt`` says it in words)."""

from __future__ import annotations

import msgspec

from .queries import just_returned
from .state import Phase, State


class Pending(msgspec.Struct, frozen=True):
    """Whose decision (seat; -1 when the game is over) and of what kind."""

    player: int
    kind: Phase
    returned: tuple[int, ...] = ()  # R23: display indices of the castles not for sale until the next refill


def pending(state: State) -> Pending:
    """The decision awaited now."""
    if state.phase == "over":
        return Pending(-1, "over")
    kind = state.phase
    return Pending(state.current, kind, just_returned(state) if kind == "action" else ())
