"""SIGKILL a daily-deal player at random moments: no acknowledged daily result is lost (issue 13).

The writer (a forked process, as in ``test_kill.py``) plays one day's deal after
another to its end and reports each day once its result is in the profile; the
parent kills it at a random moment (creating the day's save, mid-game, while the
result is recorded), then checks that every file loads strictly, the profile
holds every acknowledged day, the hall of fame lists them with no notice, and the
next attempt resumes or says the day is done.
"""

from __future__ import annotations

import functools
import os
import random
import struct
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

import pytest
from kills import kill_at_random

from norsewind_tui.rules.cards import default_cards
from norsewind_tui.storage import GameStore
from norsewind_tui.storage.atomic import read_limited
from norsewind_tui.storage.daily import played, start_daily
from norsewind_tui.storage.dailyseed import daily_seed
from norsewind_tui.storage.halloffame import read_hall
from norsewind_tui.storage.pg.home import home
from norsewind_tui.storage.pg.profiles import PgProfileStore
from norsewind_tui.storage.profiles import decode_profile
from norsewind_tui.storage.saves import load_bytes

KILLS = 40
FIRST = date(2026, 11, 1)


def _same(day: date) -> date:
    return day


def _days(store: GameStore) -> int:
    """How many days in a row from FIRST hold a result of ana's."""
    profile = store.profiles.load("ana")
    n = 0
    while played(profile, FIRST + timedelta(days=n), 1) is not None:
        n += 1
    return n


def _daily_player(saves: Path, url: str | None) -> Callable[[int], None]:
    def body(w: int) -> None:
        store = _store(saves, url)
        rng = random.Random(os.getpid())
        n = _days(store)
        while True:
            day = FIRST + timedelta(days=n)
            start = start_daily(store, "ana", 1, today=functools.partial(_same, day))
            if start.game is not None:
                game = start.game
                while not game.finished:
                    game.push(rng.choice(game.legal_moves()))
                game.close()
            n += 1
            os.write(w, struct.pack("Q", n))

    return body


def _store(saves: Path, url: str | None) -> GameStore:
    """The saves folder's games, with its profiles or (``url``) the database's (issue 25)."""
    return GameStore(saves, profiles=PgProfileStore(home(url)) if url else None)


@pytest.mark.parametrize("place", ["folder", "database"])
def test_sigkill_a_daily_player_at_random_moments(place: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    url: str | None = request.getfixturevalue("pg_url") if place == "database" else None
    saves = tmp_path / "saves"
    (saves / "profiles").mkdir(parents=True, mode=0o700)
    rng = random.Random(13)
    acked = 0
    for _ in range(KILLS):
        acked = kill_at_random(_daily_player(saves, url), rng.uniform(0.0, 0.5), acked)
        for path in saves.glob("*.json*"):
            if path.name.endswith((".json", ".json.bak")):
                load_bytes(read_limited(path), str(path), default_cards())
        for path in (saves / "profiles").iterdir():
            if path.name.endswith((".json", ".json.bak")):
                decode_profile(read_limited(path), str(path))
        store = _store(saves, url)
        assert store.profiles.load("ana").notice is None
        days = _days(store)
        assert acked <= days <= acked + 1
        hall = store.profiles.hall()
        if url is None:
            assert hall == read_hall(saves / "profiles")
            assert {e.game.daily for e in hall.entries} == {
                (FIRST + timedelta(days=n)).isoformat() for n in range(days)
            }
        shown = {e.game.daily for n in range(days + 2) for e in hall.daily(FIRST + timedelta(days=n))}
        assert shown == {(FIRST + timedelta(days=n)).isoformat() for n in range(days)}
        assert hall.notices == []
        # the day in play: resumed, or done (its result recorded on opening), never a second deal
        day = FIRST + timedelta(days=days)
        start = start_daily(store, "ana", 1, today=functools.partial(_same, day))
        if start.game is not None:
            assert start.game.session.seed == daily_seed(day, 1) and not start.game.finished
            start.game.close()
        else:
            assert start.done is not None and start.done.daily == day.isoformat()
        acked = _days(store)
        assert acked in (days, days + 1)
    assert acked > 0
