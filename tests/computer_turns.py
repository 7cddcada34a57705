"""The computer's turns at a shared table, taken as the app takes them (tests of several packages).

``SharedTable.changes`` is what the app's driver (tui/driver.py) asks a table for: the table on
disk if it is newer, then the computer's decision when it is to move and this process wins the
claim, each already written and then adopted.
"""

from __future__ import annotations

from norsewind_tui.bots.registry import make_bot
from norsewind_tui.rules.moves import Move
from norsewind_tui.rules.state import State
from norsewind_tui.storage.handle import Decide
from norsewind_tui.storage.standin import StandIn
from norsewind_tui.storage.tables import SharedTable


def play_computer(table: SharedTable, decide: Decide, standin: StandIn | None = None) -> bool:
    """Adopt what the driver would find at ``table``; True when this process's computer decided."""
    played = False
    for change in table.changes(table.view, decide, 0.0, standin):
        assert change.view is not None  # a table's changes are written views, never a move to push
        table.adopt(change.view)
        # a newer file is reported from its own state; the computer's write from the state it decided for
        played = change.base != change.view.state
    return played


def seeded_bot(seat: int, bot: str, state: State) -> Move:
    """The computer's decision: the registry's bot, seeded by its seat (deterministic)."""
    return make_bot(bot, seed=seat).decide(state)


def finish_table(table: SharedTable) -> None:
    """Play ``table`` to its end: its identity's turns by a greedy bot, the computer's as the app does."""
    me = make_bot("greedy", 0)
    while not table.finished:
        if table.is_my_turn():
            table.push(me.decide(table.state))
        else:
            assert play_computer(table, seeded_bot)
