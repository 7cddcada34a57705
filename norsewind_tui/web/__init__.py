"""Play in a browser: ``norsewind web`` (see docs/WEB.md).

``add_web_command(sub)`` registers the ``web`` subcommand; aiohttp and textual-serve are imported
only when it runs, once its options are checked (``config.py``).
"""

from __future__ import annotations

import argparse
from typing import Any

from ..options import Options

DEFAULT = Options()


def _cmd_web(args: Options) -> int:
    import sys

    from ..safetext import safe_text
    from .config import WebError, check_web_config, config_of

    try:
        check_web_config(config_of(args))  # a usage error is said before aiohttp is imported
    except WebError as exc:
        print(f"norsewind web: {safe_text(str(exc))}", file=sys.stderr)
        return 2
    from .server import run_web

    return run_web(args)


def add_web_command(sub: Any) -> None:
    """Add ``norsewind web`` to an ``argparse`` subparsers object."""
    from ..ssh import add_limits, server_command

    web = server_command(
        sub,
        "web",
        help="offer the game to browsers (each tab plays in its own app)",
        description="A web server: open the address it prints in a browser to play.",
    )
    web.add_argument("--port", dest="web_port", type=int, default=DEFAULT.web_port, help="port (default 8000; 0: any)")
    web.add_argument("--saves", dest="serve_saves", metavar="DIR", help="saves folder (shared with serve)")
    web.add_argument("--password-file", metavar="FILE", help="players log in with a name and the password in FILE")
    web.add_argument("--trust-header", metavar="NAME", help="the player is the name a reverse proxy sends in NAME")
    web.add_argument(
        "--trust-proxy", metavar="ADDRS", help="the proxy's addresses, comma-separated (default 127.0.0.1,::1)"
    )
    web.add_argument("--public-url", metavar="URL", help="the address players open (behind a reverse proxy)")
    web.add_argument(
        "--no-mouse", action="store_true", default=argparse.SUPPRESS, help="no mouse in the browser (keyboard only)"
    )
    add_limits(web)  # the same limits as serve
    web.set_defaults(handler=_cmd_web)
