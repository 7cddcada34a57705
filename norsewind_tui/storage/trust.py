"""Who may write the files players share (issue 24.6): one account owns a shared saves folder.

Presence records, settings and tables are shared by the players of one saves folder, and
players are told apart by their identity (``identity.py``), not by their Unix account.  So a
shared saves folder belongs to one account, the one every player's app runs as: that of
``norsewind serve``, or the one OpenSSH's forced command logs every player into, with
``NORSEWIND_PLAYER`` set per key (``docs/SSH.md``).  Then:

- a presence record, a settings file or a table that the running account does not own is not
  believed: ``read_limited(..., owned=True)`` refuses it as ``NotOwned``, one notice like any
  broken file, and the owner's next write replaces it (her own folder lets her, sticky or not);
- at start (``resolve_saves_dir``) a shared folder (``SHARED_DIRS``) that another account can
  write is refused in one line: its files could pass for the players' own, and in a sticky
  folder that is not hers a player could never replace another's file there.

Root is no "other account": it can write anything anyway.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> others_can_write(folder) is None
True
>>> os.chmod(folder, 0o1777)
>>> others_can_write(folder)
'mode 1777: any account may write in it'
"""

from __future__ import annotations

import grp
import os
import pwd
import stat
from pathlib import Path

from .errors import SaveError

SHARED_DIRS = ("presence", "settings", "tables")  # PRESENCE_DIR, SETTINGS_DIR, TABLES_DIR


class NotOwned(SaveError):
    """A shared file another account wrote: not believed."""


def account_name(uid: int) -> str:
    """The login name of ``uid`` (``uid N`` when it has no passwd entry)."""
    try:
        return pwd.getpwuid(uid).pw_name
    except (KeyError, OSError):
        return f"uid {uid}"


def not_ours(path: Path, st: os.stat_result) -> NotOwned | None:
    """The refusal of a shared file of another account (None when it is the running account's)."""
    if st.st_uid == os.geteuid():
        return None
    return NotOwned(f"{path}: belongs to another account, {account_name(st.st_uid)}: not believed")


def _group_others(gid: int, owner: int) -> list[str]:
    """The accounts of group ``gid`` besides ``owner`` and root (members, or it is their own group)."""
    try:
        group = grp.getgrgid(gid)
    except KeyError:
        return []
    names = set(group.gr_mem) | {p.pw_name for p in pwd.getpwall() if p.pw_gid == gid}
    others = []
    for name in sorted(names):
        try:
            uid = pwd.getpwnam(name).pw_uid
        except KeyError:
            continue
        if uid not in (owner, 0):
            others.append(name)
    return others


def others_can_write(folder: Path) -> str | None:
    """Why accounts other than the running one (and root) can write in ``folder``; None if none can."""
    try:
        st = os.stat(folder)
    except OSError:
        return None  # missing (created 0700 when needed), or the store says what is wrong
    me = os.geteuid()
    if st.st_uid not in (me, 0):
        return f"it belongs to {account_name(st.st_uid)}"
    mode = stat.S_IMODE(st.st_mode)
    if mode & stat.S_IWOTH:
        return f"mode {mode:04o}: any account may write in it"
    if mode & stat.S_IWGRP and (others := _group_others(st.st_gid, me)):
        shown = ", ".join(others[:3]) + (", ..." if len(others) > 3 else "")
        return f"mode {mode:04o}: the group {grp.getgrgid(st.st_gid).gr_name} may write in it ({shown})"
    return None


def check_shared(saves_dir: Path) -> None:
    """``SaveError`` (one line) when another account can write a folder the players share."""
    for name in SHARED_DIRS:
        folder = saves_dir / name
        if (why := others_can_write(folder)) is not None:
            raise SaveError(
                f"{folder}: other accounts can write this folder ({why}), so their files could pass for "
                f"the players' own: make it {account_name(os.geteuid())}'s alone (one account for all "
                "players: docs/SSH.md), or use another saves folder"
            )
