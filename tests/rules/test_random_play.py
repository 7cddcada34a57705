"""Random legal play over every configuration, checking the game's invariants after every move.

Hypothesis draws the setup seed, the move-choice seed and the variants; each game picks
uniformly among ``legal_moves`` at every decision and checks, after EVERY move:

- every one of the 73 cards is in exactly one place (rulebook, Components; General setup 3-5);
- citizens per colour, neutral citizens and the 24 upgrade discs are conserved (R2);
- coins never go negative (rulebook, Action A step 1 / Action B step 1: you must be able to pay);
- kingdom limits hold: at most 4 buildings (R7), the red tiles' 2 buildings, different types and
  castle cost >= 7 (rulebook, The Kingdom Tiles);
- a space holds at most one figure or disc, of the space's colour, neutral wild (R10, R14);
- ``legal_moves`` is non-empty until the game is over and empty after (R13), and ``apply`` of any
  move not in it raises ``IllegalMove``;
- every game ends within a bound, with equal turn counts in multiplayer (R15, R16).

Set ``NORSEWIND_EXAMPLES_SCALE=20`` (any integer) for a longer run.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from norsewind_tui import words
from norsewind_tui.rules import (
    SOLO_LEVELS,
    Event,
    GameConfig,
    IllegalMove,
    Kingdom,
    Move,
    State,
    apply,
    apply_logged,
    cards_for,
    legal_moves,
    new_game,
    outcome,
    pending,
)
from norsewind_tui.rules import moves as m
from norsewind_tui.rules.cards import GreenTile
from norsewind_tui.rules.engine import DISC_COUNT, NEUTRAL_PER_PLAYER, SUPPLY_SIZE
from norsewind_tui.rules.state import CASTLE, DISCS, NEUTRAL, PRESTIGE, SHIELD, TILE

from .builders import NAMES, census, start_placed, with_player

SCALE = max(1, int(os.environ.get("NORSEWIND_EXAMPLES_SCALE", "1")))
# A game cannot run forever: a building turn uses up a deck card and a round of passes triggers
# the end; castle swaps are the only turns that use up nothing, and they cost coins.  Random games
# take about 50 (solo) to 200 (4 players) moves, at most 223 in 1600 games: this bound is 20 times that.
MAX_MOVES = 5000
COLOUR_INDEX = {"purple": 0, "yellow": 1, "blue": 2, "red": 3}

# Every move shape with in-range and out-of-range values: whatever is not legal must be refused.
ALL_MOVES: tuple[Move, ...] = (
    *(m.PickBuilding(s) for s in range(-1, 6)),
    *(m.PickCastle(i) for i in range(-1, 9)),
    m.Refresh(),
    m.Pass(),
    *(m.ChooseKingdom(r) for r in range(-1, 5)),
    *(m.TakeFrom(s) for s in range(-1, 6)),
    m.Decline(),
    *(m.PlaceCitizen(r, h, s) for r in range(4) for h in range(-2, 5) for s in range(4)),
    *(m.PlaceDisc(r, h, side) for r in range(4) for h in range(-2, 5) for side in (SHIELD, PRESTIGE)),
)


# --------------------------------------------------------------------------- invariants


def check_cards(state: State) -> None:
    """Each of the 73 cards is in exactly one place."""
    db = cards_for(state)
    for p in state.players:
        if not start_placed(p):
            # Only the start-choice variant's first decisions leave a starting card in hand.
            assert state.phase == "place_start", f"{p.name}'s starting card is nowhere"
            assert p.start_card >= 0 and p.start_card not in state.box, f"{p.name}'s starting card is not in hand"
    counts = census(state)
    dupes = {db.ids[c]: n for c, n in counts.items() if n > 1}
    assert not dupes, f"cards in more than one place: {dupes}"
    assert sorted(counts) == list(range(len(db.cards))) == list(range(73)), "a card is missing"
    assert (state.held >= 0) == (state.phase in ("building_kingdom", "castle_kingdom"))


def check_components(state: State) -> None:
    """Citizens per colour, neutral citizens and discs are conserved (R2)."""
    n = len(state.players)
    on_boards: Counter[int] = Counter()
    discs = 0
    for p in state.players:
        for k in p.kingdoms:
            on_boards.update(colour for _, _, colour in k.figures)
            discs += len(k.discs)
    in_hand = state.taken if state.phase in ("citizen_space", "disc_space") else -1
    assert state.taken == in_hand, f"a taken figure ({state.taken}) outside a placing phase"
    assert sorted(state.supply_kinds) == [0, 1, 2, 3, DISCS]
    for supply, kind in enumerate(state.supply_kinds):
        assert state.supplies[supply] >= 0
        if kind == DISCS:
            assert state.reuse >= 0
            total = state.supplies[supply] + discs + (in_hand == DISCS) + state.reuse
            assert total == DISC_COUNT, f"{total} discs, expected {DISC_COUNT}"
        else:
            total = state.supplies[supply] + on_boards[kind] + (in_hand == kind)
            assert total == SUPPLY_SIZE[n], f"{total} citizens of colour {kind}, expected {SUPPLY_SIZE[n]}"
    assert state.neutral >= 0
    neutral = state.neutral + on_boards[NEUTRAL]
    assert neutral == NEUTRAL_PER_PLAYER * n, f"{neutral} neutral citizens, expected {NEUTRAL_PER_PLAYER * n}"
    assert state.reuse == 0 or state.phase == "reuse_disc"


def check_kingdoms(state: State) -> None:
    """Coins, kingdom limits, and one matching figure or disc per space."""
    db = cards_for(state)
    for p in state.players:
        assert p.coins >= 0, f"{p.name} has {p.coins} coins"
        for row, k in enumerate(p.kingdoms):
            tile = db.tiles[p.colour][k.tile]
            where = f"{p.name}'s row {row}"
            assert len(k.buildings) <= 4, f"{where}: {len(k.buildings)} buildings"
            if tile.effect == "two_buildings":
                assert len(k.buildings) <= 2, f"{where}: {len(k.buildings)} buildings under the red tile"
            if tile.effect == "different_types":
                types = [db.type[b] for b in k.buildings]
                assert len(types) == len(set(types)), f"{where}: repeated types {types}"
            if k.castle >= 0:
                assert db.is_castle[k.castle]
                if tile.effect == "castle_min_7":
                    assert db.cost[k.castle] >= 7, f"{where}: castle of cost {db.cost[k.castle]}"
            assert not any(db.is_castle[b] for b in k.buildings)
            spaces = [(h, s) for h, s, _ in k.figures]
            assert len(spaces) == len(set(spaces)), f"{where}: two figures on one space {k.figures}"
            for holder, space, colour in k.figures:
                assert 0 <= colour <= NEUTRAL
                if holder == TILE:
                    assert isinstance(tile, GreenTile) and tile.citizen_space is not None and space == 0
                    wanted = COLOUR_INDEX[tile.citizen_space]
                else:
                    assert 0 <= holder < len(k.buildings), f"{where}: figure on missing building {holder}"
                    printed = db.spaces[k.buildings[holder]]
                    assert 0 <= space < len(printed), f"{where}: no space {space} on building {holder}"
                    wanted = COLOUR_INDEX[printed[space]]
                assert colour in (wanted, NEUTRAL), f"{where}: colour {colour} on a space for {wanted}"
            assert len(k.discs) == len(set(k.discs)), f"{where}: two discs on one space {k.discs}"
            for holder, side in k.discs:
                assert side in (SHIELD, PRESTIGE)
                if holder == CASTLE:
                    assert k.castle >= 0
                    value = db.shield_space[k.castle] if side == SHIELD else db.prestige_space[k.castle]
                elif holder == TILE:
                    assert isinstance(tile, GreenTile)
                    value = tile.shield_space if side == SHIELD else tile.prestige_space
                else:
                    assert 0 <= holder < len(k.buildings), f"{where}: disc on missing building {holder}"
                    b = k.buildings[holder]
                    value = db.shield_space[b] if side == SHIELD else db.prestige_space[b]
                assert value > 0, f"{where}: disc on a space that does not exist ({holder}, {side})"


def check_market(state: State) -> None:
    assert len(state.market) == 5
    db = cards_for(state)
    assert not any(db.is_castle[c] for c in state.market if c >= 0), "a castle in the market"
    assert all(db.is_castle[c] for c in state.display), "a building in the castle display"
    if state.solo:
        assert len(state.display) <= 4, "R19: at most 4 castles in the solo display"
        assert 0 <= state.ship < 5
    assert set(state.returned) <= set(state.display), "R23: a castle marked as returned is not in the display"
    assert len(set(state.returned)) == len(state.returned)


def check_state(state: State) -> None:
    check_cards(state)
    check_components(state)
    check_kingdoms(state)
    check_market(state)


def check_illegal(state: State, legal: list[Move], rng: random.Random) -> None:
    """``apply`` refuses moves outside ``legal_moves`` (a sample each move, all of them now and then)."""
    illegal = [move for move in ALL_MOVES if move not in legal]
    sample = illegal if rng.random() < 0.05 else rng.sample(illegal, min(4, len(illegal)))
    for move in sample:
        with pytest.raises(IllegalMove) as info:
            apply(state, move)
        assert words.refusal(info.value.refusal, cards_for(state)), f"{move!r} was refused without a reason"


# --------------------------------------------------------------------------- play


Chooser = Callable[[State, list[Move], random.Random], Move]


def castle_lover(state: State, legal: list[Move], rng: random.Random) -> Move:
    """A player who always prefers a castle action (B) when one is legal, else plays at random."""
    castles = [move for move in legal if isinstance(move, m.PickCastle)]
    return rng.choice(castles or legal)


def at_random(state: State, legal: list[Move], rng: random.Random) -> Move:
    return rng.choice(legal)


def play_checked(config: GameConfig, seed: int, choice_seed: int, choose: Chooser = at_random) -> State:
    state = new_game(config, seed)
    rng = random.Random(choice_seed)
    check_state(state)
    if config.solo:
        greens, reds, red_sides = SOLO_LEVELS[config.level]
        db = cards_for(state)
        tiles = [db.tiles[0][k.tile] for k in state.players[0].kingdoms]
        assert sum(isinstance(t, GreenTile) for t in tiles) == greens
        assert sum(not isinstance(t, GreenTile) for t in tiles) == reds
        assert sum(state.viking_red) == red_sides
    for _ in range(MAX_MOVES):
        legal = legal_moves(state)
        if state.phase == "over":
            assert legal == [], "moves offered after the end"
            assert outcome(state) is not None
            assert pending(state).player == -1
            break
        assert legal, f"no legal move in phase {state.phase} (R13)"
        assert len(set(legal)) == len(legal), "a move is listed twice"
        assert outcome(state) is None
        waiting = pending(state)
        assert (waiting.player, waiting.kind) == (state.current, state.phase) and words.prompt(state)
        check_illegal(state, legal, rng)
        for move in legal:  # R23: a castle just returned is not for sale
            assert not isinstance(move, m.PickCastle) or state.display[move.index] not in state.returned
        before = msgspec.json.encode(state)
        state = apply(state, choose(state, legal, rng))
        assert before != msgspec.json.encode(state), "a move changed nothing"
        check_state(state)
    else:
        pytest.fail(f"game did not end within {MAX_MOVES} moves")
    for move in ALL_MOVES[::7]:
        with pytest.raises(IllegalMove) as info:
            apply(state, move)
        assert "over" in words.refusal(info.value.refusal, cards_for(state))
    assert state.triggered
    if not config.solo:
        turns = {p.turns for p in state.players}
        assert len(turns) == 1, f"R15: unequal turn counts {[p.turns for p in state.players]}"
    else:
        assert state.players[0].turns >= 1
    return state


CONFIGS = [(1, level) for level in SOLO_LEVELS] + [(n, 1) for n in (2, 3, 4)]
# R24: variant 2 (random tiles) is for 2-4 players only.
VARIANTS = [
    (players, level, start_choice, random_tiles)
    for players, level in CONFIGS
    for start_choice in (False, True)
    for random_tiles in (False, True)
    if players > 1 or not random_tiles
]


@pytest.mark.parametrize(
    ("players", "level", "start_choice", "random_tiles"),
    VARIANTS,
    ids=[
        f"{n}p-L{lv}-{'start_choice' if sc else 'start_fixed'}-{'random_tiles' if rt else 'tiles22'}"
        for n, lv, sc, rt in VARIANTS
    ],
)
@settings(max_examples=8 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1), choice_seed=st.integers(0, 2**32 - 1))
def test_random_play_keeps_invariants(
    players: int, level: int, start_choice: bool, random_tiles: bool, seed: int, choice_seed: int
) -> None:
    """R2, R7, R10, R13-R16, R19, R23 and the tile restrictions hold after every move of random games."""
    config = GameConfig(NAMES[:players], level=level, start_choice=start_choice, random_tiles=random_tiles)
    play_checked(config, seed, choice_seed)


@settings(max_examples=40 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 2**63 - 1),
    choice_seed=st.integers(0, 2**32 - 1),
)
def test_r23_a_player_who_always_prefers_castles_still_reaches_the_end(
    variant: tuple[int, int, bool, bool], seed: int, choice_seed: int
) -> None:
    """R23: every player takes a castle action whenever one is legal (castle swaps pumped coins and
    stalled the game before R23); every game still ends within the bound, for all player counts,
    levels and variants, with every invariant holding."""
    players, level, start_choice, random_tiles = variant
    config = GameConfig(NAMES[:players], level=level, start_choice=start_choice, random_tiles=random_tiles)
    final = play_checked(config, seed, choice_seed, castle_lover)
    assert final.phase == "over" and outcome(final) is not None


@settings(max_examples=50 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(1, 4),
    level=st.integers(1, 7),
    start_choice=st.booleans(),
    random_tiles=st.booleans(),
    seed=st.integers(0, 2**63 - 1),
    choice_seed=st.integers(0, 2**32 - 1),
)
def test_random_play_any_config(
    players: int, level: int, start_choice: bool, random_tiles: bool, seed: int, choice_seed: int
) -> None:
    """The same invariants (R2, R13, R15) over configurations drawn freely, levels with any count."""
    random_tiles = random_tiles and players > 1  # R24: not in solo (tested in test_rulings)
    config = GameConfig(NAMES[:players], level=level, start_choice=start_choice, random_tiles=random_tiles)
    play_checked(config, seed, choice_seed)


@settings(max_examples=10 * SCALE, deadline=None)
@given(players=st.integers(1, 4), seed=st.integers(0, 2**32 - 1), choice_seed=st.integers(0, 2**32 - 1))
def test_moves_and_states_round_trip_json(players: int, seed: int, choice_seed: int) -> None:
    """Every move of a game (R8: one decision each), every state and every log event survive msgspec JSON;
    every event reads as a sentence."""
    state = new_game(GameConfig(NAMES[:players]), seed)
    rng = random.Random(choice_seed)
    db = cards_for(state)
    names = tuple(p.name for p in state.players)
    kinds: set[type] = set()
    events = 0
    while state.phase != "over":
        move = rng.choice(legal_moves(state))
        data = msgspec.json.encode(move)
        back = msgspec.json.decode(data, type=Move)
        assert back == move and type(back) is type(move), f"{move!r} came back as {back!r}"
        kinds.add(type(move))
        state, logged = apply_logged(state, back)
        assert msgspec.json.decode(msgspec.json.encode(state), type=State) == state
        # The game log: every event is data that survives JSON and reads as a sentence.
        for event in logged:
            assert msgspec.json.decode(msgspec.json.encode(event), type=Event) == event
            text = words.past(event, names, db)
            assert text != event.kind and text.endswith("."), f"{event!r} reads {text!r}"
        events += len(logged)
    assert {m.PickBuilding, m.ChooseKingdom} <= kinds
    assert events >= len(kinds)


# --------------------------------------------------------------------------- the checks can fail


def _midgame() -> State:
    """A 2-player state where seat 0 has a figure and a disc, with a castle in the display."""
    for seed in range(200):
        state = new_game(GameConfig(NAMES[:2]), seed)
        rng = random.Random(seed)
        while state.phase != "over":
            state = apply(state, rng.choice(legal_moves(state)))
            ks = state.players[0].kingdoms
            if state.phase == "action" and state.display and any(k.figures for k in ks) and any(k.discs for k in ks):
                return state
    raise AssertionError("no random game placed a figure and a disc")


def _corrupt_player(state: State, **changes: object) -> State:
    return with_player(state, 0, **changes)


def _corrupt_kingdom(state: State, pred: str, **changes: object) -> State:
    p = state.players[0]
    row = next(r for r, k in enumerate(p.kingdoms) if getattr(k, pred))
    k = p.kingdoms[row]
    new = {f: v(k) if callable(v) else v for f, v in changes.items()}
    ks = list(p.kingdoms)
    ks[row] = msgspec.structs.replace(k, **new)
    return _corrupt_player(state, kingdoms=tuple(ks))


def _wrong_colour(state: State) -> State:
    db = cards_for(state)

    def recolour(k: Kingdom) -> tuple[tuple[int, int, int], ...]:
        holder, space, _ = k.figures[0]
        tile = db.tiles[state.players[0].colour][k.tile]
        printed = tile.citizen_space if holder == TILE and isinstance(tile, GreenTile) else None
        wanted = COLOUR_INDEX[printed] if printed else COLOUR_INDEX[db.spaces[k.buildings[holder]][space]]
        return ((holder, space, (wanted + 1) % 4), *k.figures[1:])

    return _corrupt_kingdom(state, "figures", figures=recolour)


def _castle_in_market(state: State) -> State:
    return msgspec.structs.replace(
        state, market=(state.display[0], *state.market[1:]), display=(state.market[0], *state.display[1:])
    )


Corruption = Callable[[State], State]
CORRUPTIONS: dict[str, tuple[Corruption, Callable[[State], None], str]] = {
    "duplicate card": (
        lambda s: msgspec.structs.replace(s, market=(s.deck[0], *s.market[1:])),
        check_cards,
        "more than one place",
    ),
    "lost card": (lambda s: msgspec.structs.replace(s, deck=s.deck[1:]), check_cards, "missing"),
    "citizen vanished": (
        lambda s: msgspec.structs.replace(
            s, supplies=tuple(n - (kind == 0) for kind, n in zip(s.supply_kinds, s.supplies, strict=True))
        ),
        check_components,
        "citizens of colour 0",
    ),
    "disc created": (
        lambda s: msgspec.structs.replace(
            s, supplies=tuple(n + (kind == DISCS) for kind, n in zip(s.supply_kinds, s.supplies, strict=True))
        ),
        check_components,
        "discs, expected",
    ),
    "neutral created": (
        lambda s: msgspec.structs.replace(s, neutral=s.neutral + 1),
        check_components,
        "neutral citizens, expected",
    ),
    "negative coins": (lambda s: _corrupt_player(s, coins=-1), check_kingdoms, "has -1 coins"),
    "two figures on a space": (
        lambda s: _corrupt_kingdom(s, "figures", figures=lambda k: (*k.figures, k.figures[0])),
        check_kingdoms,
        "two figures on one space",
    ),
    "figure of the wrong colour": (_wrong_colour, check_kingdoms, "on a space for"),
    "disc on a missing space": (
        lambda s: _corrupt_kingdom(s, "discs", discs=((7, SHIELD),)),
        check_kingdoms,
        "disc on missing building 7",
    ),
    "five buildings": (
        lambda s: _corrupt_kingdom(s, "buildings", buildings=lambda k: (*k.buildings, *s.deck[: 5 - len(k.buildings)])),
        check_kingdoms,
        ": 5 buildings",
    ),
    "castle in the market": (_castle_in_market, check_market, "a castle in the market"),
}


@pytest.mark.parametrize("corruption", list(CORRUPTIONS))
def test_checks_catch_a_corrupted_state(corruption: str) -> None:
    """The invariant checks above are not vacuous: each catches a state that breaks its rule (R2)."""
    state = _midgame()
    check_state(state)
    corrupt, check, message = CORRUPTIONS[corruption]
    with pytest.raises(AssertionError, match=message):
        check(corrupt(state))
