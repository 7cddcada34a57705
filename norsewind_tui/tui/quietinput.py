"""A terminal reader that sleeps until a key comes (issue 28: "waiting costs nothing").

Textual's Linux driver reads the terminal in a thread that wakes every 0.1 s (``select`` with a
timeout) to see whether the app is stopping and whether a lone Esc has waited long enough to be a
key: 600 wake-ups a minute per app, for nothing, while a player thinks.  ``quiet_driver`` gives
that driver a reader which blocks until the terminal has bytes or the driver stops:

- its ``exit_event`` also writes a wake-up pipe when it is set, so ``stop_application_mode``
  (quit, suspend, a hang-up: whatever sets it) ends the wait at once;
- a short timeout is kept only while the parser holds the start of a sequence (an Esc that may be
  a key or the start of an arrow's sequence, the start of a paste marker): it fires when that is
  due, exactly as Textual's ``tick`` would have found it.

Everything read is fed, ticked and sent as Textual's own reader does (the same parser, the paste
parser when installed: ``paste.py``).  Other drivers (the web driver, headless tests) are left as
they are.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import threading
import time
from codecs import getincrementaldecoder
from typing import Any

from textual import constants
from textual.driver import Driver
from textual.drivers import linux_driver

from .paste import PasteParser
from .textual_private import ParseError, get_time

READ = 4096  # bytes per read, as Textual's reader


class WakingEvent(threading.Event):
    """An event that also writes ``fd`` when set: a reader blocked on ``fd`` sees it at once."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self.fd = fd

    def set(self) -> None:
        super().set()
        with contextlib.suppress(OSError):
            os.write(self.fd, b"!")


def due_in(parser: Any) -> float | None:
    """Seconds until ``parser`` must be ticked (None: it holds nothing, a key alone wakes it)."""
    waits = []
    timeout_time = getattr(parser, "_timeout_time", None)  # Textual's parser: a sequence begun
    if timeout_time is not None:
        waits.append(timeout_time - get_time())
    if isinstance(parser, PasteParser) and parser.held and parser.pasting is None:  # a marker begun
        waits.append(parser.held_at + constants.ESCAPE_DELAY - time.monotonic())  # its clock
    return max(0.0, min(waits)) if waits else None


def quiet_driver(base: type[Driver]) -> type[Driver]:
    """``base`` whose terminal reader blocks until input or stop (Textual's Linux driver and its
    subclasses); any other driver unchanged."""
    if not issubclass(base, linux_driver.LinuxDriver):
        return base

    class Quiet(base):  # type: ignore[valid-type, misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._wake_r, self._wake_w = os.pipe()
            os.set_blocking(self._wake_r, False)
            os.set_blocking(self._wake_w, False)
            self.exit_event = WakingEvent(self._wake_w)

        def run_input_thread(self) -> None:
            run_quietly(self)

        def close(self) -> None:
            super().close()
            for fd in (self._wake_r, self._wake_w):
                with contextlib.suppress(OSError):
                    os.close(fd)

    Quiet.__name__ = Quiet.__qualname__ = f"Quiet{base.__name__}"
    return Quiet


def _drain(fd: int) -> None:
    with contextlib.suppress(OSError):
        while os.read(fd, 4096):
            pass


def run_quietly(driver: Any) -> None:
    """Textual's ``LinuxDriver.run_input_thread``, with a wait that ends only for a reason."""
    fileno: int = driver.fileno
    wake: int = driver._wake_r
    parser = vars(linux_driver)["XTermParser"](driver._debug)  # the paste parser once installed (paste.py)
    decode = getincrementaldecoder("utf-8")().decode
    selector = selectors.SelectSelector()
    selector.register(fileno, selectors.EVENT_READ)
    selector.register(wake, selectors.EVENT_READ)

    def process(ready: list[tuple[selectors.SelectorKey, int]], final: bool = False) -> None:
        for key, mask in ready:
            if key.fd == wake:
                _drain(wake)
            elif mask & selectors.EVENT_READ:
                data = decode(os.read(fileno, READ), final=final)
                if not data:  # end of input (piped stdin); a hang-up is HangupGuard's
                    break
                for event in parser.feed(data):
                    driver.process_message(event)
        for event in parser.tick():
            driver.process_message(event)

    try:
        while not driver.exit_event.is_set():
            process(selector.select(due_in(parser)))
        selector.unregister(fileno)
        process([], final=True)
    finally:
        selector.close()
        with contextlib.suppress(EOFError, ParseError):
            for _event in parser.feed(""):
                pass
