"""A tournament moved on by whoever looks (issue 44.1): the record's look, then the computers' turns.

``storage.tournaments`` decides the rounds and makes their tables; this layer (it knows the
computer players) plays the computer seats that are to move at the round's tables, so a table of
computers alone, or one waiting on a computer while its person is away, goes on without a daemon:
each computer decision is claimed by one process (``SharedTable.computer_step``) and made once.
"""

from __future__ import annotations

from .computer import Computer
from .storage.errors import StorageError
from .storage.tournaments import Look, Tournaments

MOST = 400  # computer decisions one look plays at most (a 4-seat game of computers has about 200)


def advance(tournaments: Tournaments, name: str, most: int = MOST) -> Look:
    """Look at ``name`` (deciding a due round, making its tables), play the computers to move at its
    tables, and look again when they played."""
    look = tournaments.look(name)
    played = 0
    for round_ in look.rounds:
        for result in round_:
            if result.placed is None and played < most:
                played += play_computers(tournaments, result.name, most - played)
    return tournaments.look(name) if played else look


def play_computers(tournaments: Tournaments, table_name: str, most: int) -> int:
    """The computer decisions of one table while a computer is to move (at most ``most``)."""
    try:
        table = tournaments.tables.open(table_name, None)
    except StorageError:
        return 0
    computer = Computer(table.session.seed)
    played = 0
    try:
        while played < most and table.computer_to_move() is not None:
            view = table.computer_step(computer.decide)
            if view is None:
                break  # another process plays them
            table.adopt(view)
            played += 1
    finally:
        computer.close()
        table.close()
    return played
