"""``norsewind review NAME``: watch a game again in the app (read-only).

``--analyse`` (with ``--jobs N``) looks for the costly decisions instead, on the command line.
"""

from __future__ import annotations

import argparse
from typing import Any


def add_review_command(sub: Any) -> None:
    review = sub.add_parser("review", help="review a saved game, read-only (Esc leaves, ? lists the keys)")
    review.add_argument("name", help="the saved game's name")
    review.set_defaults(handler=cmd_review)


def cmd_review(args: argparse.Namespace) -> int:
    from ..tui.app import run_app

    return run_app(args, review=args.name)
