"""Fixtures for the web tests: a server configuration on a free loopback port (``saves``: tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from norsewind_tui.web.server import WebConfig


@pytest.fixture
def config(saves: Path) -> WebConfig:
    """Every browser plays as the account's player (here alice), on a free loopback port."""
    return WebConfig(saves=saves, host="127.0.0.1", port=0, owner="alice")
