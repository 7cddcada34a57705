"""The play controller at a table (issue 40): whose turn, and a decision on a stale view, as data."""

from __future__ import annotations

from norsewind_tui.play import Done, MovedOn, Play, said
from norsewind_tui.rules.cards import default_cards
from norsewind_tui.storage.tables import SharedTable

DB = default_cards()


def test_a_table_answers_moved_on_and_whose_turn(pair: tuple[SharedTable, SharedTable]) -> None:
    alice, bob = pair
    mover, other = (alice, bob) if alice.is_my_turn() else (bob, alice)
    stale = other.view
    assert not Play(other).asked()
    assert said(Play(other).not_asked(), DB, "lines") == (f"Wait: {other.turn_problem()}.", "error")
    first = mover.legal_moves()[0]
    assert isinstance(Play(mover).decide(first, seen=mover.view), Done)
    mover2 = mover.store.open(mover.name, mover.identity)
    outcome = Play(mover2).decide(first, seen=stale)
    assert isinstance(outcome, MovedOn)
    assert said(outcome, DB, "app") == (f"Nothing done: the game moved on ({outcome.since}).", "error")
