"""The results a damaged profile can be rebuilt from: the finished solo games in the saves folder.

A finished save carries its result (R22: config, seed and moves determine the game), so the
record of a game that a damaged profile lost is replayed from the save that played it.
Only used when a profile is rebuilt: it replays every finished solo game of the player.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path

from ..rules.cards import CardDB
from ..rules.scoring import final_result
from ..rules.session import Session
from .atomic import read_limited
from .dailyseed import daily_of
from .errors import SaveError
from .format import SaveFile, decode_save, state_digest
from .paths import SUFFIX, sanitise_name
from .records import GameRecord, checked_record


def harvest(folders: Sequence[Path], profile: str, cards: CardDB) -> list[GameRecord]:
    """The results of the finished solo games in ``folders`` recorded for ``profile`` (a file name)."""
    found = []
    for folder in folders:
        try:
            names = sorted(e.name for e in os.scandir(folder))
        except OSError:
            continue
        for name in names:
            if name.startswith(".") or not name.endswith(SUFFIX):
                continue
            try:
                save, migrated = decode_save(read_limited(folder / name), str(folder / name))
            except (SaveError, FileNotFoundError):
                continue
            record = result_of(save, migrated is not None, name[: -len(SUFFIX)], profile, cards)
            if record is not None:
                found.append(record)
    return found


def result_of(save: SaveFile, migrated: bool, name: str, profile: str, cards: CardDB) -> GameRecord | None:
    """The record of ``save`` when it is a finished solo game of ``profile`` that replays true."""
    meta = save.meta
    if meta.mode != "solo" or not meta.finished or not meta.profile or save.cards != cards.digest:
        return None
    try:
        if sanitise_name(meta.profile) != profile:
            return None
        session = Session.replay(save.config, save.seed, list(save.moves), save.position, cards)
    except Exception:  # an unusable save adds nothing; its own load says what is wrong with it
        return None
    state = session.state
    if not (state.is_over and state.solo) or (save.digest and state_digest(state) != save.digest):
        return None
    if not migrated and meta.turn != state.turn:
        return None
    result = final_result(state)
    if result.vikings is None or result.margin is None:
        return None
    return checked_record(
        GameRecord(
            game=meta.id,
            date=meta.updated,
            level=save.config.level,
            score=result.scores[0],
            vikings=result.vikings,
            margin=result.margin,
            medal=None if meta.assisted else result.medal,
            seed=save.seed,
            assisted=meta.assisted,
            save=name,
            cards=save.cards,
            daily=daily_of(name, save.seed, save.config.level),
        )
    )


def merge(*sources: Iterable[GameRecord]) -> tuple[GameRecord, ...]:
    """Every game once (by id, the first source that has it wins), oldest first."""
    seen: dict[str, GameRecord] = {}
    for source in sources:
        for record in source:
            seen.setdefault(record.game, record)
    return tuple(sorted(seen.values(), key=lambda r: r.date))
