"""How many keys the app holds at once (issue 18: a pasted flood must not multiply games or memory).

A terminal delivers keys faster than the app can act on them: 100 KB of pasted
Enter became 100,000 queued key events (474 MB over SSH).  ``KeyBacklog``
admits a key while fewer than ``KEY_BACKLOG`` earlier ones are still alive
(queued or being handled anywhere in the app: a key is dropped by Textual once
dealt with, so a weak set counts exactly those); beyond, the key is dropped.
ctrl+c (quit) is always admitted.

The terminal's reader is a thread that hands each key to the event loop; while
the loop is busy (a move being saved), those hand-overs pile up before the app
sees them.  ``bounded_driver`` counts them too, in the reader thread, and drops
a key while ``KEY_BACKLOG`` are already on their way.
"""

from __future__ import annotations

import threading
import weakref
from typing import Any

from textual import events
from textual.driver import Driver

from .. import activity
from ..words import app as say

KEY_BACKLOG = 256  # keys read but not yet dealt with, at most; a person never types that far ahead
ALWAYS = frozenset({"ctrl+c"})
DROPPED = say.TOO_MANY_KEYS


class KeyBacklog:
    def __init__(self, bound: int = KEY_BACKLOG) -> None:
        self.bound = bound
        self.live: weakref.WeakSet[events.Event] = weakref.WeakSet()
        self.dropped = 0  # in all
        self.flooding = False  # dropping since the backlog was last empty: one notice per flood
        self._transit: set[int] = set()  # ids of the keys handed over by the reader, not yet arrived
        self._lock = threading.Lock()

    def send(self, event: events.Event) -> bool:
        """The reader thread: whether to hand ``event`` over to the loop (False: dropped)."""
        if not isinstance(event, (events.Key, events.Paste)):
            return True
        with self._lock:
            if len(self._transit) >= self.bound and not (isinstance(event, events.Key) and event.key in ALWAYS):
                self.dropped += 1
                return False
            self._transit.add(id(event))
        return True

    def arrived(self, event: object) -> None:
        """The loop: ``event`` reached the app (it is no longer on its way)."""
        with self._lock:
            self._transit.discard(id(event))

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


def bounded_driver(base: type[Driver]) -> type[Driver]:
    """``base`` whose reader drops keys while the app's ``keys`` backlog has too many on their way."""

    class Bounded(base):  # type: ignore[valid-type, misc]
        def send_message(self, message: Any) -> None:
            if isinstance(message, (events.Key, events.Paste)):
                activity.mark("key")  # read off the terminal (this reader thread)
            if self._app.keys.send(message):
                super().send_message(message)

    Bounded.__name__ = Bounded.__qualname__ = f"Bounded{base.__name__}"
    return Bounded
