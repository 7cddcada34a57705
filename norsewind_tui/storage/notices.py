"""Turn notices outside the game (issue 41.4): the host's notice commands, ``<saves>/notices.toml``.

A player who is not at a table is told it became their turn by a command the *host* names, in
its own account's file, as ``engines.toml`` names engines: a table and a player's settings hold
only a name (``Settings.notice``), never a command, so nothing read from a shared file ever runs::

    every = 10                  # optional: minutes between two runs for one player (default 10)
    [notices.hook]
    command = "python3 /opt/norsewind/examples/notice-webhook.py"

When a write makes a table some person's turn (the seat to move changed) and that person is not at
the table (their presence), the app that wrote runs the command of the name they chose, without a
shell, with three arguments: the table's name, how to come back (the host's ``come_back`` line, else
the ``norsewind`` command), and whose turn it is.  At most one run per player every ``every``
minutes (``notices/IDENTITY.last``, under a lock: the apps of a host batch together); a run in
between is left out.  The file is believed as ``engines.toml`` is (the account's own, no other
account may write it); a name the host does not know is one line where the player chooses it.
"""

from __future__ import annotations

import contextlib
import shlex
import subprocess
import threading
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

from .atomic import FileLock, atomic_write, read_limited
from .clock import Clock, system_clock
from .engines import _check_mode, command_line, named_tables
from .errors import SaveError, StorageError
from .identity import identity_problem
from .paths import ensure_dir
from .presence import PresenceStore
from .settings import SettingsStore

NOTICES_FILE = "notices.toml"
NOTICES_DIR = "notices"
EVERY = 10.0  # minutes between two runs for one player when the file says none
MAX_FILE = 64 * 1024
MAX_COMMAND = 1024


@dataclass(frozen=True)
class HostNotices:
    """The notice commands of this host by name (none when the file is missing or not believed)."""

    commands: Mapping[str, str] = field(default_factory=dict)
    every: float = EVERY
    come_back: str | None = None
    problem: str | None = None

    def names(self) -> tuple[str, ...]:
        return tuple(sorted(self.commands))

    def unknown(self, name: str) -> bool:
        return name not in self.commands


def load_notices(saves_dir: Path) -> HostNotices:
    """The notices ``<saves>/notices.toml`` names; never raises (a problem: none, and why, in one line)."""
    path = Path(saves_dir) / NOTICES_FILE
    try:
        data = read_limited(path, MAX_FILE, owned=True)
        _check_mode(path)
        return _parse(data, path)
    except FileNotFoundError:
        return HostNotices()
    except SaveError as exc:
        return HostNotices(problem=f"{exc}: this host runs no notice")


def _parse(data: bytes, path: Path) -> HostNotices:
    try:
        doc = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise SaveError(f"{path}: not TOML text: {exc}") from None
    unknown = sorted(set(doc) - {"notices", "every", "come_back"})
    if unknown:
        raise SaveError(f"{path}: {unknown[0]!r}: unknown (every, come_back, [notices.NAME])")
    every = doc.get("every", EVERY)
    if isinstance(every, bool) or not isinstance(every, (int, float)) or not 0 <= every <= 24 * 60:
        raise SaveError(f"{path}: every: expected minutes from 0 to 1440")
    come_back = doc.get("come_back")
    if come_back is not None and (not isinstance(come_back, str) or len(come_back) > MAX_COMMAND):
        raise SaveError(f"{path}: come_back: expected one line of text")
    commands: dict[str, str] = {}
    for name, entry, where in named_tables(doc, "notices", path):
        if not isinstance(entry, dict) or set(entry) != {"command"}:
            raise SaveError(f"{where}: expected a table with a command, and nothing else")
        commands[name] = command_line(entry["command"], where)
    return HostNotices(commands, float(every), come_back)


class TurnNotices:
    """Runs a player's notice when a table becomes their turn while they are not at it."""

    def __init__(
        self,
        saves_dir: Path,
        host: HostNotices,
        settings: SettingsStore,
        presence: Callable[[], PresenceStore],
        come_back: str,
        clock: Clock = system_clock,
    ) -> None:
        self.dir = Path(saves_dir) / NOTICES_DIR
        self.host = host
        self.settings = settings
        self.presence = presence
        self.come_back = host.come_back or come_back
        self.clock = clock
        self.looked = 0  # turns looked at to the end (run or not): what a test waits on
        self._count = threading.Condition()

    def turn(self, table: str, holder: str) -> None:
        """A write made ``table`` the turn of ``holder`` (a person): notify them, in a thread of its
        own (the decision's write is not held up; a failure is silent, the game goes on)."""
        threading.Thread(target=self._notify, args=(table, holder), name="turn-notice", daemon=True).start()

    def _notify(self, table: str, holder: str) -> None:
        try:
            self._run(table, holder)
        finally:
            with self._count:
                self.looked += 1
                self._count.notify_all()

    def wait_looked(self, count: int, timeout: float) -> bool:
        """Until ``count`` turns were looked at (tests), or ``timeout`` seconds; whether they were."""
        with self._count:
            return self._count.wait_for(lambda: self.looked >= count, timeout)

    def _run(self, table: str, holder: str) -> None:
        with contextlib.suppress(OSError, StorageError):
            name = self.settings.load(holder)[0].notice
            if name is None or self.host.unknown(name):
                return
            record = self.presence().of(holder)
            if record.present and record.where == "table" and record.table == table:
                return  # at the table: they see it
            if not self._due(holder):
                return
            argv = [*shlex.split(self.host.commands[name]), table, self.come_back, holder]
            proc = subprocess.Popen(
                argv,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
            proc.wait()  # this thread reaps it

    def _due(self, holder: str) -> bool:
        """Is a run for ``holder`` due (none in the last ``every`` minutes)? Noted as run if so."""
        if identity_problem(holder) is not None:
            return False
        ensure_dir(self.dir)
        path = self.dir / f"{holder}.last"
        lock = FileLock(self.dir / f"{holder}.lock", f"the notices of {holder}")
        lock.acquire(timeout=5.0)
        try:
            now = self.clock()
            try:
                last = datetime.fromisoformat(read_limited(path, 64, owned=True).decode())
            except (FileNotFoundError, SaveError, ValueError):
                last = None
            if last is not None and now - timedelta(minutes=self.host.every) < last <= now:
                return False  # (a time in the future, a clock step back: not believed)
            atomic_write(path, now.isoformat().encode())
        finally:
            lock.release()
        return True


__all__ = ["NOTICES_FILE", "HostNotices", "TurnNotices", "load_notices"]
