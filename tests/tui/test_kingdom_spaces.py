"""The kingdom rows draw the spaces the rules name (``rules.queries.kingdom_spaces``): the same text,
colours and fill as the printed cards and tiles, in every kind of position (the board draws only
these: ``tui.text`` no longer keeps a copy of them)."""

from __future__ import annotations

import random

from norsewind_tui.rules import GameConfig, PickBuilding, apply, legal_moves, new_game
from norsewind_tui.rules.cards import CardDB, GreenTile
from norsewind_tui.rules.engine import cards_for
from norsewind_tui.rules.queries import at_turn_start, decision, kingdom_spaces
from norsewind_tui.rules.state import CASTLE, COLOUR_LETTERS, PRESTIGE, SHIELD, TILE, Kingdom, Player
from norsewind_tui.tui.widgets.kingdoms import space_text
from norsewind_tui.words import space_name

Printed = tuple[str, str, bool]  # (text, kind, filled)


def _disc_spaces(shield: int, prestige: int, discs: set[int]) -> list[Printed]:
    out = []
    if shield:
        out.append((f"{{{'S' if SHIELD in discs else 's'}{shield}}}", "shield", SHIELD in discs))
    if prestige:
        out.append((f"{{{'P' if PRESTIGE in discs else 'p'}{prestige}}}", "prestige", PRESTIGE in discs))
    return out


def printed_card(db: CardDB, card: int, k: Kingdom, holder: int) -> list[Printed]:
    """The spaces printed on a card, read from the card data (the reference the rules must match)."""
    figures = {s: c for h, s, c in k.figures if h == holder}
    out: list[Printed] = []
    for i, colour_name in enumerate(db.spaces[card]):
        colour = ("purple", "yellow", "blue", "red").index(colour_name)
        letter = COLOUR_LETTERS[figures[i]] if i in figures else COLOUR_LETTERS[colour].lower()
        out.append((f"[{letter}]", "citizen", i in figures))
    discs = {side for h, side in k.discs if h == holder}
    return out + _disc_spaces(db.shield_space[card], db.prestige_space[card], discs)


def printed_tile(db: CardDB, player: Player, row: int) -> list[Printed]:
    tile = db.tiles[player.colour][player.kingdoms[row].tile]
    k = player.kingdoms[row]
    if not isinstance(tile, GreenTile):
        return []
    out: list[Printed] = []
    if tile.citizen_space is not None:
        colour = ("purple", "yellow", "blue", "red").index(tile.citizen_space)
        fig = [c for h, _s, c in k.figures if h == TILE]
        out.append((f"[{COLOUR_LETTERS[fig[0]] if fig else COLOUR_LETTERS[colour].lower()}]", "citizen", bool(fig)))
    discs = {side for h, side in k.discs if h == TILE}
    return out + _disc_spaces(tile.shield_space, tile.prestige_space, discs)


def test_kingdom_spaces_match_the_card_and_tile_texts() -> None:
    checked = 0
    for players, seed in ((1, 3), (2, 5), (4, 8)):
        state = new_game(GameConfig(("Ana", "Bo", "Cy", "Di")[:players]), seed)
        rng = random.Random(seed)
        while state.phase != "over":
            state = apply(state, rng.choice(legal_moves(state)))
            db = cards_for(state)
            for player in state.players:
                for row, k in enumerate(player.kingdoms):
                    spaces = kingdom_spaces(db, player, row)
                    old = [
                        *(printed_card(db, k.castle, k, CASTLE) if k.castle >= 0 else []),
                        *printed_tile(db, player, row),
                        *(s for i, b in enumerate(k.buildings) for s in printed_card(db, b, k, i)),
                    ]
                    new = [*spaces.castle, *spaces.tile, *(s for group in spaces.buildings for s in group)]
                    assert [space_text(s) for s in new] == [text for text, *_ in old]
                    assert [s.filled for s in new] == [filled for _, _, filled in old]
                    assert [s.kind for s in new] == [kind for _, kind, _ in old]
                    checked += len(new)
    assert checked > 10_000


def test_space_names() -> None:
    state = new_game(GameConfig(("Ana", "Bo")), 5)
    db = cards_for(state)
    player = state.players[state.current]
    row = next(r for r, k in enumerate(player.kingdoms) if k.buildings)
    kingdom = ("Northumbria", "East Anglia", "Mercia", "Wessex")[row]
    assert space_name(db, player, row, CASTLE) == f"the castle in {kingdom}"
    assert space_name(db, player, row, TILE) == f"the kingdom tile of {kingdom}"
    card = db.name(player.kingdoms[row].buildings[0])
    assert space_name(db, player, row, 0) == f"the {card} in {kingdom} (building 1)"


def test_the_decision_awaited_by_name() -> None:
    """The game screen asks the rules what kind of choice is awaited instead of reading phases."""
    state = new_game(GameConfig(("Ana", "Bo")), 5)
    assert decision(state) == "action" and at_turn_start(state)
    slot = next(m for m in legal_moves(state) if isinstance(m, PickBuilding))
    state = apply(state, slot)
    assert decision(state) == "kingdom" and not at_turn_start(state)
    variant = new_game(GameConfig(("Ana", "Bo"), start_choice=True), 5)
    assert decision(variant) == "kingdom" and at_turn_start(variant)
    rng = random.Random(1)
    seen = set()
    while state.phase != "over":
        seen.add((state.phase, decision(state)))
        state = apply(state, rng.choice(legal_moves(state)))
    assert decision(state) == "over"
    assert ("supply", "supply") in seen and ("citizen_space", "space") in seen
