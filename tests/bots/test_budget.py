"""Issue 27: a level's strength is its iteration budget, so a seed plays the same game however
busy the machine is (the caps are safety nets no ordinary search meets)."""

from __future__ import annotations

import hashlib
import subprocess
import sys

import msgspec

from norsewind_tui.bots import MCTSBot, make_bot
from norsewind_tui.bots.registry import HARD, NORMAL
from norsewind_tui.bots.tournament import bot_seed
from norsewind_tui.rules import GameConfig, Move, apply, legal_moves, new_game

SEED = 11
# The game that seed plays (105 decisions): any machine, any load. A change to the bots' play
# changes it; then write the new one here, having checked that the idle and busy games agree.
DIGEST = "2b71cdc95154cfb9c11246e7a10b833b336c0d1ce61cb1b8389a97cb20a3eecb"


def hard_against_greedy() -> tuple[list[Move], int]:
    """The seeded game, hard in seat 1 and greedy in seat 2: its moves and the searches capped."""
    state = new_game(GameConfig(players=("hard", "greedy")), SEED)
    bots = [make_bot("hard", bot_seed(SEED, 0)), make_bot("greedy", bot_seed(SEED, 1))]
    moves: list[Move] = []
    capped = 0
    while state.phase != "over":
        bot = bots[state.current]
        move = bot.decide(state)
        if isinstance(bot, MCTSBot) and len(legal_moves(state)) > 1:
            capped += bot.last_search.capped
        moves.append(move)
        state = apply(state, move)
    return moves, capped


def digest(moves: list[Move]) -> str:
    return hashlib.sha256(msgspec.json.encode(moves)).hexdigest()


def test_the_levels_have_no_wall_clock_cap() -> None:
    assert HARD.time_cap is None and NORMAL.time_cap is None
    assert (HARD.iterations, NORMAL.iterations) == (240, 40)


def test_a_seeded_game_replays_identically_under_a_cpu_hog() -> None:
    idle, idle_capped = hard_against_greedy()
    hog = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        busy, busy_capped = hard_against_greedy()
    finally:
        hog.kill()
        hog.wait()
    assert (idle_capped, busy_capped) == (0, 0)
    assert busy == idle
    assert (len(idle), digest(idle)) == (105, DIGEST)
