"""A terminal probe the tests run instead of the game to see exactly what the server gives an app.

``python probe.py MARKER`` prints one ``[probe] ...`` line describing its terminal and environment,
``[winch] COLSxROWS`` on every SIGWINCH, ``[got] HEX`` for every read, and on SIGHUP writes ``hup``
to the file MARKER and exits (with ``--ignore-hup``: writes ``ignored`` and carries on). Reading
``q`` makes it exit with status 3. (Importing it does nothing.)
"""

import os
import signal
import sys
import termios
import tty


def say(line: str) -> None:
    os.write(1, (line + "\r\n").encode())


def size() -> str:
    cols, rows = os.get_terminal_size(0)
    return f"{cols}x{rows}"


def main(marker: str, ignore_hup: bool = False) -> None:
    def on_hup(*_: object) -> None:
        with open(marker, "w") as out:
            out.write("ignored" if ignore_hup else "hup")
        if not ignore_hup:
            os._exit(0)

    try:
        controlling = os.tcgetpgrp(0) == os.getpgrp()
    except OSError:
        controlling = False
    signal.signal(signal.SIGWINCH, lambda *_: say(f"[winch] {size()}"))
    signal.signal(signal.SIGHUP, on_hup)
    say(
        f"[probe] tty={os.isatty(0)} controlling={controlling} leader={os.getsid(0) == os.getpid()} "
        f"term={os.environ.get('TERM')} size={size()} "
        f"env={','.join(sorted(os.environ))} player={os.environ.get('NORSEWIND_PLAYER')} user={os.environ.get('USER')}"
    )
    say("[ready]")
    tty.setraw(0, termios.TCSANOW)
    while True:
        data = os.read(0, 1024)
        say(f"[got] {data.hex()}")
        if b"q" in data:
            sys.exit(3)


if __name__ == "__main__":
    main(sys.argv[1], "--ignore-hup" in sys.argv[2:])
