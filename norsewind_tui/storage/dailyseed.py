"""The daily deal's seed and save name: what a save or a profile rebuild needs to know a daily game.

``daily_seed``: sha256(b"norsewind daily YYYY-MM-DD level L"), the first 4 bytes big-endian
with the top bit cleared (0 becomes 1); the same on every host (see ``daily.py``).
"""

from __future__ import annotations

import hashlib
import re
from datetime import date

from .paths import sanitise_name
from .records import GameRecord

_NAME = re.compile(r"^daily-([0-9]{4}-[0-9]{2}-[0-9]{2})-L([1-7])-")


def daily_seed(day: date, level: int) -> int:
    """The seed of ``day``'s deal on ``level``: the same on every host."""
    digest = hashlib.sha256(f"norsewind daily {day.isoformat()} level {level}".encode()).digest()
    return (int.from_bytes(digest[:4], "big") & 0x7FFFFFFF) or 1


def daily_save_name(day: date, level: int, player: str) -> str:
    return sanitise_name(f"daily-{day.isoformat()}-L{level}-{player}")


def daily_of(save_name: str, seed: int, level: int) -> str | None:
    """The day (``YYYY-MM-DD``) when the save ``save_name`` is that day's deal on ``level``, else None.

    Both the name and the seed must fit: a game merely named like a daily deal is not one.
    """
    match = _NAME.match(save_name)
    if match is None or int(match.group(2)) != level:
        return None
    try:
        day = date.fromisoformat(match.group(1))
    except ValueError:
        return None
    return day.isoformat() if daily_seed(day, level) == seed else None


def trusted_daily(game: GameRecord) -> bool:
    """A daily mark is believed only when the seed is that day's deal on that level."""
    if game.daily is None:
        return True
    try:
        day = date.fromisoformat(game.daily)
    except ValueError:  # the pattern lets "2026-13-45" through
        return False
    return daily_seed(day, game.level) == game.seed
