"""Where saves live, and what a save name may be.

A save name comes from the user; ``sanitise_name`` turns it into one file-name
component made of letters, digits, ``-``, ``_`` and ``.``, so no name can
leave the saves folder, hide itself (leading dot) or carry terminal escapes.
"""

from __future__ import annotations

import os
import re
import stat
import unicodedata
from pathlib import Path

import platformdirs

from .errors import SaveError
from .trust import check_shared

ENV_VAR = "NORSEWIND_SAVES"
APP = "norsewind"
MAX_NAME = 64
SUFFIX = ".json"
BACKUP_SUFFIX = ".json.bak"
DAMAGED_SUFFIX = ".json.damaged"
LOCK_SUFFIX = ".json.lock"
DIR_MODE = 0o700
FILE_MODE = 0o600

_DASHES = re.compile(r"-{2,}")


def sanitise_name(raw: str) -> str:
    """A safe save (or profile) file name for ``raw``; raises ``SaveError`` if nothing is left.

    >>> sanitise_name("../../etc/passwd")
    'etc-passwd'
    >>> sanitise_name("Ana's game #2.json")
    'Ana-s-game-2'
    >>> sanitise_name("Ragnar\\x1b[2J")
    'Ragnar-2J'
    """
    text = unicodedata.normalize("NFC", raw)
    if text.lower().endswith(SUFFIX):
        text = text[: -len(SUFFIX)]
    out = []
    for ch in text:
        cat = unicodedata.category(ch)
        out.append(ch if ch in "-_." or cat[0] in "LNM" else "-")
    name = _DASHES.sub("-", "".join(out)).strip("-._")
    name = name[:MAX_NAME].rstrip("-._")
    if not name:
        raise SaveError(f"the name {raw!r} has no letter or digit to make a file name of")
    return name


def project_root() -> Path | None:
    """The checkout this package runs from (the folder holding its pyproject.toml), if any."""
    here = Path(__file__).resolve().parents[2]
    pyproject = here / "pyproject.toml"
    try:
        if 'name = "norsewind-tui"' in pyproject.read_text(encoding="utf-8", errors="replace"):
            return here
    except OSError:
        return None
    return None


def default_saves_dir() -> Path:
    """``saves/`` of the checkout Norsewind runs from, else the user's data folder (platformdirs:
    ``$XDG_DATA_HOME/norsewind/saves``, by default ``~/.local/share/norsewind/saves``)."""
    root = project_root()
    if root is not None:
        return root / "saves"
    return platformdirs.user_data_path(APP, appauthor=False) / "saves"


def describe_default() -> str:
    """The rule and the folder it gives now, for ``--help``."""
    return f"${ENV_VAR}, else {default_saves_dir()}"


def _why(exc: OSError) -> str:
    return (exc.strerror or str(exc)).lower()


def _check_folder(path: Path) -> bool:
    """True when ``path`` is a folder, False when missing; ``SaveError`` when it cannot be one."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return False
    except NotADirectoryError:
        blocker = next((p for p in reversed(path.parents) if p.exists() and not p.is_dir()), path.parent)
        raise SaveError(f"{path}: {blocker} is a file, not a folder") from None
    except OSError as exc:  # EACCES on a folder above it, ELOOP...
        raise SaveError(f"{path}: cannot reach the folder: {_why(exc)}") from None
    if not stat.S_ISDIR(st.st_mode):
        raise SaveError(f"{path} exists and is not a folder")
    return True


def ensure_dir(path: Path, private: bool = False) -> Path:
    """Create ``path`` and any missing folder above it (mode 0700, whatever the umask).

    ``SaveError`` (one line naming the path) when it cannot be a folder.  ``private``: the
    folder is Norsewind's own (the default saves folder, ``profiles``): an existing one that
    others may read (a checkout's ``saves/`` is 0755) is made 0700 too.  A folder the user
    named is never changed.
    """
    if _check_folder(path):
        if private:
            _tighten(path)
        return path
    missing = [path]
    for parent in path.parents:
        if _check_folder(parent):
            break
        missing.append(parent)
    for folder in reversed(missing):
        try:
            os.mkdir(folder, DIR_MODE)
        except FileExistsError:
            if not folder.is_dir():
                raise SaveError(f"{folder} exists and is not a folder") from None
            continue
        except OSError as exc:
            raise SaveError(f"cannot create the folder {folder}: {_why(exc)}") from None
        try:
            os.chmod(folder, DIR_MODE)  # mkdir's mode is cut by the umask (0600 with 177: unusable)
        except OSError as exc:
            raise SaveError(f"cannot set the mode of the folder {folder}: {_why(exc)}") from None
    return path


def _tighten(path: Path) -> None:
    try:
        st = path.stat()
        if st.st_uid == os.geteuid() and st.st_mode & 0o077:
            os.chmod(path, DIR_MODE)
    except OSError:
        pass  # not ours to change, or gone: the files inside are 0600 all the same


def check_readable(path: Path) -> Path:
    """``path`` when this process may list and enter it; else ``SaveError`` saying so."""
    if not os.access(path, os.R_OK | os.X_OK, effective_ids=os.access in os.supports_effective_ids):
        raise SaveError(f"{path}: cannot read the folder: permission denied")
    return path


def resolve_saves_dir(cli_value: str | None) -> Path:
    """``--saves DIR``, else ``$NORSEWIND_SAVES``, else the default; created (0700) if missing.

    This is the one place that decides the saves folder (the app, the commands and the
    SSH server all ask it).  ``SaveError`` when it cannot be created or read, or when
    another account can write a folder the players share in it (``trust.check_shared``).
    """
    value = cli_value or os.environ.get(ENV_VAR) or None
    if value:
        folder = check_readable(ensure_dir(Path(value).expanduser().absolute()))
    else:
        folder = check_readable(ensure_dir(default_saves_dir().absolute(), private=True))
    check_shared(folder)
    return folder


def profiles_dir(saves_dir: Path) -> Path:
    return saves_dir / "profiles"
