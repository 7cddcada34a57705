"""A kept connection that the server (or its pooler) closes just as a query arrives (issue 42: "a
restart the app never saw costs it nothing, not even a line").  The look before a kept connection's
use (``_spoken``) sees a connection closed earlier; one closed at the moment of the query is caught by
``Home.run``: a read, or a transaction whose ``BEGIN`` went unanswered, runs once more on a new
connection; a transaction cut after its ``BEGIN`` is a lost connection, and nothing of it is written.
The cuts are made by a proxy between the home and the real server (``CuttingProxy``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from norsewind_tui.storage.pg.connect import DatabaseUnreachable
from norsewind_tui.storage.pg.home import Conn, Home

from .cutting import CuttingProxy

KEY = "test-cut"


@pytest.fixture
def home(proxied: tuple[str, CuttingProxy]) -> Iterator[Home]:
    home = Home(proxied[0])
    home.idle = 3600.0  # the connection is kept between the works, as a pooler's is
    yield home
    home.close()


def holds(home: Home) -> list[str]:
    sql = "SELECT holder FROM holds WHERE key = %s"
    return [str(r[0]) for r in home.run(lambda c: c.execute(sql, (KEY,)).fetchall(), False)]


def write(conn: Conn) -> None:
    conn.execute("INSERT INTO holds (key, holder) VALUES (%s, 'cut')", (KEY,))


def test_a_read_cut_as_it_arrives_is_read_again(home: Home, proxied: tuple[str, CuttingProxy]) -> None:
    proxy = proxied[1]
    assert home.run(lambda c: c.execute("SELECT 1").fetchone(), False) == (1,)
    kept = home._conn
    proxy.asks = 1
    assert home.run(lambda c: c.execute("SELECT 2").fetchone(), False) == (2,)
    assert proxy.cut.is_set(), "the proxy cut the read"
    assert home._conn is not None and home._conn is not kept, "the read ran again on a new connection"


def test_a_transaction_cut_at_its_begin_is_written_once(home: Home, proxied: tuple[str, CuttingProxy]) -> None:
    proxy = proxied[1]
    assert holds(home) == []
    proxy.asks = 1  # BEGIN
    home.run(write)
    assert proxy.cut.is_set(), "the proxy cut the BEGIN"
    assert holds(home) == ["cut"]


def test_a_transaction_cut_after_its_begin_is_lost_and_not_written(
    home: Home, proxied: tuple[str, CuttingProxy]
) -> None:
    proxy = proxied[1]
    assert holds(home) == []
    proxy.asks = 2  # BEGIN goes through, the INSERT is cut
    with pytest.raises(DatabaseUnreachable, match="the database cannot be reached"):
        home.run(write)
    assert proxy.cut.is_set(), "the proxy cut the INSERT"
    assert holds(home) == [], "the server rolled the transaction back: nothing written, nothing written again"


def test_a_new_connection_cut_at_its_first_query_is_lost(proxied: tuple[str, CuttingProxy]) -> None:
    url, proxy = proxied
    home = Home(url)
    proxy.asks = 2  # its startup goes through, its first query (the schema's check) is cut: no second try
    try:
        with pytest.raises(DatabaseUnreachable, match="the database cannot be reached"):
            home.run(lambda c: c.execute("SELECT 1").fetchone(), False)
        assert proxy.cut.is_set(), "the proxy cut the check"
        assert home.run(lambda c: c.execute("SELECT 1").fetchone(), False) == (1,), "the next work connects again"
    finally:
        home.close()
