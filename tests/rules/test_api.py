"""The engine's API (issue 2, Engine API) and the setup facts of the rulebook (General and
Player Setup, Variants, Solo Setup)."""

from __future__ import annotations

import random
import re
from collections import Counter

import msgspec
import pytest

from norsewind_tui import words
from norsewind_tui.rules import (
    ChooseKingdom,
    ConfigError,
    Decline,
    GameConfig,
    IllegalMove,
    Outcome,
    PickBuilding,
    PickCastle,
    Refusal,
    Session,
    State,
    apply,
    apply_logged,
    card_citizen_spaces,
    default_cards,
    legal_moves,
    new_game,
    outcome,
    pending,
    score_breakdown,
    tile_citizen_space,
    tile_prestige_space,
    tile_shield_space,
)
from norsewind_tui.rules.state import DISCS

from .builders import (
    MERCIA,
    NORTHUMBRIA,
    check_census,
    config_refusal,
    db_of,
    game,
    play,
    refusal,
    replace,
    tile_index,
    with_display,
    with_kingdom,
    with_market,
    with_player,
)

NAMES = ("Ana", "Bo", "Cy", "Di")


def random_play(s: State, seed: int, limit: int = 10_000) -> State:
    rng = random.Random(seed)
    for _ in range(limit):
        if s.phase == "over":
            return s
        s = apply(s, rng.choice(legal_moves(s)))
    raise AssertionError("the game did not end")


# --------------------------------------------------------------------------- IllegalMove


def test_illegal_move_says_why_red_tile_limit() -> None:
    """Issue 2, Engine API: an illegal move raises an error that says why, e.g.
    "Mercia has a red tile: at most 2 buildings" (rulebook, The Kingdom Tiles)."""
    s = replace(game(("Lucy", "Bo")), current=0)
    s = with_kingdom(s, 0, MERCIA, "two_buildings", ["A-02", "A-08"])
    s = with_market(s, ["A-01", "A-03", "A-05", "A-06", "A-07"])
    s = play(s, PickBuilding(0))
    with pytest.raises(IllegalMove) as info:
        apply(s, ChooseKingdom(MERCIA))
    assert words.refusal(info.value.refusal, db_of(s)) == "Mercia has a red tile: at most 2 buildings"
    assert info.value.refusal == Refusal("red_two_buildings", MERCIA)  # the reason as data
    assert isinstance(info.value, ValueError)


def test_illegal_move_messages() -> None:
    """Issue 2, Engine API: every refusal names its reason in words, once."""
    s = replace(game(("Lucy", "Bo")), current=0)
    s = with_market(s, ["A-12", "A-15", "A-16", "T-06", None])  # inns costing 3, 3, 4, 3
    s = with_display(with_player(s, 0, coins=1), ["A-35"])
    assert refusal(s, PickBuilding(4)) == "that market slot is empty"
    assert refusal(s, PickBuilding(0)) == "the Inn fits no kingdom: the Inn costs 3; you have 1"
    assert refusal(s, PickCastle(0)) == "that castle fits no kingdom: the castle costs 10; you have 1"
    assert refusal(s, PickCastle(3)) == "there is no such castle in the display"
    assert refusal(s, ChooseKingdom(0)) == "now you must pick a building, a castle, refresh or pass"
    over = replace(s, phase="over")
    assert refusal(over, PickBuilding(0)) == "the game is over"
    taken = play(with_player(s, 0, coins=5), PickBuilding(0))
    assert refusal(taken, ChooseKingdom(7)) == "there are only 4 kingdoms"
    assert refusal(taken, Decline()) == "now you must choose the kingdom for the building"


def test_apply_is_pure() -> None:
    """Issue 2, Engine API: apply returns a new state and never changes its argument."""
    s = game(("Ana", "Bo"), seed=4)
    before = msgspec.msgpack.encode(s)
    for move in legal_moves(s):
        apply(s, move)
    assert msgspec.msgpack.encode(s) == before


# --------------------------------------------------------------------------- pending, outcome, scores


def test_pending_names_the_player_and_the_decision() -> None:
    """Issue 2, Engine API: pending(state) says whose decision, of what kind, with a prompt."""
    s = replace(game(("Lucy", "Bo")), current=0)
    s = with_market(s, ["A-13", "A-01", "A-02", "A-03", "A-05"])
    s = with_player(s, 0, coins=5)
    p = pending(s)
    assert (p.player, p.kind) == (0, "action")
    assert words.prompt(s) == "Lucy: take a building from the market (A) or a castle from the display (B)."
    s = play(s, PickBuilding(0))
    assert words.prompt(s) == "Lucy: choose the kingdom for the Inn."
    s = play(s, ChooseKingdom(NORTHUMBRIA))
    if s.phase == "supply":
        assert words.prompt(s) == "Lucy: take a citizen or disc from a supply next to slot 1, or decline."
    t = with_player(with_display(replace(game(("Lucy", "Bo")), current=1), ["A-32"]), 1, coins=10)
    t = play(t, PickCastle(0))
    assert pending(t).player == 1 and words.prompt(t) == "Bo: choose the kingdom for the castle (cost 7)."
    over = pending(replace(s, phase="over"))
    assert (over.player, over.kind, words.prompt(replace(s, phase="over"))) == (-1, "over", "The game is over.")


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_pending_kind_follows_every_phase_of_a_game(players: int) -> None:
    """Issue 2, Engine API: pending is defined at every decision, with a prompt naming the player."""
    s = new_game(GameConfig(players=NAMES[:players]), 2)
    rng = random.Random(1)
    seen = set()
    while s.phase != "over":
        p = pending(s)
        assert p.kind == s.phase and p.player == s.current
        prompt = words.prompt(s)
        assert prompt.startswith(NAMES[s.current] + ": ") and prompt.endswith(".")
        seen.add(p.kind)
        s = apply(s, rng.choice(legal_moves(s)))
    assert {"action", "building_kingdom", "supply"} <= seen


def test_outcome_is_none_while_running_and_typed_at_the_end() -> None:
    """Issue 2, Engine API: outcome(state) is None while the game runs, else a typed result."""
    s = game(("Ana", "Bo", "Cy"), seed=8)
    assert outcome(s) is None
    rng = random.Random(2)
    while s.phase != "over":
        assert outcome(s) is None
        s = apply(s, rng.choice(legal_moves(s)))
    o = outcome(s)
    assert isinstance(o, Outcome)
    assert o.scores == tuple(score_breakdown(s, i).total for i in range(3))
    assert o.winners and all(o.scores[w] == max(o.scores) for w in o.winners)
    assert o.vikings is None and o.medal is None


def test_score_breakdown_at_any_moment() -> None:
    """Issue 2, Engine API: score_breakdown gives, per kingdom, helmets, shields, prestige,
    citizens and points, plus coins, at any moment ("if the game ended now")."""
    s = game(("Ana", "Bo"), seed=5)
    rng = random.Random(5)
    for _ in range(40):
        for seat in range(2):
            b = score_breakdown(s, seat)
            assert b.coins == s.players[seat].coins and b.name == NAMES[seat]
            assert [k.name for k in b.kingdoms] == ["Northumbria", "East Anglia", "Mercia", "Wessex"]
            for k in b.kingdoms:
                assert k.safe == (k.shields >= k.helmets)
                assert k.points == (k.prestige * k.citizens if k.safe else -7)
            assert b.total == b.coins + sum(k.points for k in b.kingdoms)
        s = apply(s, rng.choice(legal_moves(s)))


# --------------------------------------------------------------------------- Session


def test_session_push_undo_redo() -> None:
    """Issue 2, Engine API: a session keeps the states and the move log, with push, undo,
    redo and can_undo; a push after an undo drops the redo stack."""
    config = GameConfig(players=("Ana", "Bo"))
    s = Session.start(config, seed=3)
    assert not s.can_undo() and not s.can_redo()
    with pytest.raises(IndexError):
        s.undo()
    start = s.state
    m1 = s.legal_moves()[0]
    events = s.push(m1)
    assert events and s.can_undo() and s.state == apply(start, m1)
    m2 = s.legal_moves()[0]
    s.push(m2)
    after_two = s.state
    assert s.undo() == m2 and s.state == apply(start, m1)
    assert s.undo() == m1 and s.state is start and s.can_redo()
    assert s.redo() == m1 and s.redo() == m2 and s.state == after_two
    with pytest.raises(IndexError):
        s.redo()
    s.undo()
    other = s.legal_moves()[-1]
    s.push(other)
    assert not s.can_redo() and s.log == [m1, other]


def test_session_replay_reproduces_the_game() -> None:
    """Issue 2 / R22: the log replays from (config, seed) to the identical state; a replay
    position keeps the later moves as redo."""
    config = GameConfig(players=("Ana",), level=3)
    s = Session.start(config, seed=12)
    rng = random.Random(12)
    while s.state.phase != "over":
        s.push(rng.choice(s.legal_moves()))
    r = Session.replay(config, 12, s.log)
    assert msgspec.msgpack.encode(r.state) == msgspec.msgpack.encode(s.state)
    half = len(s.log) // 2
    p = Session.replay(config, 12, s.log, position=half)
    assert p.state == s.states[half] and p.can_redo() and len(p.log) == half
    with pytest.raises(ValueError):
        Session.replay(config, 12, s.log, position=len(s.log) + 1)
    with pytest.raises(IllegalMove):
        Session.replay(config, 12, [s.log[1], *s.log])


# --------------------------------------------------------------------------- events


def test_events_describe_every_happening_as_a_sentence() -> None:
    """Issue 2, Engine API: a log of what happened, as data, that words.past turns into sentences."""
    db = default_cards()
    seen: Counter[str] = Counter()
    for players in (1, 2, 4):
        for seed in range(3):
            s = new_game(GameConfig(players=NAMES[:players]), seed)
            rng = random.Random(seed)
            while s.phase != "over":
                s, events = apply_logged(s, rng.choice(legal_moves(s)))
                for e in events:
                    text = words.past(e, NAMES[:players], db)
                    assert text != e.kind and text.endswith(".") and text[0].isupper(), (e, text)
                    seen[e.kind] += 1
    expected = {"took_building", "placed", "revealed", "end_triggered", "game_over", "ship_moved", "vikings_took"}
    assert expected <= set(seen)


# --------------------------------------------------------------------------- setup


@pytest.mark.parametrize(
    ("players", "decks", "cards"), [(2, {"1+"}, 35), (3, {"1+", "3+"}, 49), (4, {"1+", "3+", "4p"}, 63)]
)
def test_setup_draw_deck_by_player_count(players: int, decks: set[str], cards: int) -> None:
    """General Setup 3: 2 players use the 1+ deck (35), 3 add the 3+ deck (49), 4 add the
    4-player deck (63); the unused decks go back to the box."""
    for seed in range(5):
        s = new_game(GameConfig(players=NAMES[:players]), seed)
        db = db_of(s)
        in_play = [*s.deck, *s.market, *s.display]
        assert len(in_play) == cards
        assert {db.deck[c] for c in in_play} == decks
        assert {db.deck[c] for c in s.box} <= {"1+", "3+", "4p", "start"} - decks
        check_census(s)


def test_setup_market_holds_5_buildings_and_castles_go_to_the_display() -> None:
    """General Setup 4: one card per slot; castles revealed go to the castle display and the
    revealing goes on until the market holds 5 buildings."""
    displays = 0
    for seed in range(30):
        s = new_game(GameConfig(players=("Ana", "Bo")), seed)
        db = db_of(s)
        assert all(c >= 0 and not db.is_castle[c] for c in s.market)
        assert all(db.is_castle[c] for c in s.display)
        assert s.revealed == 0 and len(s.deck) == 35 - 5 - len(s.display)
        displays += bool(s.display)
    assert displays > 0


def test_setup_reserve_deck_and_supplies() -> None:
    """General Setup 2 and 5: the reserve deck (5 cards) is shuffled aside; four coloured
    supplies and the discs."""
    s = new_game(GameConfig(players=("Ana", "Bo", "Cy")), 1)
    db = db_of(s)
    assert sorted(s.reserve) == sorted(db.deck_cards("reserve"))
    assert sorted(s.supply_kinds) == [0, 1, 2, 3, DISCS]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_starting_cards_coins_and_start_player(players: int) -> None:
    """Player Setup 3: one starting card each, next to the kingdom card of its row, with its
    start coins; the lowest order number starts."""
    for seed in range(6):
        s = new_game(GameConfig(players=NAMES[:players]), seed)
        db = db_of(s)
        orders = []
        for p in s.players:
            card = db.cards[p.start_card]
            assert card.deck == "start"
            assert p.coins == card.start_coins
            assert [k.buildings for k in p.kingdoms] == [(p.start_card,) if r == card.row - 1 else () for r in range(4)]
            orders.append(card.order)
        assert s.start_player == orders.index(min(orders)) == s.current
        assert len({p.start_card for p in s.players}) == players


def tile_kinds(s: State) -> list[list[tuple[str, str]]]:
    db = db_of(s)
    return [
        [("green" if k.tile < 5 else "red", db.tiles[p.colour][k.tile].effect) for k in p.kingdoms] for p in s.players
    ]


def test_setup_tiles_2_green_2_red_copied_by_every_player() -> None:
    """Player Setup 2: 2 random green and 2 random red tiles, one per kingdom, copied exactly
    by the other players."""
    layouts = set()
    for seed in range(30):
        rows = tile_kinds(new_game(GameConfig(players=NAMES), seed))
        assert all(r == rows[0] for r in rows)
        assert sorted(c for c, _ in rows[0]) == ["green", "green", "red", "red"]
        layouts.add(tuple(rows[0]))
    assert len(layouts) > 10


def test_variant_four_random_tiles() -> None:
    """Variants: the 4 kingdom tiles are drawn at random from all 10 (any mix), copied by all."""
    mixes = set()
    for seed in range(60):
        rows = tile_kinds(new_game(GameConfig(players=NAMES[:3], random_tiles=True), seed))
        assert all(r == rows[0] for r in rows)
        assert len({e for _, e in rows[0]}) == 4
        mixes.add(sum(c == "green" for c, _ in rows[0]))
    assert len(mixes) >= 3 and mixes != {2}


def test_variant_starting_card_in_the_kingdom_of_your_choice() -> None:
    """Variants: each player places the starting card in the kingdom of their choice (in
    turn order from the starting player); then the starting player takes the first turn."""
    s = new_game(GameConfig(players=NAMES[:3], start_choice=True), 4)
    assert s.phase == "place_start" and s.current == s.start_player
    assert all(k.buildings == () for p in s.players for k in p.kingdoms)
    coins = [p.coins for p in s.players]
    order = []
    while s.phase == "place_start":
        assert pending(s).kind == "place_start"
        order.append(s.current)
        row = (s.current + 1) % 4
        s = play(s, ChooseKingdom(row))
    assert order == [(s.start_player + i) % 3 for i in range(3)]
    assert s.phase == "action" and s.current == s.start_player
    for seat, p in enumerate(s.players):
        assert p.kingdoms[(seat + 1) % 4].buildings == (p.start_card,)
    assert [p.coins for p in s.players] == coins  # start coins were given at setup, no tax here
    check_census(s)


def test_both_variants_together_play_to_the_end() -> None:
    """Variants: both variants may be used at once."""
    s = new_game(GameConfig(players=NAMES[:2], start_choice=True, random_tiles=True), 9)
    s = random_play(s, 9)
    assert outcome(s) is not None and s.players[0].turns == s.players[1].turns


def test_solo_setup() -> None:
    """Solo Setup: 4 figures per supply, 4 neutral citizens, only the 1+ deck, the castle
    display limited to 4, the ship above a random slot, empty Viking rows; the player gets
    a starting card and its coins."""
    ships = set()
    for seed in range(20):
        s = new_game(GameConfig(players=("Lucy",)), seed)
        db = db_of(s)
        assert s.supplies[:4] == (4, 4, 4, 4) and s.neutral == 4
        assert {db.deck[c] for c in (*s.deck, *s.market, *s.display)} == {"1+"}
        assert len(s.display) <= 4
        assert s.vikings == ((), (), (), ()) and len(s.viking_red) == 4
        assert 0 <= s.ship < 5 and s.current == 0 == s.start_player
        assert s.players[0].coins == db.cards[s.players[0].start_card].start_coins
        ships.add(s.ship)
        check_census(s)
    assert len(ships) > 2


@pytest.mark.parametrize(
    ("config", "message"),
    [
        (GameConfig(players=()), "1 to 4 players"),
        (GameConfig(players=tuple("ABCDE")), "1 to 4 players"),
        (GameConfig(players=("A",), level=8), "level must be 1 to 7"),
        (GameConfig(players=("A", " ")), "every player needs a name"),
    ],
)
def test_impossible_configurations_are_refused(config: GameConfig, message: str) -> None:
    """Issue 2: a configuration that cannot be set up raises ConfigError with a clear message."""
    with pytest.raises(ConfigError):
        new_game(config, 1)
    assert re.search(message, config_refusal(config))


def test_card_set_identity_ignores_layout_but_not_values() -> None:
    """A save names its card set by content: comments and layout keep the identity, a value changes it."""
    from importlib import resources

    from norsewind_tui.rules.cards import compile_card_set

    data = resources.files("norsewind_tui.rules").joinpath("data/reconstructed.toml").read_bytes()
    base = compile_card_set(data).digest
    assert compile_card_set(b"# a comment\n\n" + data).digest == base
    assert compile_card_set(data.replace(b"helmets = 1", b"helmets = 2", 1)).digest != base


def test_log_sentences_count_coins_in_good_english() -> None:
    """The game log reads as English: 1 coin, 6 coins (rulebook example: 6 coins for 3 ships)."""
    from norsewind_tui.rules import default_cards
    from norsewind_tui.rules.events import Event

    db = default_cards()
    assert words.past(Event("income", 0, value=1, extra=1, what="inn"), ("Ana",), db) == "Ana gained 1 coin for 1 inn."
    assert words.past(Event("income", 0, value=6, extra=3, what="ship"), ("Lucy",), db) == (
        "Lucy gained 6 coins for 3 ships."
    )


def test_the_printed_spaces_are_asked_by_name() -> None:
    """The lookups scoring and the computer players use (rulebook, The Kingdom Tiles; R10): the green
    shield tile's 4-shield space costs 1, the green prestige tile has a 1-prestige space, the green
    citizen tile a purple space, a red tile none; A-04 has a red and a purple citizen space."""
    db = default_cards()
    tile = {effect: tile_index(db, 0, effect) for effect in ("shield_space", "prestige_space", "citizen", "helmet_tax")}
    assert tile_shield_space(db, 0, tile["shield_space"]) == (4, 1)
    assert tile_shield_space(db, 0, tile["citizen"]) == (0, 0)
    assert tile_prestige_space(db, 0, tile["prestige_space"]) == 1
    assert tile_prestige_space(db, 0, tile["shield_space"]) == 0
    assert tile_citizen_space(db, 0, tile["citizen"]) == 0  # purple
    assert tile_citizen_space(db, 0, tile["helmet_tax"]) is None
    assert card_citizen_spaces(db, db.index_of["A-04"]) == (3, 0)  # red, purple
    assert card_citizen_spaces(db, db.index_of["A-30"]) == ()  # a castle: disc spaces only
