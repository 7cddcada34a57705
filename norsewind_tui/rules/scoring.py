"""Scoring: kingdom values (R4-R6), final scores, the Vikings' score and the outcome.

``score_breakdown`` works at any moment, so a UI can show "if the game ended now".
"""

from __future__ import annotations

from typing import Literal

import msgspec

from .cards import KINGDOM_NAMES, CardDB, GreenTile
from .engine import cards_for, tile_prestige_space, tile_shield_space
from .state import CASTLE, PRESTIGE, SHIELD, TILE, Kingdom, Player, State

Medal = Literal["bronze", "silver", "gold", "platinum"]
MEDALS: tuple[tuple[int, Medal], ...] = ((25, "platinum"), (17, "gold"), (9, "silver"), (1, "bronze"))
UNSAFE_PENALTY = -7


class KingdomScore(msgspec.Struct, frozen=True):
    """One kingdom's values and what it scores now."""

    row: int
    name: str
    helmets: int
    shields: int
    prestige: int
    citizens: int
    safe: bool  # shields >= helmets
    points: int  # prestige x citizens when safe, else -7


class ScoreBreakdown(msgspec.Struct, frozen=True):
    player: int
    name: str
    coins: int
    kingdoms: tuple[KingdomScore, ...]
    total: int


class VikingRowScore(msgspec.Struct, frozen=True):
    row: int
    name: str
    helmets: int  # the Viking card's helmets + those of the cards in the row
    your_shields: int
    cards: int
    coins_per_card: int
    scores: bool  # helmets > your shields
    points: int


class VikingScore(msgspec.Struct, frozen=True):
    rows: tuple[VikingRowScore, ...]
    total: int


class Outcome(msgspec.Struct, frozen=True):
    """How a finished game ended.

    ``winners`` lists seats (more than one when the victory is shared, R17).
    In solo, ``winners`` is ``(0,)`` when the player beat the Vikings, else
    ``()``; ``margin`` is your score minus theirs and ``medal`` the reward (R21).
    """

    scores: tuple[int, ...]
    coins: tuple[int, ...]
    winners: tuple[int, ...]
    tie_break: bool = False  # the winner was decided by coins
    vikings: int | None = None
    margin: int | None = None
    medal: Medal | None = None
    level: int | None = None


class _ScoreTables:
    """Per card set: what scoring reads of each card and tile, in one tuple each."""

    def __init__(self, db: CardDB) -> None:
        self.card = tuple(zip(db.helmets, db.shields, db.prestige, db.citizens, strict=True))
        # (helmets, citizens, R6's one-citizen-per-colour rule, disc space shield, disc space prestige)
        self.tile = tuple(
            tuple(
                (
                    t.helmets,
                    t.citizens if isinstance(t, GreenTile) else 0,
                    t.effect == "different_colours",
                    tile_shield_space(db, colour, i)[0],
                    tile_prestige_space(db, colour, i),
                )
                for i, t in enumerate(tiles)
            )
            for colour, tiles in enumerate(db.tiles)
        )


_SCORE_TABLES: dict[str, _ScoreTables] = {}


def kingdom_score(db: CardDB, player: Player, row: int) -> KingdomScore:
    """A kingdom's helmets, shields, prestige and citizens (R4-R6) and its points."""
    tables = _SCORE_TABLES.get(db.digest)
    if tables is None:
        tables = _SCORE_TABLES[db.digest] = _ScoreTables(db)
    k: Kingdom = player.kingdoms[row]
    helmets, citizens, per_colour, tile_shield, tile_prestige = tables.tile[player.colour][k.tile]
    shields = prestige = 0
    card = tables.card
    for b in k.buildings:
        h, s, p, c = card[b]
        helmets += h
        shields += s
        prestige += p
        citizens += c
    castle = k.castle
    if castle >= 0:
        shields += db.shields[castle]
        prestige += db.prestige[castle]
    for holder, side in k.discs:
        if holder == CASTLE:
            value = db.shield_space[castle] if side == SHIELD else db.prestige_space[castle]
        elif holder == TILE:
            value = tile_shield if side == SHIELD else tile_prestige
        else:
            b = k.buildings[holder]
            value = db.shield_space[b] if side == SHIELD else db.prestige_space[b]
        if side == PRESTIGE:
            prestige += value
        else:
            shields += value
    if per_colour:
        citizens += len({colour for _, _, colour in k.figures})  # R6: one per colour, neutral its own
    else:
        citizens += len(k.figures)
    safe = shields >= helmets
    points = prestige * citizens if safe else UNSAFE_PENALTY
    return KingdomScore(row, KINGDOM_NAMES[row], helmets, shields, prestige, citizens, safe, points)


def score_breakdown(state: State, player: int) -> ScoreBreakdown:
    """The score pad column of ``player`` as if the game ended now."""
    db = cards_for(state)
    p = state.players[player]
    rows = tuple(kingdom_score(db, p, r) for r in range(4))
    return ScoreBreakdown(player, p.name, p.coins, rows, p.coins + sum(k.points for k in rows))


def viking_score(state: State) -> VikingScore:
    """Solo: the Vikings' score against the player's shields (rulebook, End of the Game (Solo))."""
    db = cards_for(state)
    player = state.players[0]
    rows = []
    for row, card in enumerate(db.vikings):
        side = card.red if state.viking_red[row] else card.green
        cards = state.vikings[row]
        helmets = side.helmets + sum(db.helmets[c] for c in cards)
        shields = kingdom_score(db, player, row).shields
        scores = helmets > shields
        points = side.coins * len(cards) if scores else 0
        rows.append(VikingRowScore(row, KINGDOM_NAMES[row], helmets, shields, len(cards), side.coins, scores, points))
    return VikingScore(tuple(rows), sum(r.points for r in rows))


def medal_for(margin: int) -> Medal | None:
    """R21: bronze +1..+8, silver +9..+16, gold +17..+24, platinum +25 or more."""
    for threshold, medal in MEDALS:
        if margin >= threshold:
            return medal
    return None


def outcome(state: State) -> Outcome | None:
    """None while the game runs; else the scores and the winners (R17, R21)."""
    if state.phase != "over":
        return None
    return final_result(state)


def final_result(state: State) -> Outcome:
    """The result as if the game ended now (``outcome`` once it has)."""
    scores = tuple(score_breakdown(state, i).total for i in range(len(state.players)))
    coins = tuple(p.coins for p in state.players)
    if state.solo:
        vikings = viking_score(state).total
        margin = scores[0] - vikings
        return Outcome(
            scores,
            coins,
            (0,) if margin > 0 else (),
            vikings=vikings,
            margin=margin,
            medal=medal_for(margin),
            level=state.config.level,
        )
    best = max(scores)
    tied = [i for i, s in enumerate(scores) if s == best]
    if len(tied) == 1:
        return Outcome(scores, coins, tuple(tied))
    most = max(coins[i] for i in tied)
    winners = tuple(i for i in tied if coins[i] == most)
    return Outcome(scores, coins, winners, tie_break=True)
