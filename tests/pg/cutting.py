"""A proxy between the app and the real server that cuts a connection at a chosen moment (issue 25:
an answer lost after ``COMMIT``; issue 42: a server going away as a query arrives)."""

from __future__ import annotations

import contextlib
import socket
import struct
import threading
from pathlib import Path

COMMIT = b"C" + struct.pack("!I", 4 + len(b"COMMIT\0")) + b"COMMIT\0"  # CommandComplete "COMMIT"


class CuttingProxy:
    """Forwards a unix socket to the server's; once ``armed``, cuts the first connection on which the
    server answers ``COMMIT`` (the answer is not passed on).  With ``asks`` set to N, it cuts instead
    the connection on which the client sends its Nth message from then on (that message is not
    passed on): a server going away as a query arrives."""

    def __init__(self, folder: Path, server: Path) -> None:
        self.server = server
        self.armed = threading.Event()
        self.cut = threading.Event()
        self.asks = 0
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
                if not answers and self.asks > 0:
                    self.asks -= 1
                    if self.asks == 0:
                        self.cut.set()
                        break
                sink.sendall(data)
        for s in (source, sink):
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()

    def close(self) -> None:
        self.listener.close()
