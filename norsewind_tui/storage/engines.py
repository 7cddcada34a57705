"""The outside engines a host names (issue 29): ``<saves>/engines.toml``, the account's own file.

A shared table may have an outside engine (docs/ENGINE.md) as its stand-in.  The table names it
(``SaveMeta.standin_engine``) by a *name*, never by a command: a table is shared by every app of
the saves folder (and, with a database, of other hosts), so a command written in it would run in
whichever app plays the stand-in.  Each host says what its names run, in a file of its own::

    [engines.example]
    command = "python3 /opt/norsewind/examples/engine.py"
    time = 5            # optional: seconds for each answer (default 5)

The file is believed only when it is a regular file (no symbolic link) of the running account
that no other account may write; otherwise the host names no engine, and ``problem`` says why in
one line.  An app that does not know a table's name has greedy play the stand-in (tui/computer.py).

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> load_engines(folder)
HostEngines(engines={}, problem=None)
>>> _ = (folder / ENGINES_FILE).write_text('[engines.example]\\ncommand = "python3 engine.py"\\n')
>>> os.chmod(folder / ENGINES_FILE, 0o600)
>>> load_engines(folder).engines["example"]
HostEngine(name='example', command='python3 engine.py', move_s=5.0)
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .atomic import read_limited
from .errors import SaveError
from .format import ENGINE_NAME

ENGINES_FILE = "engines.toml"
MAX_ENGINES_FILE = 64 * 1024
MAX_COMMAND = 1024
MOVE_S = 5.0  # seconds for each answer when the file says none (docs/ENGINE.md's default)
MOVE_RANGE = (0.1, 60.0)
_NAME = re.compile(ENGINE_NAME)


@dataclass(frozen=True)
class HostEngine:
    """One engine the host names: the command it runs (split as a shell would, never run by one)."""

    name: str
    command: str
    move_s: float = MOVE_S


@dataclass(frozen=True)
class HostEngines:
    """The engines of this host by name (none when the file is missing or not believed: ``problem``)."""

    engines: Mapping[str, HostEngine] = field(default_factory=dict)
    problem: str | None = None

    def names(self) -> tuple[str, ...]:
        return tuple(sorted(self.engines))


def engines_path(saves_dir: Path) -> Path:
    return Path(saves_dir) / ENGINES_FILE


def load_engines(saves_dir: Path) -> HostEngines:
    """The engines ``<saves>/engines.toml`` names; never raises (a problem is one line, no engines)."""
    path = engines_path(saves_dir)
    try:
        data = read_limited(path, MAX_ENGINES_FILE, owned=True)
        _check_mode(path)
        return HostEngines(_parse(data, path))
    except FileNotFoundError:
        return HostEngines()
    except SaveError as exc:
        return HostEngines(problem=f"{exc}: this host names no outside engine")


def _check_mode(path: Path) -> None:
    try:
        mode = stat.S_IMODE(os.stat(path, follow_symlinks=False).st_mode)
    except OSError as exc:
        raise SaveError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if mode & (stat.S_IWGRP | stat.S_IWOTH):
        raise SaveError(f"{path}: mode {mode:04o}: other accounts may write it (chmod 600 it)")


def named_tables(doc: Mapping[str, object], key: str, path: Path) -> Iterator[tuple[str, object, str]]:
    """A host file's ``[KEY.NAME]`` tables: each name (checked), its entry, and where it is for a message."""
    table = doc.get(key, {})
    if not isinstance(table, dict):
        raise SaveError(f"{path}: {key}: expected tables [{key}.NAME]")
    for name, entry in table.items():
        where = f"{path}: {key}.{name}"
        if not _NAME.match(name):
            raise SaveError(f"{where}: a name is a lower-case letter, then up to 31 of a-z, 0-9, - and _")
        yield name, entry, where


def command_line(command: object, where: str) -> str:
    """A command to run, as a host file gives it: one line of 1 to ``MAX_COMMAND`` characters."""
    if not isinstance(command, str) or not command.strip() or len(command) > MAX_COMMAND:
        raise SaveError(f"{where}.command: expected the command line, 1 to {MAX_COMMAND} characters")
    if any(ch in command for ch in "\0\n\r"):
        raise SaveError(f"{where}.command: one line, no control characters")
    return command


def _parse(data: bytes, path: Path) -> dict[str, HostEngine]:
    try:
        doc = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(f"{path}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise SaveError(f"{path}: not TOML: {exc}") from None
    unknown = sorted(set(doc) - {"engines"})
    if unknown:
        raise SaveError(f"{path}: {unknown[0]!r}: unknown (the file has one table, [engines.NAME])")
    out: dict[str, HostEngine] = {}
    for name, entry, where in named_tables(doc, "engines", path):
        if not isinstance(entry, dict):
            raise SaveError(f"{where}: expected a table with a command")
        extra = sorted(set(entry) - {"command", "time"})
        if extra:
            raise SaveError(f"{where}.{extra[0]}: unknown (an engine has a command and a time)")
        command = command_line(entry.get("command"), where)
        move_s = entry.get("time", MOVE_S)
        low, high = MOVE_RANGE
        if isinstance(move_s, bool) or not isinstance(move_s, (int, float)) or not low <= move_s <= high:
            raise SaveError(f"{where}.time: expected seconds from {low:g} to {high:g}")
        out[name] = HostEngine(name, command, float(move_s))
    return out


__all__ = ["ENGINES_FILE", "HostEngine", "HostEngines", "engines_path", "load_engines"]
