"""Where did I lose it? (issues 12, 27): the hard computer player looks at each of a seat's decisions.

For every decision of the seat that had a real choice, the hard bot searches from what that
seat could see (``bots.view.public_state``: the decks' order and the seed are not given to it).
Its search proposes the candidates: its choice, the decision made and its next plan by visits
(``LOOK_CANDIDATES`` in all).  The sequential look (issue 43.1) then values them on shared deals,
``BATCH`` at a time (common random numbers, from ``decision_rng``: a pure function): on each deal,
every candidate still in contention plays its turn and ``LOOK_ROUNDS`` rounds of greedy turns (near
the end: on to it), then the seat's expected margin is read (``bots.judge.weigh``).  After each
batch the rule is: stop when the decision made is clearly fine (every candidate's gain over it,
deal by deal, below the threshold by its whole 95 % interval) or clearly costly (the best's gain
above the threshold by its whole interval), or at ``CAP`` deals; a candidate clearly below the best
is dropped.  A loss stated from the threshold at ``CAP`` whose interval still holds 0 is looked at
longer: the best and the decision made alone, batch after batch under the same rule, until it is
flagged, falls below the threshold or reaches ``LONG_CAP``.  The move judged best is the candidate
of the highest mean; the stated loss is the decision made's difference from it, deal by deal, with
its 95 % half-width.  The decision is flagged (costly) when that loss reaches the threshold *and* its
95 % interval lies above 0: the best surely beats the decision made.  A look stopped as clearly
costly is always flagged; one that reaches ``LONG_CAP`` with a wide interval is not, for a false
alarm teaches a wrong lesson where a miss only loses one.  Against the truth set (306 decisions,
docs/BOTS.md): 37 of 49 truly costly decisions flagged, 3 of 189 fine ones, 0.53 s of CPU a
decision: not the goal (95 % and 1 %); the truth's own measure would need about 100 deals a decision
to reach it, some 6 s of CPU (``bench/analysis.py --truth --bound``).

The verdicts use lichess's words, with thresholds in expected points: an *inaccuracy* from
``INACCURACY``, a *mistake* from ``MISTAKE``, a *blunder* from ``BLUNDER``; below the first a
different choice is a matter of taste.  ``bench/analysis.py --planted`` checks them against
rollouts to the end of the game.

``judge`` is one decision (a pure function: the same position always gets the same verdict),
``analyse`` the whole seat, on several processes with ``jobs`` > 1.  No Textual here: the
review screen runs it in a worker thread, ``norsewind review --analyse`` under a progress bar.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from ..bots import MCTSBot
from ..bots.judge import Estimate, Plan, candidates, difference, weigh
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
# The sequential look (module docstring): candidates, deals per batch, deals at most, and rounds of
# greedy turns before the projection is read.  Tuned on the partial truth set (docs/BOTS.md).
LOOK_CANDIDATES = 3
BATCH = 4
CAP = 8
LOOK_ROUNDS = 5
# A decision stated costly at CAP whose interval still holds 0 is looked at longer, the best and the
# decision made alone, up to this many deals (the rule of each batch unchanged).
LONG_CAP = 24

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
    """The best candidate, the decision made, and the candidates still in contention at the end of
    the sequential look (the search's choice first, when it is still there)."""
    view = public_state(job.state)  # no peeking: what the seat saw, not the deck's order
    bot = MCTSBot(SEED, SEARCH)
    choice = bot.decide(view)
    report = bot.last_search
    plans = look_plans(candidates(report.plan or (choice,), report.visits, job.made), job.made)
    rng = decision_rng(SEED, view)  # one stream: batch after batch, the same deals for every candidate
    margins: dict[Plan, tuple[float, ...]] = {p: () for p in plans}
    deals = 0
    while True:
        found = weigh(view, list(margins), rng, min(BATCH, (CAP if deals < CAP else LONG_CAP) - deals), LOOK_ROUNDS)
        deals += len(found[0].margins)
        for e in found:
            margins[e.plan] += e.margins
        estimates = [Estimate(p[0], p, statistics.fmean(m), m) for p, m in margins.items()]
        best, made = _best_and_made(estimates, job.made)
        if settled(estimates, made, job.threshold) or deals >= LONG_CAP:
            return best, made, estimates
        if deals >= CAP:
            if not undecided(best, made, job.threshold):
                return best, made, estimates
            margins = {p: m for p, m in margins.items() if p in (best.plan, made.plan)}  # the two alone
            continue
        for e in estimates:
            if e is not best and e is not made and _clearly_below(e, best):
                del margins[e.plan]


def undecided(best: Estimate, made: Estimate, threshold: float) -> bool:
    """A loss stated from ``threshold`` whose interval still holds 0: worth the longer look."""
    if best is made:
        return False
    loss, spread = difference(best, made)
    return round(loss, 1) >= threshold and not flagged(loss, spread, threshold)


def look_plans(plans: list[Plan], made: Move) -> list[Plan]:
    """The search's choice, the decision made, then the search's next plans: ``LOOK_CANDIDATES``."""
    mine = next(p for p in plans if p[0] == made)
    out = [plans[0]] if mine == plans[0] else [plans[0], mine]
    return out + [p for p in plans if p not in out][: LOOK_CANDIDATES - len(out)]


def settled(estimates: list[Estimate], made: Estimate, threshold: float) -> bool:
    """Clearly fine (no candidate's gain over the decision made can reach ``threshold``, by its 95 %
    interval) or clearly costly (the best's gain is above ``threshold``, its whole interval)."""
    gains = [difference(e, made) for e in estimates if e is not made]
    if not gains:
        return True
    best = max(gains)
    return all(g + h < threshold for g, h in gains) or best[0] - best[1] > threshold


def _clearly_below(e: Estimate, best: Estimate) -> bool:
    gap, half = difference(best, e)
    return gap - half > 0


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
    costly = flagged(loss, spread, job.threshold)
    return Verdict(job.decision, turn, job.made_words, words, round(loss, 1), costly, round(spread, 1))


def flagged(loss: float, spread: float, threshold: float) -> bool:
    """A loss from ``threshold`` (as stated: to a tenth) whose 95 % interval lies above 0."""
    return round(loss, 1) >= threshold and loss - spread > 0


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
