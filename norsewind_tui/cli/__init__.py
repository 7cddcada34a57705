"""The ``norsewind`` command.

Each subcommand is one ``_cmd_*`` function, added to the parser by its entry of ``_COMMANDS``;
the heavy imports happen inside them so ``norsewind --help`` stays fast, and ``build_parser``
builds only the subcommand a command line names (the app itself builds none: a start is ~20 ms
shorter).
``parse`` reads the arguments once into a typed ``Options`` (options.py):
every handler takes it, and its stores come from ``storage.context.AppContext``.
Every user-facing failure is a one-line message and exit status 2, never a
traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from .. import words
from ..options import Options
from ..rules.cards import CardDB, default_cards
from ..rules.engine import config_problem
from ..rules.state import GameConfig
from ..safetext import safe_text
from ..storage.cardfile import CardFileError, load_card_file
from ..storage.errors import StorageError
from ..storage.pathlen import check_length
from .output import OutputFailed, cannot_write, error_lines, guarded_stdout

# a password on the command line shows to every user of the host (ps, /proc): issue 38.10
PASSWORD_SHOWN = (
    "--database: a password there shows to every user of this host (ps); leave it out of the URL and"
    " put it in ~/.pgpass, or give the URL in $NORSEWIND_DATABASE (docs/SSH.md)"
)


class UsageError(Exception):
    """A problem the user can fix; printed as one line."""


def load_cards(path: str | None) -> CardDB:
    """The card set named by ``--cards`` (the shipped reconstruction when None)."""
    if path is None:
        return default_cards()
    try:
        return load_card_file(path)
    except CardFileError as exc:
        raise UsageError(str(exc)) from None


# --------------------------------------------------------------------------- cards


def _cmd_cards_check(args: Options) -> int:
    path = args.file
    try:
        db = load_card_file(path)
    except CardFileError as exc:
        if exc.unread:  # no card file there to check (docs/CARDS.md: exit status 2)
            print(safe_text(str(exc)), file=sys.stderr)
            return 2
        # a bad card file, whatever is wrong with it (too big, too deep, not TOML, bad cards): 1
        lines = [f"{path}: {problem}" for problem in exc.problems] or [str(exc)]
        for line in lines:
            print(safe_text(line))
        print(f"{len(lines)} problem(s) found")
        return 1
    kind = "a reconstruction" if db.card_set.reconstruction else "a transcription of printed cards"
    print(safe_text(f"{path}: OK: {len(db.cards)} cards, 4 colours, 4 Viking cards ({kind}); id {db.digest}"))
    return 0


# --------------------------------------------------------------------------- simulate


def _cmd_simulate(args: Options) -> int:
    from ..simulate import run_random

    if args.bots is not None or args.engine is not None:
        if args.random_tiles:
            raise UsageError("--random-tiles is for random games, not --bots")
        return _simulate_bots(args, args.bots if args.bots is not None else "engine,greedy")
    if not 1 <= args.players <= 4:
        raise UsageError("--players must be 1 to 4")
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.level is not None and not 1 <= args.level <= 7:
        raise UsageError("--level must be 1 to 7")
    players = 1 if args.level is not None else args.players
    # R24 and the rest of the rules' setup checks, before any card file is read
    problem = config_problem(
        GameConfig(players=("Seat",) * players, level=args.level or 1, random_tiles=args.random_tiles)
    )
    if problem is not None:
        raise UsageError(words.config_problem(problem))
    cards = load_cards(args.cards)
    return run_random(
        players, args.games, args.seed or 0, args.level or 1, cards, as_json=args.json, random_tiles=args.random_tiles
    )


def _simulate_bots(args: Options, bots: str) -> int:
    from ..bots.engine import EngineSpec
    from ..bots.registry import bot_names
    from ..simulate import run_bots

    names = [n.strip() for n in bots.split(",") if n.strip()]
    known = (*bot_names(), "engine") if args.engine is not None else bot_names()
    unknown = [n for n in names if n not in known]
    if unknown:
        raise UsageError(f"unknown computer player {unknown[0]!r} in --bots; choose from {', '.join(known)}")
    if args.engine is not None and "engine" not in names:
        raise UsageError("--engine names the player 'engine': seat it in --bots (engine,greedy)")
    if not 0 < args.engine_time <= 600:
        raise UsageError("--engine-time must be more than 0 and at most 600 seconds")
    if args.level is None and not 2 <= len(names) <= 4:
        raise UsageError("--bots needs 2 to 4 names for a game (or --level L for solo games against the Vikings)")
    if args.level is not None and not 1 <= args.level <= 7:
        raise UsageError("--level must be 1 to 7")
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if not 1 <= args.jobs <= 64:
        raise UsageError("--jobs must be 1 to 64")
    cards = load_cards(args.cards)
    engines = {} if args.engine is None else {"engine": EngineSpec(args.engine, move_s=args.engine_time)}
    return run_bots(names, args.games, args.seed or 0, args.level, cards, args.jobs, as_json=args.json, engines=engines)


# --------------------------------------------------------------------------- play


LINES = "lines"  # NORSEWIND_MODE=lines, or the login command ``lines`` under OpenSSH's forced command


def lines_asked(args: Options) -> bool:
    """``--lines``, or ``$NORSEWIND_MODE`` ``lines`` (a screen reader's user sets it once): the game
    commands (play, resume, daily) play in the line mode (docs/LINES.md)."""
    return args.lines or os.environ.get("NORSEWIND_MODE", "").strip() == LINES


def _wants_lines(args: Options) -> bool:
    """``play --lines``, ``$NORSEWIND_MODE`` ``lines``, or ``ssh -t host lines`` to a login whose
    forced command is the game (``$SSH_ORIGINAL_COMMAND``)."""
    if args.lines:
        return True
    if args.page not in (None, "learn") or args.command not in (None, "play", "learn"):  # tv: _cmd_tv
        return False
    return lines_asked(args) or os.environ.get("SSH_ORIGINAL_COMMAND", "").strip() == LINES


def _cmd_play(args: Options) -> int:
    """Start the app (the title screen), or the line mode (docs/LINES.md)."""
    if _wants_lines(args):
        from ..lines.menu import run_lines
        from ..words.lines import LOG_IN_AGAIN

        logged_in = os.environ.get("NORSEWIND_SERVED") == "ssh" or "SSH_ORIGINAL_COMMAND" in os.environ
        return run_lines(args, come_back=LOG_IN_AGAIN if logged_in else None)
    if args.colour:
        raise UsageError("--colour is for the line mode: norsewind play --lines --colour")
    from ..tui.app import run_app

    return run_app(args)


Handler = Callable[[Options], int]


class _Parser(argparse.ArgumentParser):
    """argparse quotes some arguments raw in its errors (``unrecognized arguments``): escape them."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {safe_text(message)}\n")


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser of ``norsewind``; with ``argv``, only the subcommand it names is built (none for
    the app itself: every subcommand's parser costs some 20 ms of each start, issue 28).  Without
    ``argv``, or when it names no command where one stands, every one (``--help``, an error)."""
    parser = _Parser(prog="norsewind", description="Norsewind in your terminal.")
    parser.add_argument("--cards", metavar="FILE", help="play with this card-set file (TOML)")
    from norsewind_tui.storage.paths import describe_default  # absolute: cli.py is becoming cli/__init__.py

    parser.add_argument("--saves", metavar="DIR", help=f"saved-games folder (default: {describe_default()})")
    where = "default: $NORSEWIND_DATABASE, else the saves folder"
    parser.add_argument("--database", metavar="URL", help=f"keep the games in this PostgreSQL database ({where})")
    parser.add_argument("--seed", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--no-mouse", action="store_true", help="do not use the mouse (keyboard only)")
    parser.add_argument(
        "--engine", metavar="CMD", help="an outside engine (docs/ENGINE.md): a seat kind of the new-game form"
    )
    parser.add_argument("--engine-time", type=float, default=5.0, metavar="S", help=argparse.SUPPRESS)
    # the latest unfinished game at once, not the title (norsewind web: a reloaded tab goes on playing)
    parser.add_argument("--continue", dest="page", action="store_const", const="continue", help=argparse.SUPPRESS)
    parser.set_defaults(handler=_cmd_play)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    wanted = _named(argv)
    for names, add in _COMMANDS:
        if wanted is None or wanted & names:
            add(sub)
    for command in sub.choices.values():  # --saves and --database after the command too (issue 39.10):
        # norsewind resume NAME --lines --saves DIR, as the commands the game prints may be typed
        if not any("--saves" in action.option_strings for action in command._actions):
            command.add_argument("--saves", metavar="DIR", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
        if not any("--database" in action.option_strings for action in command._actions):
            command.add_argument("--database", metavar="URL", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    return parser


# The top-level options that take a value: what follows one is not a command.
VALUED = frozenset({"--cards", "--saves", "--database", "--seed", "--engine", "--engine-time"})


def _named(argv: Sequence[str] | None) -> frozenset[str] | None:
    """The subcommands to build for ``argv`` (an empty set for the app itself); None: every one.

    argparse takes the first word that is no option's value as the command.  Every word of
    ``argv`` that names a command is built, so an option abbreviated (``--sav DIR``) still finds
    its command; a first word that names none builds them all, for argparse's error.
    """
    if argv is None:
        return None
    named = frozenset(token for token in argv if token in COMMANDS)
    tokens = iter(argv)
    for token in tokens:
        if token in ("-h", "--help", "--"):
            return None
        if token in VALUED:
            next(tokens, None)
        elif not token.startswith("-"):
            return named if token in COMMANDS else None
    return named


def _add_simulate(sub: Any) -> None:
    sim = sub.add_parser("simulate", help="play headless games and print statistics")
    sim.add_argument("--players", type=int, default=2, help="1-4 (1 = solo against the Vikings)")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--level", type=int, default=None, help="solo level 1-7 (implies --players 1)")
    sim.add_argument("--json", action="store_true", help="print the statistics as JSON")
    sim.add_argument(
        "--random-tiles", action="store_true", help="variant 2: 4 random kingdom tiles (2-4 players; not solo, R24)"
    )
    sim.add_argument(
        "--bots",
        metavar="NAMES",
        default=None,
        help="computer players, comma-separated (random, greedy, easy, normal, hard, expert): "
        "a game each, seats alternated; with --level, each plays solo",
    )
    sim.add_argument("--jobs", type=int, default=1, help="processes for --bots games (default 1)")
    sim.add_argument(
        "--engine",
        metavar="CMD",
        default=None,
        help="an outside engine (docs/ENGINE.md), seated as 'engine' in --bots (default --bots engine,greedy)",
    )
    sim.add_argument(
        "--engine-time", type=float, default=5.0, metavar="S", help="seconds for each answer of the engine (default 5)"
    )
    sim.set_defaults(handler=_cmd_simulate)


def _add_play(sub: Any) -> None:
    play = sub.add_parser("play", help="start the game (--lines: as plain lines, for screen readers and slow links)")
    play.add_argument("--saves", metavar="DIR", default=argparse.SUPPRESS, help="saved-games folder")
    play.add_argument(
        "--lines", action="store_true", help="the game as plain lines: no cursor, no redraw (docs/LINES.md)"
    )
    play.add_argument("--colour", "--color", action="store_true", help="colours in the lines (--lines only)")
    play.add_argument("--no-mouse", action="store_true", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    play.add_argument("--seed", type=int, default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    play.set_defaults(handler=_cmd_play)


def _add_learn(sub: Any) -> None:
    learn = sub.add_parser("learn", help="learn to play: the tutorial (resumed where you left it)")
    learn.add_argument("--saves", metavar="DIR", default=argparse.SUPPRESS, help="saved-games folder")
    learn.add_argument("--lines", action="store_true", help="the tutorial as plain lines (docs/LINES.md)")
    learn.add_argument("--colour", "--color", action="store_true", help="colours in the lines (--lines only)")
    learn.set_defaults(handler=_cmd_play, page="learn")


def _add_tv(sub: Any) -> None:
    tv = sub.add_parser("tv", help="Norsewind TV: the most interesting table here, live, else the day's best games")
    tv.add_argument("--saves", metavar="DIR", default=argparse.SUPPRESS, help="saved-games folder")
    tv.add_argument("--lines", action="store_true", help="the channel as plain lines (docs/LINES.md)")
    tv.add_argument("--colour", "--color", action="store_true", help="colours in the lines (--lines only)")
    tv.set_defaults(handler=_cmd_tv, page="tv")


def _cmd_tv(args: Options) -> int:
    """``norsewind tv``: the app on its TV page, or the channel in lines."""
    if not lines_asked(args):
        return _cmd_play(args)
    from ..lines.io import LineIO, stdio
    from ..lines.tv import run_tv
    from ..storage.context import AppContext

    return run_tv(AppContext(args), LineIO(*stdio(), colour=args.colour))


def _add_puzzle(sub: Any) -> None:
    puzzle = sub.add_parser("puzzle", help="today's puzzle: find the better decision (the same for every player here)")
    puzzle.add_argument("--saves", metavar="DIR", default=argparse.SUPPRESS, help="saved-games folder")
    puzzle.add_argument(
        "--profile", metavar="NAME", help="who answers (default: $NORSEWIND_PLAYER, else the login name)"
    )
    puzzle.add_argument("--lines", action="store_true", help="as plain lines (docs/LINES.md)")
    puzzle.add_argument("--colour", "--color", action="store_true", help="colours in the lines (--lines only)")
    puzzle.add_argument("--collect", action="store_true", help="find puzzles in the analysed games here (slow)")
    puzzle.add_argument("--share", choices=("yes", "no"), help="may your analysed games give puzzles to everyone here")
    puzzle.set_defaults(handler=_cmd_puzzle, page="puzzle")


def _cmd_puzzle(args: Options) -> int:
    """``norsewind puzzle``: today's puzzle (the app or --lines); --collect, --share: the book and the setting."""
    if not args.collect and args.share is None:
        return _cmd_play(args)
    from .puzzle import cmd_puzzle_book

    return cmd_puzzle_book(args)


def _add_cards(sub: Any) -> None:
    cards = sub.add_parser("cards", help="card-set files")
    cards_sub = cards.add_subparsers(dest="cards_command", metavar="ACTION", required=True)
    check = cards_sub.add_parser("check", help="validate a card-set file and list every problem")
    check.add_argument("file")
    check.set_defaults(handler=_cmd_cards_check)


def _add_storage(sub: Any) -> None:
    from .saves import add_storage_commands

    add_storage_commands(sub)


def _add_review(sub: Any) -> None:
    from .review import add_review_command

    add_review_command(sub)


def _add_share(sub: Any) -> None:
    from .share import add_share_commands

    add_share_commands(sub)


def _add_daily(sub: Any) -> None:
    from .daily import add_daily_commands

    add_daily_commands(sub)


def _add_ratings(sub: Any) -> None:
    from .ratings import add_ratings_command

    add_ratings_command(sub)


def _add_tournament(sub: Any) -> None:
    from .tournament import add_tournament_commands

    add_tournament_commands(sub)


def _add_engine(sub: Any) -> None:
    from .engine import add_engine_command

    add_engine_command(sub)


def _add_db(sub: Any) -> None:
    from .db import add_db_commands

    add_db_commands(sub)


def _add_serve(sub: Any) -> None:
    from ..ssh import add_serve_command

    add_serve_command(sub)


def _add_web(sub: Any) -> None:
    from ..web import add_web_command

    add_web_command(sub)


# Each subcommand's names and what adds them, in the order --help lists them.
_COMMANDS: tuple[tuple[frozenset[str], Callable[[Any], None]], ...] = (
    (frozenset({"simulate"}), _add_simulate),
    (frozenset({"play"}), _add_play),
    (frozenset({"learn"}), _add_learn),
    (frozenset({"tv"}), _add_tv),
    (frozenset({"puzzle"}), _add_puzzle),
    (frozenset({"cards"}), _add_cards),
    (frozenset({"saves", "resume", "progress"}), _add_storage),
    (frozenset({"review"}), _add_review),
    (frozenset({"export", "import"}), _add_share),
    (frozenset({"daily", "halloffame"}), _add_daily),
    (frozenset({"ratings"}), _add_ratings),
    (frozenset({"tournament"}), _add_tournament),
    (frozenset({"engine"}), _add_engine),
    (frozenset({"db"}), _add_db),
    (frozenset({"serve"}), _add_serve),
    (frozenset({"web"}), _add_web),
)
COMMANDS = frozenset().union(*(names for names, _ in _COMMANDS))


def parse(argv: list[str] | None = None) -> tuple[Handler, Options]:
    """The subcommand's handler and the typed options of ``argv`` (argparse's own errors exit 2)."""
    argv = sys.argv[1:] if argv is None else argv
    parsed = vars(build_parser(argv).parse_args(argv))
    handler: Handler = parsed["handler"]
    return handler, Options.of(parsed)


def main(argv: list[str] | None = None) -> int:
    try:
        with guarded_stdout():  # a full disk or an I/O error on stdout: one line, exit 1 (issue 24.8)
            handler, options = parse(argv)  # --help prints too
            if options.database is not None:
                from ..storage.context import has_password

                if has_password(options.database):
                    raise UsageError(PASSWORD_SHOWN)
            for path in options.paths():  # a name the system cannot hold: one line, before any file is touched
                check_length(path)
            return handler(options)
    except OutputFailed as exc:
        return cannot_write(exc)
    except (UsageError, StorageError) as exc:
        print(error_lines(str(exc)), file=sys.stderr)  # on a terminal, wrapped at words
        return 2
    except KeyboardInterrupt:
        print("norsewind: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
