"""Fixtures of the app's tests (helpers are in ``helpers.py``; the saves folder is the suite's, tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from norsewind_tui.tui.computer import Computer

from .waits import Gate


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[Gate]:
    """Every computer decision held in its worker until the test lets it through; opened at the end,
    so that no worker is left waiting."""
    held = Gate()
    monkeypatch.setattr(Computer, "decide", held.wrap(Computer.decide))
    yield held
    held.open()
