"""A heuristic evaluation of a position for the computer players.

Built on ``score_breakdown``'s per-kingdom values (helmets, shields, prestige,
citizens): the score *if the game ended now*, plus what the remaining turns are
likely to add:

- a kingdom without a castle is expected to get one (more prestige, more
  shields, a neutral citizen) at a typical price, as far as the coins the
  player has and will earn can pay for the castles still needed;
- a kingdom at risk (more helmets than shields) counts -7, softened when a
  castle or a shield disc can still fix it;
- an empty citizen space is worth nothing of its own: each step 3 brings one
  citizen or disc, and a step 3 declined is lost (a later turn's step 3 is
  that turn's, whatever is empty by then), so a declined free citizen costs
  the kingdom's prestige (R6: a figure is a citizen; a kingdom scores prestige
  x citizens).  Until issue 27 an empty space counted 0.35 x the kingdom's
  prestige, as if it would fill itself later, and a declined citizen looked
  like a small loss;
- coins count one point each;
- in solo, the Vikings' rows keep growing: their projected score is subtracted.

Only public information is read (the decks' sizes and compositions, never
their order).  Everything is in points, so the numbers can be explained to a
player ("+6 coins; Mercia stays safe").
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..rules.cards import CardDB
from ..rules.engine import cards_for, tile_shield_space
from ..rules.scoring import KingdomScore, kingdom_score
from ..rules.state import CASTLE, SHIELD, TILE, Kingdom, Player, State


@dataclass(frozen=True)
class Weights:
    """The evaluation's knobs (in points or fractions)."""

    castle_hope: float = 0.85  # how surely a castle-less kingdom will get a castle (when affordable)
    castle_prestige: float = 2.0  # prestige a future castle brings
    castle_shields: float = 7.0  # shields a future castle brings (with its disc)
    castle_cost: float = 6.5  # what it costs
    castle_turns: float = 0.4  # the share of the turns left a player can spend on castles
    fix_by_disc: float = 0.6  # how surely a free shield disc space fixes a small deficit
    income_per_turn: float = 2.0  # coins a player earns on an average future turn
    viking_spread: float = 1.5  # uncertainty of the Vikings' final helmets, per turn left (solo)


DEFAULT = Weights()


@dataclass(frozen=True)
class _DeckInfo:
    buildings: int  # buildings left in the draw deck (public: the composition is known)
    helmets: float  # their mean helmets


_last_deck: tuple[tuple[int, ...], str, _DeckInfo] | None = None


def _deck_info(db: CardDB, state: State) -> _DeckInfo:
    global _last_deck
    last = _last_deck  # one read: the app may evaluate in a worker thread
    if last is not None and last[0] is state.deck and last[1] == db.digest:
        return last[2]
    cards = [c for c in state.deck if not db.is_castle[c]]
    info = _DeckInfo(len(cards), sum(db.helmets[c] for c in cards) / len(cards)) if cards else _DeckInfo(0, 2.0)
    _last_deck = (state.deck, db.digest, info)
    return info


def turns_left(state: State, seat: int) -> float:
    """About how many more turns ``seat`` will play (0 once the game is over)."""
    phase = state.phase
    if phase == "over":
        return 0.0
    n = len(state.players)
    mid_turn = state.current == seat and phase != "action"
    if state.triggered:
        if n == 1:
            return 0.0
        last = (state.start_player - 1) % n
        # seats still to play in this last round, from the current one to ``last``
        order = [(state.current + i) % n for i in range((last - state.current) % n + 1)]
        if mid_turn:
            order = order[1:]
        return 1.0 if seat in order else 0.0
    kept = _last_deck  # ``_deck_info``'s kept answer, read here: this runs at every leaf of a search
    if kept is not None and kept[0] is state.deck and kept[1] == state.cards:
        info = kept[2]
    else:
        info = _deck_info(cards_for(state), state)
    per_round = 2.0 if n == 1 else float(n)  # buildings a round of A turns uses up
    rounds = info.buildings / (per_round * 0.85)  # some turns are castles (no refill)
    return max(rounds, 0.0) + (0.0 if mid_turn else 0.5)


def _free_shield_disc(db: CardDB, player: Player, row: int) -> int:
    """The best shield value a disc could still add in ``row``."""
    k = player.kingdoms[row]
    best = 0
    if k.castle >= 0 and db.shield_space[k.castle] and (CASTLE, SHIELD) not in k.discs:
        best = db.shield_space[k.castle]
    value = tile_shield_space(db, player.colour, k.tile)[0]
    if value and (TILE, SHIELD) not in k.discs:
        best = max(best, value)
    for i, b in enumerate(k.buildings):
        if db.shield_space[b] and (i, SHIELD) not in k.discs:
            best = max(best, db.shield_space[b])
    return best


class _Facts:
    """What the evaluation needs of one kingdom; it depends on the kingdom alone."""

    __slots__ = ("castle", "fixable", "free_shield", "full", "points", "score", "with_castle")

    def __init__(self, score: KingdomScore, free_shield: int, castle: bool) -> None:
        self.score = score
        self.free_shield = free_shield
        # ``_projected``'s per-kingdom terms, worked out once: the castle's presence is the kingdom's.
        self.castle = castle
        self.points = float(score.points)
        self.fixable = not score.safe and score.helmets - score.shields <= free_shield
        self.full = score.prestige * score.citizens
        # (weights, points with a future castle), kept as one tuple: the app may evaluate in a worker thread
        self.with_castle: tuple[Weights, float] | None = None

    def castle_value(self, w: Weights) -> float:
        """The kingdom's points with a future castle, its price paid (a castle-less kingdom)."""
        kept = self.with_castle
        if kept is not None and kept[0] is w:
            return kept[1]
        ks = self.score
        shields = ks.shields + w.castle_shields
        prestige = ks.prestige + w.castle_prestige
        value = (prestige * (ks.citizens + 1) if shields >= ks.helmets else -7.0) - w.castle_cost
        self.with_castle = (w, value)
        return value


_FACTS: dict[tuple[str, int, int, Kingdom], _Facts] = {}
# The same facts by the kingdom's identity: a turn's end states share the kingdoms the turn left
# alone, and an ``id`` look-up skips hashing a kingdom's nested tuples (the entry keeps the kingdom
# alive, so its ``id`` is not reused while it is here).
_BY_ID: dict[int, tuple[Kingdom, str, int, int, _Facts]] = {}


def _facts(db: CardDB, player: Player, row: int) -> _Facts:
    k = player.kingdoms[row]
    hit = _BY_ID.get(id(k))
    if hit is not None and hit[0] is k and hit[2] == player.colour and hit[3] == row and hit[1] == db.digest:
        return hit[4]
    key = (db.digest, player.colour, row, k)
    f = _FACTS.get(key)
    if f is None:
        if len(_FACTS) > 200_000:
            _FACTS.clear()
        f = _FACTS[key] = _Facts(kingdom_score(db, player, row), _free_shield_disc(db, player, row), k.castle >= 0)
    if len(_BY_ID) > 200_000:
        _BY_ID.clear()
    _BY_ID[id(k)] = (k, db.digest, player.colour, row, f)
    return f


@dataclass(frozen=True)
class KingdomView:
    """One kingdom now and as projected to the end of the game."""

    score: KingdomScore
    castle: bool
    projected: float
    free_shield: int  # the best shield value a disc could still add here


def sigmoid(x: float) -> float:
    """The logistic function, flat beyond +-30 (no overflow): a margin turned into a 0-1 value."""
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def _projected(player: Player, facts: list[_Facts], w: Weights, turns: float) -> list[float]:
    """Each kingdom's projected final points (``kingdom_views`` without the views: the greedy
    search's leaves need only these numbers)."""
    values = []
    if turns <= 0:
        return [f.points for f in facts]
    future = min(1.0, turns / 3.0)  # little can change in the last turn or two
    gains: list[tuple[float, int]] = []  # what a future castle would add, castle-less kingdoms
    for r, f in enumerate(facts):
        value = f.points
        if f.castle:
            if f.fixable:
                value += w.fix_by_disc * future * (f.full - value)
        else:
            with_castle = f.castle_value(w)
            if with_castle > value:
                gains.append((with_castle - value, r))
        values.append(value)
    if gains:
        # A castle takes a turn and coins: the player can buy only so many before the end.
        budget = player.coins + w.income_per_turn * turns
        castles = min(len(gains), w.castle_turns * turns, budget / w.castle_cost)
        for i, (gain, r) in enumerate(sorted(gains, reverse=True)):
            values[r] += w.castle_hope * max(0.0, min(1.0, castles - i)) * gain
    return values


def kingdom_views(state: State, seat: int, w: Weights = DEFAULT, turns: float | None = None) -> list[KingdomView]:
    """Each kingdom of ``seat`` with its projected final points."""
    db = cards_for(state)
    player = state.players[seat]
    turns = turns_left(state, seat) if turns is None else turns
    facts = [_facts(db, player, r) for r in range(4)]
    values = _projected(player, facts, w, turns)
    return [KingdomView(f.score, player.kingdoms[r].castle >= 0, values[r], f.free_shield) for r, f in enumerate(facts)]


def projected_points(state: State, seat: int, w: Weights = DEFAULT, turns: float | None = None) -> float:
    """``seat``'s score as projected to the end of the game (coins count 1 each)."""
    db = cards_for(state)
    player = state.players[seat]
    turns = turns_left(state, seat) if turns is None else turns
    facts = []
    colour, digest = player.colour, db.digest
    for row, k in enumerate(player.kingdoms):  # ``_facts`` inlined for a kingdom seen before
        hit = _BY_ID.get(id(k))
        if hit is not None and hit[0] is k and hit[2] == colour and hit[3] == row and hit[1] == digest:
            facts.append(hit[4])
        else:
            facts.append(_facts(db, player, row))
    return player.coins + sum(_projected(player, facts, w, turns))


_last_rows: tuple[object, object, str, tuple[tuple[int, int, int], ...]] | None = None


def _viking_rows(db: CardDB, state: State) -> tuple[tuple[int, int, int], ...]:
    """Solo: per Viking row (coins per card, helmets now, cards now); the last answer is kept."""
    global _last_rows
    last = _last_rows  # one read: the app may evaluate in a worker thread
    if last is not None and last[0] is state.vikings and last[1] is state.viking_red and last[2] == db.digest:
        return last[3]
    rows = []
    for row, card in enumerate(db.vikings):
        side = card.red if state.viking_red[row] else card.green
        cards = state.vikings[row]
        rows.append((side.coins, side.helmets + sum(db.helmets[c] for c in cards), len(cards)))
    out = tuple(rows)
    _last_rows = (state.vikings, state.viking_red, db.digest, out)
    return out


def projected_vikings(state: State, w: Weights = DEFAULT, turns: float | None = None) -> float:
    """Solo: the Vikings' score as projected to the end of the game."""
    db = cards_for(state)
    player = state.players[0]
    turns = turns_left(state, 0) if turns is None else turns
    info = _deck_info(db, state)
    future_cards = turns * 0.85 / 4.0  # Viking turns to come (one per action A), spread over 4 rows
    spread = 0.5 + w.viking_spread * math.sqrt(max(turns, 0.0))
    total = 0.0
    for row, (coins, helmets, cards) in enumerate(_viking_rows(db, state)):
        shields = _facts(db, player, row).score.shields
        if turns <= 0:
            p = 1.0 if helmets > shields else 0.0
            total += coins * cards * p
            continue
        expected = float(shields)
        if player.kingdoms[row].castle < 0:
            expected += 0.5 * w.castle_shields  # a castle may still come
        exp_helmets = helmets + future_cards * info.helmets
        p = sigmoid((exp_helmets - expected - 0.5) / spread)
        total += coins * (cards + future_cards) * p
    return total


def evaluate(state: State, seat: int, w: Weights = DEFAULT) -> float:
    """The greedy bots' number: projected points (solo: minus the Vikings' projection)."""
    turns = turns_left(state, seat)
    value = projected_points(state, seat, w, turns)
    if len(state.players) == 1:
        value -= projected_vikings(state, w, turns)
    return value
