"""Play over SSH: ``norsewind serve``, a built-in SSH server (see docs/SSH.md).

``add_serve_command(sub)`` registers the ``serve`` subcommand on the ``norsewind`` command line;
everything heavy (asyncssh) is imported only when the command runs.
"""

from __future__ import annotations

from typing import Any

from ..options import Options

DEFAULT = Options()  # the defaults of serve's options: one place (options.py)


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
    serve.add_argument("--port", type=int, default=DEFAULT.port, help="port (default 2222; 0 picks a free one)")
    serve.add_argument(
        "--authorized-keys",
        metavar="FILE",
        help='public keys allowed to log in (OpenSSH format; principals="NAME" limits a key to names)',
    )
    serve.add_argument("--open", action="store_true", help="let anyone in without a key (loopback only)")
    serve.add_argument(
        "--idle-timeout",
        type=float,
        default=DEFAULT.idle_timeout,
        metavar="S",
        help="hang up after S seconds without a key (0 off)",
    )
    serve.add_argument(
        "--max-sessions", type=int, default=DEFAULT.max_sessions, metavar="N", help="at most N games at once"
    )
    serve.add_argument(
        "--login-grace-time",
        type=float,
        default=DEFAULT.login_grace_time,
        metavar="S",
        help=f"drop a connection that has not logged in after S seconds (default {DEFAULT.login_grace_time:g})",
    )
    serve.add_argument(
        "--max-startups",
        type=int,
        default=DEFAULT.max_startups,
        metavar="N",
        help=f"at most N connections logging in at once; more are refused (default {DEFAULT.max_startups})",
    )
    serve.add_argument(
        "--per-source-max-startups",
        type=int,
        default=DEFAULT.per_source_max_startups,
        metavar="N",
        help=f"the same, from one address (default {DEFAULT.per_source_max_startups})",
    )
    serve.add_argument("--saves", dest="serve_saves", metavar="DIR", help="saves folder (host key kept here)")
    serve.set_defaults(handler=_cmd_serve)
