"""A position with every count at its widest (issue 23.1): two-digit helmets, shields, points and
coins, three-digit scores, in every row; the layout test draws every screen of the game with it."""

from __future__ import annotations

import msgspec

from norsewind_tui.rules import cards_for
from norsewind_tui.rules.cards import CardDB
from norsewind_tui.rules.state import CASTLE, PRESTIGE, SHIELD, Kingdom, State


def _crowded_row(db: CardDB, kingdom: Kingdom, buildings: list[int], castle: int) -> Kingdom:
    cards = (*kingdom.buildings, *buildings)[:4]  # the starting card stays first (R7)
    figures = tuple((h, i, 4) for h, card in enumerate(cards) for i in range(len(db.spaces[card])))
    discs = tuple((h, SHIELD) for h, card in enumerate(cards) if db.shield_space[card])
    discs += tuple((h, PRESTIGE) for h, card in enumerate(cards) if db.prestige_space[card])
    if db.shield_space[castle]:
        discs += ((CASTLE, SHIELD),)
    return msgspec.structs.replace(kingdom, buildings=cards, castle=castle, figures=figures, discs=discs)


def crowded(state: State) -> State:
    """``state`` with each player's kingdoms full of the highest-valued cards, 12+ coins each, and in
    solo Viking rows of 10+ helmets: row 1 scoring two-digit points against your two-digit shields."""
    db = cards_for(state)
    deck = [c for c in range(len(db.type)) if db.type[c] != "castle" and not db.is_castle[c]]
    castles = sorted((c for c in range(len(db.type)) if db.is_castle[c]), key=lambda c: -db.shields[c])
    by_helmets = sorted(deck, key=lambda c: -(db.helmets[c] * 10 + db.prestige[c] + db.citizens[c]))
    by_shields = sorted(deck, key=lambda c: -(db.shields[c] * 10 + db.prestige[c] + db.citizens[c]))
    players = []
    for p in state.players:
        rows = []
        for r, k in enumerate(p.kingdoms):
            pool = by_helmets if r == 0 else by_shields  # row 1 at risk (two-digit helmets), the others safe
            rows.append(_crowded_row(db, k, pool[4 * r : 4 * r + 4], castles[r]))
        players.append(msgspec.structs.replace(p, kingdoms=tuple(rows), coins=12 + p.colour))
    out = msgspec.structs.replace(state, players=tuple(players))
    if state.solo:
        heavy = sorted(deck, key=lambda c: -db.helmets[c])
        out = msgspec.structs.replace(out, vikings=tuple(tuple(heavy[4 * r : 4 * r + 4]) for r in range(4)))
    return out


def _check() -> None:  # pragma: no cover - python -m tests.tui.crowded: the figures it gives
    from norsewind_tui.rules import GameConfig, new_game
    from norsewind_tui.rules.scoring import kingdom_score, score_breakdown, viking_score

    for names in (("A",), ("A", "B", "C", "D")):
        s = crowded(new_game(GameConfig(players=names), seed=1))
        db = cards_for(s)
        for seat in range(len(names)):
            print([kingdom_score(db, s.players[seat], r) for r in range(4)], score_breakdown(s, seat).total)
        if s.solo:
            print(viking_score(s))


if __name__ == "__main__":
    _check()
