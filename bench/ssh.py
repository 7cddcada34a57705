"""Figures for ``norsewind serve``: bytes per keypress over the SSH channel, memory per session.

    python bench/ssh.py [--sessions N] [--cols 100 --rows 32]

Starts ``norsewind serve --open`` on a free loopback port in a separate process, with a temporary
saves folder, and drives it with asyncssh clients whose screens are pyte terminals.

- Bytes per keypress: one client waits for the title screen, then presses navigation keys on it
  (and, once a solo game is on screen, moves around the game screen); after each key it counts the
  bytes the server sends on the channel until the screen has been quiet for 0.3 s. Prints the
  median and the worst, per screen.
- Memory per session: with N clients on the title screen, the RSS and PSS (proportional set size:
  shared pages split between processes) of each app process, and how much the server process grew
  per session.
- Time from connecting to the title screen being drawn (median over the N clients).
- Shared table: a table of three seats (alice, bob, and an easy computer seat); bob joins it,
  alice resumes her seat and carol watches. Whoever is to move presses Enter, 50 times (the
  computer's decisions come in between); the time from that keypress to the first change of the
  *other* player's screen, and of the spectator's (their apps are woken by the table file's
  change). Median and worst, with the load average of the machine.
- ``--database URL`` (or ``--database auto``: a temporary PostgreSQL server of its own, as the tests
  start one): two ``norsewind serve`` processes ("hosts", two saves folders) on that one database;
  alice and carol log in to host A, bob to host B, so each decision travels from one host to the
  other through the database (its row, then NOTIFY). Also counts the database's connections.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import asyncssh
import pyte

sys.path.append(str(Path(__file__).resolve().parents[1] / "tests"))
from procs import cpu_seconds, kib  # tests/procs.py: /proc figures, shared with the tests
from quiet import until_quiet  # tests/quiet.py

TITLE = "New game"
QUIET = 0.3


class Screen:
    """What a client has received, drawn by pyte, and the wait for a text on it (bench/web.py's
    clients are screens too)."""

    WAIT = 60.0  # seconds for a text to appear, at the most

    def __init__(self, cols: int, rows: int) -> None:
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.changed = asyncio.Event()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_for(self, needle: str) -> None:
        deadline = time.monotonic() + self.WAIT
        while needle not in self.text():
            left = deadline - time.monotonic()
            if left <= 0:
                raise SystemExit(f"{sys.argv[0]}: {needle!r} never appeared; the screen was:\n{self.text()}")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)


class Client(Screen, asyncssh.SSHClientSession[bytes]):
    def __init__(self, cols: int, rows: int) -> None:
        Screen.__init__(self, cols, rows)
        self.received = 0
        self.last_data = 0.0
        self.chan: asyncssh.SSHClientChannel[bytes] | None = None

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.received += len(data)
        self.last_data = time.monotonic()
        self.stream.feed(data)
        self.changed.set()

    async def quiet(self, gap: float = QUIET, timeout: float = 10) -> None:
        await until_quiet(self.changed, gap, timeout)

    async def press(self, key: str, gap: float = QUIET) -> int:
        """Bytes received because of one keypress (until ``gap`` seconds pass without any)."""
        assert self.chan is not None
        await self.quiet(gap)
        before = self.received
        self.chan.write(key.encode())
        await self.quiet(gap)
        return self.received - before


async def open_client(port: int, name: str, cols: int, rows: int) -> tuple[asyncssh.SSHClientConnection, Client]:
    conn = await asyncssh.connect(
        "127.0.0.1",
        port,
        username=name,
        known_hosts=None,
        client_keys=None,
        agent_path=None,
        config=None,
        gss_host=None,
    )
    client = Client(cols, rows)
    chan, _ = await conn.create_session(
        lambda: client, term_type="xterm-256color", term_size=(cols, rows), encoding=None
    )
    client.chan = chan
    return conn, client


def memory(pid: int) -> tuple[int, int]:
    """(RSS, PSS) of a process in KiB."""
    rss, pss = kib(pid, "smaps_rollup", "Rss", "Pss")
    return rss, pss


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (a server's apps); none when it is gone."""
    found: list[int] = []
    with contextlib.suppress(OSError):
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                found += [int(p) for p in f.read().split()]
    return found


def spread(
    label: str, values: list[float], what: str, unit: str, scale: float = 1, none: str = "nothing measured"
) -> None:
    """One line on ``values`` (times ``scale``, in ``unit``): how many ``what``, the median, worst and best."""
    if not values:
        print(f"  {label}: {none}")
        return
    median, worst, best = (v * scale for v in (statistics.median(values), max(values), min(values)))
    print(f"  {label}: {len(values)} {what}, median {median:.0f}{unit}, worst {worst:.0f}{unit}, best {best:.0f}{unit}")


def summary(label: str, sizes: list[int]) -> None:
    spread(label, [float(s) for s in sizes], "keys", " B", none="no keys measured")


async def bench(port: int, server_pid: int, sessions: int, cols: int, rows: int) -> None:
    print(f"terminal {cols}x{rows}, xterm-256color")
    conn, client = await open_client(port, "bench0", cols, rows)
    started = time.monotonic()
    await client.wait_for(TITLE)
    first = time.monotonic() - started
    await client.quiet()
    print(f"first title screen: {first * 1000:.0f} ms after the session opened, {client.received} B")

    print("bytes sent per keypress over the channel:")
    title_keys = ["j", "j", "j", "k", "k", "\x1b[B", "\x1b[B", "\x1b[A", "\x1b[A", "j", "k", "k"]
    summary("title menu (j/k/arrows)", [await client.press(k) for k in title_keys])
    await client.press("n")
    await client.wait_for("Solo level")
    await client.press("\x13")  # ctrl+s: start a solo game
    await client.wait_for("Enter Choose")
    cursor_keys = ["\x1b[C", "\x1b[C", "\x1b[D", "l", "l", "h", "h", "\x1b[B", "\x1b[A", "j", "k", "\x1b[C"]
    summary("game screen, cursor keys (arrows/hjkl)", [await client.press(k) for k in cursor_keys])
    # Enter takes what the cursor is on; a full turn ends with the Vikings' turn (shown with a delay).
    summary("game screen, decisions (Enter)", [await client.press("\r", gap=1.0) for _ in range(12)])
    await client.quiet(1.0)
    before = client.received
    await asyncio.sleep(5)
    print(f"  game screen, no key for 5 s: {(client.received - before) / 5:.0f} B/s")
    conn.close()

    print(f"memory with {sessions} sessions on the title screen:")
    base_rss, base_pss = memory(server_pid)
    opened: list[tuple[asyncssh.SSHClientConnection, Client]] = []
    times: list[float] = []
    for i in range(sessions):
        t0 = time.monotonic()
        pair = await open_client(port, f"bench{i + 1}", cols, rows)
        await pair[1].wait_for(TITLE)
        times.append(time.monotonic() - t0)
        opened.append(pair)
    for _, c in opened:
        await c.quiet()
    await asyncio.sleep(0.5)
    apps = children(server_pid)
    per_app = [memory(p) for p in apps]
    rss, pss = memory(server_pid)
    print(
        f"  app processes: {len(apps)}; RSS median {statistics.median(r for r, _ in per_app) / 1024:.1f} MiB, "
        f"PSS median {statistics.median(p for _, p in per_app) / 1024:.1f} MiB"
    )
    print(
        f"  server process: RSS {base_rss / 1024:.1f} MiB idle, {rss / 1024:.1f} MiB with {sessions} sessions "
        f"(+{(rss - base_rss) / sessions:.0f} KiB per session)"
    )
    total = statistics.median(p for _, p in per_app) + max(0, pss - base_pss) / sessions
    print(f"  per connected session: about {total / 1024:.1f} MiB (app PSS + server growth)")
    print(
        f"  connect to title screen: median {statistics.median(times) * 1000:.0f} ms over {sessions} sessions "
        f"opened one after another"
    )
    for opened_conn, _ in opened:
        opened_conn.close()


async def drain(*clients: Client) -> None:
    """Until every screen has been quiet for ``QUIET`` seconds at once."""
    for _ in range(20):
        changed_at = max(c.last_data for c in clients)
        await asyncio.gather(*(c.quiet() for c in clients))
        if max(c.last_data for c in clients) == changed_at:
            return


async def changed(client: Client, before: str, started: float, timeout: float = 10) -> float:
    """Seconds from ``started`` to the first change of ``client``'s screen from ``before``."""
    while client.text() == before:
        client.changed.clear()
        try:
            await asyncio.wait_for(client.changed.wait(), timeout)
        except TimeoutError:
            raise SystemExit("bench/ssh.py: a screen at the shared table did not change in 10 s") from None
    return client.last_data - started


def report(label: str, delays: list[float]) -> None:
    spread(label, delays, "decisions", " ms", 1000)


def table_store(saves: Path, database: str | None) -> Any:
    from norsewind_tui.storage.tables import TABLES_DIR, TableStore

    if database is None:
        return TableStore(saves)
    from norsewind_tui.storage.pg.games import database_place

    return TableStore(saves, place=database_place(database, "table", saves / TABLES_DIR))


def database_connections(url: str) -> int:
    import psycopg

    with psycopg.connect(url) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).fetchone()
    return int(row[0]) if row else 0


async def table_latency(
    port: int, saves: Path, cols: int, rows: int, decisions: int, port_b: int | None = None, database: str | None = None
) -> None:
    """Time from one player's decision (Enter) to the first change of the other player's screen,
    and of a spectator's, at a table of alice, bob and a computer seat (bob on ``port_b`` if given)."""
    from norsewind_tui import words

    store = table_store(saves, database)
    name = store.create("alice", ["me", "open", "easy"], seed=7, name="bench-table").name
    from host import pooler_clients, pooler_pid, postmaster, tree_cpu  # issue 42: beside the figures

    db_pid = postmaster(database) if database else None
    bouncer = pooler_pid() if database else None
    cpu_before = (tree_cpu(db_pid) if db_pid else 0.0, cpu_seconds(bouncer) if bouncer else 0.0, time.monotonic())

    def table() -> Any:
        return store.open(name, "bench").view

    conn_a, alice = await open_client(port, "alice", cols, rows)
    conn_b, bob = await open_client(port_b or port, "bob", cols, rows)
    conn_c, carol = await open_client(port, "carol", cols, rows)
    for client in (alice, bob, carol):
        await client.wait_for(TITLE)
    await bob.press("t")
    await bob.wait_for(name)
    await bob.press("\r")
    await bob.wait_for("Sit at seat 2")
    await bob.press("y")
    await bob.wait_for("You sit at seat 2")
    await alice.press("t")
    await alice.wait_for(name)
    await alice.press("\r")  # alice holds seat 1: resume it
    await alice.wait_for("Enter Choose")
    await carol.press("t")
    await carol.wait_for(name)
    await carol.press("\r")
    await carol.wait_for("Watching")
    players = {"alice": alice, "bob": bob}
    everyone = (alice, bob, carol)
    to_player: list[float] = []
    to_watcher: list[float] = []
    to_mover: list[float] = []  # no file in between: what the app and the connection take
    computer = 0
    while len(to_player) < decisions:
        await drain(*everyone)
        view = table()
        if view.state.is_over:
            break
        position = view.session.position
        mover = view.holder(view.state.current)
        if mover is None:  # the computer seat: one of the apps plays it (after its 0.6 s pause)
            deadline = time.monotonic() + 20
            while table().session.position <= position:
                if time.monotonic() > deadline:
                    raise SystemExit("bench/ssh.py: the computer seat did not play in 20 s")
                await asyncio.sleep(0.05)
            computer += 1
            continue
        # every screen shows the position the disk has (a computer's decision may still be on its way)
        prompt = words.prompt(view.state)[:40]
        for client in everyone:
            await client.wait_for(prompt)
            await client.wait_for(f">{mover}")
        await drain(*everyone)
        other = players["bob" if mover == "alice" else "alice"]
        me = players[mover]
        before_me, before_other, before_carol = me.text(), other.text(), carol.text()
        assert me.chan is not None
        started = time.monotonic()
        me.chan.write(b"\r")
        got = await asyncio.gather(
            changed(other, before_other, started),
            changed(carol, before_carol, started),
            changed(me, before_me, started),
        )
        to_player.append(got[0])
        to_watcher.append(got[1])
        to_mover.append(got[2])
        deadline = time.monotonic() + 10
        while table().session.position <= position:
            if time.monotonic() > deadline:
                raise SystemExit(
                    f"bench/ssh.py: {mover}'s decision at the shared table was not saved; their screen:\n"
                    + players[mover].text()
                )
            await asyncio.sleep(0.05)
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    where = "" if port_b is None else " (alice and carol on host A, bob on host B, one database)"
    print(f"shared table (alice, bob and a computer seat; carol watching){where}, load average {load}:")
    if database is not None:
        elapsed = time.monotonic() - cpu_before[2]
        clients = pooler_clients(database)
        print(
            f"  connections to the database with 3 sessions on 2 hosts: {database_connections(database) - 1}"
            + ("" if clients is None else f"; PgBouncer's clients: {clients}")
            + (f"; database CPU {(tree_cpu(db_pid) - cpu_before[0]) / elapsed * 100:.0f}% of a core" if db_pid else "")
            + (f", PgBouncer {(cpu_seconds(bouncer) - cpu_before[1]) / elapsed * 100:.0f}%" if bouncer else "")
        )
    report("a decision to the other player's screen", to_player)
    report("a decision to the spectator's screen", to_watcher)
    report("for comparison, the key to the mover's own screen", to_mover)
    print(f"  ({computer} computer decisions in between)")
    for conn in (conn_a, conn_b, conn_c):
        conn.close()


def wake_latency(saves: Path, decisions: int, database: str | None = None) -> None:
    """In this process, without the apps: from a decision (``push``: the locked write included) to
    another ``SharedTable``, waiting on its ``watch`` in a thread, having the new view: the part of
    the figures above that the file and its notification take."""
    import threading

    store = table_store(saves, database)
    alice = store.create("alice", ["me", "open"], seed=5, name="wake-table")
    bob = store.open(alice.name, "bob")
    bob.join()
    carol = store.open(alice.name, "carol")
    seen: list[float] = []
    ready, arrived, stop = threading.Event(), threading.Event(), threading.Event()

    def follow() -> None:
        with carol.watch() as watch:
            while not stop.is_set():
                watch.wait(stop.is_set)
                ready.set()  # after the first look
                newer = carol.fetch()
                if newer is not None and carol.adopt(newer) is not None:
                    seen.append(time.monotonic())
                    arrived.set()

    thread = threading.Thread(target=follow)
    thread.start()
    ready.wait(10)
    delays: list[float] = []
    while len(delays) < decisions and not carol.state.is_over:
        for table in (alice, bob):
            table.poll()
        mover = alice if alice.is_my_turn() else bob
        arrived.clear()
        started = time.monotonic()
        mover.push(mover.legal_moves()[0])
        if not arrived.wait(10):
            raise SystemExit("bench/ssh.py: a decision did not reach the watching table in 10 s")
        delays.append(seen[-1] - started)
    stop.set()
    thread.join()
    report("without the apps: push to another SharedTable's new view (watch, fetch)", delays)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--sessions", type=int, default=4)
    parser.add_argument("--cols", type=int, default=100)
    parser.add_argument("--rows", type=int, default=32)
    parser.add_argument("--decisions", type=int, default=50, help="decisions timed at the shared table")
    parser.add_argument("--table-only", action="store_true", help="only the shared table's figures")
    parser.add_argument("--database", metavar="URL", help="two hosts on this database ('auto': a temporary one)")
    parser.add_argument("--pooler", action="store_true", help="with --database auto: through PgBouncer (issue 42)")
    args = parser.parse_args()
    if args.database is None:
        return one_host(args)
    with database_of(args.database, args.pooler) as url:
        assert url is not None
        return two_hosts(args, url)


@contextlib.contextmanager
def database_of(url: str | None, pooler: bool = False) -> Iterator[str | None]:
    """``--database URL`` as given, or for ``auto`` a fresh database on a temporary PostgreSQL server
    of its own (the tests' ``pgserver.py``: initdb and pg_ctl in a temporary folder), stopped after;
    ``pooler``: with its PgBouncer in front, named to the hosts by $NORSEWIND_POOLER (issue 42)."""
    if url != "auto":
        yield url
        return
    from pgserver import PgServer

    server = PgServer.start()
    try:
        if pooler:
            server.start_pooler()
            os.environ["NORSEWIND_POOLER"] = server.pooler  # the serve processes' (and their sessions')
        yield server.new_database()
    finally:
        server.stop()


SERVE = [sys.executable, "-m", "norsewind_tui.cli", "serve", "--open", "--port", "0"]


def start(
    command: list[str], pattern: str = r"listening on [^:]+:(\d+)", database: str | None = None
) -> tuple[subprocess.Popen[str], int]:
    """A server started (``command``; ``database``: its NORSEWIND_DATABASE) and the port its first
    line names (``pattern``'s group); when it names none, the bench stops with that line."""
    env = {**os.environ, **({"NORSEWIND_DATABASE": database} if database else {})}
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    assert server.stdout is not None
    line = server.stdout.readline()
    match = re.search(pattern, line)
    if not match:
        server.terminate()
        raise SystemExit(f"{sys.argv[0]}: the server did not start: {line.strip()}")
    return server, int(match.group(1))


def start_server(saves: Path, sessions: int, database: str | None, *options: str) -> tuple[subprocess.Popen[str], int]:
    """``norsewind serve --open`` on a free loopback port, for at most ``sessions`` sessions."""
    return start([*SERVE, "--saves", str(saves), "--max-sessions", str(sessions), *options], database=database)


@contextlib.contextmanager
def stopping(
    started: tuple[subprocess.Popen[str], int], timeout: float = 30
) -> Iterator[tuple[subprocess.Popen[str], int]]:
    """A started server and its port (``start``'s answer), terminated at the end of the block."""
    try:
        yield started
    finally:
        started[0].terminate()
        started[0].wait(timeout=timeout)


def two_hosts(args: argparse.Namespace, url: str) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        a, b = Path(tmp) / "host-a", Path(tmp) / "host-b"
        a.mkdir()
        b.mkdir()
        with stopping(start_server(a, 8, url)) as (_, port_a), stopping(start_server(b, 8, url)) as (_, port_b):
            asyncio.run(table_latency(port_a, a, args.cols, args.rows, args.decisions, port_b, url))
            wake_latency(a, args.decisions, url)
    return 0


def one_host(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        # room for the shared table's three clients while the others hang up
        with stopping(start_server(tmp, args.sessions + 3, None)) as (server, port):
            if not args.table_only:
                asyncio.run(bench(port, server.pid, args.sessions, args.cols, args.rows))
            asyncio.run(table_latency(port, tmp, args.cols, args.rows, args.decisions))
            from norsewind_tui.storage.tables import SharedTable

            if hasattr(SharedTable, "watch"):  # not in a tree from before tables were notified
                wake_latency(tmp, args.decisions)
    return 0


if __name__ == "__main__":
    sys.exit(main())
