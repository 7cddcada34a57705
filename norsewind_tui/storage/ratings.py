"""Ratings for people and computers on one scale (issue 27, "a ladder everyone can read").

The scale is OpenSkill's Plackett-Luce model (``openskill``), which rates two- to four-player
free-for-all games by finishing place.  The computer levels' ratings are fixed: they come from
``bench/ladder.py`` (a round robin of the levels) and ship as ``data/ratings.toml``, a small
versioned file; they anchor the scale and never move.  People start at the model's prior and move
with every finished game counted for them.

A finished game becomes a ``RatedGame``: its id, when it ended, and its rated participants (the
people who played their own seat to the end, and the computers that have an anchor) with their
finishing places (score, then coins: the game's own tiebreak; an exact tie shares the place).
The stores keep those results, each game once (by its id), in the order they were counted; a
person's rating is the replay of every result in that order (``Ladder.replay``), so it is derived
from the results and cannot drift from them, as the campaign is derived from the game records.

>>> anchors = Anchors(1, True, {"greedy": Rating(20.0, 1.0)})
>>> game = RatedGame(
...     "0" * 32,
...     datetime(2026, 12, 2, tzinfo=UTC),
...     (RatedSeat("person", "ana", 1), RatedSeat("computer", "greedy", 2)),
... )
>>> ladder = Ladder.replay([game], anchors)
>>> ana = ladder.standing("ana")
>>> ana.games, ana.rating.mu > 25.0, ana.rating.sigma < 25 / 3
(1, True, True)
>>> ladder.rating("greedy") == anchors.levels["greedy"]
True
>>> finishing_places((30, 41, 30, 30), (2, 0, 5, 2))
(3, 1, 2, 3)
"""

from __future__ import annotations

import tomllib
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

import msgspec

from ..rules.scoring import final_result
from ..rules.state import State
from .errors import SaveError
from .format import SaveMeta, Stamp, Text, decode_json, format_of, printable_problem
from .paths import sanitise_name

if TYPE_CHECKING:
    from openskill.models import PlackettLuce

LEDGER_FORMAT = 1
DISPLAY_BASE = 1000  # the display number of a rating whose ordinal (mu - 3 sigma) is 0: a newcomer's
DISPLAY_SCALE = 40  # display points per point of ordinal
Kind = Literal["person", "computer"]
GameId = Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{32}$")]
Place = Annotated[int, msgspec.Meta(ge=1, le=4)]


@cache
def model() -> PlackettLuce:
    """OpenSkill's Plackett-Luce model with its defaults (mu 25, sigma 25/3, tau 25/300).

    Imported here, when a rating is first worked out: its compiled module costs every start of
    the app some 6 ms before the first frame otherwise (issue 28)."""
    from openskill.models import PlackettLuce

    return PlackettLuce()


@dataclass(frozen=True)
class Rating:
    """A skill estimate: ``mu`` (the mean) and ``sigma`` (its uncertainty)."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative estimate, ``mu - 3 sigma`` (what a ladder is sorted by)."""
        return self.mu - 3 * self.sigma

    @property
    def display(self) -> int:
        """The number shown beside a name: 1000 for a newcomer, 40 per point of ordinal."""
        return round(DISPLAY_BASE + DISPLAY_SCALE * self.ordinal)

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % interval of the skill, ``mu +- 1.96 sigma``."""
        return (self.mu - 1.96 * self.sigma, self.mu + 1.96 * self.sigma)


def newcomer() -> Rating:
    """The rating of a person with no game counted yet: the model's prior."""
    m = model()
    return Rating(m.mu, m.sigma)


# --------------------------------------------------------------------------- the computers' anchors


@dataclass(frozen=True)
class Anchors:
    """The computer levels' fixed ratings (``data/ratings.toml``)."""

    version: int
    provisional: bool
    levels: dict[str, Rating]
    games: dict[str, int] = field(default_factory=dict)  # the ladder's games of each level
    source: str = ""  # how the figures were made


def parse_anchors(text: str, source: str) -> Anchors:
    """The anchors of a ``ratings.toml`` text; ``ValueError`` naming ``source`` when it is not one."""
    try:
        doc = tomllib.loads(text)
        levels = {str(name): Rating(float(entry["mu"]), float(entry["sigma"])) for name, entry in doc["levels"].items()}
        games = {str(name): int(entry.get("games", 0)) for name, entry in doc["levels"].items()}
        anchors = Anchors(int(doc["version"]), bool(doc["provisional"]), levels, games, str(doc.get("source", "")))
    except (tomllib.TOMLDecodeError, KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ValueError(f"{source}: not a ratings file: {exc}") from None
    if not anchors.levels or any(r.sigma <= 0 for r in anchors.levels.values()):
        raise ValueError(f"{source}: every level needs a rating with sigma > 0")
    return anchors


@cache
def shipped_anchors() -> Anchors:
    """The anchors that ship with the package."""
    text = resources.files(__package__).joinpath("data", "ratings.toml").read_text(encoding="utf-8")
    return parse_anchors(text, "norsewind_tui/storage/data/ratings.toml")


def anchors_toml(anchors: Anchors, comment: str = "") -> str:
    """The ``ratings.toml`` text of ``anchors`` (``bench/ladder.py --write``)."""
    lines = [f"# {line}" if line else "#" for line in comment.splitlines()]
    lines += [
        f"version = {anchors.version}",
        f"provisional = {'true' if anchors.provisional else 'false'}",
        f"source = {_toml_string(anchors.source)}",
        "",
    ]
    for name, rating in anchors.levels.items():
        lines += [
            f"[levels.{name}]",
            f"mu = {rating.mu!r}",
            f"sigma = {rating.sigma!r}",
            f"games = {anchors.games.get(name, 0)}",
            "",
        ]
    return "\n".join(lines)


def _toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


# --------------------------------------------------------------------------- results


def finishing_places(scores: Sequence[int], coins: Sequence[int]) -> tuple[int, ...]:
    """Each seat's place (1 = first): by score, then by coins (the game's tiebreak, R17); seats
    equal on both share the place."""
    keys = list(zip(scores, coins, strict=True))
    return tuple(1 + sum(other > mine for other in keys) for mine in keys)


class RatedSeat(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A rated participant of a game: a person (by the name of their profile) or a computer level."""

    kind: Kind
    name: Text
    place: Place


class RatedGame(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One finished game counted for the ratings: only its rated participants."""

    game: GameId  # the save's game id: counted once
    date: Stamp
    seats: tuple[RatedSeat, ...]

    def problem(self) -> str | None:
        """Why this is not a result a ladder can hold (None: it is one)."""
        if not 2 <= len(self.seats) <= 4:
            return f"{len(self.seats)} rated participants (a result has 2 to 4)"
        if not any(s.kind == "person" for s in self.seats):
            return "no person among the participants"
        for i, seat in enumerate(self.seats):
            if (why := printable_problem(seat.name)) is not None or not seat.name:
                return f"seats[{i}]: the name {why or 'is empty'}"
        people = [person_key(s.name) for s in self.seats if s.kind == "person"]
        if len(set(people)) != len(people):
            return "a person sits twice"
        return None


@dataclass(frozen=True)
class Participant:
    """A seat of a finished game as the stores know it: who sat there, and whether it counts."""

    kind: Literal["human", "computer"]
    name: str  # a person's name (their profile), or the computer seat's label
    bot: str | None = None  # a computer seat's level
    counts: bool = True  # False: a computer stood in for this person (or they left): not counted


def rated_game(
    game: str, date: datetime, seats: Sequence[Participant], places: Sequence[int], anchors: Anchors
) -> RatedGame | None:
    """The result to count for a finished game, or None when it has fewer than two rated
    participants or no person among them.  A person counts unless a computer stood in for them
    (``counts``); a computer counts when its level has an anchor rating."""
    rated: list[RatedSeat] = []
    for seat, place in zip(seats, places, strict=True):
        if seat.kind == "human" and seat.counts:
            rated.append(RatedSeat("person", seat.name[:64], place))
        elif seat.kind == "computer" and seat.counts and seat.bot in anchors.levels:
            rated.append(RatedSeat("computer", seat.bot, place))
    result = RatedGame(game, date.astimezone(UTC), tuple(rated))
    return result if result.problem() is None else None


def result_of(
    meta: SaveMeta, state: State, date: datetime, anchors: Anchors, away: Collection[int] = ()
) -> RatedGame | None:
    """The result a finished game counts for the ratings, or None when it counts for nobody: a solo
    game, a game not over, a game played on from another's position (R25), an assisted one (undone
    over a revealed card), or one with fewer than two rated participants.  ``away``: the seats whose
    person a computer stood in for, or who left (they do not count, nor does the computer there)."""
    if meta.mode != "multiplayer" or state.solo or not state.is_over or meta.branch_of is not None or meta.assisted:
        return None
    result = final_result(state)
    seats = [Participant(seat.kind, seat.name, seat.bot, counts=i not in away) for i, seat in enumerate(meta.seats)]
    return rated_game(meta.id, date, seats, finishing_places(result.scores, result.coins), anchors)


# --------------------------------------------------------------------------- the ladder


def person_key(name: str) -> str:
    """The key of a person's rating: the name their profile file has (``sanitise_name``)."""
    return sanitise_name(name)


@dataclass(frozen=True)
class Standing:
    """A person's rating and how many games counted for it."""

    name: str
    rating: Rating
    games: int
    last: datetime | None = None  # when the latest game counted ended


@dataclass
class Ladder:
    """Every person's rating, replayed from the results in the order they were counted."""

    anchors: Anchors
    people: dict[str, Standing] = field(default_factory=dict)  # by person_key
    counted: int = 0  # results replayed
    notice: str | None = None  # a store's one line (its file was read from the backup...)

    @classmethod
    def replay(cls, games: Iterable[RatedGame], anchors: Anchors, notice: str | None = None) -> Ladder:
        ladder = cls(anchors, notice=notice)
        for game in games:
            ladder.count(game)
        return ladder

    def count(self, game: RatedGame) -> None:
        """Move the people's ratings by one result (the computers' never move).  A computer whose level
        has no anchor any more (a level retired) drops out of the result; a result left with fewer
        than two participants or no person moves nothing."""
        seats = [s for s in game.seats if s.kind == "person" or s.name in self.anchors.levels]
        if len(seats) < 2 or not any(s.kind == "person" for s in seats):
            return
        m = model()
        teams = [[m.rating(mu=r.mu, sigma=r.sigma)] for r in (self.rating(s.name, s.kind) for s in seats)]
        out = m.rate(teams, ranks=[float(s.place) for s in seats])
        for seat, (after,) in zip(seats, out, strict=True):
            if seat.kind != "person":
                continue
            key = person_key(seat.name)
            held = self.people.get(key)
            name, games = (held.name, held.games) if held else (seat.name, 0)
            self.people[key] = Standing(name, Rating(after.mu, after.sigma), games + 1, game.date)
        self.counted += 1

    def rating(self, name: str, kind: Kind | None = None) -> Rating:
        """A computer level's anchor (``kind`` "computer", or None and a level's name), else the
        person's rating (a newcomer's when none of their games counted yet)."""
        if kind != "person" and name in self.anchors.levels:
            return self.anchors.levels[name]
        return self.standing(name).rating

    def standing(self, name: str) -> Standing:
        held = self.people.get(person_key(name))
        return held if held is not None else Standing(name, newcomer(), 0)

    def table(self) -> list[tuple[str, Kind, Rating, int]]:
        """Every person and computer level, best first: (name, kind, rating, games)."""
        rows: list[tuple[str, Kind, Rating, int]] = [
            (s.name, "person", s.rating, s.games) for s in self.people.values()
        ]
        rows += [(name, "computer", r, self.anchors.games.get(name, 0)) for name, r in self.anchors.levels.items()]
        rows.sort(key=lambda row: (-row[2].ordinal, row[1] != "computer", row[0].casefold()))
        return rows


# --------------------------------------------------------------------------- the file store's ledger


LEDGER = ".ratings.json"  # in the profiles folder: no profile can have this name (sanitise_name drops dots)


class LedgerFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    format: int
    games: tuple[RatedGame, ...] = ()


def decode_ledger(data: bytes, source: str) -> LedgerFile:
    """The results in ``data``; ``SaveError`` when broken, ``SaveMismatch`` when of a newer format."""
    format_of(data, source, "ratings", LEDGER_FORMAT)
    ledger = decode_json(data, LedgerFile, source)
    seen: set[str] = set()
    for i, game in enumerate(ledger.games):
        if (why := game.problem()) is not None:
            raise SaveError(f"{source}: $.games[{i}]: {why}")
        if game.game in seen:
            raise SaveError(f"{source}: $.games[{i}]: the game {game.game} is counted twice")
        seen.add(game.game)
    return ledger


def encode_ledger(games: Sequence[RatedGame]) -> bytes:
    return msgspec.json.format(msgspec.json.encode(LedgerFile(LEDGER_FORMAT, tuple(games))), indent=1)


@dataclass(frozen=True)
class LedgerRead:
    games: tuple[RatedGame, ...]
    notice: str | None = None
    broken: Path | None = None  # the main file, broken: set aside before the next write


def ledger_path(profiles: Path) -> Path:
    return profiles / LEDGER


__all__ = [
    "LEDGER",
    "Anchors",
    "Ladder",
    "LedgerFile",
    "LedgerRead",
    "Participant",
    "RatedGame",
    "RatedSeat",
    "Rating",
    "Standing",
    "decode_ledger",
    "encode_ledger",
    "finishing_places",
    "newcomer",
    "parse_anchors",
    "rated_game",
    "shipped_anchors",
]
