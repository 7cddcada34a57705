"""A learned evaluation: a linear model over what a player can see, trained by self-play.

``features(state, seat)`` describes one seat's position in numbers a player can read off the
table (coins, what the kingdoms score now, the heuristic projection of ``evaluate``, castles,
kingdoms at risk, shields to spare, the turns left); each also appears multiplied by the share
of the game still to play, so the model can weigh a coin or a missing castle differently early
and late.  A ``Model`` holds one weight per feature for each game size (``duel``: 2-4 players,
the seat's final score; ``solo``: the final margin over the Vikings) and the slope that turns a
margin into a chance to win, which shrinks as the end nears (2-4 players; alone, the search
weighs the margin itself, see ``LearnedValue.rewards``).

The weights are fitted by ``bench/train.py`` from self-play games (reproducible from a seed)
and ship as ``data/expert.json`` with a format version and the feature names, checked on
loading: a file that does not match the code is refused with a message, never half used.
Only public information is read (the decks' sizes and compositions, never their order).
"""

from __future__ import annotations

import math
import operator
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
    """``BASE``'s numbers, in one pass over the kingdoms (the search reads them at every leaf)."""
    player = state.players[seat]
    points = castles = at_risk = deficit = spare = prestige = citizens = free = 0
    projected = float(player.coins)
    for view in kingdom_views(state, seat, DEFAULT, turns):
        score = view.score
        points += score.points
        projected += view.projected
        castles += view.castle
        gap = score.helmets - score.shields
        if gap > 0:  # at risk (more helmets than shields)
            at_risk += 1
            deficit += gap
        else:
            spare += min(-gap, 6)
        prestige += score.prestige
        citizens += score.citizens
        free += view.free_shield
    buildings = sum(len(k.buildings) for k in player.kingdoms)
    return [
        float(player.coins),
        float(points),
        projected,
        float(castles),
        float(at_risk),
        float(deficit),
        float(spare),
        float(prestige),
        float(citizens),
        float(free),
        float(buildings),
    ]


def _features(state: State, seat: int, turns: float) -> list[float]:
    base = _base(state, seat, turns)
    if state.solo:
        base += [projected_vikings(state, DEFAULT, turns), float(viking_score(state).total)]
    left = min(turns, FULL_GAME) / FULL_GAME
    return [1.0, turns, *base, *[x * left for x in base]]


def features(state: State, seat: int) -> list[float]:
    """The numbers the model reads for ``seat`` (in the order of ``NAMES_DUEL`` or ``NAMES_SOLO``)."""
    return _features(state, seat, turns_left(state, seat))


class LearnedValue:
    """The model applied: a seat's predicted final score (solo: margin) and the rewards for a search."""

    def __init__(self, model: Model) -> None:
        self.model = model

    def _head(self, state: State) -> Head:
        return self.model.solo if state.solo else self.model.duel

    def value(self, state: State, seat: int) -> float:
        """Predicted final points of ``seat`` (solo: predicted margin over the Vikings)."""
        return float(sum(map(operator.mul, self._head(state).weights, features(state, seat))))

    def rewards(self, state: State, solo_scale: float) -> list[float]:
        """Every seat's reward in 0..1 for a state that is not over. With 2-4 players: its chance
        to win. Alone: the predicted margin over the Vikings on the slope ``solo_scale``, the one a
        finished solo game's margin gets (``MCTSBot``). A chance to win would saturate there, +40
        and +60 alike, -40 and -60 alike: the search could not tell platinum (+25, R21) from a
        bare win, nor a near miss at level 7 from a rout (issue 27: 41 platinum at level 4 and 8
        wins at level 7 on 50 deals, against 40 and 5 with the chance)."""
        if state.solo:
            return [sigmoid(self.value(state, 0) / solo_scale)]
        head = self._head(state)
        weights, scale, per_turn = head.weights, head.scale, head.scale_per_turn
        turns = [turns_left(state, i) for i in range(len(state.players))]
        values = [float(sum(map(operator.mul, weights, _features(state, i, t)))) for i, t in enumerate(turns)]
        out = []
        for i, value in enumerate(values):
            margin = value - max(v for j, v in enumerate(values) if j != i)
            out.append(sigmoid(margin / (scale + per_turn * turns[i])))
        return out
