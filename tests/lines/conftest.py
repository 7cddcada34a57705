"""Fixtures of the line mode's tests: a saves folder, and a player's input that is already at its end."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

import pytest


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    folder = tmp_path / "saves"
    folder.mkdir()
    return folder


@pytest.fixture
def no_input() -> Iterator[BinaryIO]:
    """A real pipe whose writing end is closed: reading it is the end of the input at once."""
    r, w = os.pipe()
    os.close(w)
    with os.fdopen(r, "rb", buffering=0) as f:
        yield f
