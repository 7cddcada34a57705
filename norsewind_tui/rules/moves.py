"""Moves: one decision each, as tagged frozen structs (R8).

Which moves are legal depends on ``State.phase``; ``legal_moves`` lists them.
Picking a market card *is* choosing action A, picking a castle action B.
"""

from __future__ import annotations

import msgspec


class PickBuilding(msgspec.Struct, frozen=True, tag="building", array_like=True):
    """Action A, step 1: take the building in market slot ``slot`` (0-4)."""

    slot: int


class PickCastle(msgspec.Struct, frozen=True, tag="castle", array_like=True):
    """Action B, step 1: take the castle at ``index`` in the castle display."""

    index: int


class Refresh(msgspec.Struct, frozen=True, tag="refresh", array_like=True):
    """The rare-case market refresh (R12)."""


class Pass(msgspec.Struct, frozen=True, tag="pass", array_like=True):
    """No legal action at all (R13)."""


class ChooseKingdom(msgspec.Struct, frozen=True, tag="kingdom", array_like=True):
    """Place the picked card (or, in the variant, the starting card) in row 0-3."""

    row: int


class TakeFrom(msgspec.Struct, frozen=True, tag="supply", array_like=True):
    """Action A, step 3: take a figure or disc from supply 0-4 (next to the slot)."""

    supply: int


class Decline(msgspec.Struct, frozen=True, tag="decline", array_like=True):
    """Skip the optional step 3 (R9), or return a replaced castle's disc (R14)."""


class PlaceCitizen(msgspec.Struct, frozen=True, tag="citizen", array_like=True):
    """Put the citizen in hand on space ``space`` of ``holder`` in ``row``."""

    row: int
    holder: int
    space: int


class PlaceDisc(msgspec.Struct, frozen=True, tag="disc", array_like=True):
    """Put the disc in hand on the ``side`` (0 shield, 1 prestige) space of ``holder``."""

    row: int
    holder: int
    side: int


Move = PickBuilding | PickCastle | Refresh | Pass | ChooseKingdom | TakeFrom | Decline | PlaceCitizen | PlaceDisc

REFRESH = Refresh()
PASS = Pass()
DECLINE = Decline()
