"""``norsewind tournament``: create, join, start, leave, show and list the host's tournaments
(issue 44.1).  The acts are the store's (``storage/tournaments.py``); ``show`` is the page the app
and the line mode show (``tournament.page``), within 80 columns.  A refusal is one line, exit 2."""

from __future__ import annotations

from typing import Any

from ..options import Options
from ..storage.context import AppContext
from ..storage.pairings import Pairing
from ..storage.tableclock import parse_clock
from ..storage.tournaments import Tournaments
from ..words import tournaments as say
from . import UsageError


def add_tournament_commands(sub: Any) -> None:
    """Register ``tournament`` and its actions on ``sub`` (the main parser's subparsers)."""
    top = sub.add_parser("tournament", help="tournaments here: create, join, start, leave, show, list")
    acts = top.add_subparsers(dest="tournament_command", metavar="ACTION", required=True)
    create = acts.add_parser("create", help="make a tournament (you are its first player)")
    create.add_argument("name")
    create.add_argument("--swiss", action="store_true", help="Swiss pairing by rating (default: round-robin)")
    create.add_argument("--seats", type=int, default=2, help="players a table, 2-4 (default 2)")
    create.add_argument("--rounds", type=int, default=None, help="1-12 (default: everyone meets everyone)")
    create.add_argument("--round-hours", type=int, default=24, help="hours each round may take (default 24)")
    create.add_argument(
        "--computer", dest="computers", action="append", default=[], metavar="LEVEL", help="enter a computer level"
    )
    create.add_argument("--clock", default=None, help="the tables' clock: none, live:10+5, turn:1d/3d")
    for act, words in (
        ("join", "join a tournament before it starts"),
        ("start", "start your tournament: its first round's tables are made"),
        ("leave", "leave a tournament (a table you sit at goes on)"),
        ("show", "standings with tie-breaks, each round's tables and results"),
    ):
        parser = acts.add_parser(act, help=words)
        parser.add_argument("name")
    acts.add_parser("list", help="the tournaments here and their state")
    top.set_defaults(handler=cmd_tournament)


def cmd_tournament(args: Options) -> int:
    context = AppContext(args)
    t = context.tournaments
    me = context.identity
    act = args.tournament_command
    if act == "create":
        print(create(t, me, args))
    elif act == "join":
        t.join(args.name, me)
        print(say.joined(args.name))
    elif act == "start":
        t.start(args.name, me)
        from ..tournament import advance

        advance(t, args.name)  # the first round's tables, made now (and the computers' first moves)
        print(say.begun(args.name))
    elif act == "leave":
        doc = t.withdraw(args.name, me)
        print(say.gone(args.name, doc.started is not None))
    elif act == "show":
        from ..tournament import advance, page

        print("\n".join(row.text for row in page(advance(t, args.name), me)))
    else:
        from ..tournament import listing

        print("\n".join(text for _, text in listing(t)) or say.NO_TOURNAMENT)
    return 0


def create(t: Tournaments, me: str, args: Options) -> str:
    from ..bots.registry import bot_names

    levels = bot_names()
    for level in args.computers:
        if level not in levels:
            raise UsageError(say.bad_computer(level, ", ".join(levels)))
    for what, value, low, high in (
        ("--seats", args.seats, 2, 4),
        ("--rounds", args.rounds, 1, 12),
        ("--round-hours", args.round_hours, 1, 24 * 14),
    ):
        if value is not None and not low <= value <= high:
            raise UsageError(say.bad_number(what, low, high))
    try:
        clock = parse_clock(args.clock or "none")
    except ValueError as exc:
        raise UsageError(f"--clock: {exc}") from None
    pairing: Pairing = "swiss" if args.swiss else "round-robin"
    t.create(me, args.name, pairing, args.seats, args.rounds, args.round_hours, tuple(args.computers), clock)
    return say.created(args.name)
