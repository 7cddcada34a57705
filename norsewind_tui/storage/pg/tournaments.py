"""Tournaments in the database (issue 44.1): the file store's records, a row each (``tournaments``),
read as strictly as a file (``Tournament``'s decoder) and written by compare-and-set on the row's
``generation``, as the file store writes under its lock."""

from __future__ import annotations

import msgspec

from ..errors import SaveError
from ..format import decode_json
from ..tournaments import Tournament
from .home import Home


class DbTournaments:
    def __init__(self, home: Home) -> None:
        self.home = home

    def read(self, name: str) -> Tournament | None:
        row = self.home.run(
            lambda c: c.execute("SELECT doc::text, generation FROM tournaments WHERE name = %s", (name,)).fetchone(),
            transaction=False,
        )
        if row is None:
            return None
        text, generation = str(row[0]), int(str(row[1]))
        doc = decode_json(text.encode(), Tournament, f"tournament {name}")
        if doc.name != name:
            raise SaveError(f"tournament {name}: its record names {doc.name!r}")
        return msgspec.structs.replace(doc, generation=generation)

    def names(self) -> list[str]:
        rows = self.home.run(lambda c: c.execute("SELECT name FROM tournaments").fetchall(), transaction=False)
        return sorted(str(r[0]) for r in rows)

    def add(self, doc: Tournament) -> bool:
        data = msgspec.json.encode(doc).decode()
        sql = "INSERT INTO tournaments (name, doc, generation) VALUES (%s, %s::jsonb, 0) ON CONFLICT DO NOTHING"
        return bool(self.home.run(lambda c: c.execute(sql, (doc.name, data)).rowcount))

    def replace(self, doc: Tournament) -> bool:
        new = msgspec.structs.replace(doc, generation=doc.generation + 1)
        data = msgspec.json.encode(new).decode()
        sql = "UPDATE tournaments SET doc = %s::jsonb, generation = generation + 1 WHERE name = %s AND generation = %s"
        return bool(self.home.run(lambda c: c.execute(sql, (data, doc.name, doc.generation)).rowcount))
