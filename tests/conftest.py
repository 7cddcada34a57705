"""Fixtures of the whole suite: a saves folder, and a real PostgreSQL server of this test process
(tests/pgserver.py)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from pgserver import MISSING, TEMPLATE, PgServer, find_bindir

from norsewind_tui.storage.pg.home import close_all
from norsewind_tui.storage.pg.relay import wake_folder


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    """An empty saves folder, private as the app makes one (a folder of tests may have its own)."""
    path = tmp_path / "saves"
    path.mkdir(mode=0o700)
    return path


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """A PostgreSQL server of this process (each xdist worker has its own), stopped at the end."""
    if find_bindir() is None:
        pytest.fail(MISSING, pytrace=False)
    server = PgServer.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def pg_url(pg_server: PgServer) -> Iterator[str]:
    """The URL of a fresh database of this test, at the current schema (``norsewind db upgrade`` done);
    this process's connections to it are closed at the end."""
    url = pg_server.new_database(TEMPLATE)
    yield url
    close_all()
    shutil.rmtree(wake_folder(url), ignore_errors=True)  # the host's wake files of this database


@pytest.fixture
def pooled_url(pg_server: PgServer, pg_url: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """``pg_url``, with ``$NORSEWIND_POOLER`` naming the server's PgBouncer (started at the first use,
    as the server is: issue 42); the homes made for it query through the pooler."""
    if not pg_server.pooled:
        pg_server.start_pooler()
    monkeypatch.setenv("NORSEWIND_POOLER", pg_server.pooler)
    return pg_url


@pytest.fixture
def pg_empty_url(pg_server: PgServer) -> Iterator[str]:
    """The URL of a fresh, empty database of this test (no schema at all)."""
    yield pg_server.new_database("template0")
    close_all()


@pytest.fixture
def as_alice(monkeypatch: pytest.MonkeyPatch) -> str:
    """The app's player is alice (``NORSEWIND_PLAYER``): a table's creator in the tests of tables."""
    monkeypatch.setenv("NORSEWIND_PLAYER", "alice")
    return "alice"
