"""Text from users made safe for a terminal: the one control-character rule (issue 22).

Names, file names and file contents come from users and other programs: escape
codes (C0 and C1 controls, the 8-bit CSI ``\\x9b``, DEL), bidirectional overrides
and line separators must be shown, never interpreted.  Every layer (storage's
error messages, the command line, the SSH server, the app) uses this module, the
lowest of the package: it imports nothing of Norsewind.
"""

from __future__ import annotations

import unicodedata

from rich.cells import cell_len

# Controls, formats (bidi overrides, zero-width joiners), surrogates, private use,
# unassigned, and the line and paragraph separators.
UNSAFE = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))
NAME_W = 16  # a player's name in prose (prompts, log, status): long names are abbreviated to this


def unsafe(ch: str) -> bool:
    """Whether the character ``ch`` would be interpreted, or invisible, in a terminal."""
    return unicodedata.category(ch) in UNSAFE


def escaped(ch: str) -> str:
    """``ch`` written out visibly: ``\\x1b``, ``\\u202e``."""
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def safe_text(text: str, newlines: bool = False) -> str:
    """``text`` with every control or format character written out visibly.

    The app and the command line both print foreign text through this one
    function (issue 17).  Markup is harmless because neither parses markup in
    such text.  ``newlines`` keeps ``\\n`` (for a multi-line message the program
    wrote itself).
    """
    return "".join(ch if (newlines and ch == "\n") or not unsafe(ch) else escaped(ch) for ch in text)


def one_line(text: str, limit: int) -> str:
    """``text`` safe on one line: line breaks and tabs become spaces, the rest as ``safe_text``,
    shortened to ``limit`` characters (with ``...``)."""
    line = safe_text(text.replace("\r", " ").replace("\n", " ").replace("\t", " "))
    return line if len(line) <= limit else line[: limit - 3] + "..."


def first_unsafe(text: str) -> str | None:
    """The first character of ``text`` that cannot be shown as it is, or None."""
    return next((ch for ch in text if unsafe(ch)), None)


def printable(raw: str) -> str:
    """``raw`` without control and invisible formatting characters, the rest in order (an escape
    sequence's printable part stays where it was: ``Ann<ESC>[31mRed`` is ``Ann[31mRed``)."""
    return "".join(ch for ch in raw if not unsafe(ch))


def short_name(name: str, width: int = NAME_W) -> str:
    """A sanitised player name of at most ``width`` cells (not padded), shortened one way everywhere.

    Leading words go to initials first (``Anna Maria Lopez``: ``A. M. Lopez``, ``A.M.Lopez``, then
    ``Lopez``); a number at the end stays whole, so a computer seat stays one (``Normal bot 2``:
    ``N.bot 2``, ``bot 2``, never ``Normal.``; issue 23.4); then the rest is cut to its first cells and a full stop
    (``Bartholomew.``), never ``~``, so that a name never reads as text cut off.
    """
    text = safe_text(name)
    if cell_len(text) <= width:
        return text
    words = text.split(" ")
    tail = " " + words.pop() if len(words) > 1 and words[-1].isdigit() else ""
    for i in range(len(words) - 1):
        words[i] = words[i][:1] + "."
        if cell_len(shorter := " ".join(words) + tail) <= width:
            return shorter
    head = "".join(words[:-1]) + words[-1] if len(words) > 1 else words[0]
    if cell_len(head + tail) <= width:
        return head + tail
    if len(words) > 1 and cell_len(words[-1] + tail) <= width:  # "bot 2": the initials give way first
        return words[-1] + tail
    head = words[-1] if len(words) > 1 else head
    room = width - cell_len(tail)
    if room < 2:  # no room for the number too: the name alone
        head, tail, room = head + tail, "", width
    out = ""
    for ch in head:
        if cell_len(out + ch) > room - 1:
            break
        out += ch
    return out.rstrip(" -_.") + "." + tail
