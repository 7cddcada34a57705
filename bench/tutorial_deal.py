"""Search a fixed deal for the tutorial: a seed whose greedy solo game meets every lesson's moment.

Prints, per seed tried, the moments missing; the first seed that has them all, with its moves
(as msgspec JSON, the form tutorial.toml's ``expect`` uses).  Run: python3 bench/tutorial_deal.py [FIRST] [COUNT]
"""

from __future__ import annotations

import sys

import msgspec

from norsewind_tui.bots.greedy import GreedyBot
from norsewind_tui.rules import GameConfig, apply_logged, building_problem, cards_for, legal_moves, new_game, outcome
from norsewind_tui.rules.moves import ChooseKingdom, Move, PickCastle, PlaceDisc
from norsewind_tui.rules.scoring import score_breakdown, viking_score
from norsewind_tui.rules.state import State

MOMENTS = ("income", "citizen", "shield", "prestige", "green", "red", "risk", "neutral", "replaced", "vikings")


def steer(state: State, seen: set[str]) -> Move | None:
    """Push the greedy game towards the moments it rarely meets: castles, a replacement, a shield disc."""
    legal = legal_moves(state)
    me = state.players[0]
    castles = sum(k.castle >= 0 for k in me.kingdoms)
    if state.phase == "action" and castles < 2 + ("replaced" not in seen):
        picks = [m for m in legal if isinstance(m, PickCastle)]
        if picks:
            return picks[-1]
    if state.phase == "castle_kingdom":
        rows = [m for m in legal if isinstance(m, ChooseKingdom)]
        want_replace = castles >= 2 and "replaced" not in seen
        fit = [m for m in rows if (me.kingdoms[m.row].castle >= 0) == want_replace]
        if fit:
            return fit[0]
    if state.phase == "disc_space" and "shield" not in seen:
        shields = [m for m in legal if isinstance(m, PlaceDisc) and m.side == 0]
        if shields:
            return shields[0]
    return None


def play(seed: int) -> tuple[State, list[Move], set[str]]:
    state = new_game(GameConfig(players=("You",)), seed)
    db = cards_for(state)
    bot = GreedyBot(seed)
    seen: set[str] = set()
    moves: list[Move] = []
    while outcome(state) is None and len(moves) < 400:
        if state.phase == "building_kingdom":
            p = state.players[0]
            problems = [building_problem(db, p, state.held, r) for r in range(4)]
            if any(why is not None and why.code.startswith("red_") for why in problems):
                seen.add("red")
        move = steer(state, seen) or bot.decide(state)
        state, events = apply_logged(state, move)
        moves.append(move)
        for e in events:
            if e.kind == "income" and e.value > 0:
                seen.add("income")
            elif e.kind == "citizen":
                seen.add("neutral" if e.what == "neutral" else "citizen")
            elif e.kind == "disc":
                seen.add("shield" if e.what == "shield" else "prestige")
            elif e.kind in ("citizen_bonus", "fourth_bonus"):
                seen.add("green")
            elif e.kind == "replaced":
                seen.add("replaced")
    if any(not k.safe for k in score_breakdown(state, 0).kingdoms):
        seen.add("risk")
    if viking_score(state).total > 0:
        seen.add("vikings")
    return state, moves, seen


def main() -> None:
    first = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    for seed in range(first, first + count):
        state, moves, seen = play(seed)
        missing = [m for m in MOMENTS if m not in seen]
        sb = score_breakdown(state, 0).total
        print(seed, len(moves), "you", sb, "vikings", viking_score(state).total, "missing:", missing, flush=True)
        if not missing:
            print(msgspec.json.encode(moves).decode())
            return


if __name__ == "__main__":
    main()
