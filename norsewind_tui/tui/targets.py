"""What the player can point at for the decision awaited, and how the cursor moves.

A *target* is something on the board that stands for one move: a market slot,
a castle, a kingdom row, a supply, a citizen or disc space, or a button
(decline, refresh, pass).  Which targets are legal comes only from
``legal_moves``; a few illegal ones (slots, castles, rows, supplies) are
targets too, so that pointing at them can say why they cannot be chosen.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import adjacent_supplies, legal_moves
from ..rules import moves as m
from ..rules.moves import DECLINE, PASS, REFRESH, Move
from ..rules.state import CASTLE, State

Key = tuple[object, ...]


@dataclass(frozen=True)
class Target:
    key: Key
    move: Move
    legal: bool
    pos: tuple[int, int]  # (line, column) on an abstract grid, for the arrow keys


def key_of(move: Move) -> Key:
    """The board element that stands for ``move``."""
    if isinstance(move, m.PickBuilding):
        return ("slot", move.slot)
    if isinstance(move, m.PickCastle):
        return ("castle", move.index)
    if isinstance(move, m.ChooseKingdom):
        return ("row", move.row)
    if isinstance(move, m.TakeFrom):
        return ("supply", move.supply)
    if isinstance(move, m.PlaceCitizen):
        return ("space", move.row, move.holder, move.space)
    if isinstance(move, m.PlaceDisc):
        return ("disc", move.row, move.holder, move.side)
    if isinstance(move, m.Decline):
        return ("decline",)
    if isinstance(move, m.Refresh):
        return ("refresh",)
    if isinstance(move, m.Pass):
        return ("pass",)
    raise TypeError(move)


def _pos(move: Move, state: State) -> tuple[int, int]:
    if isinstance(move, m.PickBuilding):
        return (0, move.slot)
    if isinstance(move, m.PickCastle):
        return (1, move.index)
    if isinstance(move, (m.Refresh, m.Pass)):
        return (2, 0 if isinstance(move, m.Refresh) else 1)
    if isinstance(move, m.ChooseKingdom):
        return (move.row, 0)
    if isinstance(move, m.TakeFrom):
        return (0, 0 if move.supply == state.slot else 1)
    if isinstance(move, m.PlaceCitizen):
        return (move.row, (move.holder + 1) * 4 + move.space)
    if isinstance(move, m.PlaceDisc):
        return (move.row, (move.holder - CASTLE) * 4 + move.side)
    return (9, 0)  # Decline: a button below everything


def build_targets(state: State) -> list[Target]:
    """The targets of the decision awaited in ``state``, legal first within each kind."""
    legal = legal_moves(state)
    legal_set = set(legal)
    phase = state.phase
    candidates: list[Move] = []
    if phase == "action":
        candidates += [m.PickBuilding(s) for s in range(5)]
        candidates += [m.PickCastle(i) for i in range(len(state.display))]
        candidates += [move for move in (REFRESH, PASS) if move in legal_set]
    elif phase in ("building_kingdom", "castle_kingdom", "place_start"):
        candidates += [m.ChooseKingdom(r) for r in range(4)]
    elif phase == "supply":
        candidates += [*(m.TakeFrom(s) for s in adjacent_supplies(state)), DECLINE]
    else:
        candidates += legal
    seen = set()
    out = []
    for move in candidates:
        if move in seen:
            continue
        seen.add(move)
        out.append(Target(key_of(move), move, move in legal_set, _pos(move, state)))
    for move in legal:  # anything legal that the lists above missed
        if move not in seen:
            out.append(Target(key_of(move), move, True, _pos(move, state)))
    return out


def first_legal(targets: list[Target]) -> Key | None:
    for t in targets:
        if t.legal:
            return t.key
    return targets[0].key if targets else None


def step(targets: list[Target], current: Key | None, direction: str) -> Key | None:
    """The target the cursor reaches from ``current`` going left/right/up/down (wrapping)."""
    if not targets:
        return None
    by_key = {t.key: t for t in targets}
    here = by_key.get(current) if current is not None else None
    if here is None:
        return first_legal(targets)
    line, col = here.pos
    if direction in ("left", "right"):
        same = sorted((t for t in targets if t.pos[0] == line), key=lambda t: t.pos[1])
        ordered = sorted(targets, key=lambda t: t.pos) if len(same) <= 1 else same
        i = ordered.index(here)
        i = (i + (1 if direction == "right" else -1)) % len(ordered)
        return ordered[i].key
    lines = sorted({t.pos[0] for t in targets})
    if len(lines) == 1:
        ordered = sorted(targets, key=lambda t: t.pos)
        i = ordered.index(here)
        return ordered[(i + (1 if direction == "down" else -1)) % len(ordered)].key
    j = lines.index(line)
    nxt = lines[(j + (1 if direction == "down" else -1)) % len(lines)]
    row = [t for t in targets if t.pos[0] == nxt]
    return min(row, key=lambda t: (abs(t.pos[1] - col), t.pos[1])).key
