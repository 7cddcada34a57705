"""The database's schema (issue 25 §1): ``norsewind db upgrade``, the schema version, refusals in one line."""

from __future__ import annotations

import shlex

import psycopg
import pytest
from pgserver import PgServer

from norsewind_tui.cli import main
from norsewind_tui.storage.pg.connect import DatabaseUnreachable, connect
from norsewind_tui.storage.pg.schema import SchemaProblem, check, latest, migrations, upgrade
from norsewind_tui.storage.pg.url import DatabaseUrlError, check_url, shown_url


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def tables_of(url: str) -> list[str]:
    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1").fetchall()
    return [str(r[0]) for r in rows]


def test_the_migrations_are_numbered_from_one() -> None:
    assert [m.number for m in migrations()][:1] == [1]
    assert migrations()[0].name == "0001_tables.sql"
    assert latest() == len(migrations())


def test_db_upgrade_creates_the_schema_once(pg_empty_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    shown = shown_url(pg_empty_url)
    code, out, err = run(capsys, "db", "upgrade", "--database", pg_empty_url)
    assert (code, err) == (0, "")
    assert out == f"norsewind db upgrade: {shown} upgraded from schema version 0 to {latest()}\n"
    assert {"games", "presence", "schema_version"} <= set(tables_of(pg_empty_url))
    code, out, err = run(capsys, "db", "upgrade", "--database", pg_empty_url)
    assert (code, err) == (0, "")
    assert out == f"norsewind db upgrade: {shown} is at schema version {latest()} already: nothing to do\n"
    with psycopg.connect(pg_empty_url) as conn:
        rows = conn.execute("SELECT version, name FROM schema_version ORDER BY version").fetchall()
    assert rows == [(m.number, m.name) for m in migrations()]


def test_db_upgrade_takes_the_database_from_the_environment(
    pg_empty_url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NORSEWIND_DATABASE", pg_empty_url)
    code, out, _ = run(capsys, "db", "upgrade")
    assert code == 0 and out.endswith(f"from schema version 0 to {latest()}\n")


def test_db_upgrade_without_a_database(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NORSEWIND_DATABASE", raising=False)
    assert run(capsys, "db", "upgrade") == (
        2,
        "",
        "norsewind: which database? give --database postgresql://user@host/dbname (or set NORSEWIND_DATABASE)\n",
    )


def test_a_newer_schema_is_refused_and_nothing_written(pg_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    newer = latest() + 1
    with psycopg.connect(pg_url) as conn:
        conn.execute("INSERT INTO schema_version (version, name) VALUES (%s, 'from the future')", (newer,))
    before = tables_of(pg_url)
    code, out, err = run(capsys, "db", "upgrade", "--database", pg_url)
    assert (code, out) == (2, "")
    assert err == (
        f"norsewind: the database {shown_url(pg_url)} has schema version {newer}, newer than this program knows "
        f"({latest()}): upgrade norsewind (nothing was written)\n"
    )
    assert tables_of(pg_url) == before
    with connect(pg_url) as conn, pytest.raises(SchemaProblem, match="newer than this program knows"):
        check(conn, pg_url)


def test_an_older_schema_asks_for_an_upgrade(pg_empty_url: str) -> None:
    with connect(pg_empty_url) as conn, pytest.raises(SchemaProblem) as caught:
        check(conn, pg_empty_url)
    shown = shown_url(pg_empty_url)
    assert str(caught.value) == (
        f"the database {shown} has schema version 0, this program needs {latest()}: "
        f"run norsewind db upgrade --database {shlex.quote(shown)}"
    )


def test_an_unreachable_database_is_one_line_without_its_password(
    pg_server: PgServer, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"postgresql://alice:s3cret@/nowhere?host={pg_server.root}/absent&connect_timeout=2"
    monkeypatch.setenv("NORSEWIND_DATABASE", url)  # a password: never on the command line
    code, out, err = run(capsys, "db", "upgrade")
    assert (code, out) == (2, "")
    assert err.startswith(f"norsewind: cannot reach the database postgresql://alice@/nowhere?host={pg_server.root}")
    assert err.count("\n") == 1 and "s3cret" not in err
    with pytest.raises(DatabaseUnreachable):
        upgrade(url)


def test_a_database_that_is_not_a_url() -> None:
    with pytest.raises(DatabaseUrlError) as caught:
        check_url("host=db password=hunter2")
    assert str(caught.value) == (
        "--database takes a URL such as postgresql://user@host/dbname, not 'host=db password=***'"
    )


def test_two_upgrades_at_once_apply_each_migration_once(pg_empty_url: str) -> None:
    import threading

    results: list[tuple[int, int]] = []
    threads = [threading.Thread(target=lambda: results.append(upgrade(pg_empty_url))) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [(0, latest()), (latest(), latest())]
