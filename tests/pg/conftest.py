"""The PostgreSQL tests' own fixtures (the server's are the suite's: ``tests/conftest.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pgserver import PgServer

from .cutting import CuttingProxy


@pytest.fixture
def proxied(tmp_path: Path, pg_server: PgServer, pg_url: str) -> Iterator[tuple[str, CuttingProxy]]:
    folder = tmp_path / "proxy"
    folder.mkdir()
    proxy = CuttingProxy(folder, pg_server.socket_dir / ".s.PGSQL.5432")
    yield pg_url.replace(f"host={pg_server.socket_dir}", f"host={folder}"), proxy
    proxy.close()
