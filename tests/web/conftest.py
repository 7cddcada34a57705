"""Fixtures for the web tests: a saves folder and a server configuration on a free loopback port."""

from __future__ import annotations

from pathlib import Path

import pytest

from norsewind_tui.web.server import WebConfig


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    path = tmp_path / "saves"
    path.mkdir(mode=0o700)
    return path


@pytest.fixture
def config(saves: Path) -> WebConfig:
    """Every browser plays as the account's player (here alice), on a free loopback port."""
    return WebConfig(saves=saves, host="127.0.0.1", port=0, owner="alice")
