"""The one computer driver of a game screen: one thread worker, one message (``GameChanged``).

It follows the game whatever the game is: it waits on the handle's ``watch`` (another
terminal's writes, at the latest every fallback period) or on ``wake`` (the screen's
position changed, time passed for a stand-in), then posts what the handle's ``changes``
found.  A game of this terminal decides in-process: the move comes back for the screen
to ``push``.  A table claims, writes and watches: what comes back is already written, for
the screen to ``adopt``.  The worker never touches the screen's widgets.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from textual.dom import DOMNode
from textual.worker import Worker, get_current_worker

from .. import activity
from ..bots.engine import EngineSpec
from ..rules.moves import Move
from ..rules.state import State
from ..storage.engines import HostEngines
from ..storage.errors import StoreUnreachable
from ..storage.gamefile import Snapshot
from ..storage.handle import GameHandle
from ..storage.standin import StandIn
from ..storage.watch import Watch
from .computer import Computer
from .messages import EngineNotice, GameChanged

TROUBLE_PAUSE = 5.0  # seconds before looking again after the game could not be read or a bot failed
# seconds between two looks while the store cannot be reached: the game catches up within about this
# long of its coming back (issue 42: within 2 s), whatever wakes or does not wake the watch meanwhile
AWAY_PAUSE = 1.0


class BotFailed(Exception):
    """A computer player raised: said in one line, the game goes on (u undoes, q quits)."""


class Driver:
    """Plays the computer and follows changes made elsewhere, for ``screen`` (its messages go there).

    A game that others may change (a table, a game watched read-only) has one worker for as long
    as the screen is up, waiting on the handle's ``watch``.  A game only this terminal changes has
    one only while there is something to look at: each ``wake`` starts it unless it is running, and
    it ends when a look finds nothing new was asked (Textual's ``wait_for_complete`` then returns).
    """

    def __init__(
        self,
        screen: DOMNode,
        game: GameHandle,
        delay: Callable[[], float],
        engine: EngineSpec | None = None,
        host: HostEngines | None = None,
    ) -> None:
        self.screen = screen
        self.game = game
        self.delay = delay  # the app's computer delay, read at each decision (tests set it to 0)
        # engine: the app's outside engine; host: the engines this host names (a table's stand-in)
        self.computer = Computer(game.session.seed, engine, host)
        self.standin: StandIn | None = None  # who is away, at a table (a stand-in plays for them)
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._lock = threading.Lock()  # a wake and the worker's end: never a wake lost between them
        self._running = False
        self._watch: Watch | None = None  # the worker's, while it waits: a wake interrupts its wait
        self._unreachable = False  # the store could not be reached: said once, until a look works

    @property
    def following(self) -> bool:
        """Is the worker waiting on the game's watch (or about to)?"""
        return self._watch is not None

    @property
    def stopped(self) -> bool:
        return self._stop.is_set()

    def start(self) -> None:
        self._stop.clear()
        self.wake()

    def wake(self) -> None:
        """Look again now (the position changed here, or time passed with no file changing)."""
        with self._lock:
            self._wake.set()
            if self._watch is not None:
                self._watch.interrupt()
            if self._running or self._stop.is_set():
                return
            self._running = True
        self.screen.run_worker(self._follow, thread=True, exclusive=True, group="driver", name="driver")

    def stop(self) -> None:
        self._stop.set()
        self.wake()  # interrupts the worker's wait; starts nothing once stopped
        self.screen.workers.cancel_group(self.screen, "driver")
        with self._lock:
            if self._running:
                return  # the worker closes the computer as it ends
        self.computer.close()

    def decide(self, seat: int, bot: str, state: State) -> Move:
        try:
            with activity.span("think"):
                return self.computer.decide(seat, bot, state)
        except Exception as exc:  # a bot that fails must not take the game down
            raise BotFailed(f"the computer player {bot} failed: {exc}") from exc
        finally:
            for line in self.computer.notices():  # an outside engine failed: greedy played on
                self.screen.post_message(EngineNotice(line))

    def _done(self, worker: Worker[None]) -> bool:
        return worker.is_cancelled or self._stop.is_set()

    def _follow(self) -> None:
        worker = get_current_worker()
        game = self.game
        watch = game.watch()
        with self._lock:
            self._watch = watch
        latest = game.view
        try:
            while not self._done(worker):
                # a change, the fallback period (the first: at once), or a wake; while the store cannot be
                # reached, no wait: the notifications sent meanwhile are lost, so it looks until it can
                if watch is not None and not self._unreachable:
                    watch.wait(lambda: self._done(worker) or self._wake.is_set())
                self._wake.clear()
                if self._done(worker):
                    break
                latest = self._look(latest)
                if watch is None:
                    with self._lock:
                        if not self._wake.is_set():
                            break  # nothing new asked: the next wake starts a worker again
        finally:
            with self._lock:
                self._running = False
                self._watch = None
                stopped = self._stop.is_set()
            if stopped:
                self.computer.close()
            if watch is not None:
                watch.close()

    def _look(self, latest: Snapshot) -> Snapshot:
        """Post what changed since ``latest`` and the computer's decision; the newest view reported."""
        try:
            for change in self.game.changes(latest, self.decide, self.delay(), self.standin):
                if change.view is not None:
                    latest = change.view
                    activity.mark("moved")  # the game changed elsewhere: what it draws answers no key here
                self.screen.post_message(GameChanged(change))
            self._unreachable = False
        except StoreUnreachable as exc:  # the database is down: one line, then looks until it is back
            if not self._unreachable:
                self.screen.post_message(GameChanged(None, f"Trouble: {exc} (the game goes on)."))
            self._unreachable = True
            self._stop.wait(AWAY_PAUSE)
        except BotFailed as exc:
            again = "" if self.game.shared else " (u undoes, q quits)"
            self.screen.post_message(GameChanged(None, f"{exc}{again}"))
            self._stop.wait(TROUBLE_PAUSE)
        except Exception as exc:  # unreadable game: say so, look again later
            self.screen.post_message(GameChanged(None, str(exc) or type(exc).__name__))
            self._stop.wait(TROUBLE_PAUSE)
        return latest
