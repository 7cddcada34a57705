"""The saves list (the context and its summaries): typed rows, and a folder that cannot be used."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from norsewind_tui.options import Options
from norsewind_tui.rules import GameConfig
from norsewind_tui.storage import StorageError
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.format import SeatMeta
from norsewind_tui.tui.app import run_app
from norsewind_tui.tui.summaries import summaries

from .helpers import PROFILE


def test_a_broken_save_is_listed_with_its_file_time_not_none(saves: Path) -> None:
    context = AppContext.at(str(saves), profile=PROFILE)
    game = context.new_game(GameConfig(players=("Ana", "Bo")), 7, [SeatMeta("Ana"), SeatMeta("Bo")], name="good")
    game.close()
    broken = saves / "broken.json"
    broken.write_text("{ not json")
    os.utime(broken, (1_767_261_600, 1_767_261_600))  # 2026-01-01 10:00 UTC
    rows = {g.name: g for g in summaries(context.own_games())}
    assert rows["broken"].error.startswith(str(broken))
    assert rows["broken"].updated == "2026-01-01 10:00"
    assert (rows["good"].mode, rows["good"].players, rows["good"].turn) == ("multiplayer", "Ana, Bo", 1)
    assert rows["good"].error == "" and not rows["good"].finished


def test_a_saves_folder_that_cannot_be_made_is_one_line_and_no_app(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    with pytest.raises(StorageError) as refused:
        AppContext.at(str(blocker / "saves"))
    args = Options(saves=str(blocker / "saves"), no_mouse=True)
    assert run_app(args) == 2
    err = capsys.readouterr().err
    assert err == f"norsewind: {refused.value}\n"  # the storage's one line, no traceback
    assert str(blocker / "saves") in err
