"""Tournament tables for the front ends' tests (issue 44.1): a person sits down at the seat a
round keeps for them, and the people play first legal moves while ``advance`` plays the computers."""

from __future__ import annotations

from collections.abc import Sequence

from norsewind_tui.rules.engine import legal_moves
from norsewind_tui.storage.tables import SharedTable
from norsewind_tui.storage.tournaments import Tournaments
from norsewind_tui.tournament import advance


def sit(t: Tournaments, table: str, person: str) -> SharedTable | None:
    """``person`` at ``table``: their seat taken if kept for them (sat already: theirs); None: no seat."""
    handle = t.tables.open(table, person)
    if handle.seat is not None:
        return handle
    kept = next((i for i in range(len(handle.state.players)) if handle.view.invited(i) == person), None)
    if kept is None:
        handle.close()
        return None
    handle.join(kept)
    return handle


def play_out(t: Tournaments, name: str, tables: Sequence[str], people: Sequence[str]) -> None:
    """Each of ``tables`` played to its end: its people (seated here if not yet) move first legal
    moves, its computers move by ``advance``."""
    for table in tables:
        handles = [h for h in (sit(t, table, p) for p in people) if h is not None]
        while True:
            advance(t, name)
            for handle in handles:
                handle.reload()
            mover = next((h for h in handles if h.is_my_turn()), None)
            if mover is None:
                break
            mover.push(legal_moves(mover.state)[0])
        for handle in handles:
            handle.close()
