"""The computer seats of one game: the bots' registry behind one small interface, for the app and the
line mode (a layer of its own: it joins the bots and the host's engines file, which know nothing of
each other).

The app never runs a bot on its event loop: ``GameScreen`` asks ``decide`` in
a worker thread, and the worker posts the move back as a message.

An outside engine (docs/ENGINE.md) is the seat kind ``engine``: the program is the one this app
was started with (``norsewind --engine CMD``), never one a saved game or a table names.  Its
faults, and an engine seat in an app started without one, are ``notices`` (one line each, for the
status line): greedy plays the seat on and the game goes on.

A table's stand-in engine (issue 29) is the bot ``engine:NAME``: NAME is looked up in this host's
engines (``storage/engines.py``, the account's own ``<saves>/engines.toml``), never read as a
command; a name this host does not know is one notice, and greedy stands in.
"""

from __future__ import annotations

import subprocess
import threading

from .bots import Bot, make_bot
from .bots.engine import FALLBACK, EngineBot, EngineFault, EngineSpec, fault_line
from .options import Options
from .rules.moves import Move
from .rules.state import State
from .storage.engines import HostEngines
from .storage.standin import engine_of

ENGINE = "engine"  # the seat kind of an outside engine


def bot_seed(game_seed: int, seat: int) -> int:
    return (game_seed * 31 + seat * 7919 + 17) % (2**31)


def engine_spec(options: Options) -> EngineSpec | None:
    """The outside engine the app was started with (``--engine CMD``, ``--engine-time S``), if any."""
    return None if options.engine is None else EngineSpec(options.engine, move_s=options.engine_time)


def no_engine_line(seat: int) -> str:
    return (
        f"seat {seat + 1} is an outside engine, and this app was started without one "
        f"(norsewind --engine CMD): {FALLBACK} plays seat {seat + 1}"
    )


def unknown_engine_line(seat: int, name: str, host: HostEngines) -> str:
    """A table's stand-in engine that this host does not name: greedy stands in (one line)."""
    why = f" ({host.problem})" if host.problem is not None else ""
    return (
        f"the table's stand-in engine {name!r} is not one this host names in its engines file{why}: "
        f"{FALLBACK} plays for seat {seat + 1}"
    )


class Computer:
    """The bots of one game, made on first use (``engine``: the app's outside engine, if any;
    ``host``: the engines this host names, for a table's stand-in engine)."""

    def __init__(self, game_seed: int, engine: EngineSpec | None = None, host: HostEngines | None = None) -> None:
        self.game_seed = game_seed
        self.engine = engine
        self.host = host or HostEngines()
        self._bots: dict[tuple[int, str], Bot] = {}
        self._notices: list[str] = []
        self._lock = threading.Lock()  # the worker adds notices and bots, the screen's stop closes them

    def decide(self, seat: int, name: str, state: State) -> Move:
        key = (seat, name)
        bot = self._bots.get(key)
        if bot is None:
            bot = self._bots[key] = self._make(seat, name)
        return bot.decide(state)

    def notices(self) -> list[str]:
        """The lines to say since the last call (an engine's fault, a missing engine)."""
        with self._lock:
            lines, self._notices = self._notices, []
        return lines

    def close(self) -> None:
        """The game is left: stop the outside engines' programs."""
        with self._lock:
            bots, self._bots = list(self._bots.values()), {}
        for bot in bots:
            bot.close()

    def _make(self, seat: int, name: str) -> Bot:
        seed = bot_seed(self.game_seed, seat)
        if (standin := engine_of(name)) is not None:
            known = self.host.engines.get(standin)
            if known is None:
                self._notice(unknown_engine_line(seat, standin, self.host))
                return make_bot(FALLBACK, seed=seed)
            spec = EngineSpec(known.command, move_s=known.move_s)
            return EngineBot(seed, spec, report=self._fault, stderr=subprocess.DEVNULL)
        if name != ENGINE:
            return make_bot(name, seed=seed)
        if self.engine is None:
            self._notice(no_engine_line(seat))
            return make_bot(FALLBACK, seed=seed)
        # its standard error would draw over the screen: the app's engine keeps it to itself
        return EngineBot(seed, self.engine, report=self._fault, stderr=subprocess.DEVNULL)

    def _fault(self, fault: EngineFault) -> None:
        self._notice(fault_line(fault))

    def _notice(self, line: str) -> None:
        with self._lock:
            self._notices.append(line)
