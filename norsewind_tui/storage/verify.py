"""Loading a game file: decode it, replay its log and check it against what it says it is.

Saved games and shared tables are the same kind of file; both are read through ``load_bytes``.
"""

from __future__ import annotations

from dataclasses import dataclass

import msgspec

from .. import words
from ..rules.cards import CardDB
from ..rules.refusals import ConfigError, IllegalMove
from ..rules.session import Session
from ..rules.state import GameConfig
from .errors import SaveError, SaveMismatch
from .format import FORMAT_VERSION, MAX_TEXT, SaveFile, decode_save, digest_matches, printable_problem

_move_enc = msgspec.json.Encoder()


# R24 came after games were saved with it: the rules then ignored variant 2 in solo, so such a game
# replays exactly without it, and is written without it from its next move on (no format change).
PRE_R24 = "variant 2 never applied to solo (R24): it plays on without it, as before"


@dataclass
class Loaded:
    save: SaveFile
    session: Session
    migrated_from: int | None
    note: str | None = None  # a one-line word for the player: the game was converted (PRE_R24)


def pre_r24(config: GameConfig) -> bool:
    """A solo game asked for with variant 2 before R24 refused it (it was played without it)."""
    return config.solo and config.random_tiles


def verify(save: SaveFile, source: str, cards: CardDB, migrated_from: int | None = None) -> Session:
    """Replay ``save`` and check it; the session at the saved position, or ``SaveError``."""
    if save.cards != cards.digest:
        made = f" ({save.meta.cards_source})" if save.meta.cards_source else ""
        raise SaveMismatch(
            f"{source}: $.cards: made with the card set {save.cards}{made}, not with the loaded one "
            f"{cards.digest} ({cards.source}): start Norsewind with --cards and that set's file"
        )
    config = save.config
    for i, player in enumerate(config.players):
        if len(player) > MAX_TEXT:
            raise SaveError(f"{source}: $.config.players[{i}]: a name of {len(player)} characters (at most {MAX_TEXT})")
        if (why := printable_problem(player)) is not None:
            raise SaveError(f"{source}: $.config.players[{i}]: the name {why}")
    meta = save.meta
    if len(meta.seats) != len(config.players):
        raise SaveError(f"{source}: $.meta.seats: {len(meta.seats)} seats for {len(config.players)} players")
    for i, seat in enumerate(meta.seats):
        if (why := printable_problem(seat.name)) is not None:
            raise SaveError(f"{source}: $.meta.seats[{i}].name: the name {why}")
    if meta.profile is not None and (why := printable_problem(meta.profile)) is not None:
        raise SaveError(f"{source}: $.meta.profile: the name {why}")
    if (meta.mode == "solo") != config.solo:
        raise SaveError(f"{source}: $.meta.mode: {meta.mode!r} for {len(config.players)} player(s)")
    if save.position > len(save.moves):
        raise SaveError(f"{source}: $.position: {save.position} is past the end of the log ({len(save.moves)} moves)")
    if not save.digest and migrated_from is None:
        raise SaveError(f"{source}: $.digest: missing")
    if pre_r24(config):
        config = msgspec.structs.replace(config, random_tiles=False)
    try:
        session = Session(config, save.seed, cards)
    except ConfigError as exc:
        raise SaveError(f"{source}: $.config: {words.config_problem(exc.problem)}") from None
    except Exception as exc:  # a configuration the rules choke on is still just a broken file
        raise SaveError(f"{source}: $.config: cannot set up this game ({type(exc).__name__}: {exc})") from None
    for i, move in enumerate(save.moves):
        try:
            session.push(move)
        except IllegalMove as exc:
            why = words.refusal(exc.refusal, cards)
            raise SaveError(f"{source}: $.moves[{i}]: illegal move {_move_enc.encode(move).decode()}: {why}") from None
        except Exception as exc:
            raise SaveError(
                f"{source}: $.moves[{i}]: the rules failed on {_move_enc.encode(move).decode()} "
                f"({type(exc).__name__}: {exc})"
            ) from None
    session.go_to(save.position)
    state = session.state
    written = migrated_from or FORMAT_VERSION
    saved_config = save.config if config != save.config else None
    if save.digest and not digest_matches(save.digest, session, written, saved_config):
        raise SaveError(
            f"{source}: $.digest: the log does not replay to the saved state (hand-edited, or saved by different rules)"
        )
    if migrated_from is None:
        if meta.turn != state.turn:
            raise SaveError(f"{source}: $.meta.turn: says {meta.turn} but the log replays to turn {state.turn}")
        if meta.finished != state.is_over:
            raise SaveError(
                f"{source}: $.meta.finished: says {str(meta.finished).lower()} but the game "
                + ("is over" if state.is_over else "goes on")
            )
    return session


def load_bytes(data: bytes, source: str, cards: CardDB) -> Loaded:
    save, migrated = decode_save(data, source)
    note = PRE_R24 if pre_r24(save.config) else None
    return Loaded(save, verify(save, source, cards, migrated), migrated, note)
