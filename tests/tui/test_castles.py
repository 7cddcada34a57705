"""R23: the castle display marks the castles just returned by a replacement (R23) in words, not only colour."""

from __future__ import annotations

from norsewind_tui.rules import ChooseKingdom, PickBuilding, PickCastle, State
from norsewind_tui.rules.queries import just_returned
from norsewind_tui.tui.targets import build_targets
from norsewind_tui.tui.widgets.board import BoardView
from norsewind_tui.tui.widgets.castles import CastleView
from tests.rules.builders import NORTHUMBRIA, db_of, play, with_display, with_kingdom, with_player
from tests.rules.test_rulings import first_moves_until, solo


def lines(state: State, width: int) -> list[str]:
    view = BoardView(state, db_of(state), ("Lucy",), {t.key: t for t in build_targets(state)})
    widget = CastleView()
    widget.view = view
    return ["".join(c.rows[0].plain.ljust(c.width) for c in row).rstrip() for row in widget.layout_rows(width)]


def test_r23_a_castle_just_returned_is_marked_back_until_the_refill() -> None:
    s = with_display(solo(), ["A-33", "A-30"])
    s = with_player(with_kingdom(s, 0, NORTHUMBRIA, "citizen_coin", castle="A-32"), 0, coins=30)
    assert lines(s, 80) == ["Castles 1:$8 s8{2} p3{1} 2:$5 s5{2} p2{1}"]
    s = play(s, PickCastle(0), ChooseKingdom(NORTHUMBRIA))  # A-32 returns to the display
    assert just_returned(s) == (1,)
    assert lines(s, 80) == ["Castles 1:$5 s5{2} p2{1} 2:$7 s7{2} p2{1} back"]
    assert lines(s, 30) == ["Castles 1:$5 s5{2} p2{1}", "        2:$7 s7{2} p2{1} back"]
    s = first_moves_until(play(s, PickBuilding(0)))  # action A: the refill frees it
    assert just_returned(s) == () and "back" not in lines(s, 80)[0]
