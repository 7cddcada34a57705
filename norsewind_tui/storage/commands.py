"""The ``norsewind`` commands the game prints for the player to type (issue 39.10): the way back to a
game, the command that shows a result.  Each runs as printed in a POSIX shell (every word quoted,
``shlex.quote``) and reaches the same games: it carries the options the player gave that say where
the games are and how they are played (``--cards``, ``--saves``, ``--database``, ``--engine``).  An
option taken from the environment (``$NORSEWIND_SAVES``, ``$NORSEWIND_DATABASE``) is not repeated:
the shell that ran this one has it still.

A database URL is printed without its password (``shown_url``): a password belongs in
``~/.pgpass``, ``$PGPASSWORD`` or ``$NORSEWIND_DATABASE``, not on the screen.

>>> typed(Options(saves="/srv/my saves"), "resume", "2p-2147", "--lines")
"norsewind --saves '/srv/my saves' resume 2p-2147 --lines"
>>> typed(Options(), "resume", "2p-2147")
'norsewind resume 2p-2147'
"""

from __future__ import annotations

import shlex
from pathlib import Path

from ..options import Options
from .pg.url import shown_url

PROGRAM = "norsewind"
ENGINE_TIME = Options.engine_time  # the default: not repeated


def given_options(options: Options) -> list[str]:
    """The options that say where this player's games are and how they play, as given."""
    words: list[str] = []
    if options.cards:
        words += ["--cards", str(Path(options.cards).expanduser().absolute())]
    if options.saves:
        words += ["--saves", str(Path(options.saves).expanduser().absolute())]
    if options.database:
        words += ["--database", shown_url(options.database)]
    if options.engine:
        words += ["--engine", options.engine]
        if options.engine_time != ENGINE_TIME:
            words += ["--engine-time", f"{options.engine_time:g}"]
    return words


def typed(options: Options, *words: str) -> str:
    """``norsewind``, the options given (``given_options``), then ``words``: quoted for a shell."""
    return shlex.join([PROGRAM, *given_options(options), *words])


def plain(*words: str) -> str:
    """``norsewind`` and ``words``, quoted for a shell, without options (none were given)."""
    return shlex.join([PROGRAM, *words])
