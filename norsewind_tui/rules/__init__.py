"""The pure rules core of Norsewind: no I/O of its own, no UI, no global random.

>>> from norsewind_tui.rules import GameConfig, new_game, legal_moves, apply, outcome
>>> import random
>>> state = new_game(GameConfig(players=("Ana", "Bo")), seed=3)
>>> rng = random.Random(0)
>>> while outcome(state) is None:
...     state = apply(state, rng.choice(legal_moves(state)))
>>> len(outcome(state).scores)
2
"""

from .cards import (
    CardDB,
    CardProblem,
    CardSet,
    CardSetError,
    compile_card_set,
    decode_card_set,
    default_cards,
    validate,
)
from .engine import (
    SOLO_LEVELS,
    apply,
    apply_logged,
    building_problem,
    card_citizen_spaces,
    cards_for,
    castle_problem,
    config_problem,
    is_legal,
    legal_moves,
    new_game,
    refusal,
    register_cards,
    tile_citizen_space,
    tile_prestige_space,
    tile_shield_space,
)
from .events import Event
from .moves import (
    ChooseKingdom,
    Decline,
    Move,
    Pass,
    PickBuilding,
    PickCastle,
    PlaceCitizen,
    PlaceDisc,
    Refresh,
    TakeFrom,
)
from .pending import Pending, pending
from .queries import (
    KingdomSpaces,
    Space,
    adjacent_supplies,
    at_turn_start,
    decision,
    just_returned,
    kingdom_spaces,
    revealed_between,
)
from .refusals import ConfigError, ConfigProblem, IllegalMove, Refusal
from .scoring import (
    KingdomScore,
    Outcome,
    ScoreBreakdown,
    VikingScore,
    final_result,
    kingdom_score,
    medal_for,
    outcome,
    score_breakdown,
    viking_score,
)
from .session import Session
from .state import GameConfig, Kingdom, Player, State

__all__ = [
    "SOLO_LEVELS",
    "CardDB",
    "CardProblem",
    "CardSet",
    "CardSetError",
    "ChooseKingdom",
    "ConfigError",
    "ConfigProblem",
    "Decline",
    "Event",
    "GameConfig",
    "IllegalMove",
    "Kingdom",
    "KingdomScore",
    "KingdomSpaces",
    "Move",
    "Outcome",
    "Pass",
    "Pending",
    "PickBuilding",
    "PickCastle",
    "PlaceCitizen",
    "PlaceDisc",
    "Player",
    "Refresh",
    "Refusal",
    "ScoreBreakdown",
    "Session",
    "Space",
    "State",
    "TakeFrom",
    "VikingScore",
    "adjacent_supplies",
    "apply",
    "apply_logged",
    "at_turn_start",
    "building_problem",
    "card_citizen_spaces",
    "cards_for",
    "castle_problem",
    "compile_card_set",
    "config_problem",
    "decision",
    "decode_card_set",
    "default_cards",
    "final_result",
    "is_legal",
    "just_returned",
    "kingdom_score",
    "kingdom_spaces",
    "legal_moves",
    "medal_for",
    "new_game",
    "outcome",
    "pending",
    "refusal",
    "register_cards",
    "revealed_between",
    "score_breakdown",
    "tile_citizen_space",
    "tile_prestige_space",
    "tile_shield_space",
    "validate",
    "viking_score",
]
