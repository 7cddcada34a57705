"""Start the app inside a served session: ``python -m norsewind_tui.ssh.launch [norsewind args]``.

(``launch --exec PROGRAM ARGS...`` runs another program instead; only the server's own Python API
can ask for that, e.g. the tests' terminal probe. The command line offers no way to.)

The server starts this in a new session (``setsid``) with the pseudo-terminal's slave side as
stdin, stdout and stderr. Here it makes that terminal the controlling terminal (so window-size
changes arrive as SIGWINCH and a hangup as SIGHUP), makes the job-control signals harmless (no
suspend: there is no shell to suspend to), and then runs ``norsewind`` in this same process.
"""

from __future__ import annotations

import fcntl
import os
import signal
import sys
import termios


def take_terminal(fd: int = 0) -> None:
    """Make ``fd``'s terminal the controlling terminal and turn off the suspend keys."""
    fcntl.ioctl(fd, termios.TIOCSCTTY, 0)
    attrs = termios.tcgetattr(fd)
    disabled = os.fpathconf(fd, "PC_VDISABLE") if "PC_VDISABLE" in os.pathconf_names else 0
    for name in ("VSUSP", "VDSUSP"):
        index = getattr(termios, name, None)
        if index is not None:
            attrs[6][index] = bytes([disabled]) if isinstance(attrs[6][index], bytes) else disabled
    termios.tcsetattr(fd, termios.TCSANOW, attrs)


def main(argv: list[str]) -> int:
    try:
        take_terminal(0)
    except OSError as exc:
        print(f"norsewind: cannot take the terminal: {exc.strerror}", file=sys.stderr)
        return 2
    for sig in (signal.SIGTSTP, signal.SIGTTIN, signal.SIGTTOU):
        signal.signal(sig, signal.SIG_IGN)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)

    if argv[:1] == ["--exec"] and len(argv) > 1:
        try:
            os.execv(argv[1], argv[1:])
        except OSError as exc:
            print(f"norsewind: cannot run {argv[1]}: {exc.strerror}", file=sys.stderr)
            return 127

    from ..cli import main as norsewind_main

    return norsewind_main(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
