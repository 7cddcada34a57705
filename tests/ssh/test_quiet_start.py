"""``norsewind serve`` and ``norsewind web`` start without a warning line (issue 39.2): a fresh
install with a newer cryptography printed ten lines of "CryptographyDeprecationWarning: DSA is
deprecated" at every start, from asyncssh's imports."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from .helpers import APP

DSA = "DSA is deprecated and support will be removed in a future release. Use a more modern signature algorithm."


def test_asyncssh_s_dsa_warning_is_not_shown() -> None:
    """The warning as cryptography 51 raises it from asyncssh's modules (the pinned 50 raises none)."""
    code = (
        "import warnings, norsewind_tui.ssh.server\n"
        f"warnings.warn_explicit({DSA!r}, UserWarning, 'asyncssh/crypto/dsa.py', 38, module='asyncssh.crypto.dsa')\n"
        "warnings.warn_explicit('another warning', UserWarning, 'asyncssh/misc.py', 1, module='asyncssh.misc')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert DSA not in done.stderr
    assert "UserWarning: another warning" in done.stderr  # only that one warning is hidden


@pytest.mark.parametrize(
    ("command", "first"),
    [
        (["serve", "--open", "--port", "0"], "norsewind serve: listening on "),
        (["web", "--port", "0"], "norsewind web: open http://127.0.0.1:"),
    ],
)
def test_serve_and_web_start_with_no_warning_line(command: list[str], first: str, tmp_path: Path) -> None:
    env = {**os.environ, "NORSEWIND_PLAYER": "bob", "HOME": str(tmp_path)}
    proc = subprocess.Popen(
        [*APP, *command, "--saves", str(tmp_path / "saves")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith(first), line
    finally:
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    assert [e for e in err.splitlines() if "Warning" in e or "warning" in e] == []
