"""Who a process plays for: the identity that holds a table's seat and whose presence is known.

>>> player_identity({"NORSEWIND_PLAYER": "alice", "USER": "x"})
'alice'
>>> identity_problem("bob.smith-2") is None
True
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping

from ..words import storage as say
from .atomic import login_name

PLAYER_ENV = "NORSEWIND_PLAYER"
IDENTITY_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,31}")  # the SSH server's player names


def player_identity(environ: Mapping[str, str] | None = None) -> str:
    """Who this process plays for: ``$NORSEWIND_PLAYER`` if set, else the login name."""
    env = os.environ if environ is None else environ
    chosen = (env.get(PLAYER_ENV) or "").strip()
    return chosen or login_name()


def identity_problem(identity: str) -> str | None:
    """Why ``identity`` cannot hold a seat, or None."""
    if IDENTITY_RE.fullmatch(identity) is None:
        return say.bad_identity(identity, PLAYER_ENV)
    return None
