"""Two real Unix accounts and one shared saves folder (issue 24.6, the trust model of ``trust.py``).

The test creates a service account and another account (``useradd``; the suite runs as root, as
in CI) and removes them after; the app's storage code runs as each in a forked child
(``nonroot.as_account``).  The documented way (one service account, several players told apart
by ``NORSEWIND_PLAYER``) shares a table; another account's files in a folder she can write are
not believed, the service account still saves over them, and such a folder is refused at start.
"""

from __future__ import annotations

import contextlib
import io
import os
import pwd
import secrets
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import msgspec
import pytest

from norsewind_tui.storage import SaveError
from norsewind_tui.storage.clock import system_clock
from norsewind_tui.storage.paths import resolve_saves_dir
from norsewind_tui.storage.presence import PRESENCE_FORMAT, PresenceRecord, PresenceStore
from norsewind_tui.storage.settings import Settings, SettingsStore
from norsewind_tui.storage.tables import TableStore
from norsewind_tui.storage.trust import SHARED_DIRS

from .nonroot import Result, as_account


@dataclass(frozen=True)
class Account:
    name: str
    uid: int
    gid: int

    def run(self, scene: Callable[[Path], None], saves: Path) -> Result:
        def child() -> int:
            scene(saves)
            return 0

        return as_account(self.uid, self.gid, child)


@pytest.fixture
def accounts() -> Iterator[tuple[Account, Account]]:
    """A service account and another one, created for this test and removed after it."""
    if os.geteuid() != 0:
        pytest.fail("this test creates two Unix accounts (useradd): run it as root, as CI does")
    made: list[str] = []
    try:
        for role in ("svc", "other"):
            name = f"nw{role}{secrets.token_hex(4)}"
            command = ["useradd", "--system", "--no-create-home", "--user-group", "--shell", "/usr/sbin/nologin", name]
            try:
                done = subprocess.run(command, capture_output=True, text=True, check=False)
            except OSError as exc:
                pytest.fail(f"cannot create the Unix account {name} for this test: {exc}")
            if done.returncode != 0:
                pytest.fail(f"cannot create the Unix account {name} for this test: {done.stderr.strip()}")
            made.append(name)
        svc, other = (Account(n, pwd.getpwnam(n).pw_uid, pwd.getpwnam(n).pw_gid) for n in made)
        yield svc, other
    finally:
        for name in made:  # its own group goes with it (USERGROUPS_ENAB)
            subprocess.run(["userdel", name], capture_output=True, check=False)


@pytest.fixture
def base() -> Iterator[Path]:
    """A folder every account may enter (``tmp_path`` is under root's private pytest folder)."""
    folder = Path(tempfile.mkdtemp(prefix="norsewind-accounts-"))
    os.chmod(folder, 0o755)
    try:
        yield folder
    finally:
        shutil.rmtree(folder)


def _out(*lines: object) -> None:
    print(*lines, sep="\n", flush=True)


def _open_table(saves: Path) -> None:
    """alice (one player of the service account) opens a table and sits at it."""
    folder = resolve_saves_dir(str(saves))
    table = TableStore(folder).create("alice", ["me", "open"], seed=7, name="friday")
    PresenceStore(folder).enter("alice").at_table("friday")
    _out(f"alice at seat {table.seat}")


def _join_table(saves: Path) -> None:
    """bob (another player of the same account) joins it, sees alice there, and saves a setting."""
    folder = resolve_saves_dir(str(saves))
    table = TableStore(folder).open("friday", "bob")
    seat = table.join()
    presence = PresenceStore(folder)
    presence.enter("bob").at_table("friday")
    SettingsStore(folder).save("bob", Settings(turn_bell=False))
    bell = SettingsStore(folder).load("bob")
    _out(f"bob at seat {seat}", f"alice: {presence.of('alice').words()}", f"bob's bell: {bell}")


def _cannot_reach(saves: Path) -> None:
    """Another account cannot even read the folder (every file is 0600, folders 0700)."""
    try:
        resolve_saves_dir(str(saves))
    except SaveError as exc:
        _out(exc)


def _forge(saves: Path) -> None:
    """The other account, in a folder she can write: carol "at the table", alice's bell off, a table."""
    now = system_clock()
    record = PresenceRecord(PRESENCE_FORMAT, "carol", "table", now, now, "friday")
    (saves / "presence" / "carol@0123456789ab.json").write_bytes(msgspec.json.encode(record))
    (saves / "settings" / "alice.json").write_bytes(b'{"format": 1, "turn_bell": false}')
    own = Path(tempfile.mkdtemp())
    TableStore(own).create("mallory", ["me", "open"], seed=3, name="heist").close()
    shutil.copyfile(own / "tables" / "heist.json", saves / "tables" / "heist.json")
    shutil.rmtree(own)
    _out("forged")


def _look(saves: Path) -> None:
    """The service account believes none of it, and saves over the forged settings."""
    with contextlib.suppress(SaveError):
        resolve_saves_dir(str(saves))
        _out("accepted")
    presence = PresenceStore(saves)
    _out(f"carol: {presence.of('carol').words()}", *presence.problems)
    settings = SettingsStore(saves)
    _out(settings.load("alice"))
    settings.save("alice", Settings(turn_bell=True))
    _out(settings.load("alice"))
    _out(*[f"{t.name}: {t.error}" for t in TableStore(saves).list()])


def _start(saves: Path) -> None:
    try:
        resolve_saves_dir(str(saves))
        _out("accepted")
    except SaveError as exc:
        _out(exc)


def _warm(base: Path) -> None:
    """Run every scene once here, as root: a child cannot read the interpreter's files under /root."""
    saves = base / "warm"
    with contextlib.redirect_stdout(io.StringIO()):
        _open_table(saves)
        _join_table(saves)
        _forge(saves)
        _look(saves)
        os.chmod(saves / "presence", 0o777)
        _start(saves)
    shutil.rmtree(saves)


def test_one_service_account_shares_a_table_and_believes_no_other_account(
    accounts: tuple[Account, Account], base: Path
) -> None:
    svc, other = accounts
    _warm(base)
    saves = base / "saves"
    saves.mkdir(mode=0o700)
    os.chown(saves, svc.uid, svc.gid)  # as an administrator makes /srv/norsewind/saves
    # the documented way: the service account's folder, two players told apart by identity
    assert svc.run(_open_table, saves) == Result(0, "alice at seat 0\n", "")
    joined = svc.run(_join_table, saves)
    bell = "(Settings(format=1, turn_bell=False, hints='expert', muted=(), notice=None, puzzles=False), None)"
    assert joined == Result(0, f"bob at seat 1\nalice: at the table friday\nbob's bell: {bell}\n", "")
    assert {p.stat().st_uid for p in saves.rglob("*")} == {svc.uid}
    refused = f"{saves}: cannot read the folder: permission denied\n"
    assert other.run(_cannot_reach, saves) == Result(0, refused, "")

    # the service account's folder opened to others by mistake: another account writes in it
    os.chmod(saves, 0o755)
    for name in SHARED_DIRS:
        os.chmod(saves / name, 0o1777)
    assert other.run(_forge, saves) == Result(0, "forged\n", "")
    presence, settings, tables = (saves / name for name in SHARED_DIRS)
    assert (settings / "alice.json").stat().st_uid == other.uid
    looked = svc.run(_look, saves)
    assert looked == Result(
        0,
        "carol: not seen here\n"
        f"skipped a presence record: {presence / 'carol@0123456789ab.json'}: belongs to another account, "
        f"{other.name}: not believed\n"
        "(Settings(format=1, turn_bell=True, hints='expert', muted=(), notice=None, puzzles=False), "
        f"'Your settings could not be read ({settings / 'alice.json'}: "
        f"belongs to another account, {other.name}: not believed); the defaults are used.')\n"
        "(Settings(format=1, turn_bell=True, hints='expert', muted=(), notice=None, puzzles=False), None)\n"
        f"friday: None\nheist: {tables / 'heist.json'}: belongs to another account, {other.name}: not believed\n",
        "",
    )
    assert (settings / "alice.json").stat().st_uid == svc.uid  # saved over the forged file

    # at start, a shared folder other accounts can write is refused, in one line
    started = svc.run(_start, saves)
    assert started == Result(
        0,
        f"{presence}: other accounts can write this folder (mode 1777: any account may write in it), so their "
        f"files could pass for the players' own: make it {svc.name}'s alone (one account for all players: "
        "docs/SSH.md), or use another saves folder\n",
        "",
    )
    for name in SHARED_DIRS:
        os.chmod(saves / name, 0o700)
    assert svc.run(_start, saves) == Result(0, "accepted\n", "")
    os.chmod(settings, 0o770)
    assert svc.run(_start, saves) == Result(0, "accepted\n", "")  # its group is the service account's own
    os.chown(settings, svc.uid, other.gid)
    why = f"mode 0770: the group {other.name} may write in it ({other.name})"
    assert svc.run(_start, saves).out == (
        f"{settings}: other accounts can write this folder ({why}), so their files could pass for the players' "
        f"own: make it {svc.name}'s alone (one account for all players: docs/SSH.md), or use another saves folder\n"
    )
    os.chown(settings, other.uid, other.gid)
    os.chmod(settings, 0o700)
    assert svc.run(_start, saves).out == (
        f"{settings}: other accounts can write this folder (it belongs to {other.name}), so their files could "
        f"pass for the players' own: make it {svc.name}'s alone (one account for all players: docs/SSH.md), "
        "or use another saves folder\n"
    )
