"""The words of the line mode that change or look at the game: hint, undo, redo, save NAME, why."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import BinaryIO

from norsewind_tui.bots.hint import hint
from norsewind_tui.bots.registry import steady_bot
from norsewind_tui.computer import Computer
from norsewind_tui.lines.conversation import Conversation
from norsewind_tui.lines.io import LineIO
from norsewind_tui.rules.state import GameConfig
from norsewind_tui.storage import GameStore, SeatMeta


def _said(out: io.StringIO) -> list[str]:
    lines = out.getvalue().splitlines()
    out.seek(0)
    out.truncate()
    return lines


def test_hint_names_the_choice_the_expert_would_make(tmp_path: Path, no_input: BinaryIO) -> None:
    """The hint giver is the strongest level unless the player's settings say hard (issue 39)."""
    game = GameStore(tmp_path).create(GameConfig(players=("Ana",)), 12, [SeatMeta("Ana")])
    out = io.StringIO()
    conv = Conversation(game, LineIO(no_input, out), Computer(12))
    conv.command("hint")
    lines = _said(out)
    assert lines[0] == "Thinking of a hint (what the expert computer player would do)..."
    found = re.fullmatch(r"Hint: take .*\. That is choice (\d+)\.", lines[1])
    assert found is not None, lines
    expected = hint(game.state, 0, steady_bot("expert")).move  # the same steady search, asked again
    assert game.session.legal_moves()[int(found.group(1)) - 1] == expected
    assert game.session.position == 0 and not game.meta.assisted  # a hint plays nothing, marks nothing


def test_undo_redo_and_save_as(tmp_path: Path, no_input: BinaryIO) -> None:
    store = GameStore(tmp_path)
    game = store.create(GameConfig(players=("Ana", "Bo")), 3, [SeatMeta("Ana"), SeatMeta("Bo")], name="duo")
    out = io.StringIO()
    conv = Conversation(game, LineIO(no_input, out), Computer(3))
    conv.command("1")
    assert game.session.position == 1
    conv.tell()
    _said(out)
    conv.command("undo")
    assert _said(out) == ["Undone.", "Now at turn 1."]
    assert game.session.position == 0
    conv.command("redo")
    assert _said(out) == ["Redone."]
    assert game.session.position == 1
    conv.tell()  # the decision made again is told as it is
    assert _said(out)[0].startswith(game.state.players[0].name + " took ")
    conv.command("save")
    assert _said(out) == ["The game is saved as duo (every decision is saved the moment it is made)."]
    conv.command("save other")
    assert _said(out) == ["The game goes on saved as other."]
    assert conv.game.name == "other" and conv.game.session.position == 1
    conv.command("1")
    assert conv.game.session.position == 2
    with store.open("duo", read_only=True) as kept:
        assert kept.session.position == 1  # the first name keeps the game as it was
    conv.game.close()
