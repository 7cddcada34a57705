"""The norsewind command of this checkout, run as a child process by the command line's tests."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def norsewind(
    cwd: Path, *args: str, env: Mapping[str, str] | None = None, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """``python -m norsewind_tui.cli ARGS`` from this checkout; ``env`` by default: not on a terminal,
    80 columns."""
    if env is None:
        plain = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE")}
        env = {
            **plain,
            "COLUMNS": "80",
            "LINES": "24",
            "PYTHONPATH": os.pathsep.join([str(ROOT), plain.get("PYTHONPATH", "")]),
        }
    return subprocess.run(
        [sys.executable, "-m", "norsewind_tui.cli", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
        env=dict(env),
        timeout=timeout,
        check=False,
    )
