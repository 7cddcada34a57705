"""Questions a UI or a computer player asks about a state, answered by the rules.

The widgets, hints and bots ask these instead of decoding the state's raw
markers (-1 for "none", ``CASTLE``/``TILE`` holders, phase strings).
"""

from __future__ import annotations

from .state import State


def just_returned(state: State) -> tuple[int, ...]:
    """R23: the display indices of the castles a replacement just returned; they cannot be bought
    until the market is next refilled from a deck."""
    if not state.returned:
        return ()
    return tuple(i for i, card in enumerate(state.display) if card in state.returned)
