"""Benchmarks of "where did I lose it?" (issues 12, 27).

    python bench/analysis.py [--seed 7]
    python bench/analysis.py --planted [--games 4] [--every 6] [--rollouts 24] [--seed 7] [--jobs 2]
    python bench/analysis.py --truth [--jobs 2] [--truth-file FILE] [--dump FILE] [--bound]

``--truth`` (issue 43): the analysis judged against the truth set (``bots/data/truth.json``, made
by ``bench/truth.py``: real games' decisions, every candidate valued on 200 shared deals played to
the end).  Each decision is analysed afresh, and the confusion table printed: of the decisions the
truth calls costly (a cost of 6 points or more, its interval above 3) and fine (1 point or less),
the share the analysis flags (goal: >= 95 % and <= 1 %); the agreement of the stated loss with the
truth's; where the analysis's best and the hard search's choice differ, which the truth prefers; and
the analysis's time per decision.  ``--dump FILE`` also writes, a JSON line per decision, the stated
loss, its 95 % half-width, the deals the look used, whether it was flagged and the truth's cost and
half-width: flag rules can then be weighed offline.  Last, what the truth's own measure (play to the
end, no bias) would flag on 8 to 200 deals under the same flag rule, from each decision's cost and
spread, and the CPU of a line to the end: what the goal costs any rollout measure (``--bound``: that
alone, no analysis run).

Without ``--planted``: for a solo game and a 2-player game (every decision taken at random, so
most of them are worth a look), the decisions analysed and the wall-clock time of the analysis
of the first seat with 1 and with 2 processes, and the CPU time it took (its worker processes'
too) (goal, issue 28: a solo game in 15 s of wall time with 2 jobs on a quiet machine).

``--planted``: is the analysis right?  Games between greedy players (solo and 2 players, seeds
from ``--seed``) give positions: every ``--every``-th decision of seat 1 that has a choice.  At
each one two decisions are judged as if the player had made them:

- the *good move*: the hard player's own choice there;
- a *planted blunder*: the decision whose best turn the greedy evaluation values lowest, when
  that is at least 12 points (a blunder's threshold) below the best one.

The ground truth is rollouts: on ``--rollouts`` deals sampled from what the seat saw (a stream
of their own, not the analysis'), the move judged best and the decision made are each played
to the end of the game by greedy players, and the final margins compared deal by deal: a mean
loss and its 95 % interval.  Figures printed: planted blunders flagged (goal >= 95 %), good
moves flagged (goal <= 1 %), and the flagged decisions whose stated loss lies within the
rollouts' interval (goal: all), each with its Wilson 95 % interval.  The machine has 2 cores
shared with others: run it small there, and take the figures on a quiet machine.

Both labels are guesses: ``hard``'s choice can lose points, and the move greedy's one turn values
lowest can do well in the long run.  So it also prints figures against the rollouts themselves:
the decisions whose rollout interval lies wholly at or above the threshold (truly costly: how
many flagged) and wholly below it (truly fine: how many flagged, that is false alarms), and the
flagged losses *consistent* with the rollouts (the difference of the two estimates within its
own 95 % interval; a point estimate of 12 deals falls inside another estimate's interval only
about three times in four even when both are unbiased).
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import random
import resource
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import msgspec

from norsewind_tui.bots import make_bot
from norsewind_tui.bots.evaluate import evaluate
from norsewind_tui.bots.judge import TO_THE_END, Z95, Plan, line, margin, play_out_turn
from norsewind_tui.bots.tournament import wilson
from norsewind_tui.bots.truth import TRUTH_FORMAT, Candidate, TruthDecision, TruthSet, decode_truth, shipped_truth
from norsewind_tui.bots.turns import bot_moves, turn_options
from norsewind_tui.bots.view import decision_rng, determinise, public_state
from norsewind_tui.rules import GameConfig, Session, State, apply, default_cards, new_game
from norsewind_tui.rules.moves import Move
from norsewind_tui.storage.analysis import Verdict
from norsewind_tui.tui.analysis import BLUNDER, THRESHOLD, Job, analyse, jobs_for, verdict_of, weighed

ROLLOUT_SEED = 1_000_003  # the rollouts' own stream: never the analysis' samples


def random_game(players: tuple[str, ...], seed: int) -> Session:
    session = Session.start(GameConfig(players=players), seed)
    rng = random.Random(seed)
    while not session.state.is_over:
        session.push(rng.choice(session.legal_moves()))
    return session


def timing(seed: int) -> None:
    digest = default_cards().digest
    for label, players in (("solo", ("Astrid",)), ("2 players", ("Astrid", "Bjorn"))):
        session = random_game(players, seed)
        decisions = len(jobs_for(session, 0))
        for jobs in (1, 2):
            cpu = cpu_seconds()
            start = time.perf_counter()
            found = analyse(session, 0, digest, jobs=jobs)
            elapsed = time.perf_counter() - start
            cpu = cpu_seconds() - cpu
            assert found is not None
            print(
                f"{label:<10} {len(session.moves):>3} decisions in the game, {decisions:>3} analysed, "
                f"{jobs} job{'s' if jobs > 1 else ' '}: {elapsed:6.1f} s wall, {cpu:6.1f} s CPU ({found.summary()})",
                flush=True,
            )


def cpu_seconds() -> float:
    """CPU time of this process and of its ended children (the analysis' worker processes)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


# --------------------------------------------------------------------------- planted blunders


@dataclass(frozen=True)
class Case:
    label: str  # "good" or "planted"
    state: State
    made: Move


@dataclass(frozen=True)
class Checked:
    label: str
    verdict: Verdict
    truth: float  # the rollouts' mean loss of the decision made against the move judged best
    half: float  # its 95 % half-width

    @property
    def within(self) -> bool:
        return abs(self.verdict.loss - self.truth) <= self.half

    @property
    def consistent(self) -> bool:
        """The stated loss and the rollouts' agree: their difference's 95 % interval holds 0."""
        return abs(self.verdict.loss - self.truth) <= math.hypot(self.verdict.spread, self.half)

    @property
    def truly_costly(self) -> bool:
        """By the rollouts, the decision cost the threshold or more (their whole interval)."""
        return self.truth - self.half >= THRESHOLD

    @property
    def truly_fine(self) -> bool:
        """By the rollouts, the decision cost less than the threshold (their whole interval)."""
        return self.truth + self.half < THRESHOLD


def greedy_game(players: tuple[str, ...], seed: int) -> list[State]:
    """The positions of a game between greedy players (the last one is over)."""
    state = new_game(GameConfig(players=players, level=4), seed)
    bots = [make_bot("greedy", seed * 16 + i) for i in range(len(players))]
    states = [state]
    while state.phase != "over":
        state = apply(state, bots[state.current].decide(state))
        states.append(state)
    return states


def cases(games: int, every: int, seed: int) -> list[Case]:
    out = []
    for g in range(games):
        players = ("Astrid",) if g % 2 == 0 else ("Astrid", "Bjorn")
        seen = 0
        for state in greedy_game(players, seed + g):
            if state.phase == "over" or state.current != 0 or len(bot_moves(state)) < 2:
                continue
            seen += 1
            if seen % every:
                continue
            view = public_state(state)
            good = make_bot("hard", 0).decide(view)
            out.append(Case("good", state, good))
            sample = determinise(view, decision_rng(0, view))
            options = turn_options(sample, evaluate)
            if options[0][0] - options[-1][0] >= BLUNDER:
                out.append(Case("planted", state, options[-1][1]))
    return out


def rollout(sample: State, plan: Plan) -> float:
    """``plan``'s turn on ``sample``, then greedy players to the end: the seat's final margin."""
    seat = sample.current
    state = play_out_turn(sample, plan)
    bots = [make_bot("greedy", 7 + i) for i in range(len(state.players))]
    while state.phase != "over":
        state = apply(state, bots[state.current].decide(state))
    return margin(state, seat)


def check(case: Case, rollouts: int) -> Checked:
    job = Job(0, case.state, case.made, "")
    best, made, _ = weighed(job)
    verdict = verdict_of(job, best, made)
    view = public_state(case.state)
    rng = random.Random(ROLLOUT_SEED + int.from_bytes(decision_rng(0, view).randbytes(4), "big"))
    diffs = []
    for _ in range(rollouts):
        deal = determinise(view, rng)
        diffs.append(rollout(deal, best.plan) - rollout(deal, made.plan) if best.move != made.move else 0.0)
    mean = statistics.fmean(diffs)
    half = Z95 * statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("inf")
    return Checked(case.label, verdict, mean, half)


def _check(args: tuple[Case, int]) -> Checked:
    return check(*args)


def share(part: int, whole: int) -> str:
    low, high = wilson(part, whole)
    return f"{part}/{whole} = {part / whole if whole else 0:.0%} [{low:.0%}-{high:.0%}]"


def planted(games: int, every: int, rollouts: int, seed: int, jobs: int) -> None:
    start = time.perf_counter()
    work = cases(games, every, seed)
    print(f"{len(work)} decisions to judge from {games} greedy games (every {every}th of seat 1)", flush=True)
    results: list[Checked] = []
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_check, [(c, rollouts) for c in work]))
    else:
        results = [check(c, rollouts) for c in work]
    for r in results:
        v = r.verdict
        mark = "flagged" if v.costly else "-"
        print(
            f"{r.label:<7} turn {v.turn:>2}: stated {v.loss:+5.1f} ±{v.spread:4.1f}  rollouts {r.truth:+6.1f} "
            f"±{r.half:4.1f}  {mark:<7} {'within' if r.within else 'OUTSIDE'}"
        )
    planted_ = [r for r in results if r.label == "planted"]
    good = [r for r in results if r.label == "good"]
    flagged = [r for r in results if r.verdict.costly]
    caught = sum(r.verdict.costly for r in planted_)
    print(f"planted blunders flagged (a loss of {THRESHOLD:g} points or more): {share(caught, len(planted_))}")
    print(f"good moves flagged: {share(sum(r.verdict.costly for r in good), len(good))}")
    print(f"flagged losses within the rollouts' 95 % interval: {share(sum(r.within for r in flagged), len(flagged))}")
    print(f"flagged losses consistent with the rollouts: {share(sum(r.consistent for r in flagged), len(flagged))}")
    costly = [r for r in results if r.truly_costly]
    fine = [r for r in results if r.truly_fine]
    print(f"decisions the rollouts call costly, flagged: {share(sum(r.verdict.costly for r in costly), len(costly))}")
    print(f"decisions the rollouts call fine, flagged: {share(sum(r.verdict.costly for r in fine), len(fine))}")
    print(f"({rollouts} rollouts per decision and move, {time.perf_counter() - start:.0f} s)")


# --------------------------------------------------------------------------- the truth set

COSTLY, COSTLY_FLOOR, FINE = 6.0, 3.0, 1.0  # truly costly: >= 6 with the interval above 3; fine: <= 1


@dataclass(frozen=True)
class Scored:
    decision: TruthDecision
    verdict: Verdict
    best: Move  # the analysis's best
    cpu: float
    deals: int  # the deals the sequential look used

    @property
    def truth(self) -> Candidate:
        return _made(self.decision)

    @property
    def kind(self) -> str:
        return _kind(self.decision)


def _score(d: TruthDecision) -> Scored:
    cpu = time.process_time()
    job = Job(len(d.moves), d.state(), d.made, "")
    best, made, _ = weighed(job)
    return Scored(d, verdict_of(job, best, made), best.move, time.process_time() - cpu, len(made.margins))


def read_truth(path: Path) -> TruthSet:
    """A truth file, or ``bench/truth.py``'s log of a run not finished (JSON lines: said as partial)."""
    if path.suffix != ".jsonl":
        return decode_truth(path.read_bytes())
    lines = path.read_bytes().splitlines()
    found = tuple(msgspec.json.decode(line, type=TruthDecision) for line in lines if line.strip())
    return TruthSet(TRUTH_FORMAT, f"a partial run's log ({path}): not the finished set", 0, found)


def dump(scored: list[Scored], path: Path) -> None:
    """A JSON line per decision: what the analysis stated and what the truth says."""
    lines = []
    for s in scored:
        v, t = s.verdict, s.truth
        row = {"kind": s.kind, "game": s.decision.kind, "player": s.decision.player, "decision": len(s.decision.moves)}
        row |= {"loss": v.loss, "spread": v.spread, "deals": s.deals, "flagged": v.costly}
        lines.append(msgspec.json.encode(row | {"truth_cost": t.cost, "truth_half": t.half}))
    path.write_bytes(b"\n".join(lines) + b"\n")


def truth(path: Path | None, jobs: int, dump_to: Path | None = None) -> None:
    found = read_truth(path) if path else shipped_truth()
    if found is None:
        print("no truth file: make it with `nice -n 19 python bench/truth.py` (about 40 minutes)")
        return
    start = time.perf_counter()
    work = list(found.decisions)
    kinds = sorted({d.kind for d in work})
    print(f"{len(work)} decisions ({', '.join(kinds)}), made by {', '.join(sorted({d.player for d in work}))}")
    print(f"truth: {found.command}, {found.seconds} s; {work[0].deals} shared deals per decision", flush=True)
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            scored = list(pool.map(_score, work))
    else:
        scored = [_score(d) for d in work]
    if dump_to is not None:
        dump(scored, dump_to)
    print(f"\n{'truth':<30} {'flagged':>22} {'not flagged':>12}")
    for kind, label in (("costly", "costly (>= 6, interval > 3)"), ("between", "between"), ("fine", "fine (<= 1)")):
        group = [s for s in scored if s.kind == kind]
        flagged = sum(s.verdict.costly for s in group)
        print(f"{label:<30} {share(flagged, len(group)):>22} {len(group) - flagged:>12}")
    costly = [s for s in scored if s.kind == "costly"]
    fine = [s for s in scored if s.kind == "fine"]
    print(f"truly costly flagged: {share(sum(s.verdict.costly for s in costly), len(costly))} (goal >= 95 %)")
    print(f"truly fine flagged: {share(sum(s.verdict.costly for s in fine), len(fine))} (goal <= 1 %)")
    diffs = [s.verdict.loss - s.truth.cost for s in scored]
    near = [abs(x) <= 3 for x in diffs]
    consistent = [abs(s.verdict.loss - s.truth.cost) <= math.hypot(s.verdict.spread, s.truth.half) for s in scored]
    print(
        f"stated loss against the truth's cost: mean difference {statistics.fmean(diffs):+.1f}, "
        f"median |difference| {statistics.median([abs(x) for x in diffs]):.1f} points; within 3 points "
        f"{share(sum(near), len(near))}; consistent (difference within its 95 % interval) "
        f"{share(sum(consistent), len(consistent))}"
    )
    marked = [s for s in scored if s.verdict.costly]
    if marked:
        print(
            f"flagged: stated {statistics.fmean(s.verdict.loss for s in marked):.1f}, truth "
            f"{statistics.fmean(s.truth.cost for s in marked):.1f} points on average"
        )
    differ = [s for s in scored if s.best != s.decision.hard]
    ours = theirs = alike = unknown = 0
    for s in differ:
        a, h = s.decision.cost_of(s.best), s.decision.cost_of(s.decision.hard)
        if a is None or h is None:
            unknown += 1
        elif abs(a.cost - h.cost) <= max(a.half, h.half):
            alike += 1
        elif a.cost < h.cost:
            ours += 1
        else:
            theirs += 1
    print(
        f"the analysis's best differs from hard's choice in {len(differ)}: the truth prefers the analysis's "
        f"in {ours}, hard's in {theirs}, neither (within the interval) in {alike}"
        + (f", not among its candidates in {unknown}" if unknown else "")
    )
    cpu = statistics.fmean(s.cpu for s in scored)
    print(
        f"the analysis: {cpu:.2f} s of CPU per decision (a 40-decision game about {40 * cpu / 2:.0f} s "
        f"with 2 jobs); {time.perf_counter() - start:.0f} s in all"
    )
    for s in scored:
        if (s.kind == "costly") != s.verdict.costly and s.kind != "between":
            what = "missed" if s.kind == "costly" else "false alarm"
            print(
                f"  {what}: {s.decision.kind} {s.decision.player} decision {len(s.decision.moves)}: stated "
                f"{s.verdict.loss:+.1f} ±{s.verdict.spread:.1f}, truth {s.truth.cost:+.1f} ±{s.truth.half:.1f}"
            )
    measure_bound(work)


BOUND_DEALS = (8, 16, 32, 64, 100, 200)


def measure_bound(work: list[TruthDecision]) -> None:
    """What the goal asks of any rollout measure: the truth's own, with fewer deals.

    A look that valued the truth's candidates on ``n`` deals of the truth's own measure (greedy play
    to the end), knew which is best and flagged a loss of 3 or more whose 95 % interval lies above 0,
    would flag a truly costly decision of cost ``c`` and per-deal spread ``s`` (from the truth's
    interval on its 200 deals) with probability ``P(X >= max(3, 1.96 s / sqrt(n)))``, ``X`` normal of
    mean ``c`` and deviation ``s / sqrt(n)``; a truly fine one when any other candidate's gain over it
    does so.  Expected shares, no rollout played; then the CPU a line to the end takes.
    """
    normal = statistics.NormalDist()
    costly = [d for d in work if _kind(d) == "costly"]
    fine = [d for d in work if _kind(d) == "fine"]

    def flag_chance(gain: float, half: float, n: int) -> float:
        se = max(half, 1e-9) * math.sqrt(work[0].deals) / Z95 / math.sqrt(n)
        return 1 - normal.cdf((max(3.0, Z95 * se) - gain) / se)

    print("\nthe truth's own measure on fewer deals (expected shares flagged, the same flag rule):")
    for n in BOUND_DEALS:
        caught = statistics.fmean(flag_chance(_made(d).cost, _made(d).half, n) for d in costly)
        alarms = []
        for d in fine:
            made = _made(d)
            missed = [
                1 - flag_chance(made.cost - c.cost, max(c.half, made.half), n) for c in d.candidates if c is not made
            ]
            alarms.append(1 - math.prod(missed))
        print(f"  {n:4d} deals: costly {caught:4.0%}, fine {statistics.fmean(alarms):5.1%}")
    cpu, lines = time.process_time(), 0
    for d in work[:: max(1, len(work) // 12)]:
        view = public_state(d.state())
        rng = random.Random(ROLLOUT_SEED)
        for _ in range(2):
            deal = determinise(view, rng)
            for c in d.candidates:
                line(deal, c.plan, TO_THE_END)
                lines += 1
    each = (time.process_time() - cpu) / lines
    print(
        f"  a line to the end: {each * 1000:.0f} ms of CPU ({lines} lines); 3 candidates on 100 deals: "
        f"{300 * each:.1f} s a decision"
    )


def _made(d: TruthDecision) -> Candidate:
    found = d.cost_of(d.made)
    assert found is not None  # the decision made is always a truth candidate
    return found


def _kind(d: TruthDecision) -> str:
    t = _made(d)
    if t.cost >= COSTLY and t.cost - t.half > COSTLY_FLOOR:
        return "costly"
    return "fine" if t.cost <= FINE else "between"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--planted", action="store_true", help="planted blunders against rollouts")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--every", type=int, default=6)
    parser.add_argument("--rollouts", type=int, default=24)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--truth", action="store_true", help="the analysis against the truth set")
    parser.add_argument("--truth-file", type=Path, default=None, help="another truth file than the shipped one")
    parser.add_argument("--dump", type=Path, default=None, help="with --truth: a JSON line per decision to FILE")
    parser.add_argument(
        "--bound", action="store_true", help="with --truth: only the truth's own measure on fewer deals"
    )
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores")
    if args.truth and args.bound:
        found = read_truth(args.truth_file) if args.truth_file else shipped_truth()
        if found is None:
            print("no truth file: make it with `nice -n 19 python bench/truth.py`")
        else:
            measure_bound(list(found.decisions))
    elif args.truth:
        truth(args.truth_file, args.jobs, args.dump)
    elif args.planted:
        planted(args.games, args.every, args.rollouts, args.seed, args.jobs)
    else:
        timing(args.seed)


if __name__ == "__main__":
    main()
