"""Puzzles collected from the host's analysed games (issue 43): the player's own seats, and another
player's only when their settings allow it; the truth's judge decides which positions are puzzles."""

from __future__ import annotations

from pathlib import Path

from norsewind_tui import puzzles
from norsewind_tui.bots.truth import Candidate
from norsewind_tui.options import Options
from norsewind_tui.rules import GameConfig, State
from norsewind_tui.rules.engine import legal_moves
from norsewind_tui.rules.moves import Move
from norsewind_tui.storage.analysis import ANALYSIS_FORMAT, Analysis, Verdict, log_key, write_analysis
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.format import SeatMeta
from norsewind_tui.storage.puzzles import PuzzleBook
from norsewind_tui.storage.settings import Settings

judged: list[int] = []


def judge(state: State, made: Move, deals: int) -> tuple[Move, tuple[Candidate, ...]]:
    """The truth, fixed: the first legal move beats the decision made by 9 points, 2 apart."""
    judged.append(len(state.players))
    best = legal_moves(state)[0]
    assert best != made
    return best, (Candidate((best,), 20.0, 0.0, 0.0), Candidate((made,), 11.0, 9.0, 2.0))


def analysed_game(context: AppContext, names: tuple[str, ...]) -> str:
    seats = [SeatMeta(n) for n in names]
    game = context.games.create(GameConfig(players=names), 4, seats)
    moves = legal_moves(game.state)
    game.push(moves[1])  # the first seat's decision: judged a mistake by the analysis below
    key = log_key(game.session, context.games.cards.digest)
    verdict = Verdict(0, 1, "Ana took a card.", "take the Inn", 9.0, True, 2.0)
    write_analysis(game.path.parent, game.name, Analysis(ANALYSIS_FORMAT, key, 0, "hard", 3.0, (verdict,)))
    name = game.name
    game.close()
    return name


def test_own_games_give_puzzles_and_others_only_when_they_allow_it(saves: Path) -> None:
    context = AppContext(Options(saves=str(saves)))
    mine = analysed_game(context, ("ana", "bo"))
    theirs = analysed_game(context, ("cy", "ana"))  # cy's seat 0 was analysed: cy has not allowed it
    assert puzzles.collect(context, "ana", deals=3, judge=judge) == 1
    book = PuzzleBook(saves).load()
    assert [(p.source, p.owner) for p in book.puzzles] == [(mine, "ana")]
    assert book.puzzles[0].analysis == "Turn 1: Ana took a card: a mistake; to take the Inn was worth about +9."
    context.settings.save("cy", Settings(puzzles=True))
    assert puzzles.collect(context, "ana", deals=3, judge=judge) == 1  # ana's again (known), and cy's
    assert [(p.source, p.owner) for p in PuzzleBook(saves).load().puzzles] == [(mine, "ana"), (theirs, "cy")]
