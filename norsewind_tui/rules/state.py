"""The immutable game state.

Everything is a frozen ``msgspec.Struct`` of ints and tuples so a state can be
encoded, hashed and compared byte for byte.  Cards are referred to by their
index in the card set (``CardDB``); -1 means "none".

Citizen colours are 0 purple, 1 yellow, 2 blue, 3 red, 4 neutral.  A space in
a kingdom is named by its *holder*: ``CASTLE`` (-2), ``TILE`` (-1) or the
index of a building in the row (0..3, the starting card being a building).
"""

from __future__ import annotations

from typing import Literal

import msgspec

PURPLE, YELLOW, BLUE, RED, NEUTRAL = 0, 1, 2, 3, 4
COLOUR_NAMES = ("purple", "yellow", "blue", "red", "neutral")
COLOUR_LETTERS = ("P", "Y", "B", "R", "N")
DISCS = 5  # the kind of the upgrade-disc supply in ``State.supply_kinds``
CASTLE, TILE = -2, -1
SHIELD, PRESTIGE = 0, 1
SIDE_NAMES = ("shield", "prestige")

Phase = Literal[
    "place_start",  # variant: put your starting card in a kingdom of your choice
    "action",  # pick a market card (A), a castle (B), refresh, or pass
    "building_kingdom",  # A1: the kingdom for the picked building
    "supply",  # A3: take from a supply next to the chosen slot, or decline
    "citizen_space",  # A3: the space for the citizen just taken
    "disc_space",  # A3: the space (and so the side) for the disc just taken
    "castle_kingdom",  # B1: the kingdom for the picked castle
    "reuse_disc",  # B1: move a disc of the replaced castle, or return it
    "neutral_space",  # B3: the space for the neutral citizen
    "over",
]


class GameConfig(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a game is set up with.  One player means the solo game (``level`` 1-7)."""

    players: tuple[str, ...]
    level: int = 1
    start_choice: bool = False  # variant: starting card in the kingdom of your choice
    random_tiles: bool = False  # variant: 4 random kingdom tiles instead of 2 green + 2 red

    @property
    def solo(self) -> bool:
        return len(self.players) == 1


class Kingdom(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """One row of a player's play area."""

    tile: int  # index among the player colour's 10 tiles (0-4 green, 5-9 red)
    buildings: tuple[int, ...] = ()
    castle: int = -1
    figures: tuple[tuple[int, int, int], ...] = ()  # (holder, space index, colour)
    discs: tuple[tuple[int, int], ...] = ()  # (holder, side) ; one disc per holder and side


class Player(msgspec.Struct, frozen=True, array_like=True, gc=False):
    name: str
    colour: int
    coins: int
    kingdoms: tuple[Kingdom, ...]
    start_card: int
    turns: int = 0


class State(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """A whole game at one decision point.  Read it; change it only through ``apply``."""

    cards: str  # digest of the card set
    config: GameConfig
    seed: int
    rng: int  # counter of random draws made so far (R22)
    players: tuple[Player, ...]
    start_player: int
    current: int
    phase: Phase
    market: tuple[int, ...]  # 5 slots, -1 = empty
    supply_kinds: tuple[int, ...]  # per supply 0..4: a colour 0-3 or DISCS
    supplies: tuple[int, ...]  # how many figures/discs each supply holds
    neutral: int  # neutral citizens left on the castle tile
    display: tuple[int, ...]  # the castle display, left to right
    deck: tuple[int, ...]  # hidden: the draw deck, top first
    reserve: tuple[int, ...]  # hidden: the reserve deck, top first
    box: tuple[int, ...]  # cards out of the game (unused decks, discarded castles)
    ship: int = -1  # solo: the slot under the Viking ship tile
    vikings: tuple[tuple[int, ...], ...] = ()  # solo: cards in each Viking row
    viking_red: tuple[bool, ...] = ()  # solo: which Viking cards show their red side
    held: int = -1  # the card picked this turn and not yet placed
    slot: int = -1  # the market slot (A) or display index (B) it came from
    row: int = -1  # the kingdom chosen this turn
    taken: int = -1  # the kind taken from a supply (colour or DISCS)
    reuse: int = 0  # discs of a replaced castle still to move or return
    first_castle: bool = False  # B3 applies: the kingdom had no castle
    refreshed: bool = False  # the rare-case refresh was used this turn
    refill: int = -1  # the building the last refill put into the market (R18)
    passes: int = 0  # consecutive passes (a full round of passes ends the game)
    triggered: bool = False  # the end of the game is triggered (R15)
    revealed: int = 0  # hidden cards revealed so far (undo policy)
    turn: int = 1  # the turn number shown to players
    # R23: castles a replacement returned to the display, not for sale until the market is next
    # refilled from a deck (without this, swapping two castles back and forth pumps coins forever).
    returned: tuple[int, ...] = ()

    @property
    def solo(self) -> bool:
        return len(self.players) == 1

    @property
    def is_over(self) -> bool:
        return self.phase == "over"
