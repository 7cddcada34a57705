"""Which view of the game a key was typed on (issue 24.4): the views last drawn, with when.

A key typed before a change from elsewhere was drawn decides nothing ("the game moved on"): the
game screen ties each decision to the view on screen when its key (or click) arrived.
"""

from __future__ import annotations

from ..storage.gamefile import Snapshot

SHOWN = 8  # the views last drawn, with when: a key's decision is tied to the one it was typed on


class Shown:
    """The last ``SHOWN`` views drawn, and when the click being handled arrived."""

    def __init__(self) -> None:
        self.views: list[tuple[float, Snapshot]] = []  # (when drawn, the view)
        self.click_time: float | None = None  # when the click being handled arrived (a key's: the app's)

    def mark(self, view: Snapshot, at: float) -> None:
        """``view`` is drawn (since ``at``): a key arriving from then on decides on it.

        A change from elsewhere counts once drawn; this screen's own decision from when its key
        arrived (a key typed after it is meant for what it leads to)."""
        if not any(seen is view for _, seen in self.views):
            self.views = [*self.views[-(SHOWN - 1) :], (at, view)]

    def arrived(self, key_time: float | None) -> float | None:
        """When the click, else the key (``key_time``: the app notes each key's), being handled arrived."""
        when, self.click_time = self.click_time, None
        return when if when is not None else key_time

    def seen(self, when: float | None) -> Snapshot | None:
        """The view on screen at ``when`` (None: not known, the current one).

        A key that arrived before every view kept was marked drawn (a loaded machine may draw a
        new screen late) is matched to the oldest: never to a later one it could not have seen."""
        if when is None or not self.views:
            return None
        shown = [(at, view) for at, view in self.views if at <= when] or self.views[:1]
        return max(shown, key=lambda entry: entry[0])[1]
