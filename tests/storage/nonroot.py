"""Run a piece of the program as a normal user, even when the tests run as root (as in CI).

Root reads and writes through any mode, so a folder of mode 0000 or another account's lock
file only means something to a normal user.  ``as_user`` forks; when the tests run as root
the child takes the ids of ``nobody`` (65534) for good (``setgroups``, ``setgid``, ``setuid``:
no way back), otherwise it stays the normal user it already is (``as_account`` takes the ids of
any account: tests/storage/test_accounts.py makes two).  The child cannot read the
interpreter's own files under ``/root``, so a command is first run once in the parent (as root,
against an empty scratch folder) to import everything its path needs.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import sys
import tempfile
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from norsewind_tui.cli import main

NOBODY = 65534
ROOT = os.geteuid() == 0


@dataclass(frozen=True)
class Result:
    code: int
    out: str
    err: str


def as_user(run: Callable[[], int], umask: int | None = None) -> Result:
    """``run()`` in a child process of a normal user; its exit status and output."""
    return as_account(NOBODY, NOBODY, run, umask) if ROOT else as_account(None, None, run, umask)


def as_account(uid: int | None, gid: int | None, run: Callable[[], int], umask: int | None = None) -> Result:
    """``run()`` in a child process that takes the ids ``uid``, ``gid`` for good (None: stays as it is)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        pid = os.fork()
        if pid == 0:  # the child: never returns into pytest
            code = 70
            try:
                os.dup2(out.fileno(), 1)
                os.dup2(err.fileno(), 2)
                sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
                sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
                if uid is not None and gid is not None:
                    os.setgroups([])
                    os.setgid(gid)
                    os.setuid(uid)
                if umask is not None:
                    os.umask(umask)
                code = run()
            except BaseException:
                traceback.print_exc()
            finally:
                with contextlib.suppress(BaseException):
                    sys.stdout.flush()
                    sys.stderr.flush()
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        out.seek(0)
        err.seek(0)
        return Result(os.waitstatus_to_exitcode(status), out.read().decode(), err.read().decode())


def cli_as_user(argv: list[str], warm: list[str]) -> Result:
    """``norsewind ARGV`` as a normal user, after ``norsewind WARM`` once here (for the imports)."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        main(warm)
    return as_user(lambda: main(argv))


def give(path: Path) -> Path:
    """``path`` now belongs to the normal user of ``as_user``."""
    if ROOT:
        os.chown(path, NOBODY, NOBODY)
    return path


@pytest.fixture
def user_home() -> Iterator[Path]:
    """A folder the normal user owns (``tmp_path`` is under root's private pytest folder)."""
    home = Path(tempfile.mkdtemp(prefix="norsewind-user-"))
    os.chmod(home, 0o755)
    give(home)
    try:
        yield home
    finally:
        for folder, dirs, _ in os.walk(home):
            for d in dirs:
                os.chmod(os.path.join(folder, d), 0o700)
        shutil.rmtree(home)
