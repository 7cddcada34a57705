"""The handler around a server command, ``norsewind serve``'s and ``norsewind web``'s: the card set
checked before the server starts (``check_cards``), and the run with its errors as one line each
(``run_command``). Only the servers import it (``lifecycle.py`` stays light for the options' checks)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from ..safetext import safe_text
from ..storage.cardfile import CardFileError, load_card_file
from ..storage.errors import StorageError
from .config import ServeError


def check_cards(cards: Path | None) -> None:
    """Every session would fail on a bad card set: a ``ServeError`` now, before the server starts."""
    if cards is not None:
        try:
            load_card_file(cards)
        except CardFileError as exc:
            raise ServeError(str(exc)) from None


def run_command(name: str, configured: Callable[[], Coroutine[Any, Any, int | None]]) -> int:
    """A server command's handler: ``configured()`` checks the options and gives the server's run
    (``run_until_signalled``: its status, or 0); a ``ServeError`` or ``StorageError`` is one line,
    exit 2; Ctrl+C 130."""
    try:
        return asyncio.run(configured()) or 0
    except (ServeError, StorageError) as exc:
        print(f"norsewind {name}: {safe_text(str(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
