"""The daily deal: one solo game per day and level, the same deal on every host.

The seed is a documented hash of the day and the level only, so every player of
every host is dealt the same game that day (``daily_seed``)::

    sha256(b"norsewind daily YYYY-MM-DD level L"), first 4 bytes big-endian, top bit cleared
    (0 becomes 1)

The day is the UTC date, so hosts in different time zones agree.  Each player
gets one attempt per day and level: the game is saved as
``daily-YYYY-MM-DD-L<level>-PLAYER``; asking again resumes it, or says it is done
once the profile holds its result.  The result is recorded in the player's
profile like a campaign game, marked with the day (``GameRecord.daily``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING

from ..rules.state import GameConfig
from .dailyseed import daily_save_name, daily_seed
from .errors import SaveError
from .format import SeatMeta
from .profiles import GameRecord, Profile

if TYPE_CHECKING:  # saves.py asks ``daily_of`` when it records a result
    from .saves import GameStore, SavedGame

Clock = Callable[[], date]


def utc_today() -> date:
    return datetime.now(UTC).date()


def played(profile: Profile, day: date, level: int) -> GameRecord | None:
    """The player's recorded result of ``day``'s deal on ``level``, or None."""
    wanted = day.isoformat()
    return next((g for g in profile.games if g.daily == wanted and g.level == level), None)


@dataclass(frozen=True)
class DailyStart:
    """What asking for the daily deal gives: the game to play, or (``game`` None) the day's result.

    ``done`` is None with ``game`` None when the attempt finished but its result is not in the
    profile (a profile that could not be written): the attempt is used all the same.
    """

    game: SavedGame | None
    done: GameRecord | None
    resumed: bool = False


def start_daily(store: GameStore, player: str, level: int, today: Clock = utc_today) -> DailyStart:
    """Open (or create) ``player``'s attempt at today's deal on ``level``.

    Raises ``SaveError`` (one line): a level not unlocked in the player's campaign (R21), a
    profile that cannot be read, the attempt held by another session (``GameLocked``).
    """
    if not 1 <= level <= 7:
        raise SaveError(f"level {level} is not a solo level (1 to 7)")
    day = today()
    profile = store.profiles.load(player)
    if (done := played(profile, day, level)) is not None:
        return DailyStart(None, done)
    if not profile.unlocked(level):
        raise SaveError(f"level {level} is locked for {player}: win platinum on level {level - 1} first (R21)")
    name = daily_save_name(day, level, player)
    if store.exists(name):
        game = store.open(name)  # records the result if it finished unrecorded
        if game.finished:  # the day's attempt, whether or not its result reached the profile
            game.close()
            return DailyStart(None, played(store.profiles.load(player), day, level), resumed=True)
        return DailyStart(game, None, resumed=True)
    seat = " ".join("".join(ch for ch in player if ch.isprintable()).split())[:24] or "Player"
    config = GameConfig(players=(seat,), level=level)
    game = store.create(config, daily_seed(day, level), [SeatMeta(name=seat)], name=name, profile=player)
    return DailyStart(game, None)
