"""Where did I lose it? (issues 12, 27): the hard computer player looks at each of a seat's decisions.

For every decision of the seat that had a real choice, the hard bot searches from what that
seat could see (``bots.view.public_state``: the decks' order and the seed are not given to it).
Its search proposes the candidates (its choice and the next plans it visited most), the
decision made joins them, and one measure values them all (``bots.judge.weigh``): on the same
sampled deals, each candidate's turn and one more round of greedy turns (near the end: on to
it), then the seat's expected margin in points.  The move judged best is the candidate of the
highest mean, and the loss of the decision made is its difference from that one, sample by
sample, with its 95 % interval: so the computer's choice can never look worse than the move it
replaces.  A decision that quick look finds costly gets a second look, which alone decides: on
``CHECK_SAMPLES`` deals of its own, every candidate played to the game's end.

The verdicts use lichess's words, with thresholds in expected points: an *inaccuracy* from
``INACCURACY``, a *mistake* from ``MISTAKE``, a *blunder* from ``BLUNDER``; below the first a
different choice is a matter of taste.  ``bench/analysis.py --planted`` checks them against
rollouts to the end of the game.

``judge`` is one decision (a pure function: the same position always gets the same verdict),
``analyse`` the whole seat, on several processes with ``jobs`` > 1.  No Textual here: the
review screen runs it in a worker thread, ``norsewind review --analyse`` under a progress bar.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from ..bots import MCTSBot
from ..bots.judge import TO_THE_END, Estimate, candidates, difference, weigh
from ..bots.registry import STEADY
from ..bots.view import decision_rng, public_state
from ..rules.engine import cards_for, legal_moves
from ..rules.moves import Move
from ..rules.session import Session
from ..rules.state import State
from ..storage.analysis import ANALYSIS_FORMAT, Analysis, Verdict, log_key
from ..words import move_words
from ..words import review as say
from ..words.review import BLUNDER as BLUNDER  # re-exported: bench/analysis.py
from ..words.review import INACCURACY
from ..words.review import MISTAKE as MISTAKE
from ..words.review import verdict_kind as verdict_kind
from .timeline import Timeline

BOT = "hard"
SEED = 0
THRESHOLD = INACCURACY  # a decision is costly (marked, n visits it) from an inaccuracy on
# The hard player's budget, its CPU cap out of reach: the same verdicts on any machine, only later.
SEARCH = STEADY
# A decision the quick look (one round, then the projection) finds costly is looked at again:
# on this many deals of its own, every candidate played to the game's end by greedy players, as
# bench/analysis.py --planted's rollouts are.  Against those rollouts (12 games, 202 decisions) the
# flagged losses consistent with them went from 85 % to 96 %, false alarms from 3 of 150 to 0 of 151.
CHECK_SAMPLES = 24

Progress = Callable[[int, int], None]  # (decisions done, decisions in all)


@dataclass(frozen=True)
class Job:
    """One decision to judge (picklable: it goes to another process with ``jobs`` > 1)."""

    decision: int
    state: State
    made: Move
    made_words: str
    threshold: float = THRESHOLD


def weighed(job: Job) -> tuple[Estimate, Estimate, list[Estimate]]:
    """The best candidate, the decision made, and every candidate, by the one measure: the quick
    look, or for a decision it finds costly the second look, which then decides alone."""
    view = public_state(job.state)  # no peeking: what the seat saw, not the deck's order
    bot = MCTSBot(SEED, SEARCH)
    choice = bot.decide(view)
    report = bot.last_search
    plans = candidates(report.plan or (choice,), report.visits, job.made)
    estimates = weigh(view, plans, decision_rng(SEED, view))
    best, made = _best_and_made(estimates, job.made)
    if best.move != made.move and best.mean - made.mean >= job.threshold:
        # a second look, on deals of its own (the first look's deals found the loss: on them it is
        # too large as often as not), every candidate played to the game's end
        estimates = weigh(view, plans, decision_rng(SEED + 1, view), CHECK_SAMPLES, TO_THE_END)
        best, made = _best_and_made(estimates, job.made)
    return best, made, estimates


def _best_and_made(estimates: list[Estimate], made: Move) -> tuple[Estimate, Estimate]:
    best = max(estimates, key=lambda e: e.mean)  # the first of equals: the search's choice comes first
    return best, next(e for e in estimates if e.move == made)


def judge(job: Job) -> Verdict:
    """The move judged best for ``job``'s decision, and what the decision made cost against it."""
    best, made, _ = weighed(job)
    return verdict_of(job, best, made)


def verdict_of(job: Job, best: Estimate, made: Estimate) -> Verdict:
    """The verdict on ``job``'s decision from its estimate and the best one's."""
    turn = job.state.turn
    if best.move == job.made:
        return Verdict(job.decision, turn, job.made_words, "", 0.0, False)
    loss, spread = difference(best, made)
    view = public_state(job.state)
    words = move_words(view, best.move, best.plan, cards_for(view))
    loss = round(loss, 1)
    return Verdict(job.decision, turn, job.made_words, words, loss, loss >= job.threshold, round(spread, 1))


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
    """The verdict in words (``words/review.py``, the one place it is worded)."""
    return say.verdict_words(verdict.turn, verdict.made, verdict.best, verdict.loss, verdict.costly)
