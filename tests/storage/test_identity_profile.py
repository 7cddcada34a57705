"""The campaign profile follows the player's identity (issue 38.4): ``$NORSEWIND_PLAYER``, else the
login name; the shared-account OpenSSH setup of docs/SSH.md sets one name per key."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from daily_records import DAY, record

from norsewind_tui.cli import main
from norsewind_tui.options import Options
from norsewind_tui.rules import GameConfig
from norsewind_tui.storage import GameStore, SavedGame, default_profile_name
from norsewind_tui.storage.atomic import login_name
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.format import SeatMeta
from norsewind_tui.storage.profiles import ProfileStore

from .conftest import play_to_end


def test_the_default_profile_is_the_identity(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NORSEWIND_PLAYER", raising=False)
    assert default_profile_name() == login_name() == ProfileStore.default_profile_name()
    monkeypatch.setenv("NORSEWIND_PLAYER", "alice")
    assert default_profile_name() == "alice" == ProfileStore.default_profile_name()


def test_progress_says_the_identitys_campaign(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NORSEWIND_PLAYER", "alice")
    assert main(["--saves", str(tmp_path), "progress"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].rstrip() == "Solo campaign of alice"
    assert "No solo games recorded for alice yet" in out[-2]


def test_alices_daily_deal_does_not_use_up_bobs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """One account, two players: alice's finished deal is hers; bob's is still to play."""
    saves = tmp_path / "saves"
    ProfileStore(saves / "profiles").record("alice", record(1, 17, daily=True))
    opened: list[str] = []

    def fake_app(args: Options, game: SavedGame | None = None) -> int:
        assert game is not None
        opened.append(game.name)
        return 0

    monkeypatch.setattr("norsewind_tui.tui.app.run_app", fake_app)
    monkeypatch.setenv("NORSEWIND_PLAYER", "alice")
    assert main(["--saves", str(saves), "daily", "--today", DAY.isoformat()]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "alice: daily deal of 2026-11-30, level 1: margin +17, gold.",
        "One attempt a day. The others:",
        f"  norsewind --saves {saves} halloffame --daily 2026-11-30",
    ]
    monkeypatch.setenv("NORSEWIND_PLAYER", "bob")
    assert main(["--saves", str(saves), "daily", "--today", DAY.isoformat()]) == 0
    assert opened == ["daily-2026-11-30-L1-bob"]


def test_a_solo_game_is_recorded_in_the_identitys_profile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The app and the line mode record a finished solo game in ``context.profile_name``."""
    monkeypatch.setenv("NORSEWIND_PLAYER", "alice")
    context = AppContext(Options(saves=str(tmp_path)))
    assert (context.identity, context.profile_name) == ("alice", "alice")
    store: GameStore = context.games
    game = store.create(GameConfig(players=("Alice",), level=1), 5, (SeatMeta("Alice"),), profile=context.profile_name)
    play_to_end(game, random.Random(5))
    game.close()
    assert [g.level for g in context.profiles.load("alice").games] == [1]
    assert context.profiles.names() == ["alice"]
