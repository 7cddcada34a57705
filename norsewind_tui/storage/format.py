"""The save file format: its msgspec schema, its JSON layout, its versions and migrations.

A save is JSON so a person can read it.  It holds the format version, the
card set's identity, the configuration, the seed, the full move log (with the
redo moves after ``position``), metadata, and a digest of the state at
``position`` and of the redo moves after it (``session_digest``).  Loading
replays the log (``saves.py``) and compares digests (``digest_matches``).

Versions: ``FORMAT_VERSION`` is the one written.  ``MIGRATIONS[v]`` turns a
decoded version-``v`` document (plain JSON values) into version ``v + 1``;
loading an older file runs the chain and then validates the result like a
current file.  Version 0 is the prototype format of the first playtests
(``tests/fixtures/saves/v0.json``); version 1 is the first released one;
version 2 came with R23 (the state records the castles just returned) and its
digest covers the redo moves too, so a redo move changed in the file is caught;
version 3 came with seats that never stall a table (issue 13): the metadata says
after how many minutes of absence a computer stands in for a person
(``standin``), who opened the table (``creator``) and which decisions the
computer made in a person's seat (``by_computer``), and since when the player to move has had
the turn (``turn_since``: optional; a file without it falls back to ``updated``); version 4 came
with an outside engine as a table's stand-in (issue 29): ``standin_engine`` *names* an engine the
host configured (``engines.py``: never a command, so a file shared between accounts runs nothing),
None for the computer of old (``tests/fixtures/saves/v3-table.json``); version 5 came with a
clock per table and who may watch it (issue 41: ``clock``, ``clock_left``, ``clock_since``,
``clock_seal``, ``watching``; ``tableclock.py``): a table made before it has no clock and anyone on
the host may watch it (``tests/fixtures/saves/v4-table.json``).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Collection
from datetime import UTC, datetime
from typing import Annotated, Any, Literal, TypeVar

import msgspec

from ..rules.moves import Move
from ..rules.session import Session
from ..rules.state import GameConfig, State
from ..safetext import first_unsafe
from .errors import SaveError, SaveMismatch

FORMAT_VERSION = 5
MAX_MOVES = 100_000  # a game has a few hundred decisions; the redo stack cannot exceed the log
MAX_TEXT = 64

Int64 = Annotated[int, msgspec.Meta(ge=-(2**63), le=2**63 - 1)]
Count = Annotated[int, msgspec.Meta(ge=0, le=2**53)]
Hex64 = Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{64}$")]
CardsId = Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{8,64}$")]
Text = Annotated[str, msgspec.Meta(max_length=MAX_TEXT)]
Stamp = Annotated[datetime, msgspec.Meta(tz=True)]
SeatKind = Literal["human", "computer"]
StandIn = Literal[0, 5, 15, 60]  # minutes of absence before a computer plays a person's seat; 0: never
STANDIN_CHOICES: tuple[StandIn, ...] = (0, 5, 15, 60)
ENGINE_NAME = "^[a-z][a-z0-9_-]{0,31}$"  # a name the host gives an outside engine (engines.py)
EngineName = Annotated[str, msgspec.Meta(pattern=ENGINE_NAME)]
Seconds = Annotated[int, msgspec.Meta(ge=0, le=400 * 86400)]  # a clock's time: up to a cap of 400 days
Watching = Literal["anyone", "players", "nobody"]  # who may watch a table (issue 41.3)
WATCHING_CHOICES: tuple[Watching, ...] = ("anyone", "players", "nobody")


def now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


class SeatMeta(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Who sits in a seat: a person or the computer (with the bot's name)."""

    name: Text
    kind: SeatKind = "human"
    bot: Text | None = None


class TableClock(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A table's clock (format 5, issue 41): each person's seat has a bank of seconds that runs only
    while that seat is to move.  Live: ``start`` is the minutes for the game, ``add`` the seconds
    given back after each decision, no cap.  Turn-based: ``start`` and ``add`` are one decision's
    time (hours or days) and the bank holds at most ``cap``."""

    kind: Literal["live", "turn"]
    start: Seconds
    add: Seconds = 0
    cap: Seconds | None = None


class SaveMeta(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a listing needs without replaying, and what the rules state does not know."""

    id: Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{32}$")]  # the game's identity (kept by save-as)
    mode: Literal["solo", "multiplayer"]
    seats: tuple[SeatMeta, ...]
    created: Stamp
    updated: Stamp
    turn: Count
    level: Annotated[int, msgspec.Meta(ge=1, le=7)] | None = None
    finished: bool = False
    assisted: bool = False  # undone over a revealed card: for good, no medal (undo policy)
    profile: Text | None = None  # solo: the profile that records the result
    recorded: bool = False  # solo: the result is in the profile
    cards_source: Annotated[str, msgspec.Meta(max_length=256)] = ""
    # played on from another game's position (issue 12): no medal, never in the campaign (R25)
    branch_of: Text | None = None  # the original game's name
    branch_at: Count = 0  # the decisions of the original's log it starts from
    # shared tables (format 3, issue 13): seats that never stall a table
    standin: StandIn = 0  # a computer plays for a person away this many minutes (0: off)
    creator: Text | None = None  # the identity that opened the table (may remove an away player)
    # per seat, the indices of the log's decisions the computer made in that person's seat (a
    # stand-in); () when none ever was.  Indices past the log's end never stay (see tables.py).
    by_computer: Annotated[tuple[tuple[Count, ...], ...], msgspec.Meta(max_length=4)] = ()
    # when the seat to move got the turn (issue 13, "bob's turn since 10:42"): set by the write that
    # changed who is to move, kept by every other (that seat's own decisions, a join, an undo within
    # the turn).  None (older files): read ``updated`` instead, as before the field existed.
    turn_since: Stamp | None = None
    # format 4 (issue 29): the outside engine that stands in, by the name the host gave it in its
    # engines file (never a command); None: the computer (``standin.STANDIN_BOT``)
    standin_engine: EngineName | None = None
    # format 5 (issue 41): the table's clock (None: none); per seat, the seconds its bank held at
    # ``clock_since`` (when the seat to move started spending them); the host's seal over both
    # (``tableclock.py``: a stamp without it is not believed); who may watch the table
    clock: TableClock | None = None
    clock_left: Annotated[tuple[Seconds, ...], msgspec.Meta(max_length=4)] = ()
    clock_since: Stamp | None = None
    clock_seal: Annotated[str, msgspec.Meta(pattern="^([0-9a-f]{32})?$")] = ""
    watching: Watching = "anyone"


class SaveFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    format: int
    generation: Count  # +1 on every write: the version check between processes
    cards: CardsId  # CardDB.digest of the card set the game is played with
    seed: Int64
    config: GameConfig
    position: Count  # moves[:position] made the current state; the rest can be redone
    digest: Annotated[str, msgspec.Meta(pattern="^([0-9a-f]{64})?$")]  # session_digest (v1: the state at position)
    meta: SaveMeta
    moves: Annotated[tuple[Move, ...], msgspec.Meta(max_length=MAX_MOVES)]


class _Probe(msgspec.Struct):
    format: int


def state_digest(state: State) -> str:
    return hashlib.sha256(msgspec.json.encode(state)).hexdigest()


def session_digest(session: Session, as_saved: Callable[[State], State] = lambda state: state) -> str:
    """The digest a save holds (format 2): the state at ``position`` and the redo moves after it.

    With nothing to redo it is ``state_digest`` of the current state; otherwise it chains that
    digest with the redo moves and the digest of the state they lead to, so a redo move changed
    in the file (even to another legal one) no longer matches.
    """
    here = state_digest(as_saved(session.state))
    tail = session.moves[session.position :]
    if not tail:
        return here
    end = state_digest(as_saved(session.states[-1]))
    return hashlib.sha256(b"%s|%s|%s" % (here.encode(), _enc.encode(tail), end.encode())).hexdigest()


def v1_state_digest(state: State) -> str:
    """A format-1 save's digest: the state at ``position`` as it was encoded before R23 added
    ``State.returned`` (the other fields encode as they did)."""
    fields = [getattr(state, f) for f in state.__struct_fields__ if f != "returned"]
    return hashlib.sha256(msgspec.json.encode(fields)).hexdigest()


def digest_matches(
    digest: str, session: Session, written_in: int = FORMAT_VERSION, saved_config: GameConfig | None = None
) -> bool:
    """Does ``session`` (replayed from the file) match the ``digest`` a format-``written_in`` save holds?

    Migrated files keep the digest of their format: a format-1 save is checked against the state
    at its position, encoded as format 1 encoded it (its replay under R23 must reach that state).
    ``saved_config``: the configuration the file holds, when the replay used another (R24: a solo
    game saved with variant 2, which never applied to solo, replays without it).
    """

    def as_saved(state: State) -> State:
        return state if saved_config is None else msgspec.structs.replace(state, config=saved_config)

    if written_in <= 1:
        return v1_state_digest(as_saved(session.state)) == digest
    return session_digest(session, as_saved) == digest


# --------------------------------------------------------------------------- encoding

_enc = msgspec.json.Encoder()
_HEAD = ("format", "generation", "cards", "seed", "config", "position", "digest")


def encode_save(save: SaveFile) -> bytes:
    """The file's bytes: one field per line, the metadata indented, one move per line."""
    parts = [b"{\n"]
    for field in _HEAD:
        parts.append(b' "%s": %s,\n' % (field.encode(), _enc.encode(getattr(save, field))))
    meta = save.meta
    lines = b",\n".join(
        b'  "%s": %s' % (field.encode(), _enc.encode(getattr(meta, field))) for field in meta.__struct_fields__
    )
    parts.append(b' "meta": {\n%s\n },\n' % lines)
    if save.moves:
        parts.append(b' "moves": [\n  ')
        parts.append(b",\n  ".join(_enc.encode(m) for m in save.moves))
        parts.append(b"\n ]\n}\n")
    else:
        parts.append(b' "moves": []\n}\n')
    return b"".join(parts)


# --------------------------------------------------------------------------- decoding

_AT = re.compile(r"^(.*) - at `(\$[^`]*)`$", re.S)


def problem_of(exc: msgspec.MsgspecError) -> str:
    """msgspec's error as "PATH: problem" ("$.moves[12][1]: expected `int`, got `str`")."""
    text = str(exc)
    m = _AT.match(text)
    if m:
        return f"{m.group(2)}: {_lower(m.group(1))}"
    if not isinstance(exc, msgspec.ValidationError):
        return f"not valid JSON: {_lower(text.removeprefix('JSON is malformed: '))}"
    return f"$: {_lower(text)}"


def _lower(text: str) -> str:
    """Lower-case the first letter of a sentence (not of an acronym such as JSON)."""
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


T = TypeVar("T")


def decode_json(data: bytes, kind: type[T], source: str) -> T:
    """Decode ``data`` as ``kind``; any problem is a ``SaveError`` "SOURCE: PATH: problem"."""
    try:
        return msgspec.json.decode(data, type=kind)
    except msgspec.MsgspecError as exc:
        raise SaveError(f"{source}: {problem_of(exc)}") from None
    except RecursionError:
        raise SaveError(f"{source}: nested too deeply to be a save") from None


def check_shape(data: bytes, source: str) -> None:
    """The cheap check before decoding: an empty file gets its own message."""
    if not data.strip():
        raise SaveError(f"{source}: the file is empty" if not data else f"{source}: the file is blank")


def format_of(data: bytes, source: str, what: str, current: int, reads: Collection[int] = ()) -> int:
    """The format of a ``what`` file ("profile", "ratings") this Norsewind reads: ``current`` or one
    of ``reads``.  ``SaveMismatch`` when it is newer, ``SaveError`` when broken or unknown."""
    check_shape(data, source)
    version = decode_json(data, _Probe, source).format
    if version > current:
        raise SaveMismatch(
            f"{source}: $.format: {what} format {version} is newer than this Norsewind reads ({current})"
        )
    if version != current and version not in reads:
        raise SaveError(f"{source}: $.format: unknown {what} format {version} (this Norsewind reads {current})")
    return version


Migration = Callable[[dict[str, Any]], dict[str, Any]]


def _migrate_0(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 0 (playtest prototype) to 1.

    v0: ``{"format": 0, "cards", "seed", "players": [names], "computer": [bools], "level",
    "log": [moves], "undo": n, "assisted", "saved": time}``; no digest, no game id.
    """
    players = doc["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ValueError("$.players: expected a list of names")
    computer = doc.get("computer") or [False] * len(players)
    if not isinstance(computer, list) or len(computer) != len(players):
        raise ValueError("$.computer: expected one flag per player")
    log = doc["log"]
    if not isinstance(log, list):
        raise ValueError("$.log: expected a list of moves")
    undo = doc.get("undo", 0)
    if not isinstance(undo, int) or isinstance(undo, bool) or not 0 <= undo <= len(log):
        raise ValueError(f"$.undo: expected 0..{len(log)}")
    solo = len(players) == 1
    level = doc.get("level", 1)
    saved = doc.get("saved") or "1970-01-01T00:00:00Z"
    ident = hashlib.sha256(msgspec.json.encode([doc.get("seed"), players, saved])).hexdigest()[:32]
    return {
        "format": 1,
        "generation": 0,
        "cards": doc["cards"],
        "seed": doc["seed"],
        "config": {"players": players, "level": level},
        "position": len(log) - undo,
        "digest": "",  # v0 had none: the replay is the check, the next write adds it
        "meta": {
            "id": ident,
            "mode": "solo" if solo else "multiplayer",
            "seats": [
                {"name": p, "kind": "computer" if c else "human", "bot": "random" if c else None}
                for p, c in zip(players, computer, strict=True)
            ],
            "created": saved,
            "updated": saved,
            "turn": 0,  # unknown in v0: filled in after the replay
            "level": level if solo else None,
            "assisted": bool(doc.get("assisted", False)),
            "profile": players[0] if solo and not computer[0] else None,
        },
        "moves": log,
    }


def _migrate_1(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 1 to 2 (R23).  The layout is the same; what changed is the state (``returned``)
    and what the digest covers.  The digest is kept: ``digest_matches`` checks it as a format-1
    digest, and the next write replaces it.  A log that buys back a castle just returned (which
    R23 forbids) no longer replays: loading says which move, and the file is left as it is.
    """
    return {**doc, "format": 2}


def _opener(mode: object, seats: object) -> str | None:
    """Who opened a table made before format 3: the person at seat 1 (a table's opener sits there)."""
    first = seats[0] if isinstance(seats, (list, tuple)) and seats else None
    name = first.get("name") if isinstance(first, dict) else getattr(first, "name", None)
    kind = first.get("kind", "human") if isinstance(first, dict) else getattr(first, "kind", None)
    if mode != "multiplayer" or kind != "human" or not isinstance(name, str) or name == "(open)":
        return None
    return name


def _migrate_2(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 2 to 3 (issue 13: seats that never stall).  A table made before it has no stand-in
    (``standin`` 0: off), no decision made by a computer in a person's seat, and was opened by the
    player at seat 1; a solo game has no ``creator``.
    """
    meta = doc["meta"]
    if not isinstance(meta, dict):
        raise ValueError("$.meta: expected an object")
    opener = _opener(meta.get("mode"), meta.get("seats"))
    return {**doc, "format": 3, "meta": {**meta, "standin": 0, "creator": opener, "by_computer": []}}


def _migrate_3(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 3 to 4 (issue 29): a table made before it has the computer of old as its stand-in
    (``standin_engine`` None); nothing else changes."""
    meta = doc["meta"]
    if not isinstance(meta, dict):
        raise ValueError("$.meta: expected an object")
    return {**doc, "format": 4, "meta": {**meta, "standin_engine": None}}


def _migrate_4(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 4 to 5 (issue 41, the clock and watching): a table made before it has no clock and
    anyone on the host may watch it."""
    meta = doc["meta"]
    if not isinstance(meta, dict):
        raise ValueError("$.meta: expected an object")
    clockless: dict[str, Any] = {"clock": None, "clock_left": [], "clock_since": None, "clock_seal": ""}
    clockless["watching"] = "anyone"
    return {**doc, "format": 5, "meta": {**meta, **clockless}}


def _to_current(save: SaveFile, version: int) -> SaveFile:
    """A format-1 to -4 save decoded with today's schema, as the migrations would make it."""
    meta = save.meta
    if version < 3:
        meta = msgspec.structs.replace(meta, creator=_opener(meta.mode, meta.seats))
    return msgspec.structs.replace(save, format=FORMAT_VERSION, meta=meta)


MIGRATIONS: dict[int, Migration] = {0: _migrate_0, 1: _migrate_1, 2: _migrate_2, 3: _migrate_3, 4: _migrate_4}
SAME_LAYOUT = frozenset({1, 2, 3, 4})  # laid out as today's (new fields have defaults): decoded, then ``_to_current``


def decode_save(data: bytes, source: str) -> tuple[SaveFile, int | None]:
    """The save in ``data`` and the format it was migrated from (None when current).

    Raises ``SaveError`` naming ``source``, the place (msgspec's path) and the problem.
    """
    check_shape(data, source)
    version = decode_json(data, _Probe, source).format
    if version == FORMAT_VERSION:
        return decode_json(data, SaveFile, source), None
    if version in SAME_LAYOUT:  # checked by today's schema, so its problems read as they always did
        return _to_current(decode_json(data, SaveFile, source), version), version
    if version > FORMAT_VERSION:
        raise SaveError(
            f"{source}: $.format: save format {version} is newer than this Norsewind reads "
            f"(up to {FORMAT_VERSION}): update Norsewind"
        )
    if version not in MIGRATIONS:
        raise SaveError(f"{source}: $.format: unknown save format {version}")
    doc = decode_json(data, dict[str, Any], source)
    start = version
    try:
        while version < FORMAT_VERSION:
            doc = MIGRATIONS[version](doc)
            version += 1
    except KeyError as exc:
        raise SaveError(f"{source}: $.{exc.args[0]}: missing (format {start} save)") from None
    except (ValueError, TypeError, msgspec.MsgspecError) as exc:
        raise SaveError(f"{source}: format {start} save: {exc}") from None
    except RecursionError:
        raise SaveError(f"{source}: nested too deeply to be a save") from None
    try:
        return msgspec.convert(doc, SaveFile), start
    except msgspec.MsgspecError as exc:
        raise SaveError(f"{source}: format {start} save: {problem_of(exc)}") from None
    except RecursionError:
        raise SaveError(f"{source}: nested too deeply to be a save") from None


def printable_problem(text: str) -> str | None:
    """Why ``text`` cannot be shown as a name (control or format characters), or None."""
    if not text.strip():
        return "is blank"
    ch = first_unsafe(text)
    return None if ch is None else f"contains the control character U+{ord(ch):04X}"
