"""A bracketed paste is taken whole, escape characters and all (issue 23.17).

Textual's terminal parser ends a paste's text at the first escape character in it and replays
the rest as keys *before* the paste: ``AB<ESC>CD`` pasted became ``^CDAB`` in a name field.
``PasteParser`` cuts a paste out of the terminal's bytes between its two markers before that
parser sees them, so the whole text arrives as one ``Paste`` in order (the name field then drops
what is not printable).  Outside a paste the bytes go to Textual's parser unchanged.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from time import monotonic

from textual import constants, events
from textual.drivers import linux_driver
from textual.message import Message

from .textual_private import XTermParser

START, END = "\x1b[200~", "\x1b[201~"  # what a terminal sends around pasted text
# A read that ends in the middle of the start marker ("\x1b[2"): the rest comes with the next read.
# Only a lone escape may be the Esc key, given to Textual's parser after its ESCAPE_DELAY; a longer
# piece waits this long for the rest (issue 39: over a slow link, a paste split there and flushed
# after 0.1 s went to Textual's parser, which replays the paste's escape sequences as keys).
SPLIT_MARKER_WAIT = 2.0


def partial_marker(data: str, marker: str) -> int:
    """How many of ``data``'s last characters may be the start of ``marker`` (cut between two reads)."""
    for n in range(min(len(marker) - 1, len(data)), 0, -1):
        if marker.startswith(data[-n:]):
            return n
    return 0


class PasteParser(XTermParser):
    """Textual's parser, with each bracketed paste taken out whole first."""

    def __init__(self, debug: bool = False) -> None:
        super().__init__(debug)
        self.pasting: list[str] | None = None  # inside a paste: its text so far
        self.held = ""  # the end of the last read that may begin a marker
        self.held_at = 0.0

    def feed(self, data: str) -> Iterable[Message]:
        if not data:  # the end of input
            held, self.held = self.held, ""
            if held and self.pasting is None:
                yield from super().feed(held)
            yield from super().feed("")
            return
        data, self.held = self.held + data, ""
        while data:
            marker = START if self.pasting is None else END
            at = data.find(marker)
            if at < 0:  # no whole marker: keep a possible start of one for the next read
                keep = partial_marker(data, marker)
                data, self.held, self.held_at = data[: len(data) - keep], data[len(data) - keep :], monotonic()
                yield from self.text(data)
                return
            yield from self.text(data[:at])
            data = data[at + len(marker) :]
            if self.pasting is None:
                self.pasting = []
            else:
                pasted, self.pasting = "".join(self.pasting), None
                yield events.Paste(pasted.replace("\x00", ""))

    def text(self, data: str) -> Iterable[Message]:
        if self.pasting is not None:
            self.pasting.append(data)
        elif data:
            yield from super().feed(data)

    def tick(self) -> Iterable[Message]:
        # a held escape that no marker followed was a key (Esc): Textual's parser gets it now
        wait = constants.ESCAPE_DELAY if self.held == "\x1b" else SPLIT_MARKER_WAIT
        if self.held and self.pasting is None and monotonic() - self.held_at >= wait:
            held, self.held = self.held, ""
            yield from super().feed(held)
        yield from super().tick()


def install(driver: type[object] | None = None) -> None:
    """Textual's terminal reader builds its parser by this module name; there is no other hook.
    ``driver``: the driver the app runs with, whose module is given the parser too (the web
    driver's, under ``norsewind web``: a browser's paste comes bracketed the same way)."""
    linux_driver.XTermParser = PasteParser  # type: ignore[attr-defined]
    module = sys.modules.get(driver.__module__) if driver is not None else None
    if module is not None and getattr(module, "XTermParser", None) is XTermParser:
        module.XTermParser = PasteParser  # type: ignore[attr-defined]
