"""R23: the castle display marks the castles just returned by a replacement in words, not only colour."""

from __future__ import annotations

import msgspec

from norsewind_tui.rules import ChooseKingdom, GameConfig, PickBuilding, PickCastle, State, apply, legal_moves, new_game
from norsewind_tui.rules.engine import cards_for
from norsewind_tui.rules.queries import just_returned
from norsewind_tui.tui.targets import build_targets
from norsewind_tui.tui.widgets.board import BoardView
from norsewind_tui.tui.widgets.castles import CastleView

replace = msgspec.structs.replace


def lines(state: State, width: int) -> list[str]:
    view = BoardView(state, cards_for(state), ("Lucy",), {t.key: t for t in build_targets(state)})
    widget = CastleView()
    widget.view = view
    return ["".join(c.rows[0].plain.ljust(c.width) for c in row).rstrip() for row in widget.layout_rows(width)]


def swap_position() -> State:
    """Solo: A-32 (cost 7) in a kingdom with a plain tile, A-33 (cost 8) and A-30 (cost 5) in the display."""
    state = new_game(GameConfig(players=("Lucy",)), 3)
    db = cards_for(state)
    ids = [db.index_of[c] for c in ("A-32", "A-33", "A-30")]
    me = state.players[0]
    row = next(r for r, k in enumerate(me.kingdoms) if db.tiles[0][k.tile].effect != "castle_min_7")
    gone = set(ids)
    kingdoms = list(me.kingdoms)
    kingdoms[row] = replace(kingdoms[row], castle=ids[0])
    return replace(
        state,
        players=(replace(me, kingdoms=tuple(kingdoms), coins=30),),
        display=tuple(ids[1:]),
        deck=tuple(c for c in state.deck if c not in gone),
        box=tuple(c for c in (*state.box, *state.display) if c not in gone),
    )


def test_r23_a_castle_just_returned_is_marked_back_until_the_refill() -> None:
    s = swap_position()
    row = next(r for r, k in enumerate(s.players[0].kingdoms) if k.castle >= 0)
    assert lines(s, 80) == ["Castles 1:$8 s8{2} p3{1} 2:$5 s5{2} p2{1}"]
    assert lines(apply(s, PickCastle(0)), 80) == ["Castles 1:$5 s5{2} p2{1} taken: $8 s8{2} p3{1}"]
    s = apply(apply(s, PickCastle(0)), ChooseKingdom(row))  # A-32 returns to the display
    assert just_returned(s) == (1,)
    assert lines(s, 80) == ["Castles 1:$5 s5{2} p2{1} 2:$7 s7{2} p2{1} back"]
    assert lines(s, 30) == ["Castles 1:$5 s5{2} p2{1}", "        2:$7 s7{2} p2{1} back"]
    s = apply(s, PickBuilding(next(i for i, c in enumerate(s.market) if c >= 0)))
    while s.phase != "action":  # finish action A: its refill frees the castle
        s = apply(s, legal_moves(s)[0])
    assert just_returned(s) == () and "back" not in lines(s, 80)[0]
