"""A stand-in for the app under ``norsewind web`` (tests only): it speaks the web driver's side of the
protocol: its first line, then its environment as one data packet (JSON), then every data packet it
is sent echoed back as ``got: TEXT``, until its input ends or it is hung up (``--ignore-hangup``: it
is not ended by a SIGHUP, only by a SIGKILL)."""

from __future__ import annotations

import json
import os
import signal
import sys


def packet(kind: bytes, payload: bytes) -> None:
    sys.stdout.buffer.write(kind + len(payload).to_bytes(4, "big") + payload)
    sys.stdout.buffer.flush()


def main() -> None:
    if "--ignore-hangup" in sys.argv[1:]:
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    sys.stdout.buffer.write(b"__GANGLION__\n")
    packet(b"D", ("\r\nenv: " + json.dumps(dict(os.environ), sort_keys=True) + "\r\n").encode())
    stdin = sys.stdin.buffer
    while True:
        head = stdin.read(5)
        if len(head) < 5:
            return
        payload = stdin.read(int.from_bytes(head[1:], "big"))
        if head[:1] == b"D":
            packet(b"D", b"got: " + payload + b"\r\n")


if __name__ == "__main__":
    main()
