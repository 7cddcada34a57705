"""Keys, names and addresses for ``norsewind serve``.

- the saves folder (the storage package's rule),
- the server's host key, generated on first start and kept with mode 0600 next to the saves,
- the ``authorized_keys`` file, with an optional ``principals="alice,al"`` option per key that
  limits which player names the key may log in as (re-read whenever the file changes),
- player names (the SSH user name is the player's identity and profile),
- the loopback check that ``--open`` needs.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from ..storage.errors import SaveError
from ..storage.paths import ensure_dir
from ..storage.paths import resolve_saves_dir as storage_saves_dir
from .config import ServeError as ServeError
from .config import is_loopback_only as is_loopback_only

# --------------------------------------------------------------------------- saves folder


def resolve_saves_dir(cli_value: str | None) -> Path:
    """The saves folder, by the storage package's rule (the one place that decides it)."""
    try:
        return storage_saves_dir(cli_value).resolve()
    except (SaveError, OSError) as exc:
        raise ServeError(f"cannot use the saves folder: {exc}") from None


def ssh_dir(saves: Path) -> Path:
    """``<saves>/ssh``: the server's own files (host key, the app's empty PATH folder), 0700."""
    path = saves / "ssh"
    try:
        ensure_dir(path / "empty-path", private=True)
        ensure_dir(path, private=True)
    except SaveError as exc:
        raise ServeError(str(exc)) from None
    return path


# --------------------------------------------------------------------------- host key

HOST_KEY_NAME = "host_ed25519_key"


def load_or_create_host_key(folder: Path) -> tuple[asyncssh.SSHKey, bool]:
    """The host key kept in ``folder`` (created, mode 0600, when missing); True when new.

    A key file readable by others is refused rather than used, as OpenSSH does.
    """
    path = folder / HOST_KEY_NAME
    if path.exists():
        mode = path.stat().st_mode & 0o777
        if mode & 0o077:
            raise ServeError(f"host key {path} has mode {mode:04o}; it must be 0600 (chmod 600 it)")
        try:
            return asyncssh.read_private_key(path), False
        except (OSError, asyncssh.KeyImportError, ValueError) as exc:
            raise ServeError(f"cannot read host key {path}: {exc}") from None
    key = asyncssh.generate_private_key("ssh-ed25519", comment="norsewind serve host key")
    tmp = path.with_name(path.name + ".tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(key.export_private_key("openssh"))
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
        _write_public(path.with_name(path.name + ".pub"), key.export_public_key("openssh"))
    except OSError as exc:
        raise ServeError(f"cannot write host key {path}: {exc.strerror}") from None
    return key, True


def _write_public(path: Path, data: bytes) -> None:
    """The public key, 0644 whatever the umask (0666 with umask 000 before)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
    with os.fdopen(fd, "wb") as out:
        os.fchmod(out.fileno(), 0o644)
        out.write(data)


def fingerprint(key: asyncssh.SSHKey) -> str:
    """``SHA256:...`` as OpenSSH prints it."""
    return str(key.get_fingerprint("sha256"))


# --------------------------------------------------------------------------- player names

NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,31}")


def valid_player_name(name: str) -> bool:
    """Letters, digits, ``.``, ``_`` and ``-``; starts with a letter or digit; at most 32."""
    return NAME_RE.fullmatch(name) is not None


# --------------------------------------------------------------------------- authorized keys


@dataclass(frozen=True)
class KeyEntry:
    line: int
    keys: asyncssh.SSHAuthorizedKeys  # one line, so asyncssh checks its from= option
    key: asyncssh.SSHKey
    principals: tuple[str, ...] | None  # None: any player name


def _split_options(line: str) -> tuple[str, str]:
    """(options, rest) of an authorized_keys line; options is '' when the line starts with a key."""
    if re.match(r"(ssh-|ecdsa-|sk-)", line):
        return "", line
    in_quotes = False
    for i, ch in enumerate(line):
        if ch == '"':
            in_quotes = not in_quotes
        elif ch in " \t" and not in_quotes:
            return line[:i], line[i:].strip()
    return line, ""


def _principals(options: str) -> tuple[str, ...] | None:
    names: list[str] = []
    found = False
    for match in re.finditer(r'(?:^|,)principals="([^"]*)"', options):
        found = True
        names.extend(n.strip() for n in match.group(1).split(",") if n.strip())
    return tuple(names) if found else None


def parse_authorized_keys(text: str, source: str) -> list[KeyEntry]:
    """Every key line of an authorized_keys file; a line that is not a key is an error naming it."""
    entries: list[KeyEntry] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        options, rest = _split_options(line)
        try:
            keys = asyncssh.import_authorized_keys(line)
            key = asyncssh.import_public_key(rest)
        except (asyncssh.KeyImportError, ValueError) as exc:
            raise ServeError(f"{source}, line {number}: not a public key ({exc})") from None
        entries.append(KeyEntry(number, keys, key, _principals(options)))
    if not entries:
        raise ServeError(f"{source}: no public keys in the file")
    return entries


class AuthorizedKeys:
    """The ``authorized_keys`` file, re-read when it changes (a bad edit keeps the last good keys)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stamp: tuple[int, int] | None = None
        self.entries: list[KeyEntry] = []
        self.warning: str | None = None
        self.reload(strict=True)

    def reload(self, strict: bool = False) -> None:
        try:
            st = self.path.stat()
            stamp = (st.st_mtime_ns, st.st_size)
            if stamp == self._stamp:
                return
            text = self.path.read_text(encoding="utf-8")
            self.entries = parse_authorized_keys(text, str(self.path))
            self._stamp = stamp
            self.warning = None
        except (OSError, UnicodeDecodeError, ServeError) as exc:
            message = exc.args[0] if isinstance(exc, ServeError) else f"cannot read {self.path}: {exc}"
            if strict:
                raise ServeError(message) from None
            self.warning = message

    @property
    def unrestricted(self) -> int:
        """How many keys may log in under any player name (no principals= option)."""
        return sum(1 for e in self.entries if e.principals is None)

    def allows(self, key: asyncssh.SSHKey, username: str, host: str, addr: str) -> KeyEntry | None:
        """The entry letting ``key`` log in as ``username`` from ``addr``, or None."""
        self.reload()
        for entry in self.entries:
            if entry.key != key or entry.keys.validate(key, host, addr) is None:
                continue
            if entry.principals is None or username in entry.principals:
                return entry
        return None
