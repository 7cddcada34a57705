"""Why a move is good, in a few words: "+6 coins; Mercia stays safe".

The move is followed by the best way to finish the turn (as the greedy player
would), and the player's own area is compared before and after: coins,
points, and each kingdom's safety, prestige and citizens.  The turn is
finished on a determinised state but only the player's own area is read, and
nothing in it depends on the unseen deck order.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.cards import KINGDOM_NAMES
from ..rules.engine import apply, building_cost, cards_for, is_legal, legal_moves
from ..rules.moves import ChooseKingdom, Decline, Move, Pass, PickBuilding, PickCastle, Refresh
from ..rules.scoring import ScoreBreakdown, score_breakdown
from ..rules.state import State
from .evaluate import evaluate
from .turns import TurnEnd, best_turn, masked
from .view import decision_rng, determinise


def finish_turn(state: State, move: Move, plan: Sequence[Move] = ()) -> State:
    """The state after ``move``, then ``plan``'s later decisions while they fit, then the best
    way (by the evaluation) to finish the turn.

    The refill at the end is undone in the result (``turns.masked``).
    """
    root = state
    d = determinise(state, decision_rng(0, state))
    done = TurnEnd(d)
    s = apply(d, move)
    for m in plan[1:] if plan and plan[0] == move else ():
        if done(s) or not is_legal(s, m):
            break
        s = apply(s, m)
    if not done(s):
        _, rest = best_turn(s, evaluate)
        for m in rest:
            s = apply(s, m)
    return masked(s, root)


def _n(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _viking_helmets(state: State) -> list[int]:
    """Solo: the helmets of each Viking row now (the card's side and the cards in the row)."""
    db = cards_for(state)
    out = []
    for row, card in enumerate(db.vikings):
        side = card.red if state.viking_red[row] else card.green
        out.append(side.helmets + sum(db.helmets[c] for c in state.vikings[row]))
    return out


def _kingdom_words(state: State, before: ScoreBreakdown, after: ScoreBreakdown) -> list[str]:
    """One phrase per kingdom the turn changed: its safety first, then what it gains."""
    vikings = _viking_helmets(state) if state.solo else None
    words = []
    for b, a in zip(before.kingdoms, after.kingdoms, strict=True):
        if (b.helmets, b.shields, b.prestige, b.citizens) == (a.helmets, a.shields, a.prestige, a.citizens):
            continue
        name = KINGDOM_NAMES[a.row]
        if a.safe and not b.safe:
            words.append(f"{name} becomes safe")
        elif b.safe and not a.safe:
            words.append(f"{name} falls at risk ({a.helmets} helmets, {a.shields} shields)")
        elif a.safe and a.helmets > b.helmets:
            words.append(f"{name} stays safe")
        if vikings is not None and b.shields < vikings[a.row] <= a.shields:
            words.append(f"{name} holds off the Vikings")
        if a.safe and a.points - b.points >= 2:
            words.append(f"{name} +{a.points - b.points} points")
        elif a.prestige > b.prestige:
            words.append(f"{name} +{a.prestige - b.prestige} prestige")
        elif a.citizens > b.citizens:
            words.append(f"{name} +{_n(a.citizens - b.citizens, 'citizen')}")
        elif a.shields > b.shields:
            words.append(f"{name} +{_n(a.shields - b.shields, 'shield')}")
    return words


def explain_move(state: State, move: Move, plan: Sequence[Move] = ()) -> str:
    """A few words on what ``move`` (with ``plan``'s rest, or the best rest of the turn) gains."""
    if isinstance(move, Pass):
        return "nothing else is possible"
    if isinstance(move, Refresh):
        return "nothing in the market is affordable: a fresh market"
    if move not in legal_moves(state):
        return "not a legal move now"
    seat = state.current
    before = score_breakdown(state, seat)
    after = score_breakdown(finish_turn(state, move, plan), seat)
    db = cards_for(state)
    words: list[str] = []
    if isinstance(move, PickCastle):
        words.append(f"castle for {db.cost[state.display[move.index]]} coins")
    elif isinstance(move, PickBuilding):
        card, then = state.market[move.slot], plan[1] if len(plan) > 1 and plan[0] == move else None
        rows = [then.row] if isinstance(then, ChooseKingdom) else range(4)
        price = min(building_cost(db, state.players[seat], card, row) for row in rows)
        words.append(f"the {db.name(card)} costs {_n(price, 'coin')}" if price else f"the {db.name(card)} is free")
    elif isinstance(move, Decline):
        words.append("nothing worth taking")
    elif isinstance(move, ChooseKingdom) and state.held >= 0:
        words.append(f"the {db.name(state.held)} fits {KINGDOM_NAMES[move.row]}")
    coins = after.coins - before.coins  # the whole turn's (prices, income, bonuses): said as such, not as a price
    if coins > 0 or (coins < 0 and not isinstance(move, PickCastle)):  # a castle's price is said above
        words.append(f"the turn nets {coins:+d} {'coin' if abs(coins) == 1 else 'coins'}")
    kingdoms = _kingdom_words(state, before, after)
    words.extend(kingdoms)
    points = after.total - before.total
    if len(words) < 2 and points and not any("points" in w for w in kingdoms):
        words.append(f"{points:+d} points if the game ended now")
    return "; ".join(words[:3]) if words else "keeps your kingdoms as they are"
