"""``norsewind review NAME``: watch a game again in the app (read-only).

``--analyse`` (with ``--jobs N``) looks for a seat's costly decisions on the command line
instead, under a progress bar, and keeps the analysis beside the game (computed once).
"""

from __future__ import annotations

import sys
from typing import Any

from ..options import Options
from . import UsageError


def add_review_command(sub: Any) -> None:
    review = sub.add_parser("review", help="review a saved game, read-only (Esc leaves, ? lists the keys)")
    review.add_argument("name", help="the saved game's name")
    review.add_argument("--analyse", "--analyze", action="store_true", help="list the costly decisions of a seat")
    review.add_argument(
        "--seat", type=int, default=None, metavar="N", help="whose decisions (1-4; default: the first person's)"
    )
    review.add_argument("--jobs", type=int, default=1, metavar="N", help="processes for --analyse (default 1)")
    review.add_argument("--again", action="store_true", help="analyse again even if an analysis is stored")
    review.set_defaults(handler=cmd_review)


def cmd_review(args: Options) -> int:
    if args.analyse:
        return cmd_analyse(args)
    from ..tui.app import run_app

    return run_app(args, review=args.name)


def cmd_analyse(args: Options) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from ..safetext import safe_text
    from ..storage.analysis import log_key, read_analysis, write_analysis
    from ..storage.context import AppContext
    from ..storage.errors import SaveError
    from ..tui.analysis import analyse, verdict_words

    if not 1 <= args.jobs <= 64:
        raise UsageError("--jobs must be 1 to 64")
    store = AppContext(args).games
    with store.open(args.name, read_only=True) as game:
        seats = game.seats
        if args.seat is not None and not 1 <= args.seat <= len(seats):
            raise UsageError(f"--seat must be 1 to {len(seats)} for this game")
        seat = (
            args.seat - 1 if args.seat is not None else next((i for i, s in enumerate(seats) if s.kind == "human"), 0)
        )
        session = game.session
        name = game.name
    digest = store.cards.digest
    found = None if args.again else read_analysis(store.dir, name, log_key(session, digest), seat)
    unkept: SaveError | None = None  # why the analysis made now could not be stored
    console = Console(highlight=False)
    who = safe_text(seats[seat].name)
    if found is None:
        columns = (TextColumn(f"Analysing {who}'s decisions"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
        err = Console(stderr=True)  # stdout keeps the result; no bar (nor its last newline) off a terminal
        with Progress(*columns, console=err, transient=True, disable=not err.is_terminal) as bar:
            task = bar.add_task("analyse", total=None)

            def progress(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            found = analyse(session, seat, digest, jobs=args.jobs, progress=progress)
        assert found is not None
        try:
            write_analysis(store.dir, name, found)
        except SaveError as exc:  # the verdicts all the same (a full disk must not waste the work)
            unkept = exc
    for verdict in found.costly:
        console.print(safe_text(verdict_words(verdict)), markup=False, soft_wrap=True)
    console.print(safe_text(f"{name}, {who}: {found.summary()}."), markup=False, soft_wrap=True)
    if unkept is not None:
        print(f"norsewind: {safe_text(str(unkept))} (it is made again next time)", file=sys.stderr)
    return 0
