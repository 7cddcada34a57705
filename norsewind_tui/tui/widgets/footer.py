"""Textual's footer, its keys made compact before they are mounted."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class KeysFooter(Footer):
    """A compact footer whose keys are born compact.

    Textual's footer mounts its keys anew whenever the screen's keys change (in a game, at most
    decisions) and binds each key's ``compact`` to its own: a key mounted plain, then given the
    ``-compact`` class, restyles itself once more. Given the class before it is mounted, it is
    styled once (a third of the CPU a hot-seat game spent on its footer, issue 22 §4).
    """

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if self.compact and isinstance(widget, FooterKey):
                widget.set_class(True, "-compact", update=False)
            yield widget
