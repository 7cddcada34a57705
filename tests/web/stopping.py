"""``norsewind web`` run as its command runs it (``run_web``: its signals, its log, its exit status),
with the stand-in app (``probe.py``) ignoring SIGHUP and a grace period of 10 minutes before the
SIGKILL (tests only): so a stop waits on its apps until the test sends the second Ctrl+C.

    python stopping.py [norsewind web's options]
"""

from __future__ import annotations

import sys
from pathlib import Path

from norsewind_tui.cli import parse
from norsewind_tui.web.server import run_web

PROBE = Path(__file__).with_name("probe.py")

if __name__ == "__main__":
    _, options = parse(["web", *sys.argv[1:]])
    sys.exit(run_web(options, program=[sys.executable, str(PROBE), "--ignore-hangup"], hangup_grace=600.0))
