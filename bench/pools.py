"""PgBouncer or a pool in each process? (issue 42)  ``python bench/pools.py [--apps 50] [--seconds 20]``

Starts the tests' temporary PostgreSQL (and its PgBouncer), then ``--apps`` processes, each an app's
looks: one ``SELECT`` of a game's generation every ``--pace`` seconds (jittered), for ``--seconds``,
in three ways: the apps' ``Home`` straight to PostgreSQL (a short connection per look), the ``Home``
through PgBouncer (``$NORSEWIND_POOLER``), and a ``psycopg_pool.ConnectionPool`` of one connection in
each process (``pip install psycopg-pool``).  Prints per way the look's time (median / 95 % / worst),
the server connections (most, sampled every 50 ms), and the CPU of PostgreSQL (its processes, those
that ended included), of PgBouncer and of the apps, as shares of one core.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import random
import statistics
import sys
import threading
import time
from pathlib import Path

import psycopg

sys.path.append(str(Path(__file__).resolve().parents[1] / "tests"))
from pgserver import PgServer

LOOK = "SELECT generation FROM games WHERE kind = 'table' AND name = 'bench'"


def ticks(pid: int, children: bool = False) -> int:
    """A process's CPU in clock ticks (with ``children``: its ended children's too)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return sum(int(f) for f in fields[11 : 15 if children else 13])


def tree_ticks(root: int) -> int:
    """A process's CPU and its children's (live and ended): the PostgreSQL server's."""
    total = ticks(root, children=True)
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1] == str(root):
                    total += ticks(int(entry))
            except OSError:
                continue
    return total


def app(way: str, url: str, pace: float, until: float, out: mp.Queue[list[float]]) -> None:
    times: list[float] = []
    if way == "psycopg_pool":
        from psycopg_pool import ConnectionPool

        pool = ConnectionPool(url, min_size=1, max_size=1, open=True, kwargs={"autocommit": True})

        def look() -> None:
            with pool.connection() as conn:
                conn.execute(LOOK).fetchone()
    else:
        from norsewind_tui.storage.pg.home import Home

        home = Home(url)

        def look() -> None:
            home.run(lambda c: c.execute(LOOK).fetchone(), transaction=False)

    while time.monotonic() < until:
        time.sleep(pace * random.uniform(0.5, 1.5))
        start = time.monotonic()
        look()
        times.append(time.monotonic() - start)
    out.put(times)


def run(way: str, server: PgServer, url: str, args: argparse.Namespace) -> None:
    if way == "pgbouncer":
        os.environ["NORSEWIND_POOLER"] = server.pooler
    else:
        os.environ.pop("NORSEWIND_POOLER", None)
    postmaster = int((server.data / "postmaster.pid").read_text().split()[0])
    bouncer = int((server.root / "pooler.pid").read_text())
    out: mp.Queue[list[float]] = mp.Queue()
    until = time.monotonic() + args.seconds
    procs = [mp.Process(target=app, args=(way, url, args.pace, until, out)) for _ in range(args.apps)]
    most, stop = [0], threading.Event()

    def count() -> None:
        with psycopg.connect(url, autocommit=True) as conn:
            while not stop.wait(0.05):
                row = conn.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                    " AND backend_type = 'client backend' AND pid <> pg_backend_pid()"
                ).fetchone()
                most[0] = max(most[0], int(row[0]) if row else 0)

    counter = threading.Thread(target=count)
    ended = ticks(os.getpid(), children=True) - ticks(os.getpid())  # the apps of the ways before
    before = (tree_ticks(postmaster), ticks(bouncer), time.monotonic())
    counter.start()
    for p in procs:
        p.start()
    looks = sorted(t for _ in procs for t in out.get())
    for p in procs:
        p.join()
    stop.set()
    counter.join()
    elapsed = time.monotonic() - before[2]
    hz = os.sysconf("SC_CLK_TCK")
    apps_ticks = ticks(os.getpid(), children=True) - ticks(os.getpid()) - ended  # its ended children
    db, pooler = tree_ticks(postmaster) - before[0], ticks(bouncer) - before[1]
    p95 = looks[int(len(looks) * 0.95)]
    print(
        f"| {way} | {len(looks)} | {statistics.median(looks) * 1000:.1f} / {p95 * 1000:.1f} / {looks[-1] * 1000:.0f} ms"
        f" | {most[0]} | {db / hz / elapsed * 100:.0f}% | {pooler / hz / elapsed * 100:.0f}%"
        f" | {apps_ticks / hz / elapsed * 100:.0f}% |",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--apps", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--pace", type=float, default=0.5, help="seconds between two looks of an app")
    args = parser.parse_args()
    server = PgServer.start()
    try:
        server.start_pooler()
        url = server.new_database()
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("INSERT INTO games (kind, name, generation, document) VALUES ('table', 'bench', 1, '')")
        print(f"{args.apps} apps, a look every {args.pace:g} s each, {args.seconds:g} s; load {os.getloadavg()[0]:.1f}")
        print(
            "| way | looks | look: median / 95 % / worst | server connections (most) | PostgreSQL CPU"
            " | PgBouncer CPU | apps CPU |"
        )
        print("|---|---:|---|---:|---:|---:|---|")
        for way in ("short connections", "pgbouncer", "psycopg_pool"):
            run(way, server, url, args)
        print(f"load average after: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
