"""Every private part of Textual the game touches, named in one place (issue 39.2; issue 40.5).

Textual's public API has no hook for these (the reason is written at each use). The game is tested
with one Textual release: ``constraints.txt`` pins it, and ``pyproject.toml`` admits only its minor
version. ``tests/tui/test_textual_private.py`` imports every name here and finds every attribute in
Textual's classes, and checks that the game reaches Textual's private modules through this module
alone, so an upgrade that renames one fails in CI with the name, not on a player's screen.
"""

from __future__ import annotations

from textual._compositor import Compositor, ReflowResult
from textual._context import NoActiveAppError
from textual._parser import ParseError
from textual._time import get_time
from textual._xterm_parser import XTermParser
from textual.widgets._footer import FooterKey

__all__ = [
    "ATTRIBUTES",
    "MODULE_ATTRIBUTES",
    "Compositor",
    "FooterKey",
    "NoActiveAppError",
    "ParseError",
    "ReflowResult",
    "XTermParser",
    "get_time",
]

# Private attributes and methods of Textual's classes that the game reads, sets or overrides
# ("module:Class", names), and where.
ATTRIBUTES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("textual.app:App", ("_driver", "_exit", "_running")),  # app.py: the web driver's mouse; keeps()
    ("textual.driver:Driver", ("_app", "_debug")),  # keyflood.py; quietinput.py builds the parser
    ("textual.drivers.web_driver:WebDriver", ("_mouse", "_disable_mouse_support")),  # app.py: --no-mouse
    ("textual.drivers.linux_driver:LinuxDriver", ("run_input_thread", "exit_event")),  # quietinput.py
    ("textual._parser:Parser", ("_timeout_time",)),  # quietinput.py: when a begun sequence is due
    ("textual._compositor:Compositor", ("reflow", "_dirty_regions", "_full_map")),  # widgets/layout.py
    ("textual.message_pump:MessagePump", ("_on_message",)),  # screens/base.py
    ("textual.screen:Screen", ("_compositor", "_on_mount", "_on_resize")),  # screens/base.py, game.py
    ("textual.widget:Widget", ("_pruning",)),  # widgets/footer.py
    ("textual.widgets._footer:Footer", ("_bindings_ready",)),  # widgets/footer.py
    ("textual.widgets._input:Input", ("_on_paste",)),  # screens/new_game.py
)

# Module attributes the game replaces: paste.py installs its parser where the drivers build theirs.
MODULE_ATTRIBUTES: tuple[tuple[str, str], ...] = (
    ("textual.drivers.linux_driver", "XTermParser"),
    ("textual.drivers.web_driver", "XTermParser"),
)
