"""Why the rules refuse a move or a configuration, as data (``words`` says it in English).

Like python-chess's ``Termination``: a ``Literal`` code and the numbers that go with it, so that a
UI decides how to say it (a reason, a price, a short note) without reading the rules' sentences.
"""

from __future__ import annotations

from typing import Literal

import msgspec

# Why one kingdom cannot take a card now (``building_problem``, ``castle_problem``, variant 1).
KingdomCode = Literal[
    "red_two_buildings",  # the red tile allows 2 buildings (row)
    "four_buildings",  # the row is full (row)
    "red_different_types",  # the red tile wants different types; the row has one (row, kind)
    "red_helmet_tax",  # 3+ helmets cost 1 more here and the player cannot pay (row, cost, coins)
    "cost",  # the player cannot pay for the card (card, cost, coins)
    "red_castle_min_7",  # the red tile wants a castle of 7 or more (row)
    "castle_cost",  # the player cannot pay for the castle (cost, coins)
    "start_helmet_tax",  # variant 1: the starting card's helmet tax (row, coins)
]
# Why a move is not among the legal moves (``IllegalMove.refusal``, ``refusal``).
MoveCode = Literal[
    "over",  # the game is over
    "slot_empty",
    "building_fits_nowhere",  # (card, reasons: one per kingdom)
    "no_such_castle",
    "just_returned",  # R23
    "castle_fits_nowhere",  # (card, reasons)
    "already_refreshed",  # R12
    "refresh_not_allowed",  # R12
    "pass_not_allowed",  # R13
    "no_such_kingdom",
    "kingdom",  # the chosen kingdom cannot take the card (reasons: the one reason, or none)
    "not_next_to_slot",  # A3 (R9)
    "supply_empty",
    "no_disc_space",
    "no_citizen_space",  # (colour)
    "space_taken",
    "reuse_castle_only",  # R14
    "disc_space_bad",
    "other_decision",  # the move is for another decision (phase: the one awaited)
]
RefusalCode = KingdomCode | MoveCode


class Refusal(msgspec.Struct, frozen=True, omit_defaults=True):
    """A refused move: ``code`` says why; the other fields are its numbers (see the codes)."""

    code: RefusalCode
    row: int = -1
    card: int = -1
    cost: int = 0
    coins: int = 0
    kind: str = ""  # a building type
    colour: int = -1
    phase: str = ""
    reasons: tuple[Refusal, ...] = ()

    def __str__(self) -> str:
        """The data, for a traceback or a log file (players read ``words.refusal``)."""
        return msgspec.json.encode(self).decode()


ConfigCode = Literal[
    "player_count",  # 1 to 4 players (value: how many were asked for)
    "solo_level",  # 1 to 7 (value: the level asked for)
    "solo_random_tiles",  # R24: variant 2 is not for solo
    "unnamed_player",
]


class ConfigProblem(msgspec.Struct, frozen=True):
    """Why a configuration cannot be set up."""

    code: ConfigCode
    value: int = 0

    def __str__(self) -> str:
        return msgspec.json.encode(self).decode()


class IllegalMove(ValueError):
    """A move that the rules do not allow now; ``refusal`` says why."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal)
        self.refusal = refusal

    def __str__(self) -> str:
        return str(self.refusal)


class ConfigError(ValueError):
    """A game configuration that cannot be set up; ``problem`` says why."""

    def __init__(self, problem: ConfigProblem) -> None:
        super().__init__(problem)
        self.problem = problem

    def __str__(self) -> str:
        return str(self.problem)
