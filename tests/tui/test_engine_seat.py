"""An outside engine in a seat of the app (issue 29): ``norsewind --engine CMD`` offers the seat kind,
the engine plays its turns through the driver, and a broken or missing one is a line while greedy
plays on.  The engines are the real programs of ``tests/fixtures/engines/broken.py``."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import msgspec
from textual.message import Message
from textual.notifications import Notify

from norsewind_tui.bots.engine import EngineFault, fault_line
from norsewind_tui.bots.greedy import GreedyBot
from norsewind_tui.bots.protocol import seat_view
from norsewind_tui.options import Options
from norsewind_tui.rules import GameConfig, legal_moves
from norsewind_tui.rules.moves import Move
from norsewind_tui.rules.state import State
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.format import SeatMeta
from norsewind_tui.storage.saves import SavedGame
from norsewind_tui.tui.app import NorsewindApp
from norsewind_tui.tui.computer import bot_seed, no_engine_line
from norsewind_tui.tui.messages import EngineNotice, GameChanged

from .helpers import PROFILE, aio
from .screens import game_screen
from .waits import until

ROOT = Path(__file__).resolve().parents[2]
BROKEN = f"{shlex.quote(sys.executable)} {shlex.quote(str(ROOT / 'tests' / 'fixtures' / 'engines' / 'broken.py'))}"
SEED = 12


def library(saves: Path, engine: str | None) -> AppContext:
    return AppContext(Options(saves=str(saves), profile=PROFILE, engine=engine))


def engine_game(lib: AppContext) -> SavedGame:
    seats = [SeatMeta("Ana"), SeatMeta("Eng", "computer", "engine")]
    return lib.new_game(GameConfig(players=("Ana", "Eng")), SEED, seats)


def engine_app(saves: Path, engine: str | None) -> tuple[NorsewindApp, SavedGame]:
    """The app (started with ``--engine engine``) on a new game of Ana and an engine's seat."""
    lib = library(saves, engine)
    game = engine_game(lib)
    return NorsewindApp(lib, game=game, seed=5, computer_delay=0.0, theme="norsewind"), game


def played_and_greedys(game: SavedGame) -> tuple[list[Move], list[Move]]:
    """The moves played at the engine seat's decisions, and the ones greedy (that seat's) makes there."""
    greedy = GreedyBot(bot_seed(SEED, 1))
    states = engine_states(game)
    return [legal_moves(s)[i] for s, i in states], [greedy.decide(s) for s, _ in states]


class Troubles:
    """The engine notices the driver posted, the notifications shown, and any other trouble."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.shown: list[str] = []
        self.other: list[str] = []

    def __call__(self, message: Message) -> None:
        if isinstance(message, EngineNotice) and message.line not in self.lines:
            self.lines.append(message.line)
        elif isinstance(message, Notify) and message.notification.message not in self.shown:
            self.shown.append(message.notification.message)
        elif isinstance(message, GameChanged) and message.change is None:
            self.other.append(message.trouble)


async def play(app: NorsewindApp, game: SavedGame, pilot: Any, engine_turns: int = 10_000) -> None:
    """Ana chooses with Enter; the engine's seat is the driver's, until the game ends (or the seat
    has had ``engine_turns`` decisions with a choice)."""
    for _ in range(4000):
        if type(app.screen).__name__ != "GameScreen" or len(engine_states(game)) >= engine_turns:
            return
        if game.state.current == 0:
            await pilot.press("enter")
            continue
        await until(pilot, lambda: game.state.current == 0 or game.state.is_over, "the engine's decision")


def engine_states(game: SavedGame) -> list[tuple[State, int]]:
    """The states where the engine's seat had a choice, each with the index of the move played."""
    s = game.session
    out = []
    for i in range(s.position):
        state = s.states[i]
        moves = legal_moves(state)
        if state.current == 1 and len(moves) > 1:
            out.append((state, moves.index(s.moves[i])))
    return out


@aio
async def test_the_new_game_form_offers_the_outside_engine_it_was_started_with(saves: Path) -> None:
    for engine, offered in ((None, False), (f"{BROKEN} silent", True)):
        app = NorsewindApp(library(saves, engine), seed=5, computer_delay=0.0, theme="norsewind")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")
            screen: Any = app.screen
            screen.query_one("#player-count").value = 2
            await pilot.pause()
            kinds = dict((value, label) for label, value in screen.query_one("#kind-1")._options)
            assert ("engine" in kinds) is offered
            if offered:
                assert kinds["engine"] == "Outside engine"
                screen.query_one("#kind-1").value = "engine"
                await pilot.pause()
                assert screen.query_one("#name-1").value == "Engine bot 2"
                await pilot.press("ctrl+s")
                await until(pilot, lambda: type(pilot.app.screen).__name__ == "GameScreen", "the game")
                game: Any = game_screen(app).game
                assert [(seat.kind, seat.bot) for seat in game.seats] == [("human", None), ("computer", "engine")]


@aio
async def test_an_outside_engine_plays_its_seat_to_the_end_of_a_game(saves: Path, tmp_path: Path) -> None:
    """The engine (a planted cheater) gets exactly the seat's view at each of its decisions, and its
    answers are the moves played; when the game is left, it is told bye."""
    log = tmp_path / "received.jsonl"
    app, game = engine_app(saves, f"{BROKEN} cheater {shlex.quote(str(log))}")
    troubles = Troubles()
    async with app.run_test(size=(80, 24), message_hook=troubles) as pilot:
        await play(app, game, pilot)
        assert type(app.screen).__name__ == "EndScreen"
    assert troubles.lines == troubles.shown == troubles.other == []
    lines = [json.loads(line) for line in log.read_bytes().splitlines()]
    assert lines[0]["type"] == "hello" and lines[-1] == {"type": "bye"}
    decides = lines[1:-1]
    played = engine_states(game)
    assert len(decides) == len(played) > 20
    for message, (state, index) in zip(decides, played, strict=True):
        assert message["view"] == json.loads(msgspec.json.encode(seat_view(state)))  # sorted decks, no seed
        deck = message["view"]["deck"]
        assert index == (deck[0] if deck else 0) % len(legal_moves(state))  # the engine's answer, played


@aio
async def test_a_broken_engine_is_one_line_and_greedy_plays_its_seat(saves: Path) -> None:
    command = f"{BROKEN} garbage"
    app, game = engine_app(saves, command)
    troubles = Troubles()
    async with app.run_test(size=(80, 24), message_hook=troubles) as pilot:
        await play(app, game, pilot, engine_turns=4)
        await until(pilot, lambda: game.state.current == 0, "Ana's turn")
        assert "greedy plays seat 2 to the end of the game" in troubles.lines[0]
    first = engine_states(game)[0][0]
    assert troubles.lines == [fault_line(EngineFault("garbage", command, 1, first.turn, line="hello there"))]
    assert troubles.shown == troubles.lines and troubles.other == []
    played, greedys = played_and_greedys(game)
    assert played == greedys


@aio
async def test_an_engine_seat_in_an_app_without_an_engine_is_played_by_greedy(saves: Path) -> None:
    app, game = engine_app(saves, None)
    troubles = Troubles()
    async with app.run_test(size=(80, 24), message_hook=troubles) as pilot:
        await play(app, game, pilot, engine_turns=3)
    assert troubles.lines == troubles.shown == [no_engine_line(1)]
    played, greedys = played_and_greedys(game)
    assert played == greedys
