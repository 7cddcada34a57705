"""Every decision's numbered choices are exactly the engine's legal moves, in words (issue 29), and
what the player types wrong is one clear line.  Played in-process on real saved games (a solo game,
a hot-seat game with the variants, a game against computer players), through the line mode's own
terminal (``LineIO``) writing to a string and reading a real pipe."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path
from typing import BinaryIO

from norsewind_tui.computer import Computer
from norsewind_tui.lines.conversation import Conversation
from norsewind_tui.lines.io import LineIO
from norsewind_tui.rules import moves as m
from norsewind_tui.rules.cards import KINGDOM_NAMES
from norsewind_tui.rules.engine import cards_for
from norsewind_tui.rules.state import GameConfig, State
from norsewind_tui.storage import GameStore, SeatMeta
from norsewind_tui.storage.saves import SavedGame
from norsewind_tui.words.nouns import supply_letter

CHOICE = re.compile(r"^(\d+)\. (.*)\.$")


def _words_name(move: m.Move, state: State) -> list[str]:
    """What the words of ``move`` must name, found from the move itself (not from the words module)."""
    db = cards_for(state)
    if isinstance(move, m.PickBuilding):
        return ["Take the ", db.name(state.market[move.slot]), f"from slot {move.slot + 1}:"]
    if isinstance(move, m.PickCastle):
        return [f"Buy castle {move.index + 1}: costs {db.cost[state.display[move.index]]}"]
    if isinstance(move, m.ChooseKingdom):
        return [KINGDOM_NAMES[move.row]]
    if isinstance(move, m.TakeFrom):
        return [f"from the {supply_letter(state.supply_kinds[move.supply])} supply"]
    if isinstance(move, (m.PlaceCitizen, m.PlaceDisc)):
        side = ("shield side up", "prestige side up")[move.side] if isinstance(move, m.PlaceDisc) else "citizen"
        return [KINGDOM_NAMES[move.row], side]
    if isinstance(move, m.Decline):
        return ["Return the old castle's disc"] if state.phase == "reuse_disc" else ["Take nothing"]
    if isinstance(move, m.Refresh):
        return ["Refresh the market"]
    assert isinstance(move, m.Pass)
    return ["Pass"]


def _play(game: SavedGame, inp: BinaryIO, seed: int) -> int:
    """Play ``game`` to its end through the conversation, checking every decision; how many were checked."""
    out = io.StringIO()
    conv = Conversation(game, LineIO(inp, out), Computer(game.session.seed))
    rng = random.Random(seed)
    checked = 0
    while not game.finished:
        conv.tell()
        if not conv.mine():
            assert conv.follow()  # a computer seat: it decides at once
            continue
        out.seek(0)
        out.truncate()
        conv.ask()
        lines = out.getvalue().splitlines()
        legal = game.session.legal_moves()
        assert lines[0].startswith(f"Turn {game.state.turn}. ")
        numbered = [CHOICE.match(line) for line in lines[1:-1]]
        assert all(numbered), lines
        assert [int(c.group(1)) for c in numbered if c] == list(range(1, len(legal) + 1))
        texts = [c.group(2) for c in numbered if c]
        assert len(set(texts)) == len(texts)  # no two choices read the same
        for move, text in zip(legal, texts, strict=True):
            for part in _words_name(move, game.state):
                assert part in text, (move, text)
        assert lines[-1] == (
            f"Choose 1 to {len(legal)}, or type a word (help lists them):"
            if len(legal) > 1
            else "Choose 1, or type a word (help lists them):"
        )
        pick = rng.randrange(len(legal))
        position = game.session.position
        conv.command(str(pick + 1))
        assert game.session.moves[position] == legal[pick]  # the number took exactly that move
        checked += 1
    return checked


def test_solo(tmp_path: Path, no_input: BinaryIO) -> None:
    store = GameStore(tmp_path)
    game = store.create(GameConfig(players=("Ana",), level=3), 21, [SeatMeta("Ana")])
    assert _play(game, no_input, 1) > 30


def test_hot_seat_with_the_variants(tmp_path: Path, no_input: BinaryIO) -> None:
    store = GameStore(tmp_path)
    config = GameConfig(players=("Ana", "Bo", "Cy"), start_choice=True, random_tiles=True)
    game = store.create(config, 8, [SeatMeta("Ana"), SeatMeta("Bo"), SeatMeta("Cy")])
    assert game.state.phase == "place_start"
    assert _play(game, no_input, 2) > 60


def test_against_computer_players(tmp_path: Path, no_input: BinaryIO) -> None:
    store = GameStore(tmp_path)
    seats = [SeatMeta("Ana"), SeatMeta("Hal", "computer", "greedy"), SeatMeta("Eve", "computer", "random")]
    game = store.create(GameConfig(players=("Ana", "Hal", "Eve")), 4, seats)
    assert _play(game, no_input, 3) > 20
