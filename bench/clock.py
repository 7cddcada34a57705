"""A host of turn-based tables whose players vanish and come back: the clock's stand-in against the
away-only stand-in (issue 41), on a compressed clock.

    nice -n 19 python bench/clock.py [--tables 200] [--seed 41] [--stall-days 14] [--quiet 0.005] [--quiet-days 4]

Each table has 2-4 seats, each held by a person played by a computer (the random bot: the bench
measures the table, not the play).  Every person follows one seeded schedule: before each of their
turns they take 10 minutes to 8 hours (a turn's next steps: seconds); with a small chance (4 %) they
vanish for a while first (hours to weeks, a long tail, median 17 hours), half of the time with their
app closed ("away": presence says so) and half with it left open and nobody at it ("idle": presence
says they are here); with a smaller one (0.5 %, ``--quiet``) they go quiet for long with the app left
open (a weekend, a trip, a forgotten tab: median 4 days, ``--quiet-days``, one in seven longer than
two weeks), the absence that stalls a table whose stand-in waits for its player to be away.  The same
schedule is played twice on real tables of a saves folder (``TableStore``, files), time a
``ManualClock``:

- **clock**: a turn-based clock, 1 day a decision banked up to 3 days; a seat out of time is played
  by the table's stand-in, and its person takes it back at their next decision;
- **away-only**: no clock, the stand-in of issue 13 after 60 minutes away: an idle player who
  never decides stalls the table.

A game where nothing happens for ``--stall-days`` (no decision, by anyone) is abandoned, unfinished,
as a host's players give up on a table that stalls.  Printed per policy: the
share of games finished, the share finished with every seat held by its person at the end (each
seat's last decision its person's own, not a stand-in's), stand-in decisions per game, and the
clock's drift: the largest difference, over every decision, between the time the table's clock says
a seat has left and the time an independent model of the documented rule (exact seconds) says.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from norsewind_tui.bots.registry import make_bot
from norsewind_tui.rules.moves import Move
from norsewind_tui.rules.state import State
from norsewind_tui.storage.clock import ManualClock
from norsewind_tui.storage.format import TableClock
from norsewind_tui.storage.standin import StandIn
from norsewind_tui.storage.tableclock import banked
from norsewind_tui.storage.tables import TableStore

START = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
DAY = 86400
CLOCK = TableClock("turn", start=DAY, add=DAY, cap=3 * DAY)
AWAY_MINUTES = 60
VANISH = 0.04  # the chance, before a turn, that a person vanishes for a while (hours to weeks)
AWAY_MU = 11.0  # ... a lognormal (sigma 1.2) of log median e^11 s: 17 hours (a night, a day's work)
# The chance, before a turn, that a person goes quiet for long with the app left open (a weekend, a
# trip, a tab forgotten), of log median e^12.75 s: 4 days; one such silence in seven outlasts two weeks.
QUIET = 0.005  # (--quiet)
QUIET_MU = 12.75  # (--quiet-days: its median in days)
HOST = "host"  # the identity of whoever plays a stand-in (never a seat's person)


@dataclass
class Person:
    """One person's seeded schedule: per decision, the time to think and whether they vanish first."""

    rng: random.Random
    gone_since: datetime | None = None  # vanished at
    returns: datetime | None = None  # ... and back at
    idle: bool = False  # the app left open: presence says the person is here
    quiet: float = QUIET
    quiet_mu: float = QUIET_MU

    def next_decision(self, now: datetime, sitting: bool) -> int:
        """Seconds to think; maybe vanish first (hours to weeks, a long tail).  ``sitting``: the same
        seat's decision just before (a turn's next step, made in the same sitting)."""
        if sitting:
            return self.rng.randint(10, 120)
        if self.returns is None:
            draw = self.rng.random()
            if draw < VANISH:  # a while away, the app closed or left open (half and half)
                self.idle = self.rng.random() < 0.5
                self.vanish(now, AWAY_MU)
            elif draw < VANISH + self.quiet:  # a long silence, the app left open
                self.idle = True
                self.vanish(now, self.quiet_mu)
        return self.rng.randint(600, 8 * 3600)

    def vanish(self, now: datetime, mu: float) -> None:
        length = min(int(self.rng.lognormvariate(mu, 1.2)), 40 * DAY)
        self.gone_since, self.returns = now, now + timedelta(seconds=length)


@dataclass
class Result:
    finished: bool
    on_board: bool
    standins: int
    drift: float


def decide(seat: int, bot: str, state: State) -> Move:
    return make_bot("random", seed=seat).decide(state)


def play(
    store: TableStore,
    clock: ManualClock,
    name: str,
    seats: int,
    seed: int,
    policy: str,
    horizon: int,
    quiet: tuple[float, float] = (QUIET, QUIET_MU),
) -> Result:
    people = [f"p{i}" for i in range(seats)]
    table = store.create(
        people[0],
        ["me", *["open"] * (seats - 1)],
        seed,
        name=name,
        standin=0 if policy == "clock" else AWAY_MINUTES,
        clock=CLOCK if policy == "clock" else None,
    )
    for who in people[1:]:
        table.identity = who
        table.join()
    persons = [Person(random.Random(seed * 10 + i), quiet=quiet[0], quiet_mu=quiet[1]) for i in range(seats)]
    thinks: list[int | None] = [None] * seats  # the decision under way's thinking time, once drawn

    def away_since(who: str) -> datetime | None:
        person = persons[people.index(who)]
        return None if person.idle or person.returns is None or person.returns <= clock() else person.gone_since

    standin = StandIn(away_since, clock)
    model = [CLOCK.start] * seats  # the reference clock: each seat's bank, exact seconds
    last_own = [True] * seats
    standins = 0
    drift = 0.0
    turn_start = clock()
    previous = -1
    while not table.state.is_over:
        seat = table.state.current
        person = persons[seat]
        if thinks[seat] is None:
            thinks[seat] = person.next_decision(turn_start, previous == seat)
        think = thinks[seat] or 0
        present = max(turn_start, person.returns or turn_start)
        back = present + timedelta(seconds=think)
        if policy == "clock":
            left = table.clock_left()
            assert left is not None
            drift = max(drift, abs(left - (model[seat] - (clock() - turn_start).total_seconds())))
            out = turn_start + timedelta(seconds=model[seat])
            when = min(back, out)
        elif person.returns is not None and not person.idle and person.gone_since is not None:
            out = max(turn_start, person.gone_since + timedelta(minutes=AWAY_MINUTES))
            when = out if out < person.returns else back  # the stand-in only while they are away
        else:
            when = back  # here, or idle with the app open: nobody stands in
        if when > turn_start + timedelta(seconds=horizon):  # nothing happens for that long: abandoned
            return Result(False, False, standins, drift)
        clock.advance(seconds=int((when - clock()).total_seconds()))
        spent = (clock() - turn_start).total_seconds()
        if when == back:  # the person decides
            table.identity = people[seat]
            table.push(decide(seat, "random", table.state))
            person.returns = person.gone_since = None
            thinks[seat] = None
            last_own[seat] = True
        else:  # the stand-in decides for them
            table.identity = HOST
            played = table.computer_step(decide, standin=standin)
            assert played is not None, (policy, table.computer_to_move(standin=standin))
            table.adopt(played)
            standins += 1
            last_own[seat] = False
        if policy == "clock":
            model[seat] = banked(CLOCK, int(model[seat] - spent), decided=True)
        turn_start = clock()
        previous = seat
    return Result(True, all(last_own), standins, drift)


def run(policy: str, tables: int, seed: int, horizon: int, quiet: tuple[float, float]) -> list[Result]:
    rng = random.Random(seed)
    out = []
    with tempfile.TemporaryDirectory() as folder:
        clock = ManualClock(START)
        store = TableStore(Path(folder), clock=clock)
        for n in range(tables):
            seats = rng.randint(2, 4)
            out.append(play(store, clock, f"t{n}", seats, seed * 1000 + n, policy, horizon, quiet))
    return out


def report(policy: str, results: list[Result], seconds: float) -> None:
    n = len(results)
    finished = sum(r.finished for r in results)
    aboard = sum(r.finished and r.on_board for r in results)
    standins = sum(r.standins for r in results) / n
    drift = max(r.drift for r in results)
    print(
        f"{policy:>9}: {n} games, finished {100 * finished / n:.1f} %, finished with everyone on board "
        f"{100 * aboard / n:.1f} %, stand-in decisions per game {standins:.2f}, clock drift {drift:.0f} s "
        f"({seconds:.0f} s of CPU)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--stall-days", type=int, default=14)
    parser.add_argument("--quiet", type=float, default=QUIET, help="the chance of a long silence before a turn")
    parser.add_argument("--quiet-days", type=float, default=math.exp(QUIET_MU) / DAY, help="its median length")
    args = parser.parse_args()
    quiet = (args.quiet, math.log(args.quiet_days * DAY))
    for policy in ("clock", "away-only"):
        began = time.process_time()
        results = run(policy, args.tables, args.seed, args.stall_days * DAY, quiet)
        report(policy, results, time.process_time() - began)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
