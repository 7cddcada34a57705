"""Bad input in the line mode is one clear line, never a traceback, and changes nothing (issue 29)."""

from __future__ import annotations

import io
import os
from pathlib import Path

from norsewind_tui.computer import Computer
from norsewind_tui.lines.conversation import Conversation
from norsewind_tui.lines.io import LineIO
from norsewind_tui.rules.state import GameConfig
from norsewind_tui.storage import GameStore, SeatMeta

ASK = "Choose 1 to 6, or type a word (help lists them):"
BAD = {
    "foo": "'foo' is not a word of the game: type a number to choose, or help for the words.",
    "99": "There is no choice 99: choose 1 to 6.",
    "0": "There is no choice 0: choose 1 to 6.",
    "kingdom": "kingdom needs a number 1 to 4 (and a player's number after it): for example kingdom 2.",
    "kingdom 9": "kingdom needs a number 1 to 4 (and a player's number after it): for example kingdom 2.",
    "kingdom 1 7": "There is no player 7: the players are 1 to 2.",
    "why": "why needs a choice's number (why 2), or a slot or castle (why slot 3, why castle 1).",
    "why 42": "There is no choice 42: choose 1 to 6.",
    "why slot 9": "There is no slot 9.",
    "vikings": "There are no Vikings in this game: they play only in solo.",
    "redo": "Nothing to redo.",
    "undo": "Not undone: nothing to undo.",
    "Bo\x1b[31m": "'Bo[31m' is not a word of the game: type a number to choose, or help for the words.",
}


def test_each_bad_line_is_one_clear_line_and_changes_nothing(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    game = store.create(GameConfig(players=("Ana", "Bo")), 7, [SeatMeta("Ana"), SeatMeta("Bo")])
    r, w = os.pipe()
    os.write(w, "".join(f"{line}\n" for line in BAD).encode())
    os.close(w)  # then the end of the input
    out = io.StringIO()
    with os.fdopen(r, "rb", buffering=0) as inp:
        Conversation(game, LineIO(inp, out), Computer(7)).run()
    lines = out.getvalue().splitlines()
    first = lines.index(ASK)
    replies = lines[first + 1 : -1]
    assert replies[1::2] == [ASK] * len(BAD)  # each reply is one line, then the question again
    assert replies[0::2] == list(BAD.values())
    assert lines[-1] == f"Your game is saved as {game.name}: norsewind resume {game.name}"
    assert game.session.position == 0
    assert "Traceback" not in out.getvalue()
