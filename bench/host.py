"""How many players one host holds: N concurrent SSH sessions playing at a human pace.

    python bench/host.py [--sessions 10,50,100] [--seconds 60] [--pace 1.5] [--tables 1] [--database URL|auto]

For each N: starts ``norsewind serve --open`` on a free loopback port (127.0.0.1 only, a
temporary saves folder), opens N sessions with asyncssh clients (at most ``--connect`` logging
in at once; N is capped at 150), each starting a solo game and then pressing a key (a cursor
move or Enter) every ``--pace`` seconds, jittered, as a person would; plus ``--tables`` shared
tables of two players taking turns the same way.  After a warm-up it measures for ``--seconds``:

- memory: PSS (``/proc/PID/smaps_rollup``: shared pages split between processes) of the server
  and of every app process, total and per session;
- CPU: the server's and the apps' CPU time over the window, as a share of one core;
- key-to-screen latency: from a key written on the channel to the first bytes of the redrawn
  screen coming back (median, 95th percentile, worst), over every session's keys;
- failed sessions: those that never reached their game, or dropped;
- every key slower than 0.5 s explained (issue 28): the apps record what they do
  (``NORSEWIND_ACTIVITY``, ``norsewind_tui/activity.py``: draws, collections, saves, presence
  looks, a computer's think, each with its thread's CPU time) and ``activity.explain`` splits
  each slow key's time into the time before its app read it and those spans; the largest part
  is its cause, counted over all slow keys, and the five worst are printed whole;
- with ``--database URL`` (``auto``: a temporary PostgreSQL server of its own, as the tests start
  one): the games, tables and records are in that database, and the database's connections made
  by the host (``pg_stat_activity``) are counted every 50 ms over the window: median and most,
  and how many of them listen.

With ``--idle`` (issue 28, "waiting costs nothing") nobody presses a key: half of
``--sessions`` (one N, default 20) wait at the title and half sit at shared tables of two, one
player to move and one waiting for them.  It prints each app's CPU over ``--seconds`` (from the
scheduler's nanosecond counters of every thread, ``/proc/PID/task/*/schedstat``) as a share of a
core: median, most, and the whole host.  Then the player to move at each table decides, and the
time from their Enter to the first bytes on the waiting player's screen is printed (median,
worst): the wake-up plus the redraw.

The machine's load average is printed with the figures: on a shared machine they are upper
bounds of what the game itself costs.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh
import pyte

sys.path.append(str(Path(__file__).resolve().parents[1] / "tests"))
from procs import cpu_ns, cpu_seconds, kib  # tests/procs.py: /proc figures, shared with the tests
from ssh import children, database_of, start_server, stopping  # bench/ssh.py

from norsewind_tui.activity import ELSEWHERE, VARIABLE, Explained, explain, spans_by_player

HOST = "127.0.0.1"  # loopback only
MAX_SESSIONS = 150
TITLE = "New game"
KEYS = ("\x1b[C", "\x1b[D", "\x1b[B", "\x1b[A", "\r", "\r")  # cursor moves and decisions
NAMES = {"\x1b[C": "right", "\x1b[D": "left", "\x1b[B": "down", "\x1b[A": "up", "\r": "Enter"}
SLOW = 0.5  # seconds: a key slower than this is explained from its app's activity (issue 28)


class Client(asyncssh.SSHClientSession[bytes]):
    def __init__(self, cols: int, rows: int, name: str = "") -> None:
        self.name = name  # the player: their app's activity file starts with it
        self.sent = 0.0  # when the last key was written (time.monotonic)
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.changed = asyncio.Event()
        self.closed = False
        self.chan: asyncssh.SSHClientChannel[bytes] | None = None

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.stream.feed(data)
        self.changed.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self.changed.set()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_for(self, needle: str, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while needle not in self.text():
            left = deadline - time.monotonic()
            if left <= 0 or self.closed:
                raise RuntimeError(f"{needle!r} never appeared")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)

    async def key(self, key: str, timeout: float = 10) -> float | None:
        """Seconds from writing ``key`` to the first bytes back; None when nothing came."""
        assert self.chan is not None
        self.changed.clear()
        started = self.sent = time.monotonic()
        self.chan.write(key.encode())
        try:
            await asyncio.wait_for(self.changed.wait(), timeout)
        except TimeoutError:
            return None
        return None if self.closed else time.monotonic() - started


@dataclass
class Slow:
    player: str
    key: str
    sent: float  # time.monotonic() when written
    latency: float | None  # None: nothing drawn within 10 s


@dataclass
class Round:
    latencies: list[float] = field(default_factory=list)
    unanswered: dict[str, int] = field(default_factory=dict)  # key name: keys that drew nothing
    failed: list[str] = field(default_factory=list)
    playing: int = 0
    slow: list[Slow] = field(default_factory=list)  # keys over SLOW (or unanswered), to explain


async def connect(port: int, name: str, cols: int, rows: int) -> tuple[asyncssh.SSHClientConnection, Client]:
    conn = await asyncssh.connect(
        HOST, port, username=name, known_hosts=None, client_keys=None, agent_path=None, config=None, gss_host=None
    )
    client = Client(cols, rows, name)
    chan, _ = await conn.create_session(
        lambda: client, term_type="xterm-256color", term_size=(cols, rows), encoding=None
    )
    client.chan = chan
    return conn, client


async def human(
    client: Client, result: Round, until: float, measure_from: float, rng: random.Random, pace: float
) -> None:
    """Keys at a person's pace until ``until``; latencies counted after ``measure_from``."""
    while time.monotonic() < until and not client.closed:
        await asyncio.sleep(rng.uniform(0.5, 1.5) * pace)
        key = rng.choice(KEYS)
        latency = await client.key(key)
        if time.monotonic() < measure_from:
            continue
        if latency is None:
            result.unanswered[NAMES[key]] = result.unanswered.get(NAMES[key], 0) + 1
        else:
            result.latencies.append(latency)
        if latency is None or latency > SLOW:
            result.slow.append(Slow(client.name, NAMES[key], client.sent, latency))
    if client.closed:
        result.failed.append("dropped while playing")


async def solo(
    port: int, i: int, args: argparse.Namespace, gate: asyncio.Semaphore, result: Round, times: tuple[float, float]
) -> None:
    rng = random.Random(i)
    try:
        async with gate:  # a bounded number of logins at once, as people arrive
            conn, client = await connect(port, f"player{i}", args.cols, args.rows)
            await client.wait_for(TITLE, 120)
            await client.key("n")
            await client.wait_for("Solo level", 60)
            await client.key("\x13")  # ctrl+s: start the solo game
            await client.wait_for("Enter Choose", 60)
    except (OSError, asyncssh.Error, RuntimeError) as exc:
        result.failed.append(f"player{i}: {exc}")
        return
    result.playing += 1
    try:
        await human(client, result, times[1], times[0], rng, args.pace)
    finally:
        conn.close()


async def table(port: int, t: int, args: argparse.Namespace, result: Round, times: tuple[float, float]) -> None:
    """Two players at one shared table, taking turns at a person's pace (Enter on their turn)."""
    try:
        conns, a, b = await seated(port, t, args)
    except (OSError, asyncssh.Error, RuntimeError) as exc:
        result.failed.append(f"table {t}: {exc}")
        return
    result.playing += 2
    rng = random.Random(1000 + t)
    try:
        await asyncio.gather(
            human(a, result, times[1], times[0], rng, args.pace), human(b, result, times[1], times[0], rng, args.pace)
        )
    finally:
        for conn in conns:
            conn.close()


def pss(pid: int) -> int:
    """PSS of a process in KiB (0 when it is gone)."""
    try:
        return kib(pid, "smaps_rollup", "Pss")[0]
    except OSError:
        return 0


def connections(url: str) -> tuple[int, int]:
    """The host's connections to the database now (norsewind's, this count's own left out): all, listening."""
    import psycopg

    with psycopg.connect(url, connect_timeout=5) as conn:
        row = conn.execute(
            "SELECT count(*), count(*) FILTER (WHERE query LIKE 'LISTEN%%') FROM pg_stat_activity"
            " WHERE datname = current_database() AND application_name LIKE 'norsewind %%'"
            " AND pid <> pg_backend_pid()"
        ).fetchone()
    return (int(row[0]), int(row[1])) if row else (0, 0)


def pooler_clients(url: str) -> int | None:
    """The clients PgBouncer ($NORSEWIND_POOLER) holds now (active and waiting; None without one, or
    when its console refuses this account: its ``stats_users``)."""
    import psycopg
    from psycopg.conninfo import conninfo_to_dict

    pooler = os.environ.get("NORSEWIND_POOLER")
    if not pooler:
        return None
    host, _, port = pooler.rpartition(":")
    user = conninfo_to_dict(url).get("user", "")
    try:
        with psycopg.connect(host=host, port=port, dbname="pgbouncer", user=user, autocommit=True) as conn:
            cur = conn.execute("SHOW POOLS")
            names = [d.name for d in cur.description or ()]
            return sum(int(r[names.index("cl_active")]) + int(r[names.index("cl_waiting")]) for r in cur.fetchall())
    except psycopg.Error:
        return None


def postmaster(url: str) -> int | None:
    """The pid of the database's server, when it runs on this machine and says where its data is."""
    import psycopg

    with contextlib.suppress(psycopg.Error, OSError, ValueError), psycopg.connect(url, connect_timeout=5) as conn:
        row = conn.execute("SHOW data_directory").fetchone()
        return int((Path(str(row[0])) / "postmaster.pid").read_text().split()[0]) if row else None
    return None


def tree_cpu(root: int) -> float:
    """CPU seconds of a server and of its children, live and ended (PostgreSQL's backends)."""
    hz = os.sysconf("SC_CLK_TCK")

    def ticks(pid: int, ended: bool) -> int:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0
        return sum(int(f) for f in fields[11 : 15 if ended else 13])

    total = ticks(root, True)
    for entry in os.listdir("/proc"):
        with contextlib.suppress(OSError, IndexError):
            if entry.isdigit() and Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1] == str(root):
                total += ticks(int(entry), False)
    return total / hz


def pooler_pid() -> int | None:
    """PgBouncer's pid (the tests' one: its pid file beside its socket), or None."""
    pooler = os.environ.get("NORSEWIND_POOLER", "")
    with contextlib.suppress(OSError, ValueError):
        return int((Path(pooler.rpartition(":")[0]) / "pooler.pid").read_text())
    return None


_COUNTS = (
    "SELECT count(*) FILTER (WHERE application_name LIKE 'norsewind %%'),"
    " count(*) FILTER (WHERE application_name LIKE 'norsewind %%' AND query LIKE 'LISTEN%%'), count(*)"
    " FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'"
    " AND pid <> pg_backend_pid()"
)


async def count_connections(url: str, until: float, seen: list[tuple[int, int]], more: list[tuple[int, int]]) -> None:
    """Every 50 ms: the host's (norsewind's connections, listening ones) in ``seen``; (the server's
    connections, the pooler's clients or -1) in ``more``.  One connection for all the counts (a new one
    each time would fork PostgreSQL a backend 20 times a second: the database's CPU would be the bench's)."""
    import psycopg

    conn = await asyncio.to_thread(psycopg.connect, url, connect_timeout=5, autocommit=True)
    try:
        while time.monotonic() < until:
            row = await asyncio.to_thread(lambda: conn.execute(_COUNTS).fetchone())
            clients = await asyncio.to_thread(pooler_clients, url)  # its console: no backend forked
            if row is not None:
                seen.append((int(row[0]), int(row[1])))
                more.append((int(row[2]), -1 if clients is None else clients))
            await asyncio.sleep(0.05)
    finally:
        conn.close()


async def one_round(port: int, server: int, n: int, args: argparse.Namespace) -> None:
    result = Round()
    gate = asyncio.Semaphore(args.connect)
    start = time.monotonic()
    # everyone plays until the window ends; the window opens once all have had time to log in
    warm = start + args.warmup
    times = (warm, warm + args.seconds)
    tasks = [asyncio.create_task(solo(port, i, args, gate, result, times)) for i in range(n)]
    tasks += [asyncio.create_task(table(port, t, args, result, times)) for t in range(args.tables)]
    while time.monotonic() < warm:
        await asyncio.sleep(0.5)
    apps = children(server)
    cpu_before = {p: cpu_seconds(p) for p in [server, *apps]}
    db_pid = postmaster(args.database) if args.database else None
    bouncer = pooler_pid() if args.database else None
    db_before = tree_cpu(db_pid) if db_pid else 0.0
    bouncer_before = cpu_seconds(bouncer) if bouncer else 0.0
    wall = time.monotonic()
    seen: list[tuple[int, int]] = []
    more: list[tuple[int, int]] = []
    counting = (
        asyncio.create_task(count_connections(args.database, times[1] - 1, seen, more)) if args.database else None
    )
    await asyncio.sleep(max(0.0, times[1] - time.monotonic() - 1))
    apps = children(server)
    elapsed = time.monotonic() - wall
    app_pss = [pss(p) for p in apps]
    server_pss = pss(server)
    app_cpu = sum(cpu_seconds(p) - cpu_before.get(p, 0.0) for p in apps)
    server_cpu = cpu_seconds(server) - cpu_before[server]
    db_cpu = tree_cpu(db_pid) - db_before if db_pid else None
    bouncer_cpu = cpu_seconds(bouncer) - bouncer_before if bouncer else None
    if counting is not None:
        await counting
    await asyncio.gather(*tasks)
    lat = sorted(result.latencies)
    sessions = n + 2 * args.tables
    print(f"N = {n} solo sessions + {args.tables} shared table(s) ({sessions} sessions), {elapsed:.0f} s measured")
    print(
        f"  playing: {result.playing}; failed: {len(result.failed)}"
        + (f" ({result.failed[0]})" if result.failed else "")
    )
    if app_pss:
        print(
            f"  memory (PSS): server {server_pss / 1024:.0f} MiB; apps {len(app_pss)} x median "
            f"{statistics.median(app_pss) / 1024:.1f} MiB = {sum(app_pss) / 1024:.0f} MiB; "
            f"per session {(sum(app_pss) + server_pss) / max(len(app_pss), 1) / 1024:.1f} MiB"
        )
    print(
        f"  CPU: server {server_cpu / elapsed * 100:.0f}% of a core, apps {app_cpu / elapsed * 100:.0f}% "
        f"({app_cpu / elapsed * 100 / max(len(apps), 1):.1f}% each)"
    )
    spans = spans_by_player(args.activity)
    explained = [explain(k.sent, k.latency, spans.get(k.player, [])) for k in result.slow]
    # A key that changed nothing, at a table, "answered" by the other player's move: not a latency.
    for e in explained:
        if e.latency is not None and e.cause.what == ELSEWHERE:
            lat.remove(e.latency)
    if lat:
        p95 = lat[min(len(lat) - 1, int(len(lat) * 0.95))]
        print(
            f"  key to screen: {len(lat)} keys, median {statistics.median(lat) * 1000:.0f} ms, 95% "
            f"{p95 * 1000:.0f} ms, worst {lat[-1] * 1000:.0f} ms"
        )
    if seen:
        total = sorted(c for c, _ in seen)
        print(
            f"  database connections of the host ({len(seen)} counts): median {statistics.median(total):.0f}, "
            f"most {total[-1]}; listening: most {max(listening for _, listening in seen)}"
        )
    if more:  # issue 42: beside each row, the server's connections, the pooler's clients, the database's CPU
        servers = sorted(c for c, _ in more)
        clients = sorted(c for _, c in more if c >= 0)
        print(
            f"  server connections: median {statistics.median(servers):.0f}, most {servers[-1]}; pooler clients: "
            + (f"median {statistics.median(clients):.0f}, most {clients[-1]}" if clients else "no pooler")
            + "; database CPU: "
            + (f"{db_cpu / elapsed * 100:.0f}% of a core" if db_cpu is not None else "not on this machine")
            + (f", PgBouncer {bouncer_cpu / elapsed * 100:.0f}%" if bouncer_cpu is not None else "")
        )
    quiet = ", ".join(f"{k} {v}" for k, v in sorted(result.unanswered.items()))
    print(f"  keys that drew nothing within 10 s: {sum(result.unanswered.values())}" + (f" ({quiet})" if quiet else ""))
    for line in summary(explained, len(lat) + sum(result.unanswered.values())):
        print(line)
    print_load()


def print_load() -> None:
    load = os.getloadavg()
    print(f"  machine load average (1, 5, 15 min): {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} CPUs")
    sys.stdout.flush()


async def seated(
    port: int, t: int, args: argparse.Namespace
) -> tuple[list[asyncssh.SSHClientConnection], Client, Client]:
    """A shared table of two, seated: (connections, the player to move, the player waiting)."""
    host, guest = f"host{t}", f"guest{t}"
    conn_a, a = await connect(port, host, args.cols, args.rows)
    conn_b, b = await connect(port, guest, args.cols, args.rows)
    for c in (a, b):
        await c.wait_for(TITLE, 120)
    await a.key("t")
    await a.wait_for(f"You are {host}", 60)
    await a.key("n")
    await a.wait_for("Open a shared table", 60)
    await a.key("\x13")
    await a.wait_for(f"Table {host}-table is open", 60)
    await b.key("t")
    await b.wait_for(f"{host}-table", 60)
    await b.key("\r")
    await b.wait_for("Sit at seat 2", 60)
    await b.key("y")
    await b.wait_for("You sit at seat 2", 60)
    waiter = await first_of([a, b], "Waiting for", 60)  # the table's seed says who starts
    return [conn_a, conn_b], (b if waiter is a else a), waiter


async def first_of(clients: list[Client], needle: str, timeout: float) -> Client:
    """The first of ``clients`` whose screen shows ``needle``."""
    _, pending = await asyncio.wait(
        [asyncio.create_task(c.wait_for(needle, timeout)) for c in clients], return_when=asyncio.FIRST_COMPLETED
    )
    for task in pending:
        task.cancel()
    return next(c for c in clients if needle in c.text())


async def idle_round(port: int, server: int, n: int, args: argparse.Namespace) -> None:
    """Issue 28: what apps cost while they wait, and how soon a waiting one wakes."""
    conns: list[asyncssh.SSHClientConnection] = []
    tables: list[tuple[Client, Client]] = []
    try:
        for i in range(n - n // 2):
            conn, client = await connect(port, f"player{i}", args.cols, args.rows)
            conns.append(conn)
            await client.wait_for(TITLE, 120)
        for t in range(n // 4):
            made, mover, waiter = await seated(port, t, args)
            conns += made
            tables.append((mover, waiter))
        await asyncio.sleep(5)  # the last redraws and the presence writes of arriving settle
        apps = children(server)
        before = {p: cpu_ns(p) for p in apps}
        wall = time.monotonic()
        await asyncio.sleep(args.seconds)
        elapsed = time.monotonic() - wall
        shares = sorted((cpu_ns(p) - before[p]) / 1e9 / elapsed * 100 for p in apps)
        print(f"idle: {n - n // 2} apps at the title, {len(tables)} tables of two; {elapsed:.0f} s measured")
        if shares:
            print(
                f"  CPU per waiting app: median {statistics.median(shares):.3f}% of a core, most {shares[-1]:.3f}%;"
                f" all {len(shares)} apps {sum(shares):.2f}%"
            )
        wakes: list[float] = []
        for mover, waiter in tables:
            waiter.changed.clear()
            start = time.monotonic()
            assert mover.chan is not None
            mover.chan.write(b"\r")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(waiter.changed.wait(), 10)
                wakes.append(time.monotonic() - start)
        if tables:
            print(
                f"  a decision to the waiting player's screen: {len(wakes)} tables, median "
                f"{statistics.median(wakes or [0]) * 1000:.0f} ms, worst {max(wakes or [0]) * 1000:.0f} ms"
                + (f"; {len(tables) - len(wakes)} drew nothing within 10 s" if len(wakes) < len(tables) else "")
            )
        load = os.getloadavg()
        print(
            f"  machine load average (1, 5, 15 min): {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} CPUs"
        )
    finally:
        for conn in conns:
            conn.close()


def serve(saves: Path, n: int, args: argparse.Namespace) -> tuple[subprocess.Popen[str], int]:
    room = str(args.connect + 4)
    sessions = n + 2 * args.tables + 2
    options = ("--host", HOST, "--max-startups", room, "--per-source-max-startups", room, "--idle-timeout", "0")
    return start_server(saves, sessions, args.database, *options)


def host_options(doc: str | None) -> argparse.ArgumentParser:
    """The options of a bench that starts the host (``serve`` and ``seated`` read them): the
    players' terminal and the host's database; ``doc``: the bench's docstring, its first line said."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0] if doc else None)
    parser.add_argument("--cols", type=int, default=80)
    parser.add_argument("--rows", type=int, default=24)
    parser.add_argument("--database", metavar="URL", help="the host on this database ('auto': a temporary one)")
    return parser


def main() -> int:
    parser = host_options(__doc__)
    parser.add_argument("--sessions", default="10,50,100", help="comma-separated N (each at most 150)")
    parser.add_argument("--seconds", type=float, default=60, help="measuring window per N")
    parser.add_argument("--warmup", type=float, default=0, help="seconds to log everyone in (default: 2 s a session)")
    parser.add_argument("--pace", type=float, default=1.5, help="mean seconds between one player's keys")
    parser.add_argument("--tables", type=int, default=1, help="shared tables of two players (0-5)")
    parser.add_argument("--connect", type=int, default=8, help="logins at once")
    parser.add_argument("--pooler", action="store_true", help="with --database auto: through PgBouncer (issue 42)")
    parser.add_argument("--idle", action="store_true", help="nobody plays: what waiting apps cost (issue 28)")
    args = parser.parse_args()
    if args.idle and "--sessions" not in sys.argv:
        args.sessions = "20"
    counts = [int(n) for n in args.sessions.split(",")]
    if any(not 1 <= n <= MAX_SESSIONS for n in counts) or not 0 <= args.tables <= 5:
        parser.error(f"each N must be 1 to {MAX_SESSIONS}; --tables 0 to 5")
    print(f"terminal {args.cols}x{args.rows}; a key every {args.pace:g} s (jittered) per player; loopback")
    with database_of(args.database, args.pooler) as url:
        args.database = url
        if url:
            print("on the database (games, tables, presence and records as rows)")
        rounds(counts, args)
    return 0


def rounds(counts: list[int], args: argparse.Namespace) -> None:
    for n in counts:
        if not args.warmup:
            args.warmup = 0.0
        warmup = args.warmup or 2.0 * (n + 2 * args.tables) / min(args.connect, 2) + 20
        with tempfile.TemporaryDirectory() as tmp:
            activity = Path(tmp) / "activity"  # each app's spans, to explain its slow keys
            activity.mkdir()
            (Path(tmp) / "saves").mkdir()
            if not args.idle:  # the server's, passed on to its apps (idle: nothing to explain, no cost added)
                os.environ[VARIABLE] = str(activity)
            with stopping(serve(Path(tmp) / "saves", n, args), timeout=60) as (server, port):
                round_args = argparse.Namespace(**{**vars(args), "warmup": warmup, "activity": activity})
                measure = idle_round if args.idle else one_round
                asyncio.run(measure(port, server.pid, n, round_args))


def describe(e: Explained) -> str:
    took = "nothing drawn in 10 s" if e.latency is None else f"{e.latency:.2f} s"
    parts = "; ".join(f"{c.what} {c.seconds:.2f} s" + (" (waiting for a CPU)" if c.starved else "") for c in e.parts)
    return f"{took}: {parts}"


def summary(explained: list[Explained], keys: int) -> list[str]:
    """What bench/host.py prints of the slow keys: their causes and the worst few; and of the keys
    that drew nothing, whether the app read them (and drew nothing: the key changed nothing, as
    a cursor move at the end of a list) or never did."""
    slow = [e for e in explained if e.latency is not None and e.cause.what != ELSEWHERE]
    elsewhere = sum(e.latency is not None and e.cause.what == ELSEWHERE for e in explained)
    lines = [f"  keys slower than {SLOW:g} s: {len(slow)} of {keys}"]
    if elsewhere:  # not the app's latency: the key itself changed nothing (left out of the figures above)
        lines[0] += f" (and {elsewhere} left out: they drew nothing, what came back was another seat's move)"
    if slow:
        causes = collections.Counter(e.cause.what for e in slow)
        starved = sum(e.cause.starved for e in slow)
        lines[0] += "; the largest part: " + ", ".join(f"{what} {n}" for what, n in causes.most_common())
        lines[0] += f"; {starved} of those parts waited for a CPU"
        lines += [f"    {describe(e)}" for e in sorted(slow, key=lambda e: -(e.latency or 0.0))[:5]]
    silent = [e for e in explained if e.latency is None]
    if silent:
        unread = sum(not e.read for e in silent)
        drew = sum(e.read and e.drew for e in silent)
        lines.append(
            f"  of the {len(silent)} keys that drew nothing: the app read {len(silent) - unread} and drew nothing "
            f"after {len(silent) - unread - drew} of them (the key changed nothing); drew after {drew}; "
            f"never read {unread}"
        )
    return lines


if __name__ == "__main__":
    sys.exit(main())
