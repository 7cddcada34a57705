"""The profiles in the database: every finished solo game of a player, as a row (issue 25).

The twin of ``ProfileStore`` (storage/profiles.py) behind the same ``Profiles`` interface: a
profile is its records, and the campaign, the medals and the title are derived from them by
the same ``Profile`` code.  A game is recorded once by its id (a unique key), the daily deal's
result once per player, day and level (a unique index: a second one is kept as a campaign game
without the daily mark, as the file store does), each in one short transaction.  A row is
checked when read, as a file is: one edited by hand is never believed.
"""

from __future__ import annotations

from datetime import UTC
from typing import TYPE_CHECKING, Any

import msgspec

from ..errors import SaveError, StorageError
from ..format import printable_problem
from ..halloffame import trusted_daily
from ..paths import sanitise_name
from ..profiles import Profile, default_profile_name
from ..ratings import Anchors, Ladder, RatedGame, RatedSeat, shipped_anchors
from ..records import GameRecord
from .rows import COLUMNS, Connection, record_of, row_of

if TYPE_CHECKING:
    from .hall import DbHall
    from .home import Home

_INSERT = f"INSERT INTO game_records (profile, {COLUMNS}) VALUES (%s, {', '.join(['%s'] * 12)})"


class PgProfileStore:
    """The profiles of one database (``Profiles``), through its process's ``Home`` (the connection
    policy of every store of the database: issue 40.4)."""

    default_profile_name = staticmethod(default_profile_name)

    def __init__(self, home: Home) -> None:
        self.home = home

    def load(self, name: str | None = None) -> Profile:
        """``name``'s profile; ``SaveError`` when a row of it does not check, ``StorageError`` when
        the database cannot be reached."""
        name = name or default_profile_name()
        key = sanitise_name(name)

        def read(conn: Connection) -> tuple[tuple[Any, ...] | None, list[tuple[Any, ...]]]:
            held = conn.execute("SELECT name FROM profiles WHERE key = %s", (key,)).fetchone()
            rows = conn.execute(f"SELECT {COLUMNS} FROM game_records WHERE profile = %s ORDER BY seq", (key,))
            return held, rows.fetchall()

        held, rows = self.home.run(read)
        source = f"the profile {key} in the database"
        games = tuple(record_of(row, f"{source}: $.games[{i}]") for i, row in enumerate(rows))
        return Profile(held[0] if held is not None else name[:64], games)

    def names(self) -> list[str]:
        return sorted(
            str(row[0]) for row in self.home.run(lambda c: c.execute("SELECT key FROM profiles").fetchall(), False)
        )

    def record(self, name: str, game: GameRecord) -> bool:
        """Add a finished game to ``name``'s profile (one transaction); False when it is there."""
        if (why := printable_problem(name)) is not None:
            raise SaveError(f"profile name {name!r} {why}")
        if (why := game.problem()) is not None:
            raise SaveError(f"not recording the game: {why}")
        if not trusted_daily(game):
            raise SaveError(f"not recording the game: its seed is not the daily deal of {game.daily}")
        key = sanitise_name(name)
        return self.home.run(lambda conn: record_into(conn, key, name[:64], game))

    def hall(self) -> DbHall:
        from .hall import read_db_hall

        return read_db_hall(self.home)

    def rate(self, game: RatedGame) -> bool:
        """Count ``game`` for the ratings once (a unique key: a second host seeing it end adds nothing)."""
        if (why := game.problem()) is not None:
            raise SaveError(f"not counting the game for the ratings: {why}")
        return self.home.run(lambda conn: rate_into(conn, game))

    def results(self) -> tuple[tuple[RatedGame, ...], int]:
        """Every result counted, in order, and how many rows were left out for not checking."""
        sql = "SELECT game, date, seats::text FROM rated_games ORDER BY seq"
        rows: list[tuple[Any, ...]] = self.home.run(lambda c: c.execute(sql).fetchall(), transaction=False)
        games: list[RatedGame] = []
        skipped = 0
        for game, date, seats in rows:
            try:
                rated = RatedGame(game, date.astimezone(UTC), msgspec.json.decode(seats, type=tuple[RatedSeat, ...]))
                rated = msgspec.convert(msgspec.to_builtins(rated), RatedGame)  # the patterns and ranges
            except (msgspec.MsgspecError, ValueError):
                skipped += 1
                continue
            if rated.problem() is not None:
                skipped += 1
                continue
            games.append(rated)
        return tuple(games), skipped

    def ladder(self, anchors: Anchors | None = None) -> Ladder:
        """Every person's rating, replayed from the rows in the order counted; a row that does not
        check (edited by hand) is left out, with a notice; the database unreachable is a notice too."""
        anchors = anchors or shipped_anchors()
        try:
            games, skipped = self.results()
        except StorageError as exc:
            return Ladder(anchors, notice=str(exc))
        notice = f"the ratings in the database: left out {skipped} result(s) that do not check" if skipped else None
        return Ladder.replay(games, anchors, notice)


def rate_into(conn: Connection, game: RatedGame) -> bool:
    """Count ``game`` inside the caller's transaction; False when it is counted already."""
    seats = msgspec.json.encode(game.seats).decode()
    row = conn.execute(
        "INSERT INTO rated_games (game, date, seats) VALUES (%s, %s, %s::jsonb) ON CONFLICT (game) DO NOTHING "
        "RETURNING seq",
        (game.game, game.date, seats),
    ).fetchone()
    return row is not None


def record_into(conn: Connection, key: str, name: str, game: GameRecord) -> bool:
    """Insert ``game`` into the profile ``key`` inside the caller's transaction; False when it is there."""
    conn.execute("INSERT INTO profiles (key, name) VALUES (%s, %s) ON CONFLICT DO NOTHING", (key, name))
    # no conflict target: the game's id and the day's one result both end in "nothing inserted"
    if conn.execute(_INSERT + " ON CONFLICT DO NOTHING RETURNING seq", row_of(key, game)).fetchone():
        return True
    if conn.execute("SELECT 1 FROM game_records WHERE profile = %s AND game = %s", (key, game.game)).fetchone():
        return False
    # the day's result is there already: this game counts in the campaign, not as the day's deal
    plain = msgspec.structs.replace(game, daily=None)
    return conn.execute(_INSERT + " ON CONFLICT DO NOTHING RETURNING seq", row_of(key, plain)).fetchone() is not None
