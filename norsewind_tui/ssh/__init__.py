"""Play over SSH: ``norsewind serve``, a built-in SSH server (see docs/SSH.md).

``add_serve_command(sub)`` registers the ``serve`` subcommand on the ``norsewind`` command line;
everything heavy (asyncssh) is imported only when the command runs, once its options are checked
(``config.py``: a usage error is one line without it).
"""

from __future__ import annotations

import warnings
from typing import Any

from ..options import Options

# asyncssh names DSA keys at import; cryptography 51 warns of each name: ten warning lines at every
# start of serve and web, about a key type the game never offers (issue 39.2). Every import of
# asyncssh is below this package, so its __init__ runs first.
warnings.filterwarnings("ignore", message="DSA is deprecated", module=r"asyncssh\.")

DEFAULT = Options()  # the defaults of serve's options: one place (options.py)


def _cmd_serve(args: Options) -> int:
    import sys

    from ..safetext import safe_text
    from .config import ServeError, check_config, config_of

    try:
        check_config(config_of(args))  # a usage error is said before asyncssh is imported (issue 22 §4)
    except ServeError as exc:
        print(f"norsewind serve: {safe_text(str(exc))}", file=sys.stderr)
        return 2
    from .server import run_serve

    return run_serve(args)


LIMITS = (  # serve's numeric options: the flag, its metavar, its help ({} is the default)
    ("--idle-timeout", "S", "hang up after S seconds without a key (0 off)"),
    ("--max-sessions", "N", "at most N games at once"),
    ("--login-grace-time", "S", "drop a connection that has not logged in after S seconds (default {:g})"),
    ("--max-startups", "N", "at most N connections logging in at once; more are refused (default {})"),
    ("--per-source-max-startups", "N", "the same, from one address (default {})"),
)


def server_command(sub: Any, name: str, help: str, description: str) -> Any:
    """A server's subcommand (serve's, web's) with its ``--host``; ``add_limits`` adds its limits."""
    parser = sub.add_parser(name, help=help, description=description)
    parser.add_argument("--host", default=DEFAULT.host, help=f"address to listen on (default {DEFAULT.host})")
    return parser


def add_limits(parser: Any) -> None:
    """serve's numeric options (``LIMITS``), each typed and defaulted as its ``Options`` field."""
    for flag, metavar, words in LIMITS:
        default = getattr(DEFAULT, flag[2:].replace("-", "_"))
        parser.add_argument(flag, type=type(default), default=default, metavar=metavar, help=words.format(default))


def add_serve_command(sub: Any) -> None:
    """Add ``norsewind serve`` to an ``argparse`` subparsers object."""
    serve = server_command(
        sub,
        "serve",
        help="offer the game over SSH (each connection plays in its own app)",
        description="A built-in SSH server: `ssh -p PORT NAME@HOST` opens the game as player NAME.",
    )
    serve.add_argument("--port", type=int, default=DEFAULT.port, help="port (default 2222; 0 picks a free one)")
    serve.add_argument(
        "--authorized-keys",
        metavar="FILE",
        help='public keys allowed to log in (OpenSSH format; principals="NAME" limits a key to names)',
    )
    serve.add_argument("--open", action="store_true", help="let anyone in without a key (loopback only)")
    add_limits(serve)
    serve.add_argument("--saves", dest="serve_saves", metavar="DIR", help="saves folder (host key kept here)")
    serve.set_defaults(handler=_cmd_serve)
