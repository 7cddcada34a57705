"""The typed queries the UI asks instead of reading the rules' sentences (issue 22 §2)."""

from __future__ import annotations

from norsewind_tui.rules import (
    ChooseKingdom,
    Decline,
    GameConfig,
    PickBuilding,
    Session,
    TakeFrom,
    adjacent_supplies,
    legal_moves,
    revealed_between,
)


def test_adjacent_supplies_are_the_slots_own_and_the_next_wrapping() -> None:
    """R1: slot i touches supplies i and i+1 (mod 5); slot 5 touches supplies 5 and 1."""
    s = Session(GameConfig(players=("Lucy", "Bo")), 7)
    for slot in range(5):
        t = s.copy()
        if PickBuilding(slot) not in legal_moves(t.state):
            continue
        t.push(PickBuilding(slot))
        assert adjacent_supplies(t.state) == (slot, (slot + 1) % 5)
        t.push(next(m for m in legal_moves(t.state) if isinstance(m, ChooseKingdom)))
        if t.state.phase == "supply":
            takes = [m.supply for m in legal_moves(t.state) if isinstance(m, TakeFrom)]
            assert set(takes) <= set(adjacent_supplies(t.state))


def test_what_was_revealed_between_two_positions() -> None:
    """A4: the refill after a building turn reveals the next card; nothing before the turn ends."""
    s = Session(GameConfig(players=("Lucy", "Bo")), 7)
    start = s.position
    s.push(PickBuilding(0))
    assert revealed_between(s.events[start : s.position]) == ()  # the card taken was in sight already
    s.push(next(m for m in legal_moves(s.state) if isinstance(m, ChooseKingdom)))
    if s.state.phase == "supply":
        s.push(Decline())
    assert s.state.current == 1  # Lucy's turn is over: slot 1 was refilled
    cards = revealed_between(s.events[start : s.position])
    assert cards and s.state.market[0] == cards[-1]  # castles go to the display; the building fills slot 1
    assert all(c in s.state.display for c in cards[:-1])
    assert revealed_between([]) == ()
