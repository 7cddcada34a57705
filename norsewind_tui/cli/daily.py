"""``norsewind daily`` and ``norsewind halloffame``: the daily deal and the best games of the host.

Plain text lines within 80 columns: names other people wrote are escaped
(``safe_text``) and cut to ``NAME_WIDTH`` columns.  ``--today`` (hidden) sets
the date, for tests and for replaying a day.
"""

from __future__ import annotations

import argparse
from datetime import date
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len, set_cell_size

from ..options import Options
from ..safetext import safe_text
from ..storage.context import AppContext
from ..tui.fitting import to_type
from . import UsageError

if TYPE_CHECKING:  # the rest when a command runs: `norsewind` alone starts faster (issue 16)
    from ..storage.halloffame import Entry, Hall
    from ..storage.ratings import Ladder
    from ..tui.fame import Trophies

WIDTH = 80


def add_daily_commands(sub: Any) -> None:
    """Register ``daily`` and ``halloffame`` on ``sub`` (the main parser's subparsers)."""
    daily = sub.add_parser("daily", help="play today's daily deal (one solo game a day, the same for everyone)")
    daily.add_argument("--level", type=int, default=1, help="solo level 1-7 (default 1)")
    daily.add_argument(
        "--profile", metavar="NAME", help="whose attempt (default: $NORSEWIND_PLAYER, else the login name)"
    )
    daily.add_argument("--today", type=_day, default=None, help=argparse.SUPPRESS)
    daily.add_argument("--lines", action="store_true", help="in the line mode (docs/LINES.md)")
    daily.add_argument("--colour", "--color", action="store_true", help="colours in the lines (--lines only)")
    daily.set_defaults(handler=cmd_daily)
    hall = sub.add_parser("halloffame", help="the best solo games of every player here, and the daily deals")
    hall.add_argument("--level", type=int, default=None, help="one level only (1-7)")
    hall.add_argument("--daily", metavar="DATE", type=_day, default=None, help="that day's deal (YYYY-MM-DD)")
    hall.set_defaults(handler=cmd_halloffame)


def _day(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date (YYYY-MM-DD): {text}") from None


def _check_level(level: int | None) -> None:

    if level is not None and not 1 <= level <= 7:
        raise UsageError("--level must be 1 to 7")


def fit(line: str) -> str:
    return line if cell_len(line) <= WIDTH else set_cell_size(line, WIDTH - 1) + "…"


def result_line(e: Entry) -> str:
    """What one result says in the daily command's line."""
    medal = e.game.medal or ("assisted, no medal" if e.game.assisted else "no medal")
    return f"margin {e.game.margin:+d}, {medal}"


def hall_lines(
    hall: Hall,
    level: int | None = None,
    day: date | None = None,
    ladder: Ladder | None = None,
    trophies: Trophies | None = None,
) -> list[str]:
    """The hall of fame as text lines (within 80 columns), then its notices; ``ladder``: the players'
    ratings, in a column once any of them has one."""
    from ..storage.ratings import person_key
    from ..tui.fame import entry_rows, header, shown_ratings, trophy_marks

    listed = {person_key(e.player) for e in hall.entries}
    if day is not None:
        listed |= {person_key(e.player) for e in hall.daily(day, level)}
    ratings = {k: v for k, v in shown_ratings(ladder).items() if k in listed} if ladder is not None else {}
    head = header(ratings)
    held: dict[str, str] = {}

    def rows(entries: list[Entry]) -> list[str]:
        held.update(trophy_marks(hall, (e for e in entries if e.player not in held), trophies))
        return entry_rows(entries, ratings, held)

    lines: list[str] = []
    if day is not None:
        for lvl in [level] if level is not None else range(1, 8):
            found = hall.daily(day, lvl)
            if not found and level is None:
                continue
            counting = [e for e in found if not e.game.assisted]
            assisted = [e for e in found if e.game.assisted]
            lines.append(f"Daily deal of {day.isoformat()}, level {lvl}")
            lines += [head, *rows(counting)] if counting else ["  no result yet"]
            if assisted:
                lines += [f"Assisted games (no medal), level {lvl}", *rows(assisted)]
        if not lines:
            lines.append(f"No results of the daily deal of {day.isoformat()} yet.")
    else:
        for lvl in [level] if level is not None else range(1, 8):
            best, assisted = hall.best(lvl), hall.best(lvl, assisted=True)
            if not best and not assisted and level is None:
                continue
            lines.append(f"Hall of fame, level {lvl}: the best game of each player")
            lines += [head, *rows(best)] if best else ["  no game yet"]
            if assisted:
                lines += [f"Assisted games (no medal), level {lvl}", *rows(assisted)]
        if not lines:
            lines.append("No finished solo games here yet.")
    lines += [f"note: {safe_text(n)}" for n in hall.notices]
    if ladder is not None and ladder.notice:
        lines.append(f"note: {safe_text(ladder.notice)}")
    return [fit(line) for line in lines]


def cmd_halloffame(args: Options) -> int:
    """``norsewind halloffame [--level L] [--daily DATE]``."""

    _check_level(args.level)
    context = AppContext(args)
    profiles = context.profiles
    hall = profiles.hall()
    for line in hall_lines(
        hall, args.level, args.daily, profiles.ladder(), lambda names: context.trophies(names, hall)
    ):
        print(line)
    return 0


def cmd_daily(args: Options) -> int:
    """``norsewind daily [--level L]``: today's deal in the app, or what you made of it."""
    from ..storage.daily import start_daily, utc_today
    from ..storage.halloffame import Entry

    _check_level(args.level)

    context = AppContext(args)
    store, player = context.games, context.profile_name
    today = args.today or utc_today()
    start = start_daily(store, player, args.level or 1, today=lambda: today)
    if start.game is None:
        # finished, with its result, or without when the profile lost it (DailyStart): used all the same
        what = result_line(Entry(player, start.done)) if start.done is not None else "finished (not in your profile)"
        print(fit(f"{safe_text(player)}: daily deal of {today.isoformat()}, level {args.level}: {what}."))
        # the command whole, on a line of its own when it does not fit: a cut one would not run
        others = context.command("halloffame", "--daily", today.isoformat())
        for line in to_type("One attempt a day. The others", others).splitlines():
            print(safe_text(line))
        return 0
    game = start.game
    try:
        from . import lines_asked

        if lines_asked(args):
            from ..lines.menu import run_lines

            return run_lines(args, game=game)
        from ..tui.app import run_app  # the app is imported when a command runs, not for --help

        return run_app(args, game=game)
    finally:
        game.close()
