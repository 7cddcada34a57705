"""Where did I lose it? (issue 12): the hard computer player looks at each of a seat's decisions.

For every decision of the seat that had a real choice, the hard bot decides from what that
seat could see (``bots.view.public_state``: the decks' order and the seed are not given to
it), and both its choice and the decision made are valued the same way: the best way to
finish the turn after each, by the bots' evaluation (expected points at the end of the game;
in solo, against the Vikings), on one sample of the unseen deck order drawn from what the seat
saw.  A decision is *costly* when the bot's choice is worth at least ``THRESHOLD`` points more.

``judge`` is one decision (a pure function: the same position always gets the same verdict),
``analyse`` the whole seat, on several processes with ``jobs`` > 1.  No Textual here: the
review screen runs it in a worker thread, ``norsewind review --analyse`` under a progress bar.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from ..bots import MCTSBot
from ..bots.evaluate import evaluate
from ..bots.registry import STEADY
from ..bots.turns import TurnEnd, best_turn, masked
from ..bots.view import decision_rng, determinise, public_state
from ..rules.engine import apply, cards_for, legal_moves
from ..rules.moves import Move
from ..rules.session import Session
from ..rules.state import State
from ..storage.analysis import ANALYSIS_FORMAT, Analysis, Verdict, log_key
from ..words import move_words
from .timeline import Timeline

BOT = "hard"
SEED = 0
THRESHOLD = 3.0  # expected points: below this a different choice is a matter of taste
# The hard player's budget without its 1.8 s cap: a busy machine gives the same verdicts, only later.
SEARCH = STEADY

Progress = Callable[[int, int], None]  # (decisions done, decisions in all)


@dataclass(frozen=True)
class Job:
    """One decision to judge (picklable: it goes to another process with ``jobs`` > 1)."""

    decision: int
    state: State
    made: Move
    made_words: str
    threshold: float = THRESHOLD


def _value(sample: State, move: Move) -> float:
    """The expected points of ``move`` for the seat to move: the best way to finish the turn after it."""
    seat = sample.current
    child = apply(sample, move)
    if TurnEnd(sample)(child):
        return evaluate(masked(child, sample), seat)
    value, _ = best_turn(child, evaluate)
    return value


def judge(job: Job) -> Verdict:
    """The hard bot's choice for ``job``'s decision, and what the decision made cost against it."""
    view = public_state(job.state)  # no peeking: what the seat saw, not the deck's order
    bot = MCTSBot(SEED, SEARCH)
    best = bot.decide(view)
    plan = bot.last_search.plan
    turn = job.state.turn
    if best == job.made:
        return Verdict(job.decision, turn, job.made_words, "", 0.0, False)
    sample = determinise(view, decision_rng(SEED, view))
    loss = round(_value(sample, best) - _value(sample, job.made), 1)
    words = move_words(view, best, plan, cards_for(view))
    return Verdict(job.decision, turn, job.made_words, words, loss, loss >= job.threshold)


def jobs_for(session: Session, seat: int, threshold: float = THRESHOLD) -> list[Job]:
    """The decisions of ``seat`` that had more than one legal choice."""
    t = Timeline(session)
    out = []
    for d in range(t.end):
        state = t.state(d)
        if state.current == seat and len(legal_moves(state)) > 1:
            out.append(Job(d, state, session.moves[d], t.decision_words(d), threshold))
    return out


def analyse(
    session: Session,
    seat: int,
    cards_digest: str,
    jobs: int = 1,
    progress: Progress | None = None,
    threshold: float = THRESHOLD,
    should_stop: Callable[[], bool] | None = None,
) -> Analysis | None:
    """Every decision of ``seat`` judged (``jobs`` processes); None when ``should_stop`` said so."""
    work = jobs_for(session, seat, threshold)
    verdicts: list[Verdict] = []
    total = len(work)
    if progress is not None:
        progress(0, total)
    if jobs > 1 and total > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for verdict in pool.map(judge, work):
                verdicts.append(verdict)
                if progress is not None:
                    progress(len(verdicts), total)
    else:
        for job in work:
            if should_stop is not None and should_stop():
                return None
            verdicts.append(judge(job))
            if progress is not None:
                progress(len(verdicts), total)
    return Analysis(ANALYSIS_FORMAT, log_key(session, cards_digest), seat, BOT, threshold, tuple(verdicts))


def verdict_words(verdict: Verdict) -> str:
    """ "Turn 7: Astrid took the Farm from slot 4; to take the Inn in slot 2 into Mercia was worth about +6."."""
    made = verdict.made.rstrip(".")
    if not verdict.best:
        return f"Turn {verdict.turn}: {made}; the hard player agrees."
    if not verdict.costly:
        return f"Turn {verdict.turn}: {made}; the hard player would {verdict.best} (about the same)."
    return f"Turn {verdict.turn}: {made}; to {verdict.best} was worth about +{round(verdict.loss)}."
