"""Events in words: the log's past ("Ana took the Inn"), a preview's future ("you take the Inn"),
and a summary's short form ("took the Inn")."""

from __future__ import annotations

from typing import Literal

from ..rules.cards import CardDB
from ..rules.events import Event
from .nouns import kingdom, on_holder, plural, supply_item, supply_letter

Tense = Literal["past", "future"]


def past(event: Event, names: tuple[str, ...], db: CardDB) -> str:
    """A one-line sentence for the log; ``names`` are the players' names."""
    said = predicate(event, db, "past")
    if said is None:
        return _no_ones(event, db)
    return f"{_who(event, names)} {said}."


def future(event: Event, names: tuple[str, ...], db: CardDB, mover: int) -> str:
    """What a choice not made yet would do: the mover's events as "you take ...", the rest as logged."""
    said = predicate(event, db, "future") if event.player == mover else None
    if said is None:
        return past(event, names, db)
    return f"you {said}."


def short(event: Event, db: CardDB) -> str:
    """A player's event in a few words, without where it came from: "took the Inn"."""
    if event.kind == "took_building":
        return f"took the {db.name(event.card)}"
    if event.kind == "took_castle":
        return f"took the castle (cost {db.cost[event.card]})"
    return predicate(event, db, "past") or _no_ones(event, db).rstrip(".")


def _who(event: Event, names: tuple[str, ...]) -> str:
    return names[event.player] if 0 <= event.player < len(names) else "Someone"


def _paid(value: int, tense: Tense) -> str:
    if not value:
        return ""
    return f", paid {value}" if tense == "past" else f", paying {value}"


def predicate(event: Event, db: CardDB, tense: Tense) -> str | None:
    """What a player did (or would do), without the subject; None for an event that is no one's."""
    k = event.kind
    took, gained = ("took", "gained") if tense == "past" else ("take", "gain")
    card = db.name(event.card) if event.card >= 0 else ""
    where = kingdom(event.row)
    coins = plural(event.value, "coin")
    if k == "took_building":
        return f"{took} the {card} from slot {event.slot + 1}"
    if k == "took_castle":
        return f"{took} the castle (cost {db.cost[event.card]}) from the castle display"
    if k == "placed":
        return f"{'placed' if tense == 'past' else 'place'} the {card} in {where}{_paid(event.value, tense)}"
    if k == "income":
        return f"{gained} {coins} for {plural(event.extra, event.what)}"
    if k == "ship_coins":
        return f"{gained} {coins} from the ship"
    if k == "fourth_bonus":
        return f"{gained} {coins} for a 4th building in {where}"
    if k == "citizen_bonus":
        return f"{gained} {coins} for a citizen in {where}"
    if k == "took_supply":
        # the supply as the market labels it, by its letter (issue 23.7)
        return f"{took} {supply_item(event.value)} from the {supply_letter(event.value)} supply"
    if k == "declined":
        return f"{took} no citizen or disc"
    if k == "citizen":
        return f"put a {event.what} citizen on {on_holder(event.row, event.holder)}"
    if k == "disc":
        return f"put a disc {event.what} side up on {on_holder(event.row, event.holder)}{_paid(event.value, tense)}"
    if k == "start_card":
        return f"put the starting card ({card}) in {where}"
    return _turn(event, tense)


def _turn(event: Event, tense: Tense) -> str | None:
    """The rest of a player's events: a castle replaced, the refresh, a pass (None: no one's)."""
    k = event.kind
    past_tense = tense == "past"
    if k == "replaced":
        verb = "replaced" if past_tense else "replace"
        return f"{verb} the castle in {kingdom(event.row)}; it returns to the castle display"
    if k == "disc_returned":
        return f"{'returned' if past_tense else 'return'} a disc of the old castle to the supply"
    if k == "no_neutral":
        return f"{'has' if past_tense else 'have'} no empty citizen space: no neutral citizen"
    if k == "no_supply":  # the skipped A3 step, said as B3's is (issue 23.11)
        supplies = f"the supplies next to slot {event.slot + 1}"
        return f"can take no citizen or disc: {supplies} have none to place"
    if k == "refresh":
        if past_tense:
            return "could afford no building: the market was refreshed"
        return "refresh the market: you can afford no building"
    if k == "pass":
        return "could take no action and passed" if past_tense else "pass: no action is possible"
    return None


def _no_ones(event: Event, db: CardDB) -> str:
    """The events that are no player's decision: the market, the display, the Vikings, the end."""
    k = event.kind
    cost = db.cost[event.card] if event.card >= 0 else 0
    if k == "revealed":
        return f"The {db.name(event.card)} was revealed into slot {event.slot + 1}."
    if k == "castle_revealed":
        return f"A castle (cost {cost}) was revealed to the castle display."
    if k == "castle_discarded":
        return f"The castle display is full: the leftmost castle (cost {cost}) is discarded."
    if k == "end_triggered":
        return "The draw deck is exhausted: the end of the game is triggered."
    if k == "all_passed":
        return "Nobody can act any more: the end of the game is triggered."
    if k == "ship_moved":
        if not event.value:  # it stays where it is (issue 39.9)
            return f"The Viking ship stays at slot {event.slot + 1}."
        return f"The Viking ship moves {event.value} to slot {event.slot + 1}."
    if k == "vikings_took":
        return f"The Vikings take the {db.name(event.card)} into {kingdom(event.row)}."
    if k == "vikings_nothing":
        return "The Viking ship is over an empty slot: the Vikings take nothing."
    assert k == "game_over", k
    return "The game is over."


__all__ = ["Tense", "future", "past", "predicate", "short"]
