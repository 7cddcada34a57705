"""A learned evaluation: a linear model over what a player can see, trained by self-play.

``features(state, seat)`` describes one seat's position in numbers a player can read off the
table (coins, what the kingdoms score now, the heuristic projection of ``evaluate``, castles,
kingdoms at risk, shields to spare, the turns left); each also appears multiplied by the share
of the game still to play, so the model can weigh a coin or a missing castle differently early
and late.  A ``Model`` holds one weight per feature for each game size (``duel``: 2-4 players,
the seat's final score; ``solo``: the final margin over the Vikings) and the slope that turns a
margin into a chance to win, which shrinks as the end nears.

The weights are fitted by ``bench/train.py`` from self-play games (reproducible from a seed)
and ship as ``data/expert.json`` with a format version and the feature names, checked on
loading: a file that does not match the code is refused with a message, never half used.
Only public information is read (the decks' sizes and compositions, never their order).
"""

from __future__ import annotations

import math
from functools import cache
from importlib.resources import files

import msgspec

from ..rules.scoring import viking_score
from ..rules.state import State
from .evaluate import DEFAULT, kingdom_views, projected_vikings, sigmoid, turns_left

FORMAT = 1
FULL_GAME = 14.0  # turns left at the start of a game, about (the share of the game still to play)

BASE = (
    "coins",
    "points_now",
    "projected",
    "castles",
    "at_risk",
    "deficit",
    "spare_shields",
    "prestige",
    "citizens",
    "free_shield",
    "buildings",
)
SOLO_EXTRA = ("vikings_projected", "vikings_now")
NAMES_DUEL = ("bias", "turns", *BASE, *(f"{n}*left" for n in BASE))
NAMES_SOLO = ("bias", "turns", *BASE, *SOLO_EXTRA, *(f"{n}*left" for n in (*BASE, *SOLO_EXTRA)))


class Head(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One game size's weights: ``value = sum(w * f)``; a margin ``m`` is worth
    ``sigmoid(m / (scale + scale_per_turn * turns_left))`` as a chance to win."""

    names: tuple[str, ...]
    weights: tuple[float, ...]
    scale: float
    scale_per_turn: float


class Model(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The shipped model: a format version, how it was trained, and one head per game size."""

    format: int
    version: str  # names the training run: "seed<seed>-<generations>gen-<games>g"
    trained: str  # the command that made it (bench/train.py ...)
    duel: Head
    solo: Head


class ModelError(ValueError):
    """The model file cannot be used (wrong format, other features, wrong lengths)."""


def _check(head: Head, names: tuple[str, ...], which: str) -> None:
    if head.names != names:
        raise ModelError(f"the {which} weights are for other features than this program computes")
    if len(head.weights) != len(names):
        raise ModelError(f"the {which} weights have {len(head.weights)} numbers for {len(names)} features")
    if not all(math.isfinite(w) for w in (*head.weights, head.scale, head.scale_per_turn)):
        raise ModelError(f"the {which} weights are not all finite numbers")
    if head.scale <= 0 or head.scale_per_turn < 0:
        raise ModelError(f"the {which} margin scale must be positive")


def parse_model(data: bytes, source: str = "the model") -> Model:
    """A ``Model`` from JSON bytes; ``ModelError`` naming ``source`` when it is not a usable one."""
    try:
        model = msgspec.json.decode(data, type=Model)
    except msgspec.DecodeError as err:
        raise ModelError(f"{source} is not a model file: {err}") from None
    if model.format != FORMAT:
        raise ModelError(f"{source} has format {model.format}; this program reads format {FORMAT}")
    try:
        _check(model.duel, NAMES_DUEL, "duel")
        _check(model.solo, NAMES_SOLO, "solo")
    except ModelError as err:
        raise ModelError(f"{source}: {err}") from None
    return model


@cache
def shipped_model() -> Model:
    """The model that ships with the program (``data/expert.json``)."""
    return parse_model(files(__package__).joinpath("data/expert.json").read_bytes(), "data/expert.json")


def _base(state: State, seat: int, turns: float) -> list[float]:
    player = state.players[seat]
    views = kingdom_views(state, seat, DEFAULT, turns)
    scores = [v.score for v in views]
    return [
        float(player.coins),
        float(sum(s.points for s in scores)),
        player.coins + sum(v.projected for v in views),
        float(sum(v.castle for v in views)),
        float(sum(not s.safe for s in scores)),
        float(sum(max(0, s.helmets - s.shields) for s in scores)),
        float(sum(min(max(0, s.shields - s.helmets), 6) for s in scores)),
        float(sum(s.prestige for s in scores)),
        float(sum(s.citizens for s in scores)),
        float(sum(v.free_shield for v in views)),
        float(sum(len(k.buildings) for k in player.kingdoms)),
    ]


def features(state: State, seat: int) -> list[float]:
    """The numbers the model reads for ``seat`` (in the order of ``NAMES_DUEL`` or ``NAMES_SOLO``)."""
    turns = turns_left(state, seat)
    base = _base(state, seat, turns)
    if state.solo:
        base += [projected_vikings(state, DEFAULT, turns), float(viking_score(state).total)]
    left = min(turns, FULL_GAME) / FULL_GAME
    return [1.0, turns, *base, *(x * left for x in base)]


def _dot(weights: tuple[float, ...], values: list[float]) -> float:
    return sum(w * x for w, x in zip(weights, values, strict=True))


class LearnedValue:
    """The model applied: a seat's predicted final score (solo: margin) and the rewards for a search."""

    def __init__(self, model: Model) -> None:
        self.model = model

    def value(self, state: State, seat: int) -> float:
        """Predicted final points of ``seat`` (solo: predicted margin over the Vikings)."""
        head = self.model.solo if state.solo else self.model.duel
        return _dot(head.weights, features(state, seat))

    def scale(self, state: State, seat: int) -> float:
        head = self.model.solo if state.solo else self.model.duel
        return head.scale + head.scale_per_turn * turns_left(state, seat)

    def rewards(self, state: State) -> list[float]:
        """Every seat's chance to win, in 0..1, for a state that is not over."""
        if state.solo:
            return [sigmoid(self.value(state, 0) / self.scale(state, 0))]
        n = len(state.players)
        values = [self.value(state, i) for i in range(n)]
        out = []
        for i in range(n):
            margin = values[i] - max(values[j] for j in range(n) if j != i)
            out.append(sigmoid(margin / self.scale(state, i)))
        return out
