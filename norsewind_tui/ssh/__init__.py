"""Play over SSH: ``norsewind serve``, a built-in SSH server (see docs/SSH.md).

``add_serve_command(sub)`` registers the ``serve`` subcommand on the ``norsewind`` command line;
everything heavy (asyncssh) is imported only when the command runs.
"""

from __future__ import annotations

from typing import Any

from ..options import (
    DEFAULT_IDLE_TIMEOUT,
    DEFAULT_LOGIN_GRACE_TIME,
    DEFAULT_MAX_SESSIONS,
    DEFAULT_MAX_STARTUPS,
    DEFAULT_PER_SOURCE_STARTUPS,
    DEFAULT_PORT,
    Options,
)


def _cmd_serve(args: Options) -> int:
    from .server import run_serve

    return run_serve(args)


def add_serve_command(sub: Any) -> None:
    """Add ``norsewind serve`` to an ``argparse`` subparsers object."""
    serve = sub.add_parser(
        "serve",
        help="offer the game over SSH (each connection plays in its own app)",
        description="A built-in SSH server: `ssh -p PORT NAME@HOST` opens the game as player NAME.",
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help="port (default 2222; 0 picks a free one)")
    serve.add_argument(
        "--authorized-keys",
        metavar="FILE",
        help='public keys allowed to log in (OpenSSH format; principals="NAME" limits a key to names)',
    )
    serve.add_argument("--open", action="store_true", help="let anyone in without a key (loopback only)")
    serve.add_argument(
        "--idle-timeout",
        type=float,
        default=DEFAULT_IDLE_TIMEOUT,
        metavar="S",
        help="hang up after S seconds without a key (0 off)",
    )
    serve.add_argument(
        "--max-sessions", type=int, default=DEFAULT_MAX_SESSIONS, metavar="N", help="at most N games at once"
    )
    serve.add_argument(
        "--login-grace-time",
        type=float,
        default=DEFAULT_LOGIN_GRACE_TIME,
        metavar="S",
        help=f"drop a connection that has not logged in after S seconds (default {DEFAULT_LOGIN_GRACE_TIME:g})",
    )
    serve.add_argument(
        "--max-startups",
        type=int,
        default=DEFAULT_MAX_STARTUPS,
        metavar="N",
        help=f"at most N connections logging in at once; more are refused (default {DEFAULT_MAX_STARTUPS})",
    )
    serve.add_argument(
        "--per-source-max-startups",
        type=int,
        default=DEFAULT_PER_SOURCE_STARTUPS,
        metavar="N",
        help=f"the same, from one address (default {DEFAULT_PER_SOURCE_STARTUPS})",
    )
    serve.add_argument("--saves", dest="serve_saves", metavar="DIR", help="saves folder (host key kept here)")
    serve.set_defaults(handler=_cmd_serve)
