"""Fixtures of the chat's tests: each runs on the files and on PostgreSQL."""

from __future__ import annotations

import pytest


@pytest.fixture(params=["files", "postgresql"])
def store_url(request: pytest.FixtureRequest) -> str | None:
    """None for the files; a fresh database's URL (``pg_url``) for PostgreSQL."""
    if request.param == "files":
        return None
    url: str = request.getfixturevalue("pg_url")
    return url
