"""A card file's problems in words (``rules.cards.CardProblem`` has the data), one line each."""

from __future__ import annotations

from ..rules.cards import GREEN_EFFECTS, RED_EFFECTS, CardProblem, CardSetError

# str.format templates over the problem's values ({0!r}: a name, quoted as the file writes it)
TEMPLATES = {
    "rulebook_prints": "{0}, the rulebook prints {1}",
    "out_of_range": "{0} is outside {1}..{2}",
    "name_length": "{0} characters, expected 1..{1}",
    "id_twice": "id {0!r} appears {1} times",
    "deck_size": "deck {0!r} has {1} cards, expected {2}",
    "order_twice": "starting-card order number {0} appears {1} times",
    "too_many_spaces": "{0} spaces, at most {1}",
    "castle_in_deck": "the {0} deck holds buildings only",
    "castle_cost": "a castle needs a cost",
    "castle_figures": "castles carry no citizens, citizen spaces or helmets (R4)",
    "only_inns_cost": "only inns have a cost",
    "inn_cost": "an inn needs a cost",
    "only_ships_coins": "only ships print a coin value",
    "ship_coins": "a ship needs a coin value",
    "start_row": "a starting card needs a row 1..4",
    "start_order": "a starting card needs an order number",
    "only_start_prints": "only starting cards print row, order and start coins",
    "colour_count": "{0} player colours, expected 4",
    "colour_twice": "colour {0!r} appears {1} times",
    "kingdom_count": "{0} kingdom cards, expected 4",
    "kingdom_row": "{0}, expected {1} (ascending rows)",
    "kingdom_name": "{0!r}, expected {1!r}",
    "printed_income": "{0!r}, the rulebook prints {1!r}",
    "printed_income_value": "{0}, the rulebook prints {1} for {2}",
    "income_once": "each income type must appear once",
    "green_effects": f"needs each green effect exactly once {list(GREEN_EFFECTS)}",
    "red_effects": f"needs each red effect exactly once {list(RED_EFFECTS)}",
    "tile_space_colour": "the citizen tile needs a space colour",
    "needs_value": "needs a value",
    "viking_count": "{0} Viking cards, expected 4",
    "viking_row": "{0}, expected {1}",
    "viking_icon": "{0!r} differs from the kingdom's income type {1!r}",
    "viking_icon_once": "each building icon may appear on one Viking card only",
    "schema": "{0}",
    "not_toml": "not valid TOML: {0}",
}


def card_problem(problem: CardProblem) -> str:
    """One problem, after its path: "$.cards[11] (A-12).cost: an inn needs a cost"."""
    template = TEMPLATES[problem.code]
    text = template.format(*problem.values) if "{" in template else template
    return f"{problem.path}: {text}" if problem.path else text


def card_problems(error: CardSetError) -> list[str]:
    """Every problem of a card file that cannot be used, in words."""
    return [card_problem(p) for p in error.problems]
