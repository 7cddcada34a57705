"""One control-character rule for every layer (issue 22 §3): ``norsewind_tui.safetext``."""

from __future__ import annotations

import subprocess
import sys

from norsewind_tui.safetext import first_unsafe, one_line, printable, safe_text, short_name
from norsewind_tui.storage.errors import StorageError
from norsewind_tui.storage.format import printable_problem


def test_escape_codes_bidi_and_separators_are_written_out() -> None:
    assert safe_text("Ragnar\x1b[2J\x9b\u202e\u2028\x7f") == "Ragnar\\x1b[2J\\x9b\\u202e\\u2028\\x7f"
    assert safe_text("one\ntwo", newlines=True) == "one\ntwo"
    assert safe_text("one\ntwo") == "one\\x0atwo"


def test_the_other_layers_use_the_same_rule() -> None:
    assert str(StorageError("bad\tname\x1b]0;title\x07")) == "bad name\\x1b]0;title\\x07"
    assert one_line("x" * 10, 8) == "xxxxx..."
    assert printable_problem("Ana\u202e") == "contains the control character U+202E"
    assert first_unsafe("Ana") is None
    assert printable("An\x1b[1ma\u200b") == "An[1ma"
    assert short_name("Bartholomew-the-Bold", 12) == "Bartholomew."


def test_the_ssh_server_and_the_command_line_escape_without_the_tui() -> None:
    """Importing the server loads no module of the tui; the saves commands, not its text module."""
    code = (
        "import sys, norsewind_tui.ssh.server;"
        "print(sorted(m for m in sys.modules if m.startswith('norsewind_tui.tui')));"
        "import norsewind_tui.cli.saves;"
        "print('norsewind_tui.tui.text' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out == "[]\nFalse\n"
