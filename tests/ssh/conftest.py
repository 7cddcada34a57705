"""Fixtures for the SSH tests: keys in a tmp folder, a server configuration (``saves``: tests/conftest.py)."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import asyncssh
import pytest

from norsewind_tui.ssh.server import ServeConfig

from .helpers import authorized_line, make_key

PROBE = Path(__file__).with_name("probe.py")


@dataclass
class Keys:
    alice: asyncssh.SSHKey  # may log in as alice only (principals="alice")
    bob: asyncssh.SSHKey  # no principals= option: any player name
    stranger: asyncssh.SSHKey  # not in the file
    authorized: Path


@pytest.fixture
def keys(tmp_path: Path) -> Keys:
    folder = tmp_path / "keys"
    folder.mkdir()
    alice, bob, stranger = (make_key(folder, n) for n in ("alice", "bob", "stranger"))
    authorized = folder / "authorized_keys"
    authorized.write_text(
        "# players\n" + authorized_line(alice, "alice") + "\n\n" + authorized_line(bob) + "\n", encoding="utf-8"
    )
    return Keys(alice, bob, stranger, authorized)


@pytest.fixture
def config(saves: Path, keys: Keys) -> ServeConfig:
    """Key authentication on a free loopback port, running the real ``norsewind``."""
    return ServeConfig(saves=saves, host="127.0.0.1", port=0, authorized_keys=keys.authorized)


@pytest.fixture
def probe_config(config: ServeConfig, tmp_path: Path) -> ServeConfig:
    """The same server running the terminal probe instead of the game (marker file: tmp/hup)."""
    config.program = [sys.executable, str(PROBE), str(tmp_path / "hup")]
    return config
