"""The engine protocol (issue 29, docs/ENGINE.md): outside engines as bots, broken ones, a planted cheater.

The engines are real programs on real pipes: ``examples/engine.py``, ``norsewind engine`` and the
broken ones of ``tests/fixtures/engines/broken.py``.  A game whose engine fails at its first decision
is greedy against greedy from the start (the fallback has the seat's seed), so its result is known
exactly; a game whose engine fails later is replayed here decision by decision.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import shlex
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest
from example_engine import BROKEN, EXAMPLE, PY, ROOT, example_module

from norsewind_tui.bots.engine import EngineBot, EngineFault, EngineSpec, fault_line
from norsewind_tui.bots.greedy import GreedyBot
from norsewind_tui.bots.mcts import MCTSBot
from norsewind_tui.bots.protocol import (
    PROTOCOL,
    Clock,
    Decide,
    Hello,
    View,
    decode_move,
    encode,
    encode_move,
    seat_view,
    state_of,
)
from norsewind_tui.bots.registry import make_bot
from norsewind_tui.bots.speak import Unspoken, speak
from norsewind_tui.bots.tournament import (
    BotGame,
    bot_seed,
    duel_tasks,
    entry_stats,
    play_game,
    run_tasks,
    with_engines,
)
from norsewind_tui.bots.view import public_state
from norsewind_tui.rules import (
    ChooseKingdom,
    GameConfig,
    Move,
    PickBuilding,
    PickCastle,
    PlaceCitizen,
    PlaceDisc,
    TakeFrom,
    apply,
    legal_moves,
    new_game,
)
from norsewind_tui.rules.cards import default_cards
from norsewind_tui.rules.moves import DECLINE, PASS, REFRESH
from norsewind_tui.rules.scoring import final_result
from norsewind_tui.rules.state import State

OURS = f"{PY} -m norsewind_tui.cli engine --bot greedy"
NAMES = ["engine", "greedy"]
SEED = 3


def env() -> dict[str, str]:
    """This checkout first on the path (for ``norsewind engine`` and the command itself)."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}


@pytest.fixture(autouse=True)
def _checkout_on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", env()["PYTHONPATH"])


def mid_game(seed: int, plies: int, players: int = 2) -> State:
    state = new_game(GameConfig(players=tuple("ABCD"[:players])), seed)
    rng = random.Random(seed)
    for _ in range(plies):
        state = apply(state, rng.choice(legal_moves(state)))
    return state


def permuted(state: State, rng: random.Random) -> State:
    """The same information set: the hidden order of the decks and the box shuffled, another seed."""
    deck, reserve, box = list(state.deck), list(state.reserve), list(state.box)
    for pile in (deck, reserve, box):
        rng.shuffle(pile)
    return msgspec.structs.replace(
        state, deck=tuple(deck), reserve=tuple(reserve), box=tuple(box), seed=rng.getrandbits(31)
    )


def replay(seed: int, engine_move: Callable[[State, list[Move], int], Move | None]) -> tuple[BotGame, State | None]:
    """A game of seat 0 (``engine_move(state, moves, n)`` for its n-th decision with a choice; None: it
    failed there, greedy plays on) against greedy; the result and the state where it failed."""
    state = new_game(GameConfig(players=("engine (1)", "greedy (2)")), seed)
    greedy = [GreedyBot(bot_seed(seed, 0)), GreedyBot(bot_seed(seed, 1))]
    asked, decisions, failed_at = 0, 0, None
    while state.phase != "over":
        moves = legal_moves(state)
        move = None
        if state.current == 0 and len(moves) > 1 and failed_at is None:
            move = engine_move(state, moves, asked)
            asked += 1
            if move is None:
                failed_at = state
        state = apply(state, move or greedy[state.current].decide(state))
        decisions += 1
    result = final_result(state)
    return BotGame(seed, (0, 1), result.scores, result.winners, decisions, ((), ()), (0, 0)), failed_at


def first_choice(seed: int) -> State:
    """The first decision with a choice of seat 0 in a greedy game (where an engine failing at once fails)."""
    _, state = replay(seed, lambda s, m, n: None)
    assert state is not None
    return state


def outcome(game: BotGame) -> tuple[object, ...]:
    return (game.scores, game.winners, game.decisions)


# --------------------------------------------------------------------------- the messages


def test_moves_are_written_as_their_tag_and_numbers() -> None:
    moves: list[Move] = [
        PickBuilding(2),
        PickCastle(0),
        REFRESH,
        PASS,
        ChooseKingdom(3),
        TakeFrom(1),
        DECLINE,
        PlaceCitizen(0, -2, 1),
        PlaceDisc(1, 0, 1),
    ]
    written = [encode_move(m) for m in moves]
    assert written == [
        '["building",2]',
        '["castle",0]',
        '["refresh"]',
        '["pass"]',
        '["kingdom",3]',
        '["supply",1]',
        '["decline"]',
        '["citizen",0,-2,1]',
        '["disc",1,0,1]',
    ]
    assert [decode_move(w) for w in written] == moves


def test_the_view_is_every_field_of_the_state_but_the_seed() -> None:
    """A new field of State fails here: the protocol (and its version) must be looked at again."""
    assert set(View.__struct_fields__) == set(State.__struct_fields__) - {"seed"}
    state = mid_game(5, 31)
    view = seat_view(state)
    assert list(view.deck) == sorted(state.deck) != list(state.deck)
    assert list(view.reserve) == sorted(state.reserve)
    assert state_of(view) == public_state(state)
    assert view.players[1].kingdoms[0].tile == state.players[1].kingdoms[0].tile
    as_json = json.loads(msgspec.json.encode(view))
    assert "seed" not in as_json and set(as_json["players"][0]["kingdoms"][0]) == {
        "tile",
        "buildings",
        "castle",
        "figures",
        "discs",
    }


def test_what_is_sent_is_the_same_whatever_the_hidden_order() -> None:
    rng = random.Random(9)
    for plies in (0, 12, 40):
        state = mid_game(7, plies, players=3)
        other = permuted(state, rng)
        assert other.deck != state.deck
        messages = [
            encode(Decide(4, s.current, seat_view(s), tuple(legal_moves(s)), Clock(5000, 120))) for s in (state, other)
        ]
        assert messages[0] == messages[1]


# --------------------------------------------------------------------------- broken engines


def play_broken(command: str, capsys: pytest.CaptureFixture[str], move_s: float = 5.0) -> tuple[BotGame, str]:
    engines = {"engine": EngineSpec(command, move_s=move_s, start_s=max(move_s, 5.0))}
    game = play_game(NAMES, SEED, engines=engines)
    return game, capsys.readouterr().err


def fails_at_once(command: str, what: str, capsys: pytest.CaptureFixture[str], move_s: float = 5.0) -> None:
    game, err = play_broken(command, capsys, move_s)
    assert outcome(game) == outcome(play_game(["greedy", "greedy"], SEED))  # greedy from the start
    assert game.faults == (1, 0)
    turn = first_choice(SEED).turn
    assert err == (f"engine {command!r} (seat 1, turn {turn}) {what}: greedy plays seat 1 to the end of the game\n")


def test_an_engine_that_cannot_start(capsys: pytest.CaptureFixture[str]) -> None:
    what = "could not start ([Errno 2] No such file or directory: '/nonexistent/engine')"
    fails_at_once("/nonexistent/engine", what, capsys)


def test_an_engine_that_crashes_at_start(capsys: pytest.CaptureFixture[str]) -> None:
    fails_at_once(f'{PY} -c "import sys; sys.exit(3)"', "exited with status 3", capsys)


def test_an_engine_that_writes_garbage(capsys: pytest.CaptureFixture[str]) -> None:
    fails_at_once(f"{BROKEN} garbage", "wrote 'hello there', which is not a line of protocol 1", capsys)


def test_an_engine_that_answers_an_illegal_index(capsys: pytest.CaptureFixture[str]) -> None:
    n = len(legal_moves(first_choice(SEED)))
    what = f"answered move {n}, but the moves offered were 0 to {n - 1}"
    fails_at_once(f"{BROKEN} illegal", what, capsys)


def test_an_engine_silent_past_its_time(capsys: pytest.CaptureFixture[str]) -> None:
    fails_at_once(f"{BROKEN} silent", "gave no answer within 0.3 s", capsys, move_s=0.3)


def test_an_engine_of_another_protocol(capsys: pytest.CaptureFixture[str]) -> None:
    fails_at_once(f"{BROKEN} version", "speaks protocol 2, not 1", capsys)


def test_an_engine_that_crashes_mid_game(capsys: pytest.CaptureFixture[str]) -> None:
    """Twelve decisions of the engine (move 0 each), then it exits: greedy finishes the game for it."""
    game, err = play_broken(f"{BROKEN} exit-after 12", capsys)
    expected, failed_at = replay(SEED, lambda s, moves, n: moves[0] if n < 12 else None)
    assert failed_at is not None and failed_at.turn > first_choice(SEED).turn + 3
    assert outcome(game) == outcome(expected)
    assert game.faults == (1, 0)
    command = f"{BROKEN} exit-after 12"
    assert err == (
        f"engine {command!r} (seat 1, turn {failed_at.turn}) exited with status 4: "
        "greedy plays seat 1 to the end of the game\n"
    )


def test_a_fault_is_reported_once_and_the_engine_is_not_asked_again(capsys: pytest.CaptureFixture[str]) -> None:
    faults: list[EngineFault] = []
    bot = EngineBot(11, EngineSpec(f"{BROKEN} garbage"), report=faults.append)
    state = first_choice(SEED)
    assert bot.decide(state) == GreedyBot(11).decide(state)
    assert bot.decide(state) == GreedyBot(11).decide(state)
    assert faults == [EngineFault("garbage", f"{BROKEN} garbage", 0, state.turn, line="hello there")]
    assert capsys.readouterr().err == ""
    assert fault_line(faults[0]).startswith(f"engine {BROKEN + ' garbage'!r} (seat 1, turn {state.turn}) wrote")


def test_a_broken_engine_through_the_command(tmp_path: Path) -> None:
    """``norsewind simulate --engine``: the game ends, the statistics are printed, stderr says why."""
    done = subprocess.run(
        [sys.executable, "-m", "norsewind_tui.cli", "simulate", "--engine", f"{BROKEN} illegal", "--games", "1"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**env(), "COLUMNS": "80"},
        timeout=120,
        check=False,
    )
    assert done.returncode == 0
    n = len(legal_moves(first_choice(0)))
    assert done.stderr == (
        f"engine {BROKEN + ' illegal'!r} (seat 1, turn {first_choice(0).turn}) answered move {n}, "
        f"but the moves offered were 0 to {n - 1}: greedy plays seat 1 to the end of the game\n"
    )
    assert "engine*: greedy finished the 1 game(s) engine failed in (stderr says why)" in done.stdout


def test_a_game_a_stand_in_finished_is_counted_apart(tmp_path: Path) -> None:
    """Issue 39.15: an engine that exits at its first decision won nothing; greedy's win for it is
    the row ``engine*``, not the engine's (it was ``engine 1 100% ... +5.0``)."""
    argv = [sys.executable, "-m", "norsewind_tui.cli", "simulate", "--engine", f"{BROKEN} exit-after 0", "--games", "1"]
    run = {"capture_output": True, "text": True, "cwd": tmp_path, "timeout": 120, "check": False}
    done = subprocess.run(argv, env={**env(), "COLUMNS": "80"}, **run)  # type: ignore[call-overload]
    assert done.returncode == 0
    rows = [re.sub(r"\d\.\d\d/\d\.\d\d", "T", line).rstrip() for line in done.stdout.splitlines()]
    assert rows == [
        "1 game(s): engine, greedy; 2 players, seats alternated",
        "",
        " bot      games    win % [95%]  score  margin    think s",
        " " + "─" * 55,
        " engine       0              -      -       -          -",
        " greedy       1      0% [0-79]  107.0    -5.0  T",
        " engine*      1  100% [21-100]  112.0    +5.0  T",
        "",
        "think s: seconds per decision, median/worst",
        "engine*: greedy finished the 1 game(s) engine failed in (stderr says why)",
    ]
    done = subprocess.run([*argv, "--json"], env=env(), **run)  # type: ignore[call-overload]
    got = json.loads(done.stdout)
    own = [(b["name"], b["games"], b["wins"], b["faults"]) for b in got["bots"]]
    apart = [(b["name"], b["games"], b["wins"], b["mean_score"], b["mean_margin"]) for b in got["standins"]]
    assert (own, apart) == ([("engine", 0, 0.0, 1), ("greedy", 1, 0.0, 0)], [("engine", 1, 1.0, 112.0, 5.0)])


# --------------------------------------------------------------------------- no peeking


def test_a_planted_cheater_is_sent_no_hidden_card(tmp_path: Path) -> None:
    """The cheater plays by the "top card of the deck" it is sent: every line it received is exactly
    the host's view of a seat (sorted decks, no seed), and the game replays without the real order."""
    log = tmp_path / "received.jsonl"
    command = f"{BROKEN} cheater {shlex.quote(str(log))}"
    game = play_game(NAMES, SEED, engines={"engine": EngineSpec(command)})
    lines = log.read_bytes().splitlines(keepends=True)
    db = default_cards()
    assert lines[0] == encode(Hello(PROTOCOL, db.digest, db.card_set))
    assert lines[-1] == b'{"type":"bye"}\n'
    decides = iter(lines[1:-1])
    unsorted = 0

    def cheater(state: State, moves: list[Move], n: int) -> Move:
        nonlocal unsorted
        line = next(decides)
        clock = json.loads(line)["clock"]
        assert clock["move_ms"] == 5000
        assert line == encode(Decide(n + 1, 0, seat_view(state), tuple(moves), Clock(5000, clock["used_ms"])))
        sent = json.loads(line)["view"]
        assert "seed" not in sent and sent["deck"] == sorted(state.deck)
        unsorted += list(state.deck) != sorted(state.deck)
        return moves[(sent["deck"][0] if sent["deck"] else 0) % len(moves)]

    expected, failed = replay(SEED, cheater)
    assert failed is None and next(decides, None) is None  # every line accounted for
    assert unsorted > 10  # the real order was there to leak, and was not sent
    assert outcome(game) == outcome(expected) and game.faults == (0, 0)


def test_an_engine_decides_the_same_whatever_the_hidden_order(tmp_path: Path) -> None:
    def no_fault(fault: EngineFault) -> None:
        pytest.fail(fault_line(fault))

    bot = EngineBot(0, EngineSpec(f"{BROKEN} cheater {shlex.quote(str(tmp_path / 'log'))}"), report=no_fault)
    rng = random.Random(4)
    try:
        for plies in (0, 9, 26, 47):
            state = mid_game(21, plies, players=3)
            assert bot.decide(state) == bot.decide(permuted(state, rng)) == bot.decide(permuted(state, rng))
    finally:
        bot.close()


# --------------------------------------------------------------------------- tournaments


def example_game(
    names: tuple[str, ...], entries: tuple[int, ...], seed: int, at: int, level: int | None = None
) -> BotGame:
    """The example engine in seat ``at`` against greedy (or solo at ``level``), replayed here: its rule
    of thumb on the view as JSON, its own ``random.Random(0)`` (one program per game)."""
    example = example_module()
    cards = msgspec.to_builtins(default_cards().card_set)["cards"]
    players = tuple(f"{n} ({i + 1})" for i, n in enumerate(names))
    state = new_game(GameConfig(players=players, level=level or 1), seed)
    greedy = GreedyBot(bot_seed(seed, 1 - at))
    rng = random.Random(0)
    think: list[list[float]] = [[] for _ in names]
    decisions = 0
    while state.phase != "over":
        moves = legal_moves(state)
        if len(moves) > 1:
            think[state.current].append(0.0)
        if state.current == at and len(moves) > 1:
            view: dict[str, Any] = msgspec.to_builtins(seat_view(state))
            scores = [example.score(msgspec.to_builtins(m), view, cards) for m in moves]
            move = moves[rng.choice([i for i, s in enumerate(scores) if s == max(scores)])]
        else:
            move = moves[0] if len(moves) == 1 else greedy.decide(state)
        state = apply(state, move)
        decisions += 1
    r = final_result(state)
    zeros = (0,) * len(names)
    return BotGame(seed, entries, r.scores, r.winners, decisions, tuple(map(tuple, think)), zeros, zeros)


def without_times(stats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in s.items() if k not in ("think_median", "think_worst")} for s in stats]


def test_the_example_plays_twenty_games_against_greedy_through_simulate(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "norsewind_tui.cli", "simulate", "--engine", EXAMPLE, "--games", "20", "--json"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env(),
        timeout=300,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    got = json.loads(done.stdout)
    games = [example_game(t.names, t.entries, t.seed, t.entries.index(0)) for t in duel_tasks(NAMES, 20, 0)]
    expected = [msgspec.to_builtins(s) for s in entry_stats(games, NAMES)]
    assert (got["level"], got["seed"]) == (None, 0)
    assert without_times(got["bots"]) == without_times(expected)
    assert [(b["name"], b["games"], b["faults"]) for b in got["bots"]] == [("engine", 20, 0), ("greedy", 20, 0)]


def test_our_greedy_through_pipes_plays_as_greedy_in_process() -> None:
    """``norsewind engine --bot greedy`` as the outside engine: the same games as greedy against greedy."""
    piped = run_tasks(with_engines(duel_tasks(NAMES, 2, 5), {"engine": EngineSpec(OURS)}))
    local = run_tasks(duel_tasks(["greedy", "greedy"], 2, 5))
    assert [outcome(g) for g in piped] == [outcome(g) for g in local]
    assert [g.faults for g in piped] == [(0, 0), (0, 0)]


def test_the_example_and_our_engine_play_each_other_through_pipes() -> None:
    engines = {"example": EngineSpec(EXAMPLE), "ours": EngineSpec(OURS)}
    game = play_game(["example", "ours"], 2, engines=engines)
    assert game.faults == (0, 0)
    assert outcome(game) == outcome(example_game(("example", "ours"), (0, 1), 2, 0))


# --------------------------------------------------------------------------- norsewind engine


def test_norsewind_engine_answers_a_session() -> None:
    """The protocol's other side in-process: ready to the hello, greedy's move's index to a decide."""
    db = default_cards()
    state = mid_game(8, 20)
    moves = tuple(legal_moves(state))
    source = io.BytesIO(
        encode(Hello(PROTOCOL, db.digest, db.card_set))
        + b"\n"
        + encode(Decide(1, state.current, seat_view(state), moves, Clock(5000, 0)))
        + b'{"type":"bye"}\n'
        + b"never read\n"
    )
    sink = io.BytesIO()
    bot = GreedyBot(0)
    assert speak(bot, source, sink) == 1
    index = moves.index(GreedyBot(0).decide(state))
    assert sink.getvalue() == b'{"type":"ready","protocol":1,"name":"greedy"}\n' + (
        b'{"type":"move","id":1,"index":%d}\n' % index
    )


def test_norsewind_engine_refuses_what_is_not_the_protocol() -> None:
    with pytest.raises(Unspoken) as caught:
        speak(GreedyBot(0), io.BytesIO(b'{"type":"hello","protocol":1}\n'), io.BytesIO())
    assert caught.value.args[0] == "not a line of the protocol"
    done = subprocess.run(
        [sys.executable, "-m", "norsewind_tui.cli", "engine"],
        input="hello\n",
        capture_output=True,
        text=True,
        env=env(),
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("norsewind engine: not a line of the protocol: ")


def test_norsewind_engine_searches_within_the_hosts_clock() -> None:
    """The hard player has no wall-clock cap of its own; the host's gives one of 60 % of the answer's
    limit: 100 ms gives 60 ms."""
    db = default_cards()
    state = mid_game(8, 20)
    moves = tuple(legal_moves(state))
    decide = Decide(1, state.current, seat_view(state), moves, Clock(100, 0))
    source = io.BytesIO(encode(Hello(PROTOCOL, db.digest, db.card_set)) + encode(decide))
    sink = io.BytesIO()
    bot = make_bot("hard", 0)
    assert isinstance(bot, MCTSBot) and bot.config.time_cap is None
    assert speak(bot, source, sink) == 1
    assert bot.config.time_cap == pytest.approx(0.06)
    answer = json.loads(sink.getvalue().splitlines()[1])
    assert answer["id"] == 1 and 0 <= answer["index"] < len(moves)


def test_an_engine_plays_solo_against_the_vikings() -> None:
    game = play_game(["engine"], 4, level=3, engines={"engine": EngineSpec(EXAMPLE)})
    assert game.faults == (0,) and game.vikings is not None and game.margin == game.scores[0] - game.vikings
    assert outcome(game) == outcome(example_game(("engine",), (0,), 4, 0, level=3))
