"""Where saves live, and what a save name may be.

A save name comes from the user; ``sanitise_name`` turns it into one file-name
component made of letters, digits, ``-``, ``_`` and ``.``, so no name can
leave the saves folder, hide itself (leading dot) or carry terminal escapes.
"""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

from .errors import SaveError

ENV_VAR = "NORSEWIND_SAVES"
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
    root = project_root()
    if root is not None:
        return root / "saves"
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "norsewind" / "saves"


def ensure_dir(path: Path, private: bool = False) -> Path:
    """Create ``path`` (mode 0700) if missing; raises ``SaveError`` when it cannot be a folder.

    ``private``: the folder is Norsewind's own (the default saves folder, ``profiles``): an
    existing one that others may read (a checkout's ``saves/`` is 0755) is made 0700 too.
    A folder the user named is never changed.
    """
    if path.is_dir():
        if private:
            _tighten(path)
        return path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.mkdir(mode=DIR_MODE)
        os.chmod(path, DIR_MODE)  # mkdir's mode is cut by the umask; 0700 is what we want exactly
    except FileExistsError:
        if not path.is_dir():
            raise SaveError(f"{path} exists and is not a folder") from None
    except OSError as exc:
        raise SaveError(f"cannot create the folder {path}: {exc.strerror or exc}") from None
    return path


def _tighten(path: Path) -> None:
    try:
        st = path.stat()
        if st.st_uid == os.getuid() and st.st_mode & 0o077:
            os.chmod(path, DIR_MODE)
    except OSError:
        pass  # not ours to change, or gone: the files inside are 0600 all the same


def resolve_saves_dir(cli_value: str | None) -> Path:
    """``--saves DIR``, else ``$NORSEWIND_SAVES``, else the default; created (0700) if missing."""
    value = cli_value or os.environ.get(ENV_VAR) or None
    if value:
        return ensure_dir(Path(value).expanduser().absolute())
    return ensure_dir(default_saves_dir().absolute(), private=True)


def profiles_dir(saves_dir: Path) -> Path:
    return saves_dir / "profiles"
