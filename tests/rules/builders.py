"""Small helpers to build the game positions the rules tests need.

A position starts from ``new_game(...)`` and is changed with
``msgspec.structs.replace``.  The helpers keep the card census honest: a card
put somewhere is taken out of wherever it was, and the cards it displaces go
to the box, so every one of the 73 cards stays in exactly one place.

Cards are named by their id in the card set (``"A-12"`` is the 3-coin inn),
kingdom tiles by their effect (``"two_buildings"``), rows 0-3 (Northumbria,
East Anglia, Mercia, Wessex).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from importlib import resources
from typing import Any

import msgspec
from hypothesis import strategies as st

from norsewind_tui import words
from norsewind_tui.rules import (
    CardDB,
    ConfigError,
    GameConfig,
    IllegalMove,
    Kingdom,
    Move,
    Player,
    State,
    apply,
    apply_logged,
    compile_card_set,
)
from norsewind_tui.rules.engine import cards_for, new_game
from norsewind_tui.rules.events import Event

replace = msgspec.structs.replace

NAMES = ("Ana", "Bo", "Cy", "Di")

# A game of 1-4 players, any level and variant the rules allow (hypothesis).
configs = st.builds(
    GameConfig,
    players=st.integers(1, 4).map(lambda n: NAMES[:n]),
    level=st.integers(1, 7),
    start_choice=st.booleans(),
    random_tiles=st.booleans(),
).filter(lambda c: not (c.solo and c.random_tiles))  # R24: no variant 2 in solo

NORTHUMBRIA, EAST_ANGLIA, MERCIA, WESSEX = 0, 1, 2, 3
TOTAL_CARDS = 73


# --------------------------------------------------------------------------- card sets


def shipped_toml() -> bytes:
    return resources.files("norsewind_tui.rules").joinpath("data/reconstructed.toml").read_bytes()


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)  # a JSON string is a valid TOML basic string
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")


def toml_encode(doc: dict[str, Any]) -> bytes:
    """A tiny TOML writer (inline tables and arrays) for the card-set document.

    ``msgspec.toml.encode`` needs the optional ``tomli_w`` package, which the
    project does not depend on; this covers the few types a card set uses.
    """
    return "".join(f"{key} = {_toml_value(value)}\n" for key, value in doc.items()).encode()


def edited_cards(edit: Callable[[dict[str, Any]], None]) -> CardDB:
    """The shipped card set with ``edit`` applied to its decoded document."""
    doc = msgspec.toml.decode(shipped_toml())
    edit(doc)
    return compile_card_set(toml_encode(doc), "test-cards")


def card_fields(**changes: dict[str, Any]) -> CardDB:
    """The shipped set with some cards' fields changed: ``card_fields(**{"T-12": {"prestige": 2}})``."""

    def edit(doc: dict[str, Any]) -> None:
        by_id = {c["id"]: c for c in doc["cards"]}
        for card_id, fields in changes.items():
            by_id[card_id].update(fields)

    return edited_cards(edit)


# --------------------------------------------------------------------------- games


def game(
    players: Sequence[str] = ("Lucy", "Bo"),
    seed: int = 1,
    cards: CardDB | None = None,
    **config: Any,
) -> State:
    return new_game(GameConfig(players=tuple(players), **config), seed, cards)


def db_of(state: State) -> CardDB:
    return cards_for(state)


def cid(state: State, card_id: str) -> int:
    """The index of a card (by its id) in the state's card set."""
    return db_of(state).index_of[card_id]


def tile_index(db: CardDB, colour: int, effect: str) -> int:
    """The index of the tile with ``effect`` among a colour's 10 tiles (``CardDB.tiles``)."""
    return next(i for i, t in enumerate(db.tiles[colour]) if t.effect == effect)


def tile(state: State, seat: int, effect: str) -> int:
    """The index of the tile with ``effect`` among the seat's colour's 10 tiles."""
    return tile_index(db_of(state), state.players[seat].colour, effect)


def start_placed(player: Player) -> bool:
    """Whether the player's starting card is in one of their kingdoms (variant 1: not yet, at first)."""
    return any(player.start_card in k.buildings for k in player.kingdoms)


def census(state: State) -> Counter[int]:
    """How many times each card appears somewhere in the state (a starting card still in hand too,
    unless a test boxed it)."""
    where: list[int] = [c for c in state.market if c >= 0]
    where += state.display + state.deck + state.reserve + state.box
    for p in state.players:
        for k in p.kingdoms:
            where += k.buildings
            if k.castle >= 0:
                where.append(k.castle)
        if not start_placed(p) and p.start_card >= 0 and p.start_card not in state.box:
            where.append(p.start_card)  # variant: the starting card is still in hand
    for row in state.vikings:
        where += row
    if state.held >= 0:
        where.append(state.held)
    return Counter(where)


def check_census(state: State) -> State:
    counts = census(state)
    assert sum(counts.values()) == TOTAL_CARDS, f"{sum(counts.values())} cards in play, expected {TOTAL_CARDS}"
    assert max(counts.values()) == 1, [c for c, n in counts.items() if n > 1]
    return state


def detach(state: State, cards: Iterable[int]) -> State:
    """Take ``cards`` out of the market, display, decks, box and Viking rows (to place them elsewhere)."""
    gone = set(cards)
    if not gone:
        return state
    for p in state.players:
        for k in p.kingdoms:
            clash = gone & ({*k.buildings} | {k.castle})
            assert not clash, f"cards {sorted(clash)} are in a kingdom of {p.name}: replace that kingdom first"
    return replace(
        state,
        market=tuple(-1 if c in gone else c for c in state.market),
        display=tuple(c for c in state.display if c not in gone),
        deck=tuple(c for c in state.deck if c not in gone),
        reserve=tuple(c for c in state.reserve if c not in gone),
        box=tuple(c for c in state.box if c not in gone),
        vikings=tuple(tuple(c for c in row if c not in gone) for row in state.vikings),
    )


def _to_box(state: State, cards: Iterable[int]) -> State:
    return replace(state, box=state.box + tuple(c for c in cards if c >= 0))


def with_kingdom(
    state: State,
    seat: int,
    row: int,
    tile_effect: str | None = None,
    buildings: Sequence[str] = (),
    castle: str | None = None,
    figures: Sequence[tuple[int, int, int]] = (),
    discs: Sequence[tuple[int, int]] = (),
) -> State:
    """Replace one kingdom of ``seat``; its old cards go to the box.

    ``figures`` are (holder, space, colour), ``discs`` (holder, side), as in ``Kingdom``.
    """
    old = state.players[seat].kingdoms[row]
    state = _to_box(state, (*old.buildings, old.castle))
    kingdoms = list(state.players[seat].kingdoms)
    kingdoms[row] = Kingdom(tile=old.tile)
    state = with_player(state, seat, kingdoms=tuple(kingdoms))
    ids = [cid(state, b) for b in buildings]
    castle_id = cid(state, castle) if castle else -1
    state = detach(state, [*ids, castle_id] if castle_id >= 0 else ids)
    k = Kingdom(
        tile=old.tile if tile_effect is None else tile(state, seat, tile_effect),
        buildings=tuple(ids),
        castle=castle_id,
        figures=tuple(figures),
        discs=tuple(discs),
    )
    kingdoms[row] = k
    return with_player(state, seat, kingdoms=tuple(kingdoms))


def with_tiles(state: State, seat: int, effects: Sequence[str]) -> State:
    """Set the four kingdom tiles of ``seat`` (by effect), keeping the cards."""
    player = state.players[seat]
    kingdoms = tuple(replace(k, tile=tile(state, seat, e)) for k, e in zip(player.kingdoms, effects, strict=True))
    return with_player(state, seat, kingdoms=kingdoms)


def empty_kingdoms(state: State, seat: int, tiles: Sequence[str]) -> State:
    """All four kingdoms of ``seat`` emptied (starting card to the box), with these tiles."""
    for row, effect in enumerate(tiles):
        state = with_kingdom(state, seat, row, effect)
    return state


def with_player(state: State, seat: int, **changes: Any) -> State:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def with_market(state: State, cards: Sequence[str | None]) -> State:
    """Set the 5 market slots (None = empty); the old market cards go to the box."""
    assert len(cards) == 5
    state = _to_box(state, state.market)
    state = replace(state, market=(-1,) * 5)
    ids = [cid(state, c) if c else -1 for c in cards]
    state = detach(state, [c for c in ids if c >= 0])
    return replace(state, market=tuple(ids))


def with_slot(state: State, slot: int, card: str) -> State:
    """Put ``card`` in one market slot; the card that was there goes to the box."""
    market = [db_of(state).ids[c] if c >= 0 else None for c in state.market]
    market[slot] = card
    return with_market(state, market)


def with_display(state: State, cards: Sequence[str]) -> State:
    """Set the castle display, left to right; the old castles go to the box."""
    state = _to_box(state, state.display)
    state = replace(state, display=())
    ids = [cid(state, c) for c in cards]
    return replace(detach(state, ids), display=tuple(ids))


def with_deck(state: State, top: Sequence[str], rest: bool = True) -> State:
    """Put ``top`` on top of the draw deck, keeping the rest below it (or boxing it)."""
    ids = [cid(state, c) for c in top]
    state = detach(state, ids)
    below = state.deck if rest else ()
    if not rest:
        state = _to_box(state, state.deck)
    return replace(state, deck=(*ids, *below))


def with_reserve(state: State, cards: Sequence[str]) -> State:
    state = _to_box(state, state.reserve)
    ids = [cid(state, c) for c in cards]
    return replace(detach(replace(state, reserve=()), ids), reserve=tuple(ids))


def with_vikings(state: State, rows: Sequence[Sequence[str]], red: Sequence[bool] | None = None) -> State:
    """Solo: set the cards in the four Viking rows (and which Viking cards show red)."""
    for row in state.vikings:
        state = _to_box(state, row)
    state = replace(state, vikings=((), (), (), ()))
    ids = [[cid(state, c) for c in row] for row in rows]
    state = detach(state, [c for row in ids for c in row])
    state = replace(state, vikings=tuple(tuple(row) for row in ids))
    if red is not None:
        state = replace(state, viking_red=tuple(red))
    return state


# --------------------------------------------------------------------------- playing


def play(state: State, *moves: Move) -> State:
    for move in moves:
        state = apply(state, move)
    return state


def play_logged(state: State, *moves: Move) -> tuple[State, list[Event]]:
    events: list[Event] = []
    for move in moves:
        state, ev = apply_logged(state, move)
        events += ev
    return state, events


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def refusal(state: State, move: Move) -> str:
    """The reason ``apply`` gives for refusing ``move``, in words (fails if the move is accepted)."""
    try:
        apply(state, move)
    except IllegalMove as exc:
        return words.refusal(exc.refusal, cards_for(state))
    raise AssertionError(f"{move} was accepted")


def config_refusal(config: GameConfig) -> str:
    """The reason ``new_game`` gives for refusing ``config``, in words (fails if it is set up)."""
    try:
        new_game(config, 1)
    except ConfigError as exc:
        return words.config_problem(exc.problem)
    raise AssertionError(f"{config} was set up")
