"""A server with no connection left to give is said to be full, not unreachable (issue 38.10)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import psycopg
import pytest

from norsewind_tui.options import Options
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.errors import StorageError
from norsewind_tui.storage.pg.url import shown_url


def test_a_full_server_is_said_to_be_full(tmp_path: Path, pg_url: str) -> None:
    parts = urlsplit(pg_url)
    role = "crowd_" + parts.path.lstrip("/")  # a role of this test's own (roles are the server's)
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f"CREATE ROLE {role} LOGIN CONNECTION LIMIT 0")  # the server refuses it as it does when full
    url = pg_url.replace(f"//{parts.username}@", f"//{role}@", 1)
    with pytest.raises(StorageError) as refused:
        AppContext(Options(saves=str(tmp_path / "saves"), database=url))
    assert str(refused.value) == (
        f"the database {shown_url(url)} is full: it takes no more connections now"
        f' (too many connections for role "{role}"); try again later'
    )
