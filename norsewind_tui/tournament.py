"""A tournament moved on by whoever looks (issue 44.1): the record's look, then the computers' turns.

``storage.tournaments`` decides the rounds and makes their tables; this layer (it knows the
computer players) plays the computer seats that are to move at the round's tables, so a table of
computers alone, or one waiting on a computer while its person is away, goes on without a daemon:
each computer decision is claimed by one process (``SharedTable.computer_step``) and made once.
"""

from __future__ import annotations

from dataclasses import dataclass

from .computer import Computer
from .safetext import safe_text
from .storage.errors import StorageError
from .storage.pairings import BYE
from .storage.paths import sanitise_name
from .storage.tables import SharedTable
from .storage.tournaments import Look, Tournament, Tournaments
from .words import clock as clock_say
from .words import tournaments as say

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


@dataclass(frozen=True)
class Line:
    """A line of a tournament's page; ``table``: the table it names when ``identity`` has a seat there."""

    text: str
    table: str | None = None


def clock_of(doc: Tournament) -> str:
    spec = doc.clock
    return (
        clock_say.clock_words(None)
        if spec is None
        else clock_say.clock_words(spec.kind, spec.start, spec.add, spec.cap)
    )


def page(look: Look, identity: str) -> list[Line]:
    """The page of ``look`` as ``norsewind tournament show``, the app and the line mode show it, each
    line within 80 columns (names escaped, a long one cut): the rules, the state, the standings with
    their tie-breaks, then each round's tables (latest first), the seats and their points."""
    doc = look.doc
    started, creator = doc.started is not None, safe_text(doc.creator)
    first = safe_text(look.standings[0].entrant) if look.standings else ""
    lines = [
        Line(say.heading(safe_text(doc.name), creator)),
        Line(say.rules_line(doc.pairing, doc.seats, doc.rounds, doc.round_hours)),
        Line(say.clock_line(clock_of(doc))),
        Line(say.state_line(started, look.over, len(doc.made), doc.rounds, len(doc.entrants), creator, first)),
    ]
    if not started:
        return [*lines, Line(say.entrants_line([safe_text(e.key) for e in doc.entrants]))]
    lines += [Line(""), Line(say.STANDINGS_HEAD)]
    for place, s in enumerate(look.standings, 1):
        left = s.entrant in doc.withdrawn
        lines.append(
            Line(say.standing_line(place, safe_text(s.entrant), s.points, s.buchholz, s.margin, s.played, left))
        )
    lines.append(Line(say.TIE_BREAKS))
    for round_, results in reversed(list(zip(doc.made, look.rounds, strict=True))):
        lines += [Line(""), Line(say.round_head(round_.number, doc.rounds, round_.deadline.strftime("%Y-%m-%d %H:%M")))]
        for result in results:
            if result.name == BYE:
                lines.append(Line(say.bye_line(safe_text(result.entrants[0]))))
                continue
            mine = identity in result.entrants
            forfeited = safe_text(result.forfeited) if result.forfeited is not None else None
            head = say.table_head(safe_text(result.name), result.finished, forfeited, mine)
            lines.append(Line(head, result.name if mine else None))
            points = {p.entrant: p.points for p in result.placed or ()}
            lines += [Line(say.seat_line(safe_text(e), points.get(e))) for e in result.entrants]
    return lines


def listing(tournaments: Tournaments) -> list[tuple[str, str]]:
    """Each tournament here, by name, and its line for a list (its kind, players and state); a
    record that cannot be read says so in its line."""
    out = []
    for name in tournaments.docs.names():
        try:
            doc = tournaments.docs.read(name)
        except StorageError as exc:
            out.append((name, say.fit(safe_text(f"{name}: {exc}"))))
            continue
        if doc is None:
            continue
        state = say.list_state(doc.started is not None, False, len(doc.made), doc.rounds)
        out.append((name, say.list_line(safe_text(doc.name), doc.pairing, len(doc.entrants), state)))
    return out


def take_seat(tournaments: Tournaments, table_name: str, identity: str) -> SharedTable:
    """``identity`` at a round's table, as the lobby opens one: the seat the round keeps for them
    taken when they have not sat down yet (``StorageError`` in one line when it cannot be)."""
    table = tournaments.tables.open(table_name, identity)
    if table.view.seat_of(identity) is not None:
        return table
    kept = next((i for i in range(len(table.state.players)) if table.view.invited(i) == identity), None)
    try:
        if kept is not None:
            table.join(kept)
    except StorageError:
        table.close()
        raise
    return table


def my_tables(look: Look, identity: str) -> list[str]:
    """The unfinished tables of ``look`` where ``identity`` has a seat, latest round first."""
    return [r.name for round_ in reversed(look.rounds) for r in round_ if identity in r.entrants and not r.finished]


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a tournament's (asked first, before the other questions), or None."""
    try:
        clean = sanitise_name(name)
    except StorageError as exc:
        return str(exc)
    return None if clean == name else say.refusal("bad-name", clean)
