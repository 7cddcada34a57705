"""Refusals in words: why a move or a configuration is refused (``rules.refusals`` has the data)."""

from __future__ import annotations

from ..rules.cards import CardDB, default_cards
from ..rules.refusals import ConfigError, ConfigProblem, IllegalMove, Refusal
from .nouns import colour, kingdom
from .prompts import EXPECTED

# refusals that are the same sentence whatever the numbers
FIXED = {
    "over": "the game is over",
    "slot_empty": "that market slot is empty",
    "no_such_castle": "there is no such castle in the display",
    # R23
    "just_returned": "that castle was just returned to the display: it can be bought again after the market is "
    "next refilled",
    "already_refreshed": "the market was already refreshed this turn",
    "refresh_not_allowed": "a refresh is allowed only when you can afford no building in the market (R12)",
    "pass_not_allowed": "you may pass only when no action is possible (R13)",
    "no_such_kingdom": "there are only 4 kingdoms",
    "kingdom": "not allowed",
    "not_next_to_slot": "you may take only from a supply next to the slot you took the card from",
    "supply_empty": "that supply is empty",
    "no_disc_space": "you have no space you can pay for to put an upgrade disc on",
    "space_taken": "that space is taken or does not match the citizen's colour",
    "reuse_castle_only": "a replaced castle's disc can go only on the new castle",
    "disc_space_bad": "that space is taken, does not exist, or you cannot pay for it (prestige costs 2)",
}
R24 = "variant 2 (4 random kingdom tiles) does not apply to solo: the level table fixes the tiles (R24)"
_PRICES = frozenset({"cost", "castle_cost"})


def refusal(why: Refusal, db: CardDB, plain: bool = False) -> str:
    """Why a move is refused.  ``plain``: a card refused only for its price says you cannot pay."""
    code = why.code
    if code in FIXED:
        return FIXED[code]
    if code in ("building_fits_nowhere", "castle_fits_nowhere"):
        what = f"the {db.name(why.card)}" if code == "building_fits_nowhere" else "that castle"
        reasons = list(dict.fromkeys(refusal(r, db) for r in why.reasons))
        prices = [r for r in why.reasons if r.code in _PRICES]
        if plain and len(reasons) == 1 and len(prices) == len(why.reasons):  # the price alone
            return f"{what} costs {prices[0].cost} and you have {prices[0].coins}: you cannot pay for it"
        return f"{what} fits no kingdom: " + "; ".join(reasons)
    if code == "no_citizen_space":
        return f"you have no empty {colour(why.colour)} citizen space"
    if code == "other_decision":
        return f"now you must {EXPECTED[why.phase]}"
    return _kingdom(why, db)


def _kingdom(why: Refusal, db: CardDB) -> str:
    """Why one kingdom cannot take the card."""
    code, name = why.code, kingdom(why.row)
    if code == "red_two_buildings":
        return f"{name} has a red tile: at most 2 buildings"
    if code == "four_buildings":
        return f"{name} already has 4 buildings"
    if code == "red_different_types":
        return f"{name} has a red tile: every building must be of a different type (it has a {why.kind})"
    if code == "red_helmet_tax":
        return f"{name} has a red tile: this costs {why.cost} (1 for 3+ helmets); you have {why.coins}"
    if code == "cost":
        return f"the {db.name(why.card)} costs {why.cost}; you have {why.coins}"
    if code == "red_castle_min_7":
        return f"{name} has a red tile: its castle must cost at least 7"
    if code == "castle_cost":
        return f"the castle costs {why.cost}; you have {why.coins}"
    assert code == "start_helmet_tax", code
    return f"{name} has a red tile: this costs 1 (3+ helmets); you have {why.coins}"


def config_problem(problem: ConfigProblem) -> str:
    """Why a configuration cannot be set up."""
    if problem.code == "player_count":
        return f"Norsewind is for 1 to 4 players, not {problem.value}"
    if problem.code == "solo_level":
        return f"solo level must be 1 to 7, not {problem.value}"
    if problem.code == "solo_random_tiles":
        return R24
    return "every player needs a name"


def error(exc: BaseException, db: CardDB | None = None) -> str:
    """An exception for the player: a refusal or a configuration in words, anything else as it says."""
    if isinstance(exc, IllegalMove):
        return refusal(exc.refusal, db or default_cards())
    if isinstance(exc, ConfigError):
        return config_problem(exc.problem)
    return str(exc)
