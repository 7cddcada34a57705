"""A decision whose commit reached the server but whose answer was lost is taken, and said to be
(issue 25: "no decision shown as taken is ever missing afterwards", and none shown as not taken is
there after all).  A small proxy between the app and the real server cuts the connection right
after the server answered ``COMMIT`` (``cutting.py``): the server has written the row, the app never hears so."""

from __future__ import annotations

from pathlib import Path

from norsewind_tui.options import Options
from norsewind_tui.rules import GameConfig, legal_moves
from norsewind_tui.storage import SeatMeta
from norsewind_tui.storage.context import AppContext

from .cutting import CuttingProxy


def test_a_decision_whose_answer_was_lost_is_taken_once(
    tmp_path: Path, pg_url: str, proxied: tuple[str, CuttingProxy]
) -> None:
    url, proxy = proxied
    games = AppContext(Options(saves=str(tmp_path / "saves"), database=url)).games
    game = games.create(GameConfig(players=("Ana",), level=1), 3, [SeatMeta("Ana")], name="cut")
    move = legal_moves(game.state)[0]
    generation = game.generation
    proxy.armed.set()
    game.push(move)  # the answer to its COMMIT never arrives: the app looks again, and finds it written
    assert proxy.cut.is_set(), "the proxy cut the connection after the commit"
    assert game.generation == generation + 1 and list(game.session.moves) == [move]
    game.push(legal_moves(game.state)[0])  # and goes on from there (no conflict with itself)
    game.close()
    direct = AppContext(Options(saves=str(tmp_path / "other"), database=pg_url)).games.open("cut", read_only=True)
    assert direct.generation == generation + 2 and direct.session.moves[0] == move
    direct.close()
