"""A real PostgreSQL server for the tests (issue 25): started once per test process, stopped at the end.

``PgServer.start()`` runs ``initdb`` and ``pg_ctl start`` in a fresh temporary folder, listening
only on a unix socket in that folder (no TCP port to collide with another worker's or another
person's server), with ``fsync=off`` (a test database need not survive a power cut).  PostgreSQL
refuses to run as root: under root the folder is given to the ``postgres`` account and the
server runs as it (``runuser``).  Every test gets a database of its own, copied from a template
that ``upgrade`` brought to the current schema (``CREATE DATABASE ... TEMPLATE`` takes
milliseconds).  The binaries are found through ``$NORSEWIND_PG_BIN``, ``pg_config --bindir``,
``/usr/lib/postgresql/*/bin`` or ``PATH``; without them the fixture fails with one line saying what
to install (never a skip).
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import psycopg

from norsewind_tui.storage.pg.schema import upgrade

MISSING = (
    "the PostgreSQL server binaries (initdb, pg_ctl) are not installed: "
    "apt-get install postgresql (Debian, Ubuntu), dnf install postgresql-server (Fedora), "
    "or set NORSEWIND_PG_BIN to the folder holding them"
)
TEMPLATE = "norsewind_template"
# The server's keeper: a process of its own session that waits for the test process to end, however
# it ends (a SIGKILL too: the pipe's end it holds is closed by the kernel), then stops the server and
# removes its folder (and stops its PgBouncer).  After a clean ``stop`` it finds nothing left to do.
KEEPER = """
import os, shutil, subprocess, sys
while os.read(int(sys.argv[1]), 1):
    pass
try:  # its PgBouncer, if it was started
    os.kill(int(open(os.path.join(sys.argv[2], "pooler.pid")).read()), 2)
except Exception:
    pass
subprocess.run(sys.argv[3:], capture_output=True)
shutil.rmtree(sys.argv[2], ignore_errors=True)
"""
ROOT = os.geteuid() == 0
POOLER_PORT = 6432  # PgBouncer's socket beside the server's, in the same folder (.s.PGSQL.6432)
POOLER_MISSING = "PgBouncer is not installed (the pooler tests fail without it): apt-get install pgbouncer"
POOLER_CONFIG = """[databases]
* = host={root} port=5432
[pgbouncer]
unix_socket_dir = {root}
listen_port = {port}
auth_type = trust
auth_file = {root}/pooler-users.txt
pool_mode = transaction
default_pool_size = {pool}
max_client_conn = 1000
logfile = {root}/pooler.log
pidfile = {root}/pooler.pid
stats_users = {user}
; issue 42: a query waits at most 3 s for a server (then its app says the database is away, in one
; line), and the pooler tries a server that failed again every second, not every 15 s (the apps
; catch up within 2 s of its coming back)
query_wait_timeout = 3
server_login_retry = 1
"""


def find_bindir() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl``, or None."""
    candidates: list[str] = []
    if given := os.environ.get("NORSEWIND_PG_BIN"):
        candidates.append(given)
    with contextlib.suppress(OSError, subprocess.CalledProcessError):
        out = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True, check=True).stdout
        candidates.append(out.strip())
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)  # Debian: the newest first
    candidates += [str(Path(p).parent) for p in (shutil.which("initdb"), shutil.which("pg_ctl")) if p]
    for folder in candidates:
        if (Path(folder) / "initdb").is_file() and (Path(folder) / "pg_ctl").is_file():
            return Path(folder)
    return None


@dataclass
class PgServer:
    """One server: its data folder, its socket folder, the account it runs as."""

    bindir: Path
    root: Path
    user: str  # the operating-system account running it, also its superuser role
    _names: itertools.count[int]
    _keeper: int = -1  # this process's end of the keeper's pipe
    pooled: bool = False  # its PgBouncer was started

    @property
    def data(self) -> Path:
        return self.root / "data"

    @property
    def socket_dir(self) -> Path:
        return self.root

    def url(self, database: str = "postgres") -> str:
        """The URL of ``database`` on this server (through its unix socket; no password)."""
        return f"postgresql://{self.user}@/{database}?host={self.socket_dir}"

    @classmethod
    def start(cls) -> PgServer:
        bindir = find_bindir()
        if bindir is None:
            raise RuntimeError(MISSING)
        root = Path(tempfile.mkdtemp(prefix="nwpg-", dir="/tmp"))  # short: a socket path holds 107 bytes
        user = "postgres" if ROOT else pwd.getpwuid(os.geteuid()).pw_name
        if ROOT:
            account = pwd.getpwnam(user)
            os.chown(root, account.pw_uid, account.pw_gid)
        server = cls(bindir, root, user, itertools.count(1))
        server._run("initdb", "-D", str(server.data), "-U", user, "-A", "trust", "--no-sync", "-E", "UTF8")
        server.pg_ctl("start")
        server._keep()
        with psycopg.connect(server.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {TEMPLATE}")
        upgrade(server.url(TEMPLATE))
        return server

    def _command(self, program: str, *args: str) -> list[str]:
        command = [str(self.bindir / program), *args]
        return ["runuser", "-u", self.user, "--", *command] if ROOT else command

    def _keep(self) -> None:
        """Start the keeper that stops this server if the test process dies without stopping it."""
        r, w = os.pipe()  # w: held by this process alone (close-on-exec), for as long as it lives
        stop = self._command("pg_ctl", "stop", "-m", "immediate", "-D", str(self.data))
        subprocess.Popen(
            [sys.executable, "-c", KEEPER, str(r), str(self.root), *stop],
            pass_fds=(r,),
            start_new_session=True,  # a Ctrl+C to the tests' process group leaves it to clean up
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(r)
        self._keeper = w

    def _run(self, program: str, *args: str) -> None:
        done = subprocess.run(self._command(program, *args), capture_output=True, text=True, cwd=self.root)
        if done.returncode != 0:
            raise RuntimeError(f"{program} failed ({done.returncode}): {(done.stderr or done.stdout).strip()}")

    def pg_ctl(self, action: str) -> None:
        """``pg_ctl start``, ``stop`` or ``restart`` (waits until it is done)."""
        options = f"-k {self.socket_dir} -c listen_addresses='' -c fsync=off -c full_page_writes=off"
        options += " -c synchronous_commit=off -c max_connections=200"
        log = str(self.root / "log")
        self._run("pg_ctl", action, "-w", "-m", "fast", "-D", str(self.data), "-l", log, "-o", options)

    def new_database(self, template: str = TEMPLATE) -> str:
        """A fresh database copied from ``template`` (the current schema; ``template0``: empty); its URL."""
        name = f"t{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name} TEMPLATE {template}")
        return self.url(name)

    @property
    def pooler(self) -> str:
        """The pooler as ``$NORSEWIND_POOLER`` names it (``HOST:PORT``)."""
        return f"{self.socket_dir}:{POOLER_PORT}"

    def start_pooler(self, pool: int = 8) -> None:
        """Start PgBouncer in front of this server (transaction pooling, ``pool`` server connections a
        database), as the server's account; ``pooler_restart`` and ``stop`` stop it."""
        program = shutil.which("pgbouncer") or "/usr/sbin/pgbouncer"
        if not Path(program).is_file():
            raise RuntimeError(POOLER_MISSING)
        config = self.root / "pooler.ini"
        config.write_text(POOLER_CONFIG.format(root=self.root, port=POOLER_PORT, pool=pool, user=self.user))
        (self.root / "pooler-users.txt").write_text(f'"{self.user}" ""\n')
        if ROOT:
            account = pwd.getpwnam(self.user)
            for path in (config, self.root / "pooler-users.txt"):
                os.chown(path, account.pw_uid, account.pw_gid)
        command = [program, "-d", str(config)]
        done = subprocess.run(
            ["runuser", "-u", self.user, "--", *command] if ROOT else command, capture_output=True, text=True
        )
        if done.returncode != 0:
            raise RuntimeError(f"pgbouncer failed ({done.returncode}): {(done.stderr or done.stdout).strip()}")
        self.pooled = True
        socket_file, deadline = self.root / f".s.PGSQL.{POOLER_PORT}", time.monotonic() + 30
        while not socket_file.exists():  # its daemon listens a moment after the command returns
            if time.monotonic() > deadline:
                raise RuntimeError(f"pgbouncer did not listen: {(self.root / 'pooler.log').read_text()[-500:]}")
            time.sleep(0.01)

    def stop_pooler(self) -> None:
        """Stop PgBouncer (SIGINT: at once, its clients' connections closed) and wait until it is gone."""
        pidfile = self.root / "pooler.pid"
        with contextlib.suppress(OSError, ValueError):
            pid = int(pidfile.read_text())
            os.kill(pid, signal.SIGINT)
            while True:  # its own process: gone once kill(0) finds nothing
                os.kill(pid, 0)
                time.sleep(0.01)

    def restart_pooler(self) -> None:
        self.stop_pooler()
        self.start_pooler()

    def stop(self) -> None:
        if self.pooled:
            self.stop_pooler()
        with contextlib.suppress(RuntimeError):
            self.pg_ctl("stop")
        shutil.rmtree(self.root, ignore_errors=True)
        if self._keeper >= 0:
            os.close(self._keeper)  # its keeper ends, finding nothing left
            self._keeper = -1
