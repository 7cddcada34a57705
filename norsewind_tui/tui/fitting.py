"""The one way text is made to fit a cell: words are shortened, numbers never (issue 23.1).

A cut number is a wrong number (``+21`` cut to ``+2`` reads as 2), so a text too long
for its room loses letters of its words first, the longest word first, each shortened
word marked with a full stop (``Vik h11>s10 +21`` in 14 cells: ``V. h11>s10 +21``).
Digits, signs and single letters (the ``h`` of ``h11``) are kept; then spaces go
(``p12 x c10 = 120``: ``p12xc10=120``).  Only when that is not enough is the text cut, with ``~``,
the mark the layout test looks for: such a cell is a layout bug, never a silent one.
"""

from __future__ import annotations

import re

from rich.cells import cell_len
from rich.text import Text

WORD = re.compile(r"[^\W\d_]+")  # a run of letters: what may be shortened

# (character, index in the original text it takes its style from)
Chars = list[tuple[str, int]]


def _shortened(text: str, width: int) -> Chars | None:
    """``text`` in at most ``width`` cells, its words shortened, then its spaces dropped (never
    one between two digits: ``1 2`` is not ``12``); None when that is not enough."""
    # each word: [start, end, letters kept, shortened?]
    words = [[m.start(), m.end(), m.end() - m.start(), False] for m in WORD.finditer(text)]
    excess = cell_len(text) - width
    while excess > 0:
        # a word can give a cell: an unshortened one of 3+ letters (two go, a full stop comes),
        # a shortened one of 2+ letters; the longest first, the last of equals (the first word
        # of a line says most what it is about)
        best = None
        for word in words:
            kept, marked = word[2], word[3]
            if ((kept >= 3 and not marked) or (kept >= 2 and marked)) and (best is None or kept >= best[2]):
                best = word
        if best is None:
            break
        if best[3]:
            best[2] -= 1
        else:
            best[2] -= 2
            best[3] = True
        excess -= 1
    out: Chars = []
    at = 0
    for start, end, kept, marked in words:
        out += [(text[i], i) for i in range(at, start + kept)]
        if marked:
            out.append((".", start + kept - 1))
        at = end
    out += [(text[i], i) for i in range(at, len(text))]
    i = len(out) - 1
    while excess > 0 and i > 0:
        if out[i][0] == " " and not (out[i - 1][0].isdigit() and i + 1 < len(out) and out[i + 1][0].isdigit()):
            del out[i]
            excess -= 1
        i -= 1
    return out if excess <= 0 else None


def squeeze(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells: words shortened, numbers whole (else cut with ``~``)."""
    if cell_len(text) <= width:
        return text
    if width <= 0:
        return ""
    chars = _shortened(text, width)
    if chars is not None:
        return "".join(ch for ch, _ in chars)
    out = ""
    for ch in text:
        if cell_len(out + ch) > width - 1:
            break
        out += ch
    return out + "~"


def squeeze_text(text: Text, width: int) -> Text:
    """``squeeze`` for styled text: each character keeps the style it had."""
    plain = text.plain
    if cell_len(plain) <= width:
        return text
    chars = _shortened(plain, width) if width > 0 else []
    if chars is None:
        return Text(squeeze(plain, width), style=text.style, no_wrap=True)
    styles: list[list[object]] = [[] for _ in plain]
    for span in text.spans:
        for i in range(span.start, min(span.end, len(plain))):
            styles[i].append(span.style)
    out = Text(style=text.style, no_wrap=True)
    run, run_styles = "", styles[chars[0][1]] if chars else []
    for ch, source in [*chars, ("", -1)]:  # runs of one style stay one span (one segment on screen)
        if source >= 0 and styles[source] == run_styles:
            run += ch
            continue
        piece = Text(run)
        for style in run_styles:
            piece.stylize(style)  # type: ignore[arg-type]
        out.append_text(piece)
        run, run_styles = ch, styles[source] if source >= 0 else []
    return out


def fit(text: str, width: int) -> str:
    """``text`` made to fit (``squeeze``) and padded to exactly ``width`` cells."""
    if width <= 0:
        return ""
    text = squeeze(text, width)
    return text + " " * (width - cell_len(text))


TERMINAL = 80  # the width a message to type from must fit (issue 23.2)


def to_type(sentence: str, command: str, width: int = TERMINAL) -> str:
    """``sentence: command`` on one line when it fits ``width``, else the command on a line of its
    own: a terminal that wraps the line would split the very name to type (``...-0`` / ``1-L1-root``)."""
    line = f"{sentence}: {command}"
    return line if cell_len(line) <= width else f"{sentence}:\n  {command}"
