"""The facts a lesson names, from the game's state (issue 23.5): never hand-written in the lesson file.

A lesson's text names a slot, a supply, a kingdom or a number by a field, ``<slot>``, ``<supply>``,
``<kingdom>``, ``<left>``...; ``fill`` puts in what the position the lesson is shown at has there.
The fields are about *this turn*: the decision the step asks for (or, on a page to read, the
next one) and the lesson's later decisions of the same turn (the kingdom a picked card goes to).
A field a position cannot answer is a ``KeyError`` (the lesson file is refused at load).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..rules import apply_logged, cards_for
from ..rules.cards import KINGDOM_NAMES, CardDB
from ..rules.engine import building_problem
from ..rules.events import COINS_GAINED
from ..rules.moves import ChooseKingdom, Move, PickBuilding, PickCastle, PlaceCitizen, PlaceDisc, TakeFrom
from ..rules.scoring import kingdom_score, viking_score
from ..rules.state import CASTLE, COLOUR_LETTERS, COLOUR_NAMES, DISCS, SIDE_NAMES, TILE, State
from .board import TYPE_LONG
from .notation import castle_line, income_text, tile_summary
from .nouns import plural, supply_letter, supply_place

FIELD = re.compile(r"<([a-z_]+)>")
Facts = dict[str, str]


def fill(text: str, state: State, moves: Sequence[Move], row: int | None = None) -> str:
    """``text`` with each ``<field>`` replaced by its fact; ``moves`` are the lesson's decisions from
    this position on (the first is the one asked for), ``row`` the kingdom row a page points at."""
    if not FIELD.search(text):
        return text
    facts = turn_facts(state, moves, row)
    return FIELD.sub(lambda m: facts[m.group(1)], text)


def vik_cell(state: State, row: int) -> str:
    """The Vikings' status cell of ``row`` as the board writes it, whole (``Vik h11>s10 +21``)."""
    r = viking_score(state).rows[row]
    return f"Vik h{r.helmets}>s{r.your_shields} +{r.points}" if r.scores else f"Vik h{r.helmets}<=s{r.your_shields} 0"


def turn_facts(state: State, moves: Sequence[Move], row: int | None = None) -> Facts:
    db = cards_for(state)
    me = state.players[state.current]
    move = moves[0] if moves else None
    facts: Facts = {"deck": str(len(state.deck))}
    start = next(r for r, k in enumerate(me.kingdoms) if me.start_card in k.buildings)
    facts["start_kingdom"] = KINGDOM_NAMES[start]
    if state.row >= 0:
        facts["turn_kingdom"] = KINGDOM_NAMES[state.row]
    if row is None:  # the kingdom of this turn: the first of its decisions that names one
        turn = moves[: next((i + 1 for i, m in enumerate(moves) if i and isinstance(m, PickBuilding | PickCastle)), 99)]
        row = next((m.row for m in turn if isinstance(m, ChooseKingdom | PlaceCitizen | PlaceDisc)), None)
    if isinstance(move, PickBuilding):
        facts.update(slot=str(move.slot + 1), card=db.name(state.market[move.slot]))
    elif state.slot >= 0 and state.phase in ("building_kingdom", "supply", "citizen_space", "disc_space"):
        facts["slot"] = str(state.slot + 1)
    if state.held >= 0 and db.type[state.held] != "castle":
        facts["card"] = db.name(state.held)
    castle = state.display[move.index] if isinstance(move, PickCastle) else state.held
    if castle >= 0 and db.type[castle] == "castle":
        facts.update(castle_facts(db, castle, "", state.display.index(castle) if castle in state.display else -1))
    if isinstance(move, TakeFrom):
        facts.update(supply_facts(state, move.supply))
    if isinstance(move, PlaceCitizen):
        colour = state.taken if state.phase == "citizen_space" else 4
        facts["colour"] = COLOUR_NAMES[colour]
        facts["space"] = space_label(db, state, move)
    if isinstance(move, PlaceDisc):
        facts.update(disc_facts(db, state, move))
    if row is not None:
        facts.update(row_facts(db, state, row))
    if move is not None:
        facts.update(after_facts(db, state, move))
    if isinstance(move, ChooseKingdom) and state.held >= 0 and db.type[state.held] != "castle":
        problems = [building_problem(db, me, state.held, r) for r in range(4)]
        refused = [r for r, why in enumerate(problems) if why is not None and why.code.startswith("red_")]
        if refused:
            facts.update(refused=KINGDOM_NAMES[refused[0]], refused_row=str(refused[0] + 1))
            facts["refused_tile"] = "R " + tile_summary(db, me, refused[0])[0]
    return facts


def castle_facts(db: CardDB, castle: int, prefix: str, index: int = -1) -> Facts:
    facts = {
        f"{prefix}cost": str(db.cost[castle]),
        f"{prefix}shields": str(db.shields[castle]),
        f"{prefix}prestige": str(db.prestige[castle]),
    }
    if index >= 0:
        facts.update(number=str(index + 1), castle=f"{index + 1}:{castle_line(db, castle)}")
    return facts


def supply_facts(state: State, supply: int) -> Facts:
    kind = state.supply_kinds[supply]
    return {
        "supply": supply_letter(kind),
        "between": supply_place(supply),
        "left": str(state.supplies[supply]),
        "supply_what": "upgrade discs" if kind == DISCS else f"{COLOUR_NAMES[kind]} citizens",
        "one": "an upgrade disc" if kind == DISCS else f"a {COLOUR_NAMES[kind]} citizen",
    }


def space_label(db: CardDB, state: State, move: PlaceCitizen) -> str:
    """The empty citizen space as the board writes it (``[p]``)."""
    k = state.players[state.current].kingdoms[move.row]
    if move.holder == TILE:
        colour = getattr(db.tiles[state.players[state.current].colour][k.tile], "citizen_space", None) or ""
    else:
        card = k.castle if move.holder == CASTLE else k.buildings[move.holder]
        colour = db.spaces[card][move.space]
    return f"[{COLOUR_LETTERS[COLOUR_NAMES.index(colour)].lower()}]"


def disc_facts(db: CardDB, state: State, move: PlaceDisc) -> Facts:
    k = state.players[state.current].kingdoms[move.row]
    card = k.castle if move.holder == CASTLE else -1 if move.holder == TILE else k.buildings[move.holder]
    if card < 0:
        tile = db.tiles[state.players[state.current].colour][k.tile]
        shield, prestige = getattr(tile, "shield_space", 0), getattr(tile, "prestige_space", 0)
    else:
        shield, prestige = db.shield_space[card], db.prestige_space[card]
    return {
        "side": SIDE_NAMES[move.side],
        "disc_value": str(prestige if move.side else shield),
        "shield_space": f"{{s{shield}}}",
        "prestige_space": f"{{p{prestige}}}",
    }


def row_facts(db: CardDB, state: State, row: int) -> Facts:
    me = state.players[state.current]
    ks = kingdom_score(db, me, row)
    r = viking_score(state).rows[row] if state.solo else None
    facts = {
        "kingdom": KINGDOM_NAMES[row],
        "row": str(row + 1),
        "row_helmets": str(ks.helmets),
        "row_shields": str(ks.shields),
        "row_prestige": str(ks.prestige),
        "row_citizens": str(ks.citizens),
        "row_points": str(ks.points),
        "status": f"h{ks.helmets}{'<=' if ks.safe else '>'}s{ks.shields} {'safe' if ks.safe else 'RISK'}",
        "row_safe_points": str(ks.prestige * ks.citizens),
        "tile": ("G " if tile_summary(db, me, row)[1] else "R ") + tile_summary(db, me, row)[0],
        "tile_coins": plural(getattr(db.tiles[me.colour][me.kingdoms[row].tile], "bonus_coins", 0), "coin"),
        "inc": income_text(db, me, row),
        "inc_coins": plural(db.kingdoms[me.colour][row].income_value, "coin"),
        "inc_kind": TYPE_LONG[db.kingdoms[me.colour][row].income],
    }
    castle = me.kingdoms[row].castle
    if castle >= 0:
        facts.update(castle_facts(db, castle, "old_"))
    if r is not None:
        facts.update(vik=vik_cell(state, row), vik_points=str(r.points), vik_rate=str(r.coins_per_card))
        facts.update(vik_cards=str(r.cards), vik_helmets=str(r.helmets), vik_shields=str(r.your_shields))
    return facts


def after_facts(db: CardDB, state: State, move: Move) -> Facts:
    """What the decision asked for does: the coins it brings, the row's score after it."""
    after, events = apply_logged(state, move)
    me = state.current
    facts = {"gain": str(sum(e.value for e in events if e.kind in COINS_GAINED and e.player == me))}
    bonus = [e.value for e in events if e.kind == "fourth_bonus" and e.player == me]
    if bonus:
        facts["bonus"] = str(bonus[0])
    risky = [k.name for k in (kingdom_score(db, after.players[me], r) for r in range(4)) if not k.safe]
    facts["at_risk"] = " and ".join(risky) or "no kingdom"
    if isinstance(move, ChooseKingdom | PlaceCitizen | PlaceDisc):
        ks = kingdom_score(db, after.players[me], move.row)
        facts.update(after_prestige=str(ks.prestige), after_citizens=str(ks.citizens), after_points=str(ks.points))
        facts["after_shields"] = str(ks.shields)
    return facts
