"""Completing a turn: a turn is several decisions; bots judge the state at its end.

``best_turn`` tries every way to finish the current turn of the player to
move (on a determinised state: the refill at the end of a turn reveals a card
of the *sampled* deck order), and scores each end state with a value function
that ignores what the refill changed (the new market card, the castles it
revealed, the Vikings' turn that follows in solo), so the choice never
depends on the sample.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from ..rules.cards import CardDB
from ..rules.engine import apply, cards_for, castle_problem, legal_moves
from ..rules.moves import ChooseKingdom, Move, PickCastle
from ..rules.state import State

_replace = msgspec.structs.replace

Value = Callable[[State, int], float]


def _rank(db: CardDB, castle: int) -> tuple[int, int, int]:
    return (db.prestige[castle], db.shields[castle], castle)


def _improves(db: CardDB, state: State, castle: int, row: int) -> bool:
    """A first castle for the kingdom, or a strictly better one than it has (prestige, then shields)."""
    old = state.players[state.current].kingdoms[row].castle
    return old < 0 or _rank(db, castle) > _rank(db, old)


def bot_moves(state: State) -> list[Move]:
    """The legal moves a bot considers: all but replacing a castle by one no better.

    A downgrade only pays through income, and R23 already stops the swap back (the castle
    just returned waits for the next refill, and ``legal_moves`` leaves it out): skipping
    downgrades keeps the bots from wasting their castle actions on it.
    """
    moves = legal_moves(state)
    if state.phase not in ("action", "castle_kingdom"):
        return moves
    db = cards_for(state)
    keep: list[Move]
    if state.phase == "castle_kingdom":
        keep = [m for m in moves if isinstance(m, ChooseKingdom) and _improves(db, state, state.held, m.row)]
    else:
        player = state.players[state.current]
        keep = [
            m
            for m in moves
            if not isinstance(m, PickCastle)
            or any(
                castle_problem(db, player, state.display[m.index], r) is None
                and _improves(db, state, state.display[m.index], r)
                for r in range(4)
            )
        ]
    return keep or moves


class TurnEnd:
    """Tells when the turn that was to play at ``root`` is over."""

    __slots__ = ("place_start", "seat", "turns")

    def __init__(self, root: State) -> None:
        self.seat = root.current
        self.turns = root.players[root.current].turns
        self.place_start = root.phase == "place_start"

    def __call__(self, state: State) -> bool:
        return (
            state.phase == "over"
            or state.current != self.seat
            or state.players[self.seat].turns != self.turns
            or (self.place_start and state.phase != "place_start")
        )


def masked(leaf: State, root: State) -> State:
    """``leaf`` with what the end-of-turn refill changed put back as it was at ``root``.

    The player's own area, coins and the supplies stay as the turn left them.
    """
    return _replace(leaf, deck=root.deck, reserve=root.reserve, vikings=root.vikings, ship=root.ship)


def best_turn(state: State, value: Value, limit: int = 4000) -> tuple[float, list[Move]]:
    """The best value reachable by finishing the current turn, and the decisions to get there.

    ``value(end_state, seat)`` scores an end of turn (already ``masked``).  The
    search is exhaustive (a turn is at most a handful of decisions) but stops
    widening after ``limit`` end states; moves are tried in the engine's
    stable order, so the result is deterministic.
    """
    return _best_from(state, state, TurnEnd(state), value, limit)


def turn_options(state: State, value: Value, limit: int = 4000) -> list[tuple[float, Move, list[Move]]]:
    """For each legal decision now: the best value of finishing the turn after it (best first).

    Ties keep the engine's move order.
    """
    seat = state.current
    done = TurnEnd(state)
    moves = bot_moves(state)
    children = [apply(state, m) for m in moves]
    out = []
    per_move = max(limit // max(len(moves), 1), 50)
    for m, child in zip(moves, children, strict=True):
        if done(child):
            out.append((value(masked(child, state), seat), m, [m]))
            continue
        # finish the turn from the child, judged against the same root
        v, rest = _best_from(child, state, done, value, per_move)
        out.append((v, m, [m, *rest]))
    out.sort(key=lambda x: -x[0])
    return out


def _best_from(start: State, root: State, done: TurnEnd, value: Value, limit: int) -> tuple[float, list[Move]]:
    seat = root.current
    count = 0

    def search(s: State) -> tuple[float, list[Move]]:
        nonlocal count
        if done(s):
            count += 1
            return value(masked(s, root), seat), []
        moves = bot_moves(s)
        children = [apply(s, m) for m in moves]
        best: tuple[float, list[Move]] | None = None
        for m, child in zip(moves, children, strict=True):
            if best is not None and count >= limit:
                break
            v, rest = search(child)
            if best is None or v > best[0]:
                best = (v, [m, *rest])
        assert best is not None
        return best

    return search(start)
