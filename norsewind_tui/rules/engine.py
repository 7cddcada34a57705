"""The rules of Norsewind: setup, legal moves and their effects.

    >>> from norsewind_tui.rules import GameConfig, new_game, legal_moves, apply
    >>> state = new_game(GameConfig(players=("Ana", "Bo")), seed=7)
    >>> state.phase
    'action'
    >>> state = apply(state, legal_moves(state)[0])
    >>> state.phase
    'building_kingdom'

``apply`` is pure: it returns a new state and never changes its argument.  An
illegal move raises ``IllegalMove`` with the reason as data (``Refusal``).  Every random
draw comes from ``(seed, state.rng)`` (R22), so the same seed and moves always
give the same game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from . import draws
from . import moves as m
from .cards import CardDB, GreenTile, default_cards
from .events import Event
from .moves import DECLINE, PASS, REFRESH, Move
from .refusals import ConfigError, ConfigProblem, IllegalMove, Refusal
from .state import (
    CASTLE,
    COLOUR_NAMES,
    DISCS,
    NEUTRAL,
    PRESTIGE,
    SHIELD,
    SIDE_NAMES,
    TILE,
    GameConfig,
    Kingdom,
    Player,
    State,
)

__all__ = [
    "SOLO_LEVELS",
    "ConfigError",
    "IllegalMove",
    "apply",
    "apply_logged",
    "cards_for",
    "config_problem",
    "legal_moves",
    "new_game",
    "refusal",
    "register_cards",
]

_replace = msgspec.structs.replace
_COLOUR_INDEX = {name: i for i, name in enumerate(COLOUR_NAMES)}
# Solo level table: (green tiles, red tiles, Viking cards on their red side).
SOLO_LEVELS: dict[int, tuple[int, int, int]] = {
    1: (2, 2, 0),
    2: (2, 2, 1),
    3: (2, 2, 2),
    4: (1, 3, 2),
    5: (1, 3, 3),
    6: (0, 4, 3),
    7: (0, 4, 4),
}
SUPPLY_SIZE = {1: 4, 2: 8, 3: 10, 4: 12}  # colored citizens per supply (R2)
DISC_COUNT = 24
NEUTRAL_PER_PLAYER = 4


# --------------------------------------------------------------------------- card sets

_REGISTRY: dict[str, CardDB] = {}


def register_cards(db: CardDB) -> None:
    """Make a card set known to the engine (states name their set by digest)."""
    _REGISTRY[db.digest] = db


def cards_for(state: State) -> CardDB:
    """The card set a state was made with."""
    try:
        return _REGISTRY[state.cards]
    except KeyError:
        db = default_cards()
        if db.digest == state.cards:
            register_cards(db)
            return db
        raise LookupError(f"card set {state.cards} is not loaded") from None


class _Tables:
    """Per card set lookups the hot path needs, derived once."""

    def __init__(self, db: CardDB) -> None:
        self.colour_spaces = tuple(tuple(_COLOUR_INDEX[c] for c in sp) for sp in db.spaces)
        self.income = tuple(tuple((k.income, k.income_value) for k in ks) for ks in db.kingdoms)
        tiles = db.tiles
        self.effect = tuple(tuple(t.effect for t in ts) for ts in tiles)
        self.tile_helmets = tuple(tuple(t.helmets for t in ts) for ts in tiles)
        self.tile_citizens = tuple(tuple(t.citizens if isinstance(t, GreenTile) else 0 for t in ts) for ts in tiles)
        self.tile_space = tuple(
            tuple(
                _COLOUR_INDEX[t.citizen_space] if isinstance(t, GreenTile) and t.citizen_space is not None else -1
                for t in ts
            )
            for ts in tiles
        )
        self.tile_shield = tuple(
            tuple((t.shield_space, t.shield_space_cost) if isinstance(t, GreenTile) else (0, 0) for t in ts)
            for ts in tiles
        )
        self.tile_prestige = tuple(
            tuple(t.prestige_space if isinstance(t, GreenTile) else 0 for t in ts) for ts in tiles
        )
        self.tile_bonus = tuple(tuple(t.bonus_coins if isinstance(t, GreenTile) else 0 for t in ts) for ts in tiles)
        # Per figure colour (0-4, neutral wild), per card: the indices of its spaces that take it.
        self.spaces_for = tuple(
            tuple(tuple(s for s, c in enumerate(sp) if colour in (NEUTRAL, c)) for sp in self.colour_spaces)
            for colour in range(NEUTRAL + 1)
        )
        # Per card: what building it costs before any red tile (an inn's price), whether the red
        # helmet tax applies to it (3+ helmets).  The legal-move scans read these.
        self.base_cost = tuple(c if kind == "inn" else 0 for c, kind in zip(db.cost, db.type, strict=True))
        self.heavy = tuple(h >= 3 for h in db.helmets)
        # Setup: the cards of each deck, and per colour each tile effect's index.
        self.decks: dict[str, tuple[int, ...]] = {
            d: db.deck_cards(d) for d in (*db.deck, "1+", "3+", "4p", "reserve", "start")
        }
        self.tile_of: tuple[dict[str, int], ...] = tuple(
            {t.effect: i for i, t in reversed(tuple(enumerate(ts)))} for ts in tiles
        )


_TABLES: dict[str, _Tables] = {}


_LAST_TABLES: tuple[CardDB | None, _Tables | None] = (None, None)  # the set a game in play uses


def _tables(db: CardDB) -> _Tables:
    global _LAST_TABLES
    last_db, last = _LAST_TABLES
    if last_db is db and last is not None:
        return last
    t = _TABLES.get(db.digest)
    if t is None:
        t = _TABLES[db.digest] = _Tables(db)
    _LAST_TABLES = (db, t)
    return t


def card_citizen_spaces(db: CardDB, card: int) -> tuple[int, ...]:
    """The colours (0-3) of the citizen spaces printed on ``card``, in order."""
    return _tables(db).colour_spaces[card]


def tile_citizen_space(db: CardDB, colour: int, tile: int) -> int | None:
    """The colour of the citizen space on a kingdom tile of the player colour ``colour``, if it has one."""
    space = _tables(db).tile_space[colour][tile]
    return space if space >= 0 else None


def tile_shield_space(db: CardDB, colour: int, tile: int) -> tuple[int, int]:
    """(shields, cost) of the disc space on a green tile's shield side; (0, 0) when there is none (R10)."""
    return _tables(db).tile_shield[colour][tile]


def tile_prestige_space(db: CardDB, colour: int, tile: int) -> int:
    """The prestige of the disc space on a green tile's prestige side; 0 when there is none."""
    return _tables(db).tile_prestige[colour][tile]


# --------------------------------------------------------------------------- randomness (R22)


_rng = draws.stream  # draw ``counter`` of game ``seed`` (R22)


# --------------------------------------------------------------------------- setup


def config_problem(config: GameConfig) -> ConfigProblem | None:
    """Why ``config`` cannot be set up (player count, solo level, names, R24), or None."""
    n = len(config.players)
    if not 1 <= n <= 4:
        return ConfigProblem("player_count", n)
    if n == 1 and config.level not in SOLO_LEVELS:
        return ConfigProblem("solo_level", config.level)
    if n == 1 and config.random_tiles:
        return ConfigProblem("solo_random_tiles")
    if any(not name.strip() for name in config.players):
        return ConfigProblem("unnamed_player")
    return None


class _Draws:
    """The setup's random draws, one stream per draw, numbered from 0 (R22)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.counter = 0

    def __call__(self) -> draws.Twister:
        r = _rng(self.seed, self.counter)
        self.counter += 1
        return r


def new_game(config: GameConfig, seed: int, cards: CardDB | None = None) -> State:
    """Set up a game: supplies, decks, market, tiles, starting cards (rulebook, Setup).

    Raises ``ConfigError`` for an impossible configuration (``config_problem``).
    """
    db = cards or default_cards()
    register_cards(db)
    problem = config_problem(config)
    if problem is not None:
        raise ConfigError(problem)
    n = len(config.players)
    solo = n == 1
    draw = _Draws(seed)  # the order of the draws below is part of every saved game: keep it
    supply_kinds, supplies = _citizen_supplies(draw, n)
    deck, reserve, box = _decks(db, draw, n)
    effects = _kingdom_tiles(db, draw, config)
    players, start_player = _starting_cards(db, draw, config, effects, box)
    market, display = _first_market(db, deck, box, solo)
    ship, vikings, viking_red = _viking_setup(draw, config)
    return State(
        cards=db.digest,
        config=config,
        seed=seed,
        rng=draw.counter,
        players=players,
        start_player=start_player,
        current=start_player,
        phase="place_start" if config.start_choice else "action",
        market=market,
        supply_kinds=supply_kinds,
        supplies=supplies,
        neutral=NEUTRAL_PER_PLAYER * n,
        display=display,
        deck=tuple(deck),
        reserve=tuple(reserve),
        box=tuple(box),
        ship=ship,
        vikings=vikings,
        viking_red=viking_red,
    )


def _citizen_supplies(draw: _Draws, n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """General setup 2: a random colour in each citizen supply; the discs are supply 4 (R1, R2)."""
    colours = [0, 1, 2, 3]
    draws.shuffle(draw(), colours)
    size = SUPPLY_SIZE[n]
    return (*colours, DISCS), (size, size, size, size, DISC_COUNT)


def _decks(db: CardDB, draw: _Draws, n: int) -> tuple[list[int], list[int], list[int]]:
    """General setup 3 and 5: the draw deck by player count, the reserve deck; the rest is boxed."""
    by_deck = _tables(db).decks
    decks = ["1+"] + (["3+"] if n >= 3 else []) + (["4p"] if n == 4 else [])
    deck = [c for d in decks for c in by_deck[d]]
    draws.shuffle(draw(), deck)
    reserve = list(by_deck["reserve"])
    draws.shuffle(draw(), reserve)
    box = [c for d in ("1+", "3+", "4p") if d not in decks for c in by_deck[d]]
    return deck, reserve, box


def _kingdom_tiles(db: CardDB, draw: _Draws, config: GameConfig) -> list[str]:
    """Player setup 2: the tile effect of each row, drawn for the first colour, copied by all (R20)."""
    r = draw()
    if config.solo:
        greens, reds, _ = SOLO_LEVELS[config.level]
        effects = draws.sample(r, range(5), greens) + [5 + i for i in draws.sample(r, range(5), reds)]
        draws.shuffle(r, effects)
    elif config.random_tiles:  # variant 2 (never solo: R24)
        effects = draws.sample(r, range(10), 4)
    else:
        effects = draws.sample(r, range(5), 2) + [5 + i for i in draws.sample(r, range(5), 2)]
        draws.shuffle(r, effects)
    return [_tables(db).effect[0][i] for i in effects]


def _starting_cards(
    db: CardDB, draw: _Draws, config: GameConfig, effects: list[str], box: list[int]
) -> tuple[tuple[Player, ...], int]:
    """Player setup 3: one starting card each (in its row, unless variant 1); the lowest order starts."""
    n = len(config.players)
    t = _tables(db)
    starts = list(t.decks["start"])
    draws.shuffle(draw(), starts)
    dealt = starts[:n]
    box += starts[n:]
    players = []
    for seat, name in enumerate(config.players):
        card = db.cards[dealt[seat]]
        kingdoms = tuple(
            Kingdom(
                tile=t.tile_of[seat][effects[row]],
                buildings=(dealt[seat],) if card.row == row + 1 and not config.start_choice else (),
            )
            for row in range(4)
        )
        players.append(
            Player(name=name, colour=seat, coins=card.start_coins, kingdoms=kingdoms, start_card=dealt[seat])
        )
    start_player = min(range(n), key=lambda s: db.cards[dealt[s]].order)
    return tuple(players), start_player


def _first_market(db: CardDB, deck: list[int], box: list[int], solo: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """General setup 4: reveal a building into each of the 5 slots; castles go to the display."""
    market = [-1] * 5
    display: list[int] = []
    for slot in range(5):
        while True:
            c = deck.pop(0)
            if db.is_castle[c]:
                _to_display(display, box, c, solo, None)
                continue
            market[slot] = c
            break
    return tuple(market), tuple(display)


def _viking_setup(draw: _Draws, config: GameConfig) -> tuple[int, tuple[tuple[int, ...], ...], tuple[bool, ...]]:
    """Solo, new step 4b: the ship's first slot; which Viking cards show their red side (R20)."""
    if not config.solo:
        return -1, (), ()
    ship = draws.below(draw(), 5)
    red_rows = set(draws.sample(draw(), range(4), SOLO_LEVELS[config.level][2]))
    return ship, ((), (), (), ()), tuple(row in red_rows for row in range(4))


def _to_display(display: list[int], box: list[int], card: int, solo: bool, events: list[Event] | None) -> None:
    """A castle joins the display; in solo a 5th pushes out the leftmost (R19)."""
    display.append(card)
    if solo and len(display) > 4:
        gone = display.pop(0)
        box.append(gone)
        if events is not None:
            events.append(Event("castle_discarded", card=gone))


# --------------------------------------------------------------------------- kingdom queries


def building_cost(db: CardDB, player: Player, card: int, row: int) -> int:
    """Coins to place ``card`` in ``row``: an inn's price, +1 under the red helmet tax (R11)."""
    t = _tables(db)
    cost = db.cost[card] if db.type[card] == "inn" else 0
    if t.effect[player.colour][player.kingdoms[row].tile] == "helmet_tax" and db.helmets[card] >= 3:
        cost += 1
    return cost


def building_problem(db: CardDB, player: Player, card: int, row: int) -> Refusal | None:
    """Why ``card`` cannot be placed in ``row`` now, or None when it can."""
    t = _tables(db)
    k = player.kingdoms[row]
    effect = t.effect[player.colour][k.tile]
    if effect == "two_buildings" and len(k.buildings) >= 2:
        return Refusal("red_two_buildings", row)
    if len(k.buildings) >= 4:
        return Refusal("four_buildings", row)
    if effect == "different_types":
        kind = db.type[card]
        if any(db.type[b] == kind for b in k.buildings):
            return Refusal("red_different_types", row, kind=kind)
    cost = building_cost(db, player, card, row)
    if cost > player.coins:
        if effect == "helmet_tax" and db.helmets[card] >= 3:
            return Refusal("red_helmet_tax", row, card, cost, player.coins)
        return Refusal("cost", row, card, cost, player.coins)
    return None


def _can_build(t: _Tables, types: tuple[str, ...], player: Player, card: int, row: int) -> bool:
    """``building_problem(...) is None`` without building the reason (for the legal-move scans)."""
    k = player.kingdoms[row]
    e = t.effect[player.colour][k.tile]
    n = len(k.buildings)
    if n >= 4 or (n >= 2 and e == "two_buildings"):
        return False
    if e == "different_types":
        kind = types[card]
        for b in k.buildings:
            if types[b] == kind:
                return False
    return t.base_cost[card] + (e == "helmet_tax" and t.heavy[card]) <= player.coins


def castle_problem(db: CardDB, player: Player, card: int, row: int) -> Refusal | None:
    """Why the castle ``card`` cannot be placed in ``row`` now, or None."""
    t = _tables(db)
    k = player.kingdoms[row]
    if t.effect[player.colour][k.tile] == "castle_min_7" and db.cost[card] < 7:
        return Refusal("red_castle_min_7", row, card)
    if db.cost[card] > player.coins:
        return Refusal("castle_cost", row, card, db.cost[card], player.coins)
    return None


def _citizen_spaces(t: _Tables, player: Player, colour: int) -> list[tuple[int, int, int]]:
    """Empty citizen spaces that take a figure of ``colour`` (neutral is wild)."""
    out = []
    fits = t.spaces_for[colour]
    tile_space = t.tile_space[player.colour]
    for row, k in enumerate(player.kingdoms):
        taken = {(h, s) for h, s, _ in k.figures} if k.figures else ()
        ts = tile_space[k.tile]
        if ts >= 0 and colour in (NEUTRAL, ts) and (TILE, 0) not in taken:
            out.append((row, TILE, 0))
        for i, b in enumerate(k.buildings):
            for s in fits[b]:
                if (i, s) not in taken:
                    out.append((row, i, s))
    return out


def _has_citizen_space(t: _Tables, player: Player, colour: int) -> bool:
    """``bool(_citizen_spaces(t, player, colour))``, stopping at the first empty space."""
    fits = t.spaces_for[colour]
    tile_space = t.tile_space[player.colour]
    for k in player.kingdoms:
        figures = k.figures
        ts = tile_space[k.tile]
        if not figures:
            if ts >= 0 and colour in (NEUTRAL, ts):
                return True
            for b in k.buildings:
                if fits[b]:
                    return True
            continue
        taken = {(h, s) for h, s, _ in figures}
        if ts >= 0 and colour in (NEUTRAL, ts) and (TILE, 0) not in taken:
            return True
        for i, b in enumerate(k.buildings):
            for s in fits[b]:
                if (i, s) not in taken:
                    return True
    return False


def _disc_spaces(db: CardDB, t: _Tables, player: Player) -> list[tuple[int, int, int, int]]:
    """Empty disc spaces as (row, holder, side, cost) (R10)."""
    out = []
    pc = player.colour
    for row, k in enumerate(player.kingdoms):
        used = k.discs
        if k.castle >= 0:
            if db.shield_space[k.castle] and (CASTLE, SHIELD) not in used:
                out.append((row, CASTLE, SHIELD, 0))
            if db.prestige_space[k.castle] and (CASTLE, PRESTIGE) not in used:
                out.append((row, CASTLE, PRESTIGE, 2))
        value, cost = t.tile_shield[pc][k.tile]
        if value and (TILE, SHIELD) not in used:
            out.append((row, TILE, SHIELD, cost))
        if t.tile_prestige[pc][k.tile] and (TILE, PRESTIGE) not in used:
            out.append((row, TILE, PRESTIGE, 2))
        for i, b in enumerate(k.buildings):
            if db.shield_space[b] and (i, SHIELD) not in used:
                out.append((row, i, SHIELD, 0))
            if db.prestige_space[b] and (i, PRESTIGE) not in used:
                out.append((row, i, PRESTIGE, 2))
    return out


def _supply_usable(db: CardDB, t: _Tables, state: State, player: Player, supply: int) -> bool:
    if state.supplies[supply] <= 0:
        return False
    kind = state.supply_kinds[supply]
    if kind == DISCS:
        return _has_disc_space(db, t, player)
    return _has_citizen_space(t, player, kind)


def _has_disc_space(db: CardDB, t: _Tables, player: Player) -> bool:
    """``any(cost <= coins for ... in _disc_spaces(...))``, stopping at the first space the player can pay."""
    pc, coins = player.colour, player.coins
    if coins < 0:  # no space is free of cost then (the rules never leave a player in debt)
        return False
    shield_space, prestige_space = db.shield_space, db.prestige_space
    for k in player.kingdoms:
        used = k.discs
        if k.castle >= 0:
            if shield_space[k.castle] and (CASTLE, SHIELD) not in used:
                return True
            if coins >= 2 and prestige_space[k.castle] and (CASTLE, PRESTIGE) not in used:
                return True
        value, cost = t.tile_shield[pc][k.tile]
        if value and cost <= coins and (TILE, SHIELD) not in used:
            return True
        if coins >= 2 and t.tile_prestige[pc][k.tile] and (TILE, PRESTIGE) not in used:
            return True
        for i, b in enumerate(k.buildings):
            if shield_space[b] and (i, SHIELD) not in used:
                return True
            if coins >= 2 and prestige_space[b] and (i, PRESTIGE) not in used:
                return True
    return False


# --------------------------------------------------------------------------- legal moves


_last: tuple[State | None, list[Move]] = (None, [])


def legal_moves(state: State) -> list[Move]:
    """Every legal decision for the player to move, in a stable order.

    Empty only when the game is over (R13: otherwise at least ``Pass``).
    """
    last_state, moves = _last  # ``_legal`` inlined: this runs at every move
    return list(moves if last_state is state else _legal(state))


# The moves a scan offers most, made once (frozen structs: one instance serves every list).
_KINGDOM = tuple(m.ChooseKingdom(r) for r in range(4))
_BUILDING = tuple(m.PickBuilding(s) for s in range(5))
_CASTLE = tuple(m.PickCastle(i) for i in range(12))
_TAKE = tuple(m.TakeFrom(s) for s in range(5))


def _legal(state: State) -> list[Move]:
    # ``apply`` validates against the same list a caller just asked for: keep the last one.
    global _last
    last_state, last_moves = _last
    if last_state is state:
        return last_moves
    moves = _generate(state)
    _last = (state, moves)
    return moves


def _generate(state: State) -> list[Move]:
    phase = state.phase
    if phase == "over":
        return []
    db = cards_for(state)
    player = state.players[state.current]
    if phase == "action":
        return _action_moves(db, state, player)
    if phase == "building_kingdom":
        t, types, card = _tables(db), db.type, state.held
        return [_KINGDOM[r] for r in range(4) if _can_build(t, types, player, card, r)]
    if phase == "castle_kingdom":
        return [_KINGDOM[r] for r in range(4) if castle_problem(db, player, state.held, r) is None]
    if phase == "place_start":
        return [m.ChooseKingdom(r) for r in range(4) if _start_problem(db, player, r) is None]
    t = _tables(db)
    if phase == "supply":
        a, b = state.slot, (state.slot + 1) % 5
        out: list[Move] = [_TAKE[s] for s in (a, b) if _supply_usable(db, t, state, player, s)]
        out.append(DECLINE)
        return out
    if phase == "citizen_space" or phase == "neutral_space":
        colour = NEUTRAL if phase == "neutral_space" else state.taken
        return [m.PlaceCitizen(r, h, s) for r, h, s in _citizen_spaces(t, player, colour)]
    if phase == "disc_space":
        return [m.PlaceDisc(r, h, side) for r, h, side, cost in _disc_spaces(db, t, player) if cost <= player.coins]
    if phase == "reuse_disc":
        k = player.kingdoms[state.row]
        new = db.shield_space[k.castle], db.prestige_space[k.castle]
        out = [
            m.PlaceDisc(state.row, CASTLE, side)
            for side in (SHIELD, PRESTIGE)
            if new[side] and (CASTLE, side) not in k.discs
        ]
        out.append(DECLINE)
        return out
    raise AssertionError(phase)


def _action_moves(db: CardDB, state: State, player: Player) -> list[Move]:
    """The start of a turn, the engine's hottest spot: ``building_problem`` and ``castle_problem``
    folded into one scan of the kingdoms (the same answers, without building reasons in words)."""
    t = _tables(db)
    effect = t.effect[player.colour]
    types, base_cost, heavy = db.type, t.base_cost, t.heavy
    coins = player.coins
    # The rows that can take one more building: (red helmet tax?, the types a "different types" row holds).
    rows: list[tuple[bool, set[str] | None]] = []
    min_7_everywhere = True  # every row's red tile asks for a castle costing 7 or more
    for k in player.kingdoms:
        e = effect[k.tile]
        if e != "castle_min_7":
            min_7_everywhere = False
        n = len(k.buildings)
        if n >= 4 or (n >= 2 and e == "two_buildings"):
            continue
        rows.append((e == "helmet_tax", {types[b] for b in k.buildings} if e == "different_types" else None))
    # A row with neither the helmet tax nor the types rule takes any building the player can pay for.
    plain = any(not helmet_tax and kinds is None for helmet_tax, kinds in rows)
    moves: list[Move] = []
    for slot, card in enumerate(state.market):
        if card >= 0:
            cost = base_cost[card]
            if plain and cost <= coins:
                moves.append(_BUILDING[slot])
                continue
            kind = types[card]
            taxed = heavy[card]
            for helmet_tax, kinds in rows:
                if (kinds is None or kind not in kinds) and cost + (helmet_tax and taxed) <= coins:
                    moves.append(_BUILDING[slot])
                    break
    buildable = bool(moves)  # a building the player can place: so one they can pay for, and no refresh
    returned = state.returned
    castle_cost = db.cost
    for i, card in enumerate(state.display):
        cost = castle_cost[card]
        if cost > coins or (min_7_everywhere and cost < 7):
            continue
        if returned and card in returned:
            continue  # R23: just returned by a replacement
        moves.append(_CASTLE[i] if i < len(_CASTLE) else m.PickCastle(i))
    # R12: a refresh only when every market building costs more than the player has in every
    # kingdom (``building_cost``); a card's cheapest row is a taxed one only when every row is taxed.
    if not buildable and not state.refreshed and state.deck and not state.triggered:
        cards = [c for c in state.market if c >= 0]
        if cards:
            all_taxed = all(effect[k.tile] == "helmet_tax" for k in player.kingdoms)
            if all(base_cost[c] + (all_taxed and heavy[c]) > coins for c in cards):
                moves.append(REFRESH)
    if not moves:
        moves.append(PASS)  # R13
    return moves


def _start_problem(db: CardDB, player: Player, row: int) -> Refusal | None:
    """The variant's starting-card placement must respect the row's tile (rulebook, Variants)."""
    card = player.start_card
    k = player.kingdoms[row]
    t = _tables(db)
    if t.effect[player.colour][k.tile] == "helmet_tax" and db.helmets[card] >= 3 and player.coins < 1:
        return Refusal("start_helmet_tax", row, card, 1, player.coins)
    return None


def is_legal(state: State, move: Move) -> bool:
    return move in _legal(state)


def refusal(state: State, move: Move) -> Refusal | None:
    """Why ``move`` is not legal now, or None when it is (``apply`` raises it as ``IllegalMove``)."""
    return None if move in _legal(state) else _why_illegal(state, move)


def _distinct(reasons: list[Refusal | None]) -> tuple[Refusal, ...]:
    """The kingdoms' reasons, the row left out so that the same reason is given once."""
    return tuple(dict.fromkeys(_replace(r, row=-1) if r.code in _ROWLESS else r for r in reasons if r))


_ROWLESS = frozenset({"cost", "castle_cost"})  # reasons that do not depend on the kingdom


def _why_illegal(state: State, move: Move) -> Refusal:
    """The reason a move is not among ``legal_moves``."""
    phase = state.phase
    if phase == "over":
        return Refusal("over")
    db = cards_for(state)
    player = state.players[state.current]
    if phase == "action" and isinstance(move, m.PickBuilding):
        if not 0 <= move.slot < 5 or state.market[move.slot] < 0:
            return Refusal("slot_empty")
        card = state.market[move.slot]
        reasons = _distinct([building_problem(db, player, card, r) for r in range(4)])
        return Refusal("building_fits_nowhere", card=card, reasons=reasons)
    if phase == "action" and isinstance(move, m.PickCastle):
        if not 0 <= move.index < len(state.display):
            return Refusal("no_such_castle")
        card = state.display[move.index]
        if card in state.returned:
            return Refusal("just_returned", card=card)
        reasons = _distinct([castle_problem(db, player, card, r) for r in range(4)])
        return Refusal("castle_fits_nowhere", card=card, reasons=reasons)
    if phase == "action" and isinstance(move, m.Refresh):
        return Refusal("already_refreshed" if state.refreshed else "refresh_not_allowed")
    if phase == "action" and isinstance(move, m.Pass):
        return Refusal("pass_not_allowed")
    if isinstance(move, m.ChooseKingdom) and phase in ("building_kingdom", "castle_kingdom", "place_start"):
        if not 0 <= move.row < 4:
            return Refusal("no_such_kingdom")
        if phase == "building_kingdom":
            why = building_problem(db, player, state.held, move.row)
        elif phase == "castle_kingdom":
            why = castle_problem(db, player, state.held, move.row)
        else:
            why = _start_problem(db, player, move.row)
        return why or Refusal("kingdom", move.row)
    if isinstance(move, m.TakeFrom) and phase == "supply":
        if move.supply not in (state.slot, (state.slot + 1) % 5):
            return Refusal("not_next_to_slot")
        if state.supplies[move.supply] <= 0:
            return Refusal("supply_empty")
        if state.supply_kinds[move.supply] == DISCS:
            return Refusal("no_disc_space")
        return Refusal("no_citizen_space", colour=state.supply_kinds[move.supply])
    if isinstance(move, m.PlaceCitizen) and phase in ("citizen_space", "neutral_space"):
        return Refusal("space_taken")
    if isinstance(move, m.PlaceDisc) and phase in ("disc_space", "reuse_disc"):
        if phase == "reuse_disc" and move.holder != CASTLE:
            return Refusal("reuse_castle_only")
        return Refusal("disc_space_bad")
    return Refusal("other_decision", phase=phase)


# --------------------------------------------------------------------------- apply


def apply(state: State, move: Move) -> State:
    """The state after ``move``.  Raises ``IllegalMove`` (its ``refusal`` says why) if it is not legal."""
    last_state, moves = _last  # ``_apply`` inlined: this runs at every move
    if last_state is not state:
        moves = _legal(state)
    if move not in moves:
        raise IllegalMove(_why_illegal(state, move))
    return _STEPS[state.phase](cards_for(state), state, move, None)


def apply_logged(state: State, move: Move) -> tuple[State, list[Event]]:
    """Like ``apply``, also returning what happened, for the game log."""
    events: list[Event] = []
    return _apply(state, move, events), events


def _apply(state: State, move: Move, ev: list[Event] | None) -> State:
    if move not in _legal(state):
        raise IllegalMove(_why_illegal(state, move))
    return _apply_unchecked(state, move, ev)


def _set_player(state: State, player: Player, **changes: Any) -> State:
    return _replace(state, players=_with_player(state, player), **changes)


def _with_player(state: State, player: Player) -> tuple[Player, ...]:
    """The players with ``player`` in the seat of the player to move."""
    players = list(state.players)
    players[state.current] = player
    return tuple(players)


def _set_kingdom(player: Player, row: int, kingdom: Kingdom, coins: int) -> Player:
    ks = list(player.kingdoms)
    ks[row] = kingdom
    return _replace(player, kingdoms=tuple(ks), coins=coins)


def _apply_unchecked(state: State, move: Move, ev: list[Event] | None) -> State:
    """The effect of a legal ``move``: one step of the rulebook's turn, chosen by the phase."""
    return _STEPS[state.phase](cards_for(state), state, move, ev)


Events = list[Event] | None


def _choose_action(db: CardDB, state: State, move: Move, ev: Events) -> State:
    """The start of a turn: action A (a market card), action B (a castle), the refresh (R12), or a pass (R13)."""
    if isinstance(move, m.PickBuilding):
        return _take_building(state, move, ev)
    if isinstance(move, m.PickCastle):
        return _take_castle(state, move, ev)
    if isinstance(move, m.Refresh):
        return _refresh(db, state, ev)
    return _pass_turn(db, state, ev)


def _take_building(state: State, move: m.PickBuilding, ev: Events) -> State:
    """A1: take the building from its market slot."""
    card = state.market[move.slot]
    market = list(state.market)
    market[move.slot] = -1
    if ev is not None:
        ev.append(Event("took_building", state.current, card, slot=move.slot))
    return _replace(state, market=tuple(market), held=card, slot=move.slot, phase="building_kingdom", passes=0)


def _take_castle(state: State, move: m.PickCastle, ev: Events) -> State:
    """B1: take the castle from the display."""
    card = state.display[move.index]
    display = state.display[: move.index] + state.display[move.index + 1 :]
    if ev is not None:
        ev.append(Event("took_castle", state.current, card, slot=move.index))
    return _replace(state, display=display, held=card, slot=move.index, phase="castle_kingdom", passes=0)


def _pass_turn(db: CardDB, state: State, ev: Events) -> State:
    """R13: no action possible.  In solo the Vikings still take their turn (the ship moves 0), so the
    deck runs down; with 2-4 players a full round of passes triggers the end."""
    if ev is not None:
        ev.append(Event("pass", state.current))
    if state.solo:
        state = _vikings_turn(db, _replace(state, refill=-1), ev)
        return _end_turn(state, ev=ev)
    passes = state.passes + 1
    if passes >= len(state.players) and not state.triggered:
        if ev is not None:
            ev.append(Event("all_passed"))
        state = _replace(state, triggered=True)
    return _end_turn(_replace(state, passes=passes), ev=ev)


def _place_start_card(db: CardDB, state: State, move: Move, ev: Events) -> State:
    """Variant 1: the starting card in the kingdom of your choice, in turn order (a red helmet tax is paid)."""
    assert isinstance(move, m.ChooseKingdom)
    me = state.current
    player = state.players[me]
    k = player.kingdoms[move.row]
    coins = player.coins
    if _tables(db).effect[player.colour][k.tile] == "helmet_tax" and db.helmets[player.start_card] >= 3:
        coins -= 1
    player = _set_kingdom(player, move.row, _replace(k, buildings=(player.start_card,)), coins)
    if ev is not None:
        ev.append(Event("start_card", me, player.start_card, move.row))
    state = _set_player(state, player)
    nxt = (me + 1) % len(state.players)
    if nxt == state.start_player:
        return _replace(state, current=nxt, phase="action")
    return _replace(state, current=nxt)


def _build(db: CardDB, state: State, move: Move, ev: Events) -> State:
    """A1 (pay and place the building) and A2 (income); then A3 if a supply next to the slot is usable."""
    assert isinstance(move, m.ChooseKingdom)
    t = _tables(db)
    me = state.current
    player = state.players[me]
    row, card = move.row, state.held
    k = player.kingdoms[row]
    cost = t.base_cost[card] + (t.effect[player.colour][k.tile] == "helmet_tax" and t.heavy[card])  # building_cost
    if ev is not None:
        ev.append(Event("placed", me, card, row, value=cost))
    ks = list(player.kingdoms)
    ks[row] = _replace(k, buildings=(*k.buildings, card))
    kingdoms = tuple(ks)
    coins = _income(db, t, player.colour, kingdoms, row, card, player.coins - cost, ev, me)
    player = _replace(player, kingdoms=kingdoms, coins=coins)  # one copy of the player, one of the state
    players = list(state.players)
    players[me] = player
    slot = state.slot
    takes: list[Move] = [_TAKE[s] for s in (slot, (slot + 1) % 5) if _supply_usable(db, t, state, player, s)]
    if takes:
        state = _replace(state, players=tuple(players), held=-1, row=row, phase="supply")
        # These are the supply step's legal moves (``_generate``): keep them for the next call.
        global _last
        _last = (state, [*takes, DECLINE])
        return state
    if ev is not None:  # skipped: said, as B3 says it of the neutral citizen
        ev.append(Event("no_supply", me, slot=slot))
    return _finish_building_turn(db, state, ev, {"players": tuple(players), "held": -1, "row": row})


def _take_from_supply(db: CardDB, state: State, move: Move, ev: Events) -> State:
    """A3: take a citizen or a disc from a supply next to the slot, or decline (R9)."""
    if isinstance(move, m.Decline):
        if ev is not None:
            ev.append(Event("declined", state.current))
        return _finish_building_turn(db, state, ev)
    assert isinstance(move, m.TakeFrom)
    kind = state.supply_kinds[move.supply]
    counts = list(state.supplies)
    counts[move.supply] -= 1
    if ev is not None:
        ev.append(Event("took_supply", state.current, slot=move.supply, value=kind))
    return _replace(state, supplies=tuple(counts), taken=kind, phase="disc_space" if kind == DISCS else "citizen_space")


def _place_figure(db: CardDB, state: State, move: Move, ev: Events) -> State:
    """A3: the citizen taken goes on a matching space; B3: the neutral citizen on any empty space."""
    assert isinstance(move, m.PlaceCitizen)
    neutral = state.phase == "neutral_space"
    player = state.players[state.current]
    player = _place_citizen(_tables(db), player, move, NEUTRAL if neutral else state.taken, ev, state.current)
    changes = {"players": _with_player(state, player), "taken": -1}
    if neutral:
        changes["neutral"] = state.neutral - 1
        return _end_turn(state, ev, changes)
    return _finish_building_turn(db, state, ev, changes)


def _place_upgrade_disc(db: CardDB, state: State, move: Move, ev: Events) -> State:
    """A3: the disc taken goes on a space, the space's side up (R10: prestige costs 2)."""
    assert isinstance(move, m.PlaceDisc)
    me = state.current
    player = state.players[me]
    cost = _disc_cost(db, _tables(db), player, move)
    k = player.kingdoms[move.row]
    player = _set_kingdom(
        player, move.row, _replace(k, discs=(*k.discs, (move.holder, move.side))), player.coins - cost
    )
    if ev is not None:
        ev.append(Event("disc", me, row=move.row, holder=move.holder, value=cost, what=SIDE_NAMES[move.side]))
    return _finish_building_turn(db, state, ev, {"players": _with_player(state, player), "taken": -1})


def _choose_castle_kingdom(db: CardDB, state: State, move: Move, ev: Events) -> State:
    """B1: the castle goes into a kingdom (replacing its castle, R14); B2 income follows."""
    assert isinstance(move, m.ChooseKingdom)
    return _place_castle(db, _tables(db), state, move.row, ev)


def _reuse_old_disc(db: CardDB, state: State, move: Move, ev: Events) -> State:
    """R14: a disc of the replaced castle moves to the new castle, either side up, or returns to the supply."""
    me = state.current
    player = state.players[me]
    k = player.kingdoms[state.row]
    supplies: tuple[int, ...] = state.supplies
    if isinstance(move, m.PlaceDisc):
        player = _set_kingdom(player, state.row, _replace(k, discs=(*k.discs, (CASTLE, move.side))), player.coins)
        if ev is not None:
            ev.append(Event("disc", me, row=state.row, holder=CASTLE, what=SIDE_NAMES[move.side]))
    else:
        supplies = _return_discs(state, 1)
        if ev is not None:
            ev.append(Event("disc_returned", me))
    state = _set_player(state, player, supplies=supplies, reuse=state.reuse - 1)
    return _continue_reuse(db, _tables(db), state, ev)


_STEPS: dict[str, Callable[[CardDB, State, Move, Events], State]] = {
    "action": _choose_action,
    "place_start": _place_start_card,
    "building_kingdom": _build,
    "supply": _take_from_supply,
    "citizen_space": _place_figure,
    "neutral_space": _place_figure,
    "disc_space": _place_upgrade_disc,
    "castle_kingdom": _choose_castle_kingdom,
    "reuse_disc": _reuse_old_disc,
}


def _return_discs(state: State, n: int) -> tuple[int, ...]:
    supplies = list(state.supplies)
    supplies[state.supply_kinds.index(DISCS)] += n
    return tuple(supplies)


def _disc_cost(db: CardDB, t: _Tables, player: Player, move: m.PlaceDisc) -> int:
    if move.side == PRESTIGE:
        return 2
    if move.holder == TILE:
        return t.tile_shield[player.colour][player.kingdoms[move.row].tile][1]
    return 0


def _place_citizen(
    t: _Tables, player: Player, move: m.PlaceCitizen, colour: int, ev: list[Event] | None, me: int
) -> Player:
    k = player.kingdoms[move.row]
    k = _replace(k, figures=(*k.figures, (move.holder, move.space, colour)))
    coins = player.coins
    if ev is not None:
        ev.append(Event("citizen", me, row=move.row, holder=move.holder, what=COLOUR_NAMES[colour]))
    if t.effect[player.colour][k.tile] == "citizen_coin":
        bonus = t.tile_bonus[player.colour][k.tile]
        coins += bonus
        if ev is not None:
            ev.append(Event("citizen_bonus", me, row=move.row, value=bonus))
    return _set_kingdom(player, move.row, k, coins)


def _income(
    db: CardDB,
    t: _Tables,
    colour: int,
    kingdoms: tuple[Kingdom, ...],
    row: int,
    placed: int,
    coins: int,
    ev: list[Event] | None,
    me: int,
) -> int:
    """Step 2 (and B2): the coins after the ship's coins, income from the other kingdoms and the
    green 4th-building bonus (``kingdoms`` already hold the card just placed in ``row``)."""
    if placed >= 0 and db.type[placed] == "ship":
        coins += db.coins[placed]
        if ev is not None:
            ev.append(Event("ship_coins", me, placed, row, value=db.coins[placed]))
    kind, value = t.income[colour][row]
    types = db.type
    count = 0
    for r, k in enumerate(kingdoms):
        if r != row:
            for b in k.buildings:
                if types[b] == kind:
                    count += 1
    if count:
        coins += count * value
        if ev is not None:
            ev.append(Event("income", me, row=row, value=count * value, extra=count, what=kind))
    k = kingdoms[row]
    if placed >= 0 and t.effect[colour][k.tile] == "fourth_building" and len(k.buildings) == 4:
        bonus = t.tile_bonus[colour][k.tile]
        coins += bonus
        if ev is not None:
            ev.append(Event("fourth_bonus", me, row=row, value=bonus))
    return coins


def _place_castle(db: CardDB, t: _Tables, state: State, row: int, ev: list[Event] | None) -> State:
    me = state.current
    player = state.players[me]
    card = state.held
    k = player.kingdoms[row]
    old = k.castle
    display = list(state.display)
    box = list(state.box)
    old_discs = [d for d in k.discs if d[0] == CASTLE]
    if ev is not None:
        ev.append(Event("placed", me, card, row, value=db.cost[card]))
    if old >= 0:
        if ev is not None:
            ev.append(Event("replaced", me, old, row))
        _to_display(display, box, old, state.solo, ev)  # R14 (and R19 in solo)
    # R23: blocked until the next refill.  (Taking a castle made room for it, so R19 cannot push
    # a returned castle out here; only a reveal can, and a reveal clears the marks.)
    returned = (*state.returned, old) if old >= 0 else state.returned
    k = _replace(k, castle=card, discs=tuple(d for d in k.discs if d[0] != CASTLE))
    ks = list(player.kingdoms)
    ks[row] = k
    kingdoms = tuple(ks)
    coins = _income(db, t, player.colour, kingdoms, row, -1, player.coins - db.cost[card], ev, me)
    player = _replace(player, kingdoms=kingdoms, coins=coins)
    state = _set_player(
        state,
        player,
        display=tuple(display),
        box=tuple(box),
        returned=returned,
        held=-1,
        row=row,
        first_castle=old < 0,
        reuse=len(old_discs),
    )
    return _continue_reuse(db, t, _replace(state, phase="reuse_disc"), ev)


def _continue_reuse(db: CardDB, t: _Tables, state: State, ev: list[Event] | None) -> State:
    """R14: ask about the old castle's discs while the new castle has a free space for one."""
    if state.reuse > 0:
        k = state.players[state.current].kingdoms[state.row]
        if any(
            db.shield_space[k.castle] if side == SHIELD else db.prestige_space[k.castle]
            for side in (SHIELD, PRESTIGE)
            if (CASTLE, side) not in k.discs
        ):
            return _replace(state, phase="reuse_disc")
        if ev is not None:
            ev.extend(Event("disc_returned", state.current) for _ in range(state.reuse))
        state = _replace(state, supplies=_return_discs(state, state.reuse), reuse=0)
    return _after_castle_discs(db, t, state, ev)


def _after_castle_discs(db: CardDB, t: _Tables, state: State, ev: list[Event] | None) -> State:
    """B3: a kingdom's first castle brings a neutral citizen, if there is a space for it."""
    player = state.players[state.current]
    if state.first_castle and state.neutral > 0:
        if _has_citizen_space(t, player, NEUTRAL):
            return _replace(state, phase="neutral_space")
        if ev is not None:
            ev.append(Event("no_neutral", state.current))
    return _end_turn(state, ev=ev)


def _reveal(db: CardDB, state: State, slot: int, ev: list[Event] | None, may_trigger: bool = True) -> State:
    """Fill an empty market slot: castles go to the display; an empty deck triggers the end (R15)."""
    return _replace(state, **_revealed(db, state, slot, ev, may_trigger))


def _revealed(db: CardDB, state: State, slot: int, ev: list[Event] | None, may_trigger: bool = True) -> dict[str, Any]:
    """``_reveal``'s changes to the state, for a caller that makes more changes in the same copy."""
    deck, reserve = state.deck, state.reserve
    display = list(state.display)
    box = state.box
    box_list: list[int] | None = None
    triggered = state.triggered
    revealed = state.revealed
    placed = -1
    while True:
        if deck:
            card, deck = deck[0], deck[1:]
        elif not may_trigger:
            break
        else:
            if not triggered:
                triggered = True
                if ev is not None:
                    ev.append(Event("end_triggered"))
            if not reserve:
                break
            card, reserve = reserve[0], reserve[1:]
        revealed += 1
        if db.is_castle[card]:
            if box_list is None:
                box_list = list(box)
            _to_display(display, box_list, card, state.solo, ev)
            if ev is not None:
                ev.append(Event("castle_revealed", card=card))
            continue
        placed = card
        if ev is not None:
            ev.append(Event("revealed", card=card, slot=slot))
        break
    market = list(state.market)
    market[slot] = placed
    return {
        "deck": deck,
        "reserve": reserve,
        "display": tuple(display),
        "box": state.box if box_list is None else tuple(box_list),
        "market": tuple(market),
        "triggered": triggered,
        "revealed": revealed,
        "refill": placed,
        # R23: a refill from a deck frees the castles just returned (a slot left empty does not)
        "returned": () if revealed > state.revealed else state.returned,
    }


def _finish_building_turn(
    db: CardDB, state: State, ev: list[Event] | None, changes: dict[str, Any] | None = None
) -> State:
    """A4: replenish the slot; in solo the Vikings' turn follows (only after action A).

    ``changes`` are the move's own changes to ``state`` (none of the market's fields): with 2-4
    players they, the refill and the end of the turn make one copy of the state."""
    if state.solo:
        if changes:
            state = _replace(state, **changes)
        state = _reveal(db, state, state.slot, ev)
        state = _vikings_turn(db, state, ev)
        return _end_turn(state, ev=ev)
    refill = _revealed(db, state, state.slot, ev)
    if changes:
        refill.update(changes)
    return _end_turn(state, ev, refill)


class _Trace(list[Event]):
    """The events of a move and the board after each part of the Vikings' turn (``viking_states``)."""

    def __init__(self) -> None:
        super().__init__()
        self.states: list[State] = []

    def mark(self, state: State) -> None:
        self.states.append(state)


def _mark(ev: list[Event] | None, state: State) -> None:
    if isinstance(ev, _Trace):
        ev.mark(state)


def viking_states(state: State, move: Move) -> list[State]:
    """Solo: the board after each step of the Vikings' turn that ``move`` sets off, one per event of
    ``VIKINGS_TURN`` in its events (the review shows each step as it stood, not the finished turn)."""
    trace = _Trace()
    _apply(state, move, trace)
    if not trace.states:
        return []
    before, *during = trace.states  # before the Vikings' turn; after the ship, the take, the refill
    out: list[State] = []
    for e in trace:
        if e.kind == "ship_moved":
            out.append(during[0])
        elif e.kind in ("vikings_took", "vikings_nothing"):
            out.append(during[1])
        elif e.kind == "castle_discarded":  # R19, in a refill: the player's (before) or the Vikings' (after)
            out.append(during[-1] if out else before)
    return out


def _vikings_turn(db: CardDB, state: State, ev: list[Event] | None) -> State:
    """Solo: move the ship by the refilled card's helmets, take the active card, refill (R18)."""
    _mark(ev, state)
    steps = db.helmets[state.refill] if state.refill >= 0 else 0
    ship = (state.ship + steps) % 5
    if ev is not None:
        ev.append(Event("ship_moved", value=steps, slot=ship))
    active = state.market[ship]
    state = _replace(state, ship=ship)
    _mark(ev, state)
    if active < 0:
        if ev is not None:
            ev.append(Event("vikings_nothing"))
        _mark(ev, state)
        return state
    if db.type[active] == "church":
        sizes = [len(r) for r in state.vikings]
        row = sizes.index(min(sizes))  # topmost row with the fewest cards
    else:
        row = next(v.row - 1 for v in db.vikings if v.icon == db.type[active])
    vikings = list(state.vikings)
    vikings[row] = vikings[row] + (active,)
    market = list(state.market)
    market[ship] = -1
    if ev is not None:
        ev.append(Event("vikings_took", card=active, row=row, slot=ship))
    state = _replace(state, vikings=tuple(vikings), market=tuple(market))
    _mark(ev, state)
    state = _reveal(db, state, ship, ev)
    _mark(ev, state)
    return state


def _end_turn(state: State, ev: list[Event] | None, changes: dict[str, Any] | None = None) -> State:
    """Close the turn: count it, check the end (R15/R16), hand over to the next player.

    ``changes`` are the rest of the move's changes to ``state``, made in the same copy."""
    if changes is None:
        changes = {}
    me = state.current
    players = list(changes.get("players", state.players))
    players[me] = _replace(players[me], turns=players[me].turns + 1)
    n = len(players)
    current, turn = me, state.turn
    triggered = changes.get("triggered", state.triggered)
    if n == 1:
        # R16: only a refill triggers the end, and in solo every refill belongs to a turn
        # that the Vikings' turn closes: so the game is over as soon as it is triggered.
        over = triggered
        if not over:
            turn += 1
    else:
        over = triggered and me == (state.start_player - 1) % n
        if not over:
            current = (me + 1) % n
            if current == state.start_player:
                turn += 1
    if over and ev is not None:
        ev.append(Event("game_over"))
    changes.update(
        players=tuple(players),
        phase="over" if over else "action",
        current=current,
        turn=turn,
        held=-1,
        slot=-1,
        row=-1,
        taken=-1,
        reuse=0,
        first_castle=False,
        refreshed=False,
    )
    return _replace(state, **changes)


def _refresh(db: CardDB, state: State, ev: list[Event] | None) -> State:
    """R12: discard the market, reveal 5 new buildings, shuffle the discards into the deck."""
    if ev is not None:
        ev.append(Event("refresh", state.current))
    discards = [c for c in state.market if c >= 0]
    state = _replace(state, market=(-1,) * 5, refreshed=True)
    for slot in range(5):
        state = _reveal(db, state, slot, ev, may_trigger=False)
    deck = list(state.deck) + discards
    draws.shuffle(_rng(state.seed, state.rng), deck)
    state = _replace(state, deck=tuple(deck), rng=state.rng + 1)
    for slot in range(5):
        if state.market[slot] < 0:
            state = _reveal(db, state, slot, ev)
    return _replace(state, refill=-1)
