"""Computer players for the app: the seat kinds' labels; the bots of a game are ``norsewind_tui.computer``'s
``Computer`` (re-exported here, where the app's screens and tests find it)."""

from __future__ import annotations

from ..computer import ENGINE as ENGINE
from ..computer import Computer as Computer
from ..computer import bot_seed as bot_seed
from ..computer import engine_spec as engine_spec
from ..computer import no_engine_line as no_engine_line
from ..computer import unknown_engine_line as unknown_engine_line
from ..words import app as say

LABELS = {
    **{bot: say.computer(bot) for bot in ("easy", "normal", "hard", "expert", "random", "greedy")},
    ENGINE: say.OUTSIDE_ENGINE,
}
