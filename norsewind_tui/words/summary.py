"""The computer players' turns for the status line, from the whole story to the fewest words."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..rules.cards import CardDB
from ..rules.events import COINS_GAINED, FOLLOWED_OR_NO_ONES, Event
from .events import past, predicate, short
from .nouns import kingdom, plural


@dataclass
class _Turn:
    seat: int
    parts: list[str] = field(default_factory=list)  # what it did, one phrase per event
    coins: int = 0
    first: Event | None = None  # its first event told (what it took, or its refresh, pass ...)
    took: Event | None = None  # the building or castle taken
    row: int = -1  # the kingdom the card went into


def _turns(events: list[Event], names: tuple[str, ...], db: CardDB) -> list[_Turn]:
    turns: list[_Turn] = []
    for e in events:
        if e.player < 0 or e.player >= len(names) or e.kind in FOLLOWED_OR_NO_ONES:
            continue
        if not turns or turns[-1].seat != e.player:
            turns.append(_Turn(e.player))
        turn = turns[-1]
        if e.kind in COINS_GAINED:
            turn.coins += e.value
            continue
        turn.first = turn.first or e
        if e.kind in ("took_building", "took_castle"):
            turn.took = e
        elif e.kind == "placed" and turn.took is not None:
            turn.row = e.row
        turn.parts.append(predicate(e, db, "past") or past(e, names, db).rstrip("."))
    return turns


def _took(turn: _Turn, db: CardDB, into: bool) -> str:
    """What the turn took; with ``into``, where it went (issue 23.12: the summary keeps the kingdom)."""
    if into and turn.took is not None and turn.row >= 0:
        return f"{short(turn.took, db)} into {kingdom(turn.row)}"
    return short(turn.first, db) if turn.first is not None else ""


def computers_summary(events: list[Event], names: tuple[str, ...], db: CardDB) -> list[str]:
    """The computers' turns, longest first (a status line shows the first that fits, else the last).

    The whole: "Hal (computer): took the Inn from slot 2; placed ...". Then what each took and where it
    went, then only what each took. The shortest: who played (the log has the rest).
    """
    turns = _turns(events, names, db)
    lines = []
    for turn in turns:
        parts = turn.parts + ([f"gained {plural(turn.coins, 'coin')}"] if turn.coins else [])
        lines.append(f"{names[turn.seat]} (computer): " + "; ".join(parts) + ".")
    told = [t for t in turns if t.parts]
    placed = "; ".join(f"{names[t.seat]} {_took(t, db, into=True)}" for t in told)
    brief = "; ".join(f"{names[t.seat]} {_took(t, db, into=False)}" for t in told)
    who = sorted({t.seat for t in turns})
    players = " and ".join(names[s] for s in who) if len(who) < 3 else f"{len(who)} computer players"
    shorter = [f"Computers: {placed}. L shows the log."] if placed != brief else []
    return [
        " ".join(lines),
        *shorter,
        f"Computers: {brief}. L shows the log.",
        f"{players} played (L shows the log).",
    ]
