"""The profile file: its game records, the strict decoder, and the salvage of a damaged one.

A profile only ever grows (one record per finished solo game), so the records
still readable in a damaged copy are worth as much as those of a sound file:
``salvage_records`` finds every whole, sound record in whatever bytes are left.
"""

from __future__ import annotations

import re
from typing import Annotated

import msgspec

from ..rules.scoring import Medal, medal_for
from .errors import SaveError
from .format import CardsId, Int64, Stamp, Text, decode_json, format_of, printable_problem

PROFILE_FORMAT = 2  # 2: a record may be marked ``daily`` (format 1 files read as they are: none is)
READS_FORMATS = (1, 2)
Day = Annotated[str, msgspec.Meta(pattern="^[0-9]{4}-[0-9]{2}-[0-9]{2}$")]


class GameRecord(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One finished solo game."""

    game: Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{32}$")]  # the save's game id (recorded once)
    date: Stamp
    level: Annotated[int, msgspec.Meta(ge=1, le=7)]
    score: Int64
    vikings: Int64
    margin: Int64  # score - vikings
    medal: Medal | None  # None when the margin earns none or the game was assisted
    seed: Int64
    assisted: bool = False
    save: Text = ""  # the save's name when it finished
    cards: CardsId | None = None
    daily: Day | None = None  # the day of the daily deal this game was (storage/daily.py), else None

    def problem(self) -> str | None:
        if self.margin != self.score - self.vikings:
            return f"margin {self.margin} is not {self.score} - {self.vikings}"
        expected = None if self.assisted else medal_for(self.margin)
        if self.medal != expected:
            return f"medal {self.medal} does not go with margin {self.margin}" + (
                " in an assisted game" if self.assisted else ""
            )
        return None


class ProfileFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    format: int
    name: Text
    games: tuple[GameRecord, ...] = ()


def decode_profile(data: bytes, source: str) -> ProfileFile:
    """The profile in ``data``; ``SaveError`` when broken, ``SaveMismatch`` when of a newer format."""
    format_of(data, source, "profile", PROFILE_FORMAT, READS_FORMATS)
    prof = decode_json(data, ProfileFile, source)
    if (why := printable_problem(prof.name)) is not None:
        raise SaveError(f"{source}: $.name: {why}")
    for i, g in enumerate(prof.games):
        if (why := g.problem()) is not None:
            raise SaveError(f"{source}: $.games[{i}]: {why}")
    return prof


_RECORD_FIELDS = frozenset(GameRecord.__struct_fields__)
# A record is a flat JSON object (no nested braces or brackets): found wherever it sits, even in a
# truncated file, inside junk or in a file nested too deeply for a parser.
_FLAT_OBJECT = re.compile(rb"\{[^{}\[\]]*\}")
_record_decoder = msgspec.json.Decoder(GameRecord)


def checked_record(record: GameRecord) -> GameRecord | None:
    """``record`` when it is one a sound profile could hold (types, ranges, medal), else None."""
    try:
        back = _record_decoder.decode(msgspec.json.encode(record))
    except msgspec.MsgspecError:
        return None
    return back if back.problem() is None else None


def salvage_records(data: bytes) -> list[GameRecord]:
    """Every whole, sound game record left in a damaged profile's bytes, in file order.

    Fields this version does not know are dropped (a newer or hand-edited file); a record
    that is cut, has a flipped byte in a value or a medal that does not fit is left out.
    """
    found = []
    for match in _FLAT_OBJECT.finditer(data):
        try:
            raw = msgspec.json.decode(match.group())
        except msgspec.MsgspecError:
            continue
        if not isinstance(raw, dict) or "game" not in raw:
            continue
        known = {k: v for k, v in raw.items() if k in _RECORD_FIELDS}
        try:
            record = _record_decoder.decode(msgspec.json.encode(known))
        except msgspec.MsgspecError:
            continue
        if record.problem() is None:
            found.append(record)
    return found
