"""The puzzles' English (issue 43): the position as its player saw it, the question, the answer."""

from __future__ import annotations

from ..rules.cards import CardDB
from ..rules.moves import Move
from ..rules.state import State
from . import board
from . import lines as say
from .moves import move_words
from .prompts import prompt
from .review import costly_words, verdict_words

MENU = "Today's puzzle (find the better decision, the same for every player)"
FIND = "Find the better decision (one try)."
NONE_YET = "No puzzle yet on this host: the truth set is not built and no analysed game gave one."


def title(day: str, source: str) -> str:
    where = "from the shipped games" if source == "shipped" else f"from the game {source}"
    return f"Puzzle of {day}, {where}"


def position_lines(state: State, db: CardDB, names: tuple[str, ...]) -> list[str]:
    """What the seat to move saw: the scores, the market, the castles, its kingdoms, the question."""
    seat = state.current
    out = say.score_lines(state, names)
    out += [board.market_card(state, db, slot) for slot in range(len(state.market))]
    out += [board.supply(state, s) for s in range(len(state.supplies))]
    out += [board.castle(state, db, i) for i in range(len(state.display))]
    out += [board.kingdom_row(state, db, seat, row) for row in range(4)]
    out.append(say.decision_line(state, prompt(state, names)))
    return out


Plan = tuple[Move, ...]


def answer_lines(
    right: bool,
    state: State,
    db: CardDB,
    choices: list[tuple[Plan, float, float]],
    made: tuple[str, float],
    deals: int,
    analysis: str = "",
) -> list[str]:
    """Right or not, the best decision with the analysis's words on the game's, every choice's rollouts."""
    best = choices[0][0]
    words = move_words(state, best[0], best, db)
    out = ["Right: that is the better decision." if right else "Not this time."]
    out.append(f"The better decision: {words}.")
    made_words, made_cost = made
    if analysis:
        out.append(f"The analysis: {analysis}")
    elif made_cost > 0:
        out.append(f"In the game the choice was to {made_words}: {costly_words(made_cost, words, 0.0)}.")
    else:
        out.append("In the game the better decision was made.")
    out.append(f"The rollouts ({deals} shared deals each, played to the end):")
    for plan, cost, half in choices:
        text = move_words(state, plan[0], plan, db)
        out.append(f"  {text}: {'the best' if cost == 0 else f'{-cost:+.1f} points ±{half:.1f}'}")
    return out


def analysis_words(turn: int, made: str, best: str, loss: float) -> str:
    """The analysis's verdict on the decision made, as the review says it (a costly one)."""
    return verdict_words(turn, made, best, loss, True)


def standing_words(rating: int, tries: int, streak: int) -> str:
    tried = f"{tries} tr{'ies' if tries != 1 else 'y'}"
    return f"puzzles: rating {rating} over {tried}, streak {streak} day{'s' if streak != 1 else ''}"


def cannot(problem: str) -> str:
    return f"Cannot open the puzzles: {problem}"
