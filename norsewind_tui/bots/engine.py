"""An outside computer player: a program that speaks the engine protocol (docs/ENGINE.md) on its pipes.

``EngineBot`` is a bot like the others: ``decide(state)`` sends the engine what the seat sees and
the legal moves, and plays the move whose index it answers.  The program starts at the first
decision and ends at ``close()`` (or when it fails).  Whatever goes wrong (it cannot start, it exits,
it writes a line that is not an answer, it names a move that is not offered, it is silent past the
time limit) is one ``EngineFault``: reported once (``fault_line`` words it: one line), the program
is stopped, and ``greedy`` decides for the seat to the end of the game.  The game goes on.

The program runs in a session (and process group) of its own, and stopping it ends the whole
group: a wrapper script's children and the helpers an engine starts go with it (issue 38.7), as
``serve`` and ``web`` end an app's group.  ``end_engines()`` ends every engine still running (a
hung-up app, which exits without closing its game).
"""

from __future__ import annotations

import contextlib
import os
import random
import select
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import IO, Any, Literal

import msgspec

from ..rules.engine import cards_for, legal_moves
from ..rules.moves import Move
from ..rules.state import State
from ..safetext import safe_text
from .base import BotBase
from .greedy import GreedyBot
from .protocol import MAX_LINE, PROTOCOL, Answer, Bye, Clock, Decide, Hello, Ready, decode_engine, encode, seat_view

FaultCode = Literal["start", "exited", "garbage", "illegal", "late", "version"]
FALLBACK = "greedy"
SHOWN = 60  # characters of a bad line kept in the fault
REAP_POLL = 0.01  # seconds between two looks at whether a program that was told bye has exited

_groups: set[int] = set()  # the process groups of the engines running now (end_engines)
_groups_lock = threading.Lock()


def end_engines() -> None:
    """End every engine program of this process at once, with its group (the process is ending)."""
    with _groups_lock:
        groups = list(_groups)
    for group in groups:
        with contextlib.suppress(OSError):
            os.killpg(group, signal.SIGKILL)


class EngineSpec(msgspec.Struct, frozen=True):
    """How to run an outside engine: its command line (split as a shell would, not run by one)
    and its time limits in seconds (for each answer; for the first, ``ready``, as it starts)."""

    command: str
    move_s: float = 5.0
    start_s: float = 10.0


class EngineFault(msgspec.Struct, frozen=True):
    """What went wrong with an engine, as data (``fault_line`` words it)."""

    code: FaultCode
    command: str
    seat: int
    turn: int
    status: int | None = None  # exited: its exit status (None: it closed its output but kept running)
    line: str = ""  # garbage: the start of what it wrote; start: the system's reason
    index: int = -1  # illegal: the index it answered
    moves: int = 0  # illegal: how many moves were offered
    limit_s: float = 0.0  # late: the limit it missed
    protocol: int = 0  # version: the protocol it speaks


def fault_line(fault: EngineFault) -> str:
    """The one log line of a fault: which engine, what happened, and that greedy plays on."""
    what = {
        "start": lambda: f"could not start ({fault.line})",
        "exited": lambda: "closed its output" if fault.status is None else f"exited with status {fault.status}",
        "garbage": lambda: f"wrote {fault.line!r}, which is not a line of protocol {PROTOCOL}",
        "illegal": lambda: f"answered move {fault.index}, but the moves offered were 0 to {fault.moves - 1}",
        "late": lambda: f"gave no answer within {fault.limit_s:g} s",
        "version": lambda: f"speaks protocol {fault.protocol}, not {PROTOCOL}",
    }[fault.code]()
    seat = fault.seat + 1
    return (
        f"engine {safe_text(fault.command)!r} (seat {seat}, turn {fault.turn}) {what}: "
        f"{FALLBACK} plays seat {seat} to the end of the game"
    )


def _stderr_report(fault: EngineFault) -> None:
    print(fault_line(fault), file=sys.stderr, flush=True)


class _Failed(Exception):
    """A fault found on the pipes (``values``: the fault's other fields)."""

    def __init__(self, code: FaultCode, **values: Any) -> None:
        super().__init__(code)
        self.code = code
        self.values = values


class EngineBot(BotBase):
    """The host's side of one outside engine (one program, started on first use)."""

    name = "engine"

    def __init__(
        self,
        seed: int,
        spec: EngineSpec,
        report: Callable[[EngineFault], None] = _stderr_report,
        stderr: IO[bytes] | int | None = None,
    ) -> None:
        super().__init__(seed)
        self.spec = spec
        self.report = report
        self.stderr = stderr  # the engine's stderr (None: ours)
        self.fault: EngineFault | None = None
        self.fallback = GreedyBot(seed)
        self._proc: subprocess.Popen[bytes] | None = None
        self._buf = b""
        self._sent_cards = ""
        self._id = 0
        self._used = 0.0
        self._last = ""  # the engine's last line (for a fault)

    # ------------------------------------------------------------------ the bot

    def choose(self, state: State, rng: random.Random) -> Move:
        return self.decide(state)  # the engine has its own chance, if any

    def decide(self, state: State) -> Move:
        if state.phase == "over":
            raise ValueError("the game is over: there is no decision to make")
        if self.fault is not None:
            return self.fallback.decide(state)
        moves = legal_moves(state)
        if len(moves) == 1:
            return moves[0]  # no choice: the engine is not asked
        try:
            return moves[self._ask(state, moves)]
        except _Failed as failed:
            self._fail(state, failed)
            return self.fallback.decide(state)

    def close(self) -> None:
        """Say bye and stop the program (at once if it does not go within a second)."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            if not _exited(proc, 0.0) and proc.stdin is not None:
                self._write(proc, encode(Bye()), time.monotonic() + 1.0)
        except _Failed:
            pass
        _stop(proc)

    def __del__(self) -> None:  # a bot dropped without close(): no program left behind
        proc = getattr(self, "_proc", None)
        if proc is not None:
            with contextlib.suppress(Exception):  # at interpreter exit
                _stop(proc, at_once=True)

    # ------------------------------------------------------------------ the pipes

    def _ask(self, state: State, moves: list[Move]) -> int:
        if self._proc is None:
            self._proc = self._start()
        proc = self._proc
        if self._sent_cards != state.cards:
            self._hello(proc, state)
        self._id += 1
        limit = self.spec.move_s
        started = time.monotonic()
        clock = Clock(move_ms=round(limit * 1000), used_ms=round(self._used * 1000))
        decide = Decide(self._id, state.current, seat_view(state), tuple(moves), clock)
        self._write(proc, encode(decide), started + limit, limit)
        answer = self._read(proc, started + limit, limit)
        self._used += time.monotonic() - started
        if not isinstance(answer, Answer) or answer.id != self._id:
            raise _Failed("garbage", line=self._last[:SHOWN])
        if not 0 <= answer.index < len(moves):
            raise _Failed("illegal", index=answer.index, moves=len(moves))
        return answer.index

    def _start(self) -> subprocess.Popen[bytes]:
        try:
            argv = shlex.split(self.spec.command)
            if not argv:
                raise ValueError("an empty command")
            # a session of its own: a terminal's Ctrl+C or hangup is the host's to handle, and the
            # group, the program's children included, is ended by _stop
            proc = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self.stderr,
                bufsize=0,
                start_new_session=True,
            )
        except (OSError, ValueError) as exc:
            raise _Failed("start", line=str(exc)) from None
        with _groups_lock:
            _groups.add(proc.pid)
        assert proc.stdin is not None and proc.stdout is not None
        os.set_blocking(proc.stdin.fileno(), False)
        os.set_blocking(proc.stdout.fileno(), False)
        return proc

    def _hello(self, proc: subprocess.Popen[bytes], state: State) -> None:
        db = cards_for(state)
        deadline = time.monotonic() + self.spec.start_s
        self._write(proc, encode(Hello(PROTOCOL, db.digest, db.card_set)), deadline, self.spec.start_s)
        ready = self._read(proc, deadline, self.spec.start_s)
        if not isinstance(ready, Ready):
            raise _Failed("garbage", line=self._last[:SHOWN])
        if ready.protocol != PROTOCOL:
            raise _Failed("version", protocol=ready.protocol)
        self._sent_cards = db.digest

    def _write(self, proc: subprocess.Popen[bytes], data: bytes, deadline: float, limit: float = 1.0) -> None:
        assert proc.stdin is not None
        fd = proc.stdin.fileno()
        view = memoryview(data)
        while view:
            left = deadline - time.monotonic()
            if left <= 0:
                raise _Failed("late", limit_s=limit)
            if not select.select([], [fd], [], left)[1]:
                continue
            try:
                view = view[os.write(fd, view) :]
            except BlockingIOError:
                continue
            except (BrokenPipeError, ConnectionResetError):
                raise _Failed("exited", status=_status(proc)) from None

    def _read(self, proc: subprocess.Popen[bytes], deadline: float, limit: float) -> Ready | Answer:
        assert proc.stdout is not None
        fd = proc.stdout.fileno()
        while True:
            line, newline, rest = self._buf.partition(b"\n")
            if newline and line.strip():
                self._buf = rest
                break
            if newline:  # a blank line: nothing said
                self._buf = rest
                continue
            if len(self._buf) > MAX_LINE:
                self._last = self._buf[:SHOWN].decode("utf-8", "replace")
                raise _Failed("garbage", line=self._last)
            left = deadline - time.monotonic()
            if left <= 0:
                raise _Failed("late", limit_s=limit)
            if not select.select([fd], [], [], left)[0]:
                continue
            try:
                chunk = os.read(fd, 1 << 16)
            except BlockingIOError:
                continue
            if not chunk:
                raise _Failed("exited", status=_status(proc))
            self._buf += chunk
        self._last = line.strip().decode("utf-8", "replace")
        try:
            return decode_engine(line)
        except (msgspec.DecodeError, msgspec.ValidationError):
            raise _Failed("garbage", line=self._last[:SHOWN]) from None

    def _fail(self, state: State, failed: _Failed) -> None:
        proc, self._proc = self._proc, None
        if proc is not None:
            _stop(proc, at_once=True)
        self.fault = EngineFault(failed.code, self.spec.command, state.current, state.turn, **failed.values)
        self.report(self.fault)


def _status(proc: subprocess.Popen[bytes]) -> int | None:
    """The exit status of a program that closed its pipe (None: it is still running); the program
    is not reaped (``_stop`` ends its group first)."""
    if not _exited(proc, 1.0):
        return None
    info = _exit_info(proc)
    if info is None:  # reaped already
        return proc.returncode
    return info.si_status if info.si_code == os.CLD_EXITED else -info.si_status


def _stop(proc: subprocess.Popen[bytes], at_once: bool = False) -> None:
    """End the program we started: close its input, give it a second unless ``at_once``, then kill
    its whole process group (what it started too), and reap it."""
    for pipe in (proc.stdin, proc.stdout):
        if pipe is not None:
            with contextlib.suppress(OSError):
                pipe.close()
    if not at_once:
        _exited(proc, 1.0)
    # the leader is not reaped yet (at most a zombie), so its pid still names the group: no other
    # process can have taken the number
    with contextlib.suppress(OSError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    with _groups_lock:
        _groups.discard(proc.pid)


def _exited(proc: subprocess.Popen[bytes], timeout: float) -> bool:
    """Wait up to ``timeout`` seconds for the program to exit, without reaping it (its pid keeps
    naming its group until the group is ended)."""
    deadline = time.monotonic() + timeout
    while True:
        if proc.returncode is not None or _exit_info(proc) is not None:
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(REAP_POLL)


def _exit_info(proc: subprocess.Popen[bytes]) -> os.waitid_result | None:
    """How the program ended, if it has, left to be reaped (None: running, or reaped already)."""
    try:
        return os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return None
