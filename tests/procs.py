"""A process's figures from /proc (memory, CPU time) and the end of a forked child: one copy for the
tests and the benchmarks (bench/ puts this folder on its path)."""

from __future__ import annotations

import contextlib
import os
import signal
from pathlib import Path


def kib(pid: int, file: str, *keys: str) -> tuple[int, ...]:
    """The figures in kB that ``/proc/PID/FILE`` gives for ``keys`` (``"Pss"``, ``"VmHWM"``...), 0 for a
    key it lacks; ``OSError`` when the process is gone."""
    found = dict.fromkeys(keys, 0)
    for line in Path(f"/proc/{pid}/{file}").read_text().splitlines():
        key, _, rest = line.partition(":")
        if key in found:
            found[key] = int(rest.split()[0])
    return tuple(found.values())


def cpu_seconds(pid: int) -> float:
    """CPU seconds (user + system) a process has used (0 when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_ns(pid: int) -> int:
    """Nanoseconds on a CPU of a process's live threads (/proc/PID/task/*/schedstat; 0 when it is gone)."""
    total = 0
    with contextlib.suppress(OSError):
        for task in os.listdir(f"/proc/{pid}/task"):
            with contextlib.suppress(OSError), open(f"/proc/{pid}/task/{task}/schedstat") as f:
                total += int(f.read().split()[0])
    return total


def end_child(pid: int, fd: int, sig: signal.Signals = signal.SIGTERM) -> None:
    """Send ``sig`` to a forked child (if it still runs), reap it and close its descriptor ``fd``."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, sig)
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, 0)
    os.close(fd)
