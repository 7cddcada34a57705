"""``norsewind engine``: one of our computer players speaking the engine protocol (docs/ENGINE.md).

It reads the host's JSON lines on standard input and answers on standard output, so our levels
can sit as outside engines at another host's table (or at ours: ``simulate --engine``).
"""

from __future__ import annotations

import sys
from typing import Any

from ..options import Options
from ..safetext import safe_text
from . import UsageError


def add_engine_command(sub: Any) -> None:
    """Register ``engine`` on ``sub`` (the main parser's subparsers)."""
    engine = sub.add_parser("engine", help="a computer player speaking the engine protocol on stdin/stdout")
    engine.add_argument("--bot", default="greedy", help="which player (random, greedy, easy, normal, hard, expert)")
    engine.add_argument("--seed", type=int, default=0, help="its seed (default 0)")
    engine.set_defaults(handler=cmd_engine)


def cmd_engine(args: Options) -> int:
    from ..bots.registry import make_bot
    from ..bots.speak import Unspoken, speak

    try:
        bot = make_bot(args.bot, args.seed or 0)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    try:
        speak(bot, sys.stdin.buffer, sys.stdout.buffer)
    except Unspoken as exc:
        print(f"norsewind engine: {safe_text(': '.join(map(str, exc.args)))}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the host went away: nothing more to answer
        return 1
    return 0
