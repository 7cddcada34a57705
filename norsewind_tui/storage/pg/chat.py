"""A table's chat as rows of ``chat_lines`` (migration 0005; ``storage/chat.py`` says what a line is).

A line is the same JSON object a chat file holds, decoded and checked when read.  Adding one is a
transaction that takes an advisory lock on the table's chat, counts (the rate, the room) and
inserts; the trigger's ``NOTIFY`` (kind ``chat-players`` or ``chat-watchers``) wakes the chat's
own wake file through the host's relay, not the table's: a line never makes a follower of the
game read the game again.
"""

from __future__ import annotations

import msgspec

from ..chat import Channel, ChatLine, ChatProblem, admit, check_text, decode_lines
from ..watch import Watch
from .home import Conn, Home

_encode = msgspec.json.Encoder()


def _joined(rows: list[tuple[object, ...]]) -> bytes:
    """The rows' lines as a chat file holds them (a column of another type is left out)."""
    return b"\n".join(bytes(r[0]) for r in rows if isinstance(r[0], (bytes, memoryview)))


class DbChat:
    """A table's chat as rows of ``chat_lines`` (storage/pg/migrations/0005_chat.sql)."""

    def __init__(self, home: Home, name: str) -> None:
        self.home = home
        self.name = name

    def lines(self, channel: Channel, game: str) -> list[ChatLine]:
        def rows(conn: Conn) -> list[tuple[object, ...]]:
            sql = "SELECT line FROM chat_lines WHERE table_name = %s AND channel = %s ORDER BY seq"
            return conn.execute(sql, (self.name, channel)).fetchall()

        return decode_lines(_joined(self.home.run(rows, transaction=False)), game)

    def add(self, channel: Channel, line: ChatLine) -> ChatProblem | None:
        if (problem := check_text(line.text)) is not None:
            return problem

        def insert(conn: Conn) -> ChatProblem | None:
            run = conn.execute
            run("SELECT pg_advisory_xact_lock(hashtext(%s))", ("chat " + self.name,))
            rows = run(
                "SELECT line FROM chat_lines WHERE table_name = %s AND channel = %s ORDER BY seq", (self.name, channel)
            ).fetchall()
            old = decode_lines(_joined(rows), line.game)
            if (problem := admit(old, line)) is not None:
                return problem
            run(
                "INSERT INTO chat_lines (table_name, channel, line) VALUES (%s, %s, %s)",
                (self.name, channel, _encode.encode(line)),
            )
            return None

        result: ChatProblem | None = self.home.run(insert)
        return result

    def stamp(self, channel: Channel) -> object:
        def last(conn: Conn) -> tuple[object, ...] | None:
            sql = "SELECT max(seq), count(*) FROM chat_lines WHERE table_name = %s AND channel = %s"
            return conn.execute(sql, (self.name, channel)).fetchone()

        row = self.home.run(last, transaction=False)
        return None if row is None or row[0] is None else (row[0], row[1])

    def watch(self, channel: Channel, fallback: float) -> Watch:
        return self.home.watch("chat-" + channel, self.name, fallback, True)

    def remove(self) -> None:
        self.home.run(lambda conn: conn.execute("DELETE FROM chat_lines WHERE table_name = %s", (self.name,)))
