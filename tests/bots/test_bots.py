"""Computer players (issue 5): legal, deterministic, never peeking at the unseen deck order."""

from __future__ import annotations

import random
import re

import msgspec
import pytest
from rules.builders import detach

from norsewind_tui import words
from norsewind_tui.bots import GreedyBot, Hint, MCTSBot, RandomBot, SearchConfig, bot_names, hint, make_bot
from norsewind_tui.bots.base import BotBase
from norsewind_tui.bots.evaluate import evaluate, projected_points
from norsewind_tui.bots.explain import explain_move
from norsewind_tui.bots.view import decision_rng, determinise, info_key
from norsewind_tui.rules import (
    ChooseKingdom,
    GameConfig,
    IllegalMove,
    Move,
    PickBuilding,
    PickCastle,
    Session,
    State,
    apply,
    final_result,
    legal_moves,
    new_game,
    outcome,
    score_breakdown,
)
from norsewind_tui.rules.cards import KINGDOM_NAMES
from norsewind_tui.rules.engine import cards_for

replace = msgspec.structs.replace
SMALL = 10  # iterations for the search bots in tests: enough to exercise every part


def small(name: str, seed: int = 0) -> BotBase:
    bot = make_bot(name, seed, budget=SMALL)
    assert isinstance(bot, BotBase)
    return bot


def play_to(config: GameConfig, seed: int, plies: int) -> State:
    """A position ``plies`` random decisions into a game."""
    state = new_game(config, seed)
    rng = random.Random(seed * 101 + plies)
    for _ in range(plies):
        if state.phase == "over":
            break
        state = apply(state, rng.choice(legal_moves(state)))
    return state


CONFIGS = [
    GameConfig(players=("Solo",), level=1),
    GameConfig(players=("Solo",), level=7),
    GameConfig(players=("A", "B")),
    GameConfig(players=("A", "B", "C")),
    GameConfig(players=("A", "B", "C", "D"), random_tiles=True),
]


def positions() -> list[State]:
    """Varied positions with a real choice: all player counts, early and late, mid-turn phases."""
    out = []
    for i, config in enumerate(CONFIGS):
        for plies in (0, 9, 26, 47):
            state = play_to(config, 40 + i, plies)
            if state.phase != "over" and len(legal_moves(state)) > 1:
                out.append(state)
    assert len({s.phase for s in out}) >= 3  # action, kingdom and supply/space decisions at least
    return out


POSITIONS = positions()


def permuted(state: State, rng: random.Random) -> State:
    """The same information set: the unseen decks (and the box) in another order, another game seed."""
    deck = list(state.deck)
    reserve = list(state.reserve)
    box = list(state.box)
    rng.shuffle(deck)
    rng.shuffle(reserve)
    rng.shuffle(box)
    return replace(state, deck=tuple(deck), reserve=tuple(reserve), box=tuple(box), seed=rng.getrandbits(31))


def differs(state: State, other: State) -> bool:
    return state.deck != other.deck or state.reserve != other.reserve


def peek_failures(bot: BotBase, states: list[State], tries: int = 2) -> list[tuple[Move, Move]]:
    """The decisions that changed when only the unseen order (and the seed) changed."""
    failures = []
    rng = random.Random(5)
    for state in states:
        move = bot.decide(state)
        assert move in legal_moves(state)
        for _ in range(tries):
            other = permuted(state, rng)
            if not differs(state, other):
                continue
            again = bot.decide(other)
            if again != move:
                failures.append((move, again))
    return failures


# --------------------------------------------------------------------------- view


def test_info_key_ignores_the_unseen_order_and_the_seed() -> None:
    state = POSITIONS[3]
    other = permuted(state, random.Random(1))
    assert differs(state, other)
    assert info_key(state) == info_key(other)
    assert decision_rng(7, state).random() == decision_rng(7, other).random()


def test_info_key_sees_public_changes() -> None:
    state = POSITIONS[3]
    player = state.players[0]
    richer = replace(state, players=(replace(player, coins=player.coins + 1), *state.players[1:]))
    assert info_key(state) != info_key(richer)
    assert decision_rng(7, state).random() != decision_rng(8, state).random()  # the bot's seed matters


def test_determinise_keeps_each_pile_and_ignores_the_real_order() -> None:
    state = POSITIONS[5]
    other = permuted(state, random.Random(2))
    a = determinise(state, random.Random(3))
    b = determinise(other, random.Random(3))
    assert a.deck == b.deck and a.reserve == b.reserve and a.seed == b.seed
    assert sorted(a.deck) == sorted(state.deck) and sorted(a.reserve) == sorted(state.reserve)
    assert replace(a, deck=state.deck, reserve=state.reserve, seed=state.seed) == state


# --------------------------------------------------------------------------- no peeking


@pytest.mark.parametrize("name", bot_names())
def test_no_bot_peeks(name: str) -> None:
    """Permuting the unseen part of the decks (same bot seed) never changes a bot's decision."""
    assert peek_failures(small(name, seed=11), POSITIONS) == []


class _Peeker(BotBase):
    """A cheat: it reads the top card of the draw deck."""

    def choose(self, state: State, rng: random.Random) -> Move:
        moves = legal_moves(state)
        top = state.deck[0] if state.deck else 0
        return moves[top % len(moves)]


def test_the_peeking_check_catches_a_cheat() -> None:
    """The check above can fail: a bot that reads the real deck order is caught."""
    assert peek_failures(_Peeker(0), POSITIONS, tries=4)


# --------------------------------------------------------------------------- determinism


@pytest.mark.parametrize("name", ["random", "easy", "normal"])
def test_a_bot_decides_by_its_seed(name: str) -> None:
    """Same seed, same position: same decision (twice, and from a fresh bot)."""
    for state in POSITIONS[::3]:
        first = small(name, seed=4).decide(state)
        bot = small(name, seed=4)
        assert bot.decide(state) == first
        assert bot.decide(state) == first


def test_the_seed_changes_a_random_bot() -> None:
    state = next(s for s in POSITIONS if len(legal_moves(s)) >= 4)
    assert len({RandomBot(seed).decide(state) for seed in range(30)}) > 1


def _bot_game(config: GameConfig, seed: int, names: list[str]) -> tuple[list[Move], State]:
    bots = [small(n, seed=seed + i) for i, n in enumerate(names)]
    state = new_game(config, seed)
    moves: list[Move] = []
    while state.phase != "over":
        move = bots[state.current].decide(state)
        assert move in legal_moves(state)
        moves.append(move)
        state = apply(state, move)
        assert len(moves) < 2000
    return moves, state


@pytest.mark.parametrize(
    ("players", "names"),
    [(1, ["normal"]), (2, ["greedy", "easy"]), (3, ["random", "greedy", "normal"]), (4, ["easy"] * 4)],
)
def test_bots_finish_games_and_replay_from_the_log(players: int, names: list[str]) -> None:
    """A game with bots replays exactly from its move log, and every logged decision is what the bot
    decides again at that position (so resuming a save mid-game continues the same way)."""
    config = GameConfig(players=tuple(f"P{i}" for i in range(players)), level=3)
    moves, final = _bot_game(config, 21, names)
    assert outcome(final) is not None
    session = Session.replay(config, 21, moves)
    assert session.states[-1] == final
    bots = [small(n, seed=21 + i) for i, n in enumerate(names)]
    for state, move in list(zip(session.states, moves, strict=False))[::7]:
        assert bots[state.current].decide(state) == move


# --------------------------------------------------------------------------- evaluation


def test_at_the_end_the_evaluation_is_the_score() -> None:
    """Projected points are the final score once the game is over; in solo, the margin (R21)."""
    _, final = _bot_game(GameConfig(players=("A", "B")), 3, ["greedy", "greedy"])
    for seat in range(2):
        assert projected_points(final, seat) == score_breakdown(final, seat).total
    _, solo = _bot_game(GameConfig(players=("S",), level=5), 4, ["greedy"])
    assert evaluate(solo, 0) == final_result(solo).margin


def _castle_saves_a_kingdom() -> tuple[State, int]:
    """The last turn; the player to move has 10 coins, a kingdom at risk full of citizens (its row is
    returned too) and the display holds one castle: A-35 (cost 10, 10 shields, 2 prestige)."""
    state = new_game(GameConfig(players=("A", "B")), 9)
    db = cards_for(state)
    castle = db.index_of["A-35"]  # cost 10, 10 shields, 2 prestige
    farms = [db.index_of[i] for i in ("A-03", "A-05", "A-06")]  # 5 helmets, 6 citizens
    seat = state.current
    me = state.players[seat]
    row = next(r for r, k in enumerate(me.kingdoms) if not k.buildings and db.tiles[me.colour][k.tile].helmets == 2)
    state = detach(state, {castle, *farms})
    state = replace(state, box=state.box + tuple(state.display), display=(castle,))
    # the draw deck is empty: the next refill triggers the end (R15); this may be the last turn
    state = replace(state, deck=(), box=state.box + state.deck)
    kingdoms = list(me.kingdoms)
    kingdoms[row] = replace(kingdoms[row], buildings=tuple(farms))
    players = list(state.players)
    players[seat] = replace(me, kingdoms=tuple(kingdoms), coins=10)
    state = replace(state, players=tuple(players))
    assert not score_breakdown(state, seat).kingdoms[row].safe
    return state, row


def test_greedy_takes_the_castle_that_saves_a_kingdom() -> None:
    """At the end, with coins for a castle and a kingdom at risk full of citizens, greedy buys it.

    (Rulebook, End of the Game: a kingdom with more helmets than shields scores -7; a castle
    brings shields and prestige.)"""
    state, row = _castle_saves_a_kingdom()
    move = GreedyBot(0).decide(state)
    assert move == PickCastle(0)
    after = apply(state, move)
    assert GreedyBot(0).decide(after) == ChooseKingdom(row)
    assert explain_move(state, move).startswith(f"castle for 10 coins; {KINGDOM_NAMES[row]} becomes safe")


def test_r23_bots_and_hints_leave_a_just_returned_castle_alone() -> None:
    """R23: the castle that saves the kingdom was just returned to the display by a replacement, so
    it is not for sale until the next refill: no bot and no hint picks it, and the reason the
    explanation gives for the best move is about something else."""
    state, _ = _castle_saves_a_kingdom()
    assert GreedyBot(0).decide(state) == PickCastle(0)  # without the mark, the castle is the move
    blocked = replace(state, returned=state.display)
    assert PickCastle(0) not in legal_moves(blocked)
    for name in ("random", "greedy", "easy", "normal", "hard"):
        assert small(name).decide(blocked) != PickCastle(0), name
    h = hint(blocked, blocked.current, bot=small("hard"))
    assert h.move in legal_moves(blocked) and "castle" not in h.reason


def _pump_position() -> State:
    """Solo: 5 ships outside East Anglia (its income: 2 per ship), a castle in every kingdom,
    and a cheaper, worse castle (A-30, cost 5) in the display."""
    seed = next(
        s
        for s in range(100)
        if cards_for(new_game(GameConfig(players=("S",)), s))
        .tiles[0][new_game(GameConfig(players=("S",)), s).players[0].kingdoms[1].tile]
        .effect
        != "castle_min_7"
    )
    state = new_game(GameConfig(players=("S",)), seed)
    db = cards_for(state)
    ids = db.index_of
    rows = [["A-17", "A-19"], [], ["A-20"], ["A-21", "A-22"]]
    castles = ["A-33", "A-31", "A-32", "A-34"]
    used = {ids[c] for r in rows for c in r} | {ids[c] for c in castles} | {ids["A-30"]}
    state = detach(state, used)
    me = state.players[0]
    box = list(state.box) + [b for k in me.kingdoms for b in k.buildings] + list(state.display)
    kingdoms = tuple(
        replace(k, buildings=tuple(ids[c] for c in rows[r]), castle=ids[castles[r]]) for r, k in enumerate(me.kingdoms)
    )
    deck = [c for c in state.deck if not db.is_castle[c]]
    market = tuple(c if c >= 0 else deck.pop() for c in state.market)  # refill emptied slots
    return replace(
        state,
        players=(replace(me, kingdoms=kingdoms, coins=10),),
        display=(ids["A-30"],),
        box=tuple(box),
        market=market,
        deck=tuple(c for c in state.deck if c in deck or db.is_castle[c]),
    )


def _most_coins_by_castle_actions(state: State) -> tuple[int, int]:
    """Every line of castle actions (action B and its decisions) from ``state``, none of which refills
    the market: the most coins the player can hold, and how many castle actions the longest line has."""
    best, longest = state.players[0].coins, 0
    stack = [(state, 0)]
    seen: set[State] = set()
    while stack:
        s, actions = stack.pop()
        if s in seen:
            continue
        seen.add(s)
        best, longest = max(best, s.players[0].coins), max(longest, actions)
        for move in legal_moves(s):
            if s.phase == "action" and not isinstance(move, PickCastle):
                continue  # a building, a refresh or a pass refills the market: the search stops there
            after = apply(s, move)
            assert after.revealed == state.revealed  # castle actions never draw a card
            stack.append((after, actions + (s.phase == "action")))
    return best, longest


def test_bots_never_downgrade_a_castle_so_solo_games_end() -> None:
    """In solo action B gives another turn at once (rulebook, Solo Game) and a replaced castle returns
    to the display (R14): swapping castles whose income beats their price pumped coins without end
    (100 swap cycles took a level-7 player from 6 to 306 coins).  R23 blocks the castle just returned
    until the market is next refilled, so from the pump position castle actions gain a bounded number
    of coins and then run out.  Bots only ever improve a kingdom's castle, so their games end."""
    state = _pump_position()
    db = cards_for(state)
    east_anglia = 1
    # the first swap still pays; the swap back is refused until a refill (R23)
    s = apply(apply(state, PickCastle(0)), ChooseKingdom(east_anglia))
    back = s.display.index(db.index_of["A-31"])
    assert s.returned == (db.index_of["A-31"],) and s.phase == "action"
    assert PickCastle(back) not in legal_moves(s)
    with pytest.raises(IllegalMove) as info:
        apply(s, PickCastle(back))
    assert re.search(
        r"^that castle was just returned to the display: it can be bought again", words.refusal(info.value.refusal, db)
    )
    # every line of castle actions before a refill: one castle for sale, so one action and 10 -> 15 coins
    assert _most_coins_by_castle_actions(state) == (state.players[0].coins + 5, 1)
    # no bot steps into it
    assert PickCastle(0) in legal_moves(state)
    for name in ("greedy", "easy", "normal", "hard"):
        assert small(name).decide(state) != PickCastle(0)
    bot = small("greedy")
    plies = 0
    while state.phase != "over":
        state = apply(state, bot.decide(state))
        plies += 1
        assert plies < 500


# --------------------------------------------------------------------------- search bot


def test_the_time_cap_is_a_reported_safety_net() -> None:
    bot = MCTSBot(0, SearchConfig(iterations=10_000, time_cap=0.0))
    state = POSITIONS[2]
    move = bot.decide(state)
    assert move in legal_moves(state)
    assert bot.last_search.capped and bot.last_search.iterations == 1


def test_the_cpu_cap_is_a_reported_safety_net_too() -> None:
    bot = MCTSBot(0, SearchConfig(iterations=10_000, cpu_cap=0.0))
    state = POSITIONS[2]
    assert bot.decide(state) in legal_moves(state)
    assert bot.last_search.capped and bot.last_search.iterations == 1 and bot.last_search.cpu > 0


def test_the_search_spends_its_iteration_budget() -> None:
    bot = MCTSBot(0, SearchConfig(iterations=12, time_cap=60.0))
    state = next(s for s in POSITIONS if s.phase == "action" and len(legal_moves(s)) > 2)
    move = bot.decide(state)
    report = bot.last_search
    assert not report.capped and report.iterations == 12 and report.budget == 12
    assert report.plan[0] == move
    assert sum(report.visits.values()) == 12


# --------------------------------------------------------------------------- hints


def test_a_hint_is_a_legal_move_with_a_reason() -> None:
    state = next(s for s in POSITIONS if s.phase == "action" and not s.solo)
    h = hint(state, state.current, bot=small("hard"))
    assert isinstance(h, Hint)
    assert h.move in legal_moves(state)
    assert h.reason and len(h.reason) < 120
    with pytest.raises(ValueError, match="not seat"):
        hint(state, (state.current + 1) % len(state.players))


def test_hints_do_not_peek_either() -> None:
    """The hint (move and reason) is the same whatever the unseen order of the decks."""
    rng = random.Random(9)
    for state in POSITIONS[::4]:
        first = hint(state, state.current, bot=small("hard"))
        assert hint(permuted(state, rng), state.current, bot=small("hard")) == first


def test_a_ship_hint_names_its_coins() -> None:
    """Taking a ship pays its coins at once (rulebook, Gain Income): the reason says so."""
    state = new_game(GameConfig(players=("A", "B")), 2)
    db = cards_for(state)
    slot = next((i for i, c in enumerate(state.market) if c >= 0 and db.type[c] == "ship"), None)
    if slot is None:  # put a ship in the market
        ship = db.index_of["A-22"]
        market = (ship, *state.market[1:])
        state = replace(state, market=market, deck=tuple(c for c in state.deck if c != ship))
        slot = 0
    reason = explain_move(state, PickBuilding(slot))
    gained = db.coins[state.market[slot]]
    # this deal: the Ship's own coins, plus the ship income of the kingdom it goes to (East Anglia)
    east_anglia = db.kingdoms[state.players[state.current].colour][1]
    assert (east_anglia.income, gained, east_anglia.income_value) == ("ship", 2, 2)
    assert (
        reason == f"the Ship is free; the turn nets +{gained + east_anglia.income_value} coins; East Anglia +1 citizen"
    )


def test_unknown_bot_name_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown computer player 'grandmaster'"):
        make_bot("grandmaster")
