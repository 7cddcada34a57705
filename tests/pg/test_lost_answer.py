"""A decision whose commit reached the server but whose answer was lost is taken, and said to be
(issue 25: "no decision shown as taken is ever missing afterwards", and none shown as not taken is
there after all).  A small proxy between the app and the real server cuts the connection right
after the server answered ``COMMIT``: the server has written the row, the app never hears so."""

from __future__ import annotations

import contextlib
import socket
import struct
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from pgserver import PgServer

from norsewind_tui.options import Options
from norsewind_tui.rules import GameConfig, legal_moves
from norsewind_tui.storage import SeatMeta
from norsewind_tui.storage.context import AppContext

COMMIT = b"C" + struct.pack("!I", 4 + len(b"COMMIT\0")) + b"COMMIT\0"  # CommandComplete "COMMIT"


class CuttingProxy:
    """Forwards a unix socket to the server's; once ``armed``, cuts the first connection on which the
    server answers ``COMMIT`` (the answer is not passed on)."""

    def __init__(self, folder: Path, server: Path) -> None:
        self.server = server
        self.armed = threading.Event()
        self.cut = threading.Event()
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(str(folder / ".s.PGSQL.5432"))
        self.listener.listen(16)
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        with contextlib.suppress(OSError):
            while True:
                client, _ = self.listener.accept()
                upstream = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                upstream.connect(str(self.server))
                threading.Thread(target=self._pipe, args=(client, upstream, False), daemon=True).start()
                threading.Thread(target=self._pipe, args=(upstream, client, True), daemon=True).start()

    def _pipe(self, source: socket.socket, sink: socket.socket, answers: bool) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                if answers and self.armed.is_set() and COMMIT in data:
                    self.armed.clear()
                    self.cut.set()
                    break
                sink.sendall(data)
        for s in (source, sink):
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()

    def close(self) -> None:
        self.listener.close()


@pytest.fixture
def proxied(tmp_path: Path, pg_server: PgServer, pg_url: str) -> Iterator[tuple[str, CuttingProxy]]:
    folder = tmp_path / "proxy"
    folder.mkdir()
    proxy = CuttingProxy(folder, pg_server.socket_dir / ".s.PGSQL.5432")
    yield pg_url.replace(f"host={pg_server.socket_dir}", f"host={folder}"), proxy
    proxy.close()


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
