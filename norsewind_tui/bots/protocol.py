"""The engine protocol's messages (docs/ENGINE.md): JSON lines between a host and an outside player.

The host sends ``Hello`` once (the protocol version and the card set), then a ``Decide`` for each
decision of the engine's seat that has a choice: what the seat sees (``View``), the legal moves
(``encode_move``: the move's tag and its numbers, in ``legal_moves`` order) and the clock.  The
engine answers ``Ready`` to the hello and ``Answer`` (a move index) to each decide; the host ends
with ``Bye``.  Everything here is data: no sentence crosses the pipe.

What the seat sees is the bots' view (``view.public_state``): everything on the table, the
contents of the draw and reserve decks and of the box (sorted: their order is hidden), never the
game seed.  ``state_of`` turns a view back into a ``State`` an in-process bot can decide on
(``norsewind engine``): its decision is the one the bot makes on the real state.
"""

from __future__ import annotations

import msgspec

from ..rules.cards import CardSet
from ..rules.moves import Move
from ..rules.state import GameConfig, Kingdom, Phase, Player, State
from .view import public_state

PROTOCOL = 1
MAX_LINE = 1 << 20  # an engine's line longer than this is not an answer


class ViewKingdom(msgspec.Struct, frozen=True):
    """One row of a player's area: ``Kingdom`` with named fields."""

    tile: int
    buildings: tuple[int, ...]
    castle: int
    figures: tuple[tuple[int, int, int], ...]  # (holder, space, colour)
    discs: tuple[tuple[int, int], ...]  # (holder, side)


class ViewPlayer(msgspec.Struct, frozen=True):
    name: str
    colour: int
    coins: int
    kingdoms: tuple[ViewKingdom, ...]
    start_card: int
    turns: int


class View(msgspec.Struct, frozen=True):
    """What a seat sees: every field of ``State`` but the seed, named; the decks' contents sorted."""

    cards: str
    config: GameConfig
    rng: int
    players: tuple[ViewPlayer, ...]
    start_player: int
    current: int
    phase: Phase
    market: tuple[int, ...]
    supply_kinds: tuple[int, ...]
    supplies: tuple[int, ...]
    neutral: int
    display: tuple[int, ...]
    deck: tuple[int, ...]  # sorted: what is left in the draw deck, not its order
    reserve: tuple[int, ...]  # sorted
    box: tuple[int, ...]  # sorted
    ship: int
    vikings: tuple[tuple[int, ...], ...]
    viking_red: tuple[bool, ...]
    held: int
    slot: int
    row: int
    taken: int
    reuse: int
    first_castle: bool
    refreshed: bool
    refill: int
    passes: int
    triggered: bool
    revealed: int
    turn: int
    returned: tuple[int, ...]


class Clock(msgspec.Struct, frozen=True):
    """The time limit of this answer and the engine's time used so far in the game (milliseconds)."""

    move_ms: int
    used_ms: int


class Hello(msgspec.Struct, frozen=True, tag="hello", tag_field="type"):
    protocol: int
    digest: str  # the card set's id (``View.cards`` names it)
    card_set: CardSet  # card n of the views is ``card_set.cards[n]``


class Decide(msgspec.Struct, frozen=True, tag="decide", tag_field="type"):
    id: int
    seat: int
    view: View
    moves: tuple[Move, ...]  # each ["tag", numbers...]: see ``encode_move``
    clock: Clock


class Bye(msgspec.Struct, frozen=True, tag="bye", tag_field="type"):
    pass


class Ready(msgspec.Struct, frozen=True, tag="ready", tag_field="type"):
    protocol: int
    name: str = ""


class Answer(msgspec.Struct, frozen=True, tag="move", tag_field="type"):
    id: int
    index: int


HostMessage = Hello | Decide | Bye
EngineMessage = Ready | Answer

_encoder = msgspec.json.Encoder()
_host_decoder = msgspec.json.Decoder(HostMessage)
_engine_decoder = msgspec.json.Decoder(EngineMessage)
_move_decoder = msgspec.json.Decoder(Move)


def encode(message: HostMessage | EngineMessage) -> bytes:
    """One line of the protocol (with its newline)."""
    return _encoder.encode(message) + b"\n"


def decode_host(line: bytes | str) -> HostMessage:
    """A host's line (raises ``msgspec.DecodeError`` or ``ValidationError`` for anything else)."""
    return _host_decoder.decode(line)


def decode_engine(line: bytes | str) -> EngineMessage:
    """An engine's line (raises ``msgspec.DecodeError`` or ``ValidationError`` for anything else)."""
    return _engine_decoder.decode(line)


def encode_move(move: Move) -> str:
    """A move as the protocol writes it: ``["building",2]``, ``["citizen",0,-1,1]``, ``["pass"]``."""
    return _encoder.encode(move).decode()


def decode_move(text: str | bytes) -> Move:
    return _move_decoder.decode(text)


def _kingdom(k: Kingdom) -> ViewKingdom:
    return ViewKingdom(k.tile, k.buildings, k.castle, k.figures, k.discs)


def _player(p: Player) -> ViewPlayer:
    return ViewPlayer(p.name, p.colour, p.coins, tuple(_kingdom(k) for k in p.kingdoms), p.start_card, p.turns)


def seat_view(state: State) -> View:
    """What every seat sees of ``state``: the public state, nothing of the decks' order or the seed."""
    s = public_state(state)
    fields = {f: getattr(s, f) for f in View.__struct_fields__ if f != "players"}
    return View(players=tuple(_player(p) for p in s.players), **fields)


def state_of(view: View) -> State:
    """The state of a view, with seed 0 and the decks in sorted order (a bot's input: see ``view``)."""
    players = tuple(
        Player(
            p.name,
            p.colour,
            p.coins,
            tuple(Kingdom(k.tile, k.buildings, k.castle, k.figures, k.discs) for k in p.kingdoms),
            p.start_card,
            p.turns,
        )
        for p in view.players
    )
    fields = {f: getattr(view, f) for f in View.__struct_fields__ if f != "players"}
    return State(seed=0, players=players, **fields)
