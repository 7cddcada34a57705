"""The tutorial's save never costs a player a game (issue 24 point 1).

A game merely named ``tutorial-PLAYER`` (saved under it) is left as it is: the tutorial takes
the next free name; ``import`` refuses the name.  A tutorial save whose file and backup are both
broken is set aside as ``.damaged`` and the tutorial starts afresh, saying so.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from textual.widgets import Static

from norsewind_tui.cli import main
from norsewind_tui.lessons import is_tutorial, load_lessons, tutorial_game
from norsewind_tui.storage import GameLocked
from norsewind_tui.storage.analysis import analysis_path
from norsewind_tui.storage.atomic import login_name
from norsewind_tui.storage.context import AppContext
from norsewind_tui.storage.format import SeatMeta
from norsewind_tui.tui.screens.title import TitleScreen
from norsewind_tui.tui.screens.tutorial import TutorialScreen
from norsewind_tui.tui.widgets.prompt import StatusLine

from .helpers import PROFILE, aio, make_app

DAMAGED = "The tutorial's save was damaged: starting afresh."


@pytest.fixture(autouse=True)
def player(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NORSEWIND_PLAYER", "Ana")


def own_game_named_like_the_tutorial(saves: Path) -> dict[Path, bytes]:
    """A game of Ana's saved as ``tutorial-Ana``, with a backup and an analysis: its files' bytes."""
    library = AppContext.at(str(saves), profile=PROFILE)
    lessons = load_lessons()
    config = lessons.config_for("Ana")
    game = library.new_game(config, lessons.seed + 1, [SeatMeta("Ana")], name="tutorial-Ana")
    for _ in range(2):  # a backup too
        game.push(game.legal_moves()[0])
    game.close()
    analysis_path(saves, "tutorial-Ana").write_bytes(b"{}")
    files = [saves / "tutorial-Ana.json", saves / "tutorial-Ana.json.bak", analysis_path(saves, "tutorial-Ana")]
    return {path: path.read_bytes() for path in files}


def test_no_game_is_imported_under_the_tutorials_name(
    saves: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    library = AppContext.at(str(saves), profile=PROFILE)
    library.new_game(load_lessons().config_for("Ana"), 3, [SeatMeta("Ana")], name="mine").close()
    exported = tmp_path / "mine.json"
    assert main(["--saves", str(saves), "export", "mine", "--json", "-o", str(exported)]) == 0
    capsys.readouterr()
    assert main(["--saves", str(saves), "import", str(exported), "--as", "tutorial-root"]) == 2
    assert capsys.readouterr().err == (
        "norsewind: tutorial-root: a tutorial-… name is kept for the tutorial: nothing imported (choose --as NAME)\n"
    )
    assert not (saves / "tutorial-root.json").exists()


def test_a_game_named_like_the_tutorial_is_never_removed(saves: Path) -> None:
    before = own_game_named_like_the_tutorial(saves)
    library = AppContext.at(str(saves), profile=PROFILE)
    game = tutorial_game(library.games, "Ana")
    assert (game.name, game.session.position) == ("tutorial-Ana-2", 0) and is_tutorial(game)
    assert game.notice == "The tutorial is saved as tutorial-Ana-2. Another game is named tutorial-Ana."
    game.push(load_lessons().moves[0])
    game.close()
    again = tutorial_game(library.games, "Ana")  # resumed where it was left
    assert (again.name, again.session.position) == ("tutorial-Ana-2", 1)
    again.close()
    restarted = tutorial_game(library.games, "Ana", restart=True)  # only the tutorial's own save starts over
    assert (restarted.name, restarted.session.position) == ("tutorial-Ana-2", 0)
    restarted.close()
    assert {path: path.read_bytes() for path in before} == before


def test_a_tutorial_save_broken_twice_is_set_aside_and_the_tutorial_starts_afresh(saves: Path) -> None:
    library = AppContext.at(str(saves), profile=PROFILE)
    game = tutorial_game(library.games, "Ana")
    game.push(load_lessons().moves[0])
    game.push(load_lessons().moves[1])
    game.close()
    (saves / "tutorial-Ana.json").write_bytes(b'{"format": 3, "gener')
    (saves / "tutorial-Ana.json.bak").write_bytes(b"\x00broken")
    fresh = tutorial_game(library.games, "Ana")
    try:
        assert (fresh.name, fresh.session.position) == ("tutorial-Ana", 0) and is_tutorial(fresh)
        assert fresh.notice == DAMAGED + " The broken file is kept as tutorial-Ana.json.damaged."
    finally:
        fresh.close()
    assert (saves / "tutorial-Ana.json.damaged").read_bytes() == b'{"format": 3, "gener'
    assert (saves / "tutorial-Ana.json.damaged.1").read_bytes() == b"\x00broken"


@aio
async def test_learn_with_a_broken_tutorial_save_opens_the_tutorial_and_says_so(saves: Path) -> None:
    (saves / "tutorial-Ana.json").write_bytes(b"not json")
    (saves / "tutorial-Ana.json.bak").write_bytes(b"not json either")
    app = make_app(saves, seed=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, TutorialScreen)
        status = app.screen.query_one(StatusLine)
        assert status.message == DAMAGED  # the first sentence: the second does not fit beside the lesson


def test_a_game_named_like_the_tutorial_and_open_in_another_app_is_left_alone(saves: Path) -> None:
    own_game_named_like_the_tutorial(saves)
    library = AppContext.at(str(saves), profile=PROFILE)
    with library.games.open("tutorial-Ana") as held:  # its lock held, as by another app
        game = tutorial_game(library.games, "Ana")
        assert (game.name, held.name) == ("tutorial-Ana-2", "tutorial-Ana") and is_tutorial(game)
        game.close()
        with library.games.open("tutorial-Ana-2"), pytest.raises(GameLocked):  # the tutorial's own, held
            tutorial_game(library.games, "Ana")


@aio
async def test_learn_while_the_tutorial_is_open_in_another_app_says_so_in_one_line(saves: Path) -> None:
    library = AppContext.at(str(saves), profile=PROFILE)
    held = tutorial_game(library.games, "Ana")  # as another app of Ana's holds it
    app = make_app(saves, seed=None)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("l")
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen)
            notice = str(app.screen.query_one("#notice", Static).render())
            assert notice == f"The tutorial is open in another app ({login_name()}, pid {os.getpid()})."
            assert len(notice) <= 80
    finally:
        held.close()
