"""The environment of a Norsewind a test starts as a process (the app on a pty, the line mode)."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]  # the checkout: the app a test starts is this one


def app_env(saves: Path, player: str, **extra: str) -> dict[str, str]:
    """This checkout, ``saves``, ``player``, a colour terminal; ``extra`` adds or replaces variables."""
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(saves.parent),
        "PYTHONPATH": str(ROOT),
        "NORSEWIND_SAVES": str(saves),
        "NORSEWIND_PLAYER": player,
        "TERM": "xterm-256color",
        "LANG": "C.UTF-8",
        **extra,
    }
