"""How many keys the app holds at once (issue 18: a pasted flood must not multiply games or memory).

A terminal delivers keys faster than the app can act on them: 100 KB of pasted
Enter became 100,000 queued key events (474 MB over SSH).  ``KeyBacklog``
admits a key while fewer than ``KEY_BACKLOG`` earlier ones are still alive
(queued or being handled anywhere in the app: a key is dropped by Textual once
dealt with, so a weak set counts exactly those); beyond, the key is dropped.
ctrl+c (quit) is always admitted.
"""

from __future__ import annotations

import weakref

from textual import events

KEY_BACKLOG = 256  # keys read but not yet dealt with, at most; a person never types that far ahead
ALWAYS = frozenset({"ctrl+c"})
DROPPED = "Too many keys at once: the extra ones were ignored."


class KeyBacklog:
    def __init__(self, bound: int = KEY_BACKLOG) -> None:
        self.bound = bound
        self.live: weakref.WeakSet[events.Event] = weakref.WeakSet()
        self.dropped = 0  # in all
        self.flooding = False  # dropping since the backlog was last empty: one notice per flood

    def admit(self, event: events.Key | events.Paste) -> bool:
        """Whether to take ``event``; False once ``bound`` keys are waiting."""
        if not self.live:
            self.flooding = False
        if len(self.live) >= self.bound and not (isinstance(event, events.Key) and event.key in ALWAYS):
            self.dropped += 1
            return False
        self.live.add(event)
        return True

    def first_drop(self) -> bool:
        """True once per flood: when the notice is due."""
        if self.flooding:
            return False
        self.flooding = True
        return True
