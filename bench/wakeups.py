"""What an idle app wakes up for: the system calls of apps that wait, counted by ``strace -c``.

    python bench/wakeups.py [--seconds 20] [--others N] [--database URL]

Starts ``norsewind serve --open`` on a loopback port (a temporary saves folder, as
``bench/host.py``), logs in one player who stays at the title and seats a shared table of two
(one player to move, one waiting), and ``--others`` more players at the title (a host's
neighbours: their presence beats wake the others' watches), lets them settle, then attaches ``strace -f -c`` to three
apps at once for ``--seconds``: the one at the title, the table's waiting player and the table's
player to move (nobody presses a key).  It prints each app's system calls per minute, by call,
and their sum.  A blocking call (``select``, ``poll``, ``epoll_wait``, ``futex``...) returning is a
wake-up; the others show what the wake-up did (a look at a folder: ``openat``, ``getdents64``).

Unlike CPU figures, these counts hardly depend on the machine's load (issue 28: "waiting costs
nothing"); a loaded machine only makes the strace window a little longer than asked.  Then the
player to move decides and the time from their Enter to the first bytes on the waiting player's
screen is printed (the wake-up plus the redraw).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from host import (  # the same server, logins and table as host.py
    children,
    connect,
    host_options,
    print_load,
    seated,
    serve,
)
from ssh import database_of, stopping  # bench/ssh.py

ROW = re.compile(r"^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?(\w+)\s*$")


def player_of(pid: int) -> str:
    with contextlib.suppress(OSError):
        for item in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0"):
            if item.startswith(b"NORSEWIND_PLAYER="):
                return item.split(b"=", 1)[1].decode()
    return ""


def app_of(server: int, player: str) -> int:
    """The app process of ``player`` (the deepest descendant of the server with that identity)."""
    found = [p for p in descendants(server) if player_of(p) == player]
    if not found:
        raise SystemExit(f"bench/wakeups.py: no app for {player}")
    return found[-1]


def descendants(pid: int) -> list[int]:
    out: list[int] = []
    for child in children(pid):
        out += [child, *descendants(child)]
    return out


def parse(text: str) -> dict[str, int]:
    """``strace -c``'s table: calls by system call."""
    calls: dict[str, int] = {}
    for line in text.splitlines():
        match = ROW.match(line)
        if match and match.group(2) != "total":
            calls[match.group(2)] = int(match.group(1))
    return calls


async def measure(pids: dict[str, int], seconds: float) -> dict[str, tuple[dict[str, int], float]]:
    """Every app's calls over one window (all attached at once), and the window's length."""
    runs = {}
    for what, pid in pids.items():
        runs[what] = subprocess.Popen(
            ["strace", "-f", "-c", "-q", "-p", str(pid)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
    started = time.monotonic()
    await asyncio.sleep(seconds)
    result = {}
    for run in runs.values():
        run.send_signal(signal.SIGINT)
    for what, run in runs.items():
        _, err = run.communicate(timeout=60)
        result[what] = (parse(err), time.monotonic() - started)
    return result


async def bench(port: int, server: int, args: argparse.Namespace) -> None:
    conn, title = await connect(port, "idler", args.cols, args.rows)
    await title.wait_for("New game", 120)
    others = []
    for i in range(args.others):  # the rest of a host: more apps waiting at the title
        other, client = await connect(port, f"other{i}", args.cols, args.rows)
        await client.wait_for("New game", 120)
        others.append(other)
    conns, mover, waiter = await seated(port, 0, args)
    await asyncio.sleep(args.settle)
    host_pid, guest_pid = app_of(server, "host0"), app_of(server, "guest0")
    waiting_is_guest = "Waiting for host0" in waiter.text()
    pids = {
        "title": app_of(server, "idler"),
        "table, waiting": guest_pid if waiting_is_guest else host_pid,
        "table, to move": host_pid if waiting_is_guest else guest_pid,
    }
    counts = await measure(pids, args.seconds)
    print(
        f"system calls per minute of an idle app (strace -f -c over {args.seconds:g} s, nobody typing;"
        f" {3 + args.others} apps on the host)"
    )
    for what, (calls, window) in counts.items():
        per_minute = {name: n * 60 / window for name, n in calls.items()}
        top = sorted(per_minute.items(), key=lambda kv: -kv[1])
        shown = ", ".join(f"{name} {n:.0f}" for name, n in top[: args.top])
        print(f"  {what}: {sum(per_minute.values()):.0f} in all: {shown}")
    waiter.changed.clear()
    start = time.monotonic()
    assert mover.chan is not None
    mover.chan.write(b"\r")
    try:
        await asyncio.wait_for(waiter.changed.wait(), 10)
        print(f"  a decision to the waiting player's screen: {(time.monotonic() - start) * 1000:.0f} ms")
    except TimeoutError:
        print("  a decision to the waiting player's screen: nothing within 10 s")
    print_load()
    for c in [conn, *conns, *others]:
        c.close()


def main() -> int:
    parser = host_options(__doc__)
    parser.add_argument("--seconds", type=float, default=20, help="the strace window")
    parser.add_argument("--settle", type=float, default=8, help="seconds after seating before counting")
    parser.add_argument("--top", type=int, default=8, help="system calls named per app")
    parser.add_argument("--others", type=int, default=0, help="more apps waiting at the title on the host")
    args = parser.parse_args()
    args.tables, args.connect = 1, 2  # what host.serve and host.seated read
    with (
        database_of(args.database) as args.database,
        tempfile.TemporaryDirectory() as tmp,
        stopping(serve(Path(tmp), 3 + args.others, args), 60) as (server, port),
    ):
        asyncio.run(bench(port, server.pid, args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
