"""Themes: a dark one for colour terminals and an ANSI one for 16-colour terminals.

The board's own colours are theme variables (``$nw-purple``...), used by
``norsewind.tcss``; every colour is doubled by a letter or a word on the board,
so nothing is lost without colour.  ``NO_COLOR`` is honoured by Textual itself
(it strips colours); the ANSI theme is chosen when the terminal reports 16
colours or fewer, or when ``NORSEWIND_THEME=ansi``.
"""

from __future__ import annotations

import os

from textual.theme import BUILTIN_THEMES, Theme

BOARD_VARIABLES = {
    "nw-purple": "#c678dd",
    "nw-yellow": "#e5c07b",
    "nw-blue": "#61afef",
    "nw-red": "#e06c75",
    "nw-neutral": "#dcdfe4",
    "nw-discs": "#98c379",
    "nw-safe": "#98c379",
    "nw-risk": "#e06c75",
    "nw-green-tile": "#98c379",
    "nw-red-tile": "#e06c75",
    "nw-ship": "#56b6c2",
    "nw-vikings": "#56b6c2",
    "nw-legal": "#e5c07b",
    "nw-cursor-fg": "#1e2127",
    "nw-cursor-bg": "#e5c07b",
    "nw-bad-bg": "#5c2b30",
    "nw-held": "#56b6c2",
}

ANSI_VARIABLES = {
    "nw-purple": "ansi_magenta",
    "nw-yellow": "ansi_yellow",
    "nw-blue": "ansi_blue",
    "nw-red": "ansi_red",
    "nw-neutral": "ansi_white",
    "nw-discs": "ansi_green",
    "nw-safe": "ansi_green",
    "nw-risk": "ansi_red",
    "nw-green-tile": "ansi_green",
    "nw-red-tile": "ansi_red",
    "nw-ship": "ansi_cyan",
    "nw-vikings": "ansi_cyan",
    "nw-legal": "ansi_yellow",
    "nw-cursor-fg": "ansi_black",
    "nw-cursor-bg": "ansi_yellow",
    "nw-bad-bg": "ansi_red",
    "nw-held": "ansi_cyan",
}

DARK = Theme(
    name="norsewind",
    primary="#61afef",
    secondary="#56b6c2",
    accent="#e5c07b",
    warning="#e5c07b",
    error="#e06c75",
    success="#98c379",
    foreground="#dcdfe4",
    background="#1e2127",
    surface="#262a31",
    panel="#2c313a",
    dark=True,
    variables=dict(BOARD_VARIABLES),
)

ANSI = Theme(
    name="norsewind-ansi",
    ansi=True,
    primary="ansi_blue",
    secondary="ansi_cyan",
    warning="ansi_yellow",
    error="ansi_red",
    success="ansi_green",
    accent="ansi_yellow",
    foreground="ansi_default",
    background="ansi_default",
    surface="ansi_default",
    panel="ansi_default",
    boost="ansi_default",
    dark=True,
    variables={
        **BUILTIN_THEMES["ansi-dark"].variables,
        **ANSI_VARIABLES,
        "block-cursor-foreground": "ansi_black",
        "block-cursor-background": "ansi_yellow",
        "footer-key-foreground": "ansi_yellow",
    },
)

THEMES = (DARK, ANSI)


def wants_ansi(environ: dict[str, str] | None = None) -> bool:
    """True when the terminal has 16 colours or fewer (or the user asks for the ANSI theme)."""
    env = os.environ if environ is None else environ
    choice = env.get("NORSEWIND_THEME", "").lower()
    if choice in ("ansi", "16"):
        return True
    if choice in ("dark", "norsewind"):
        return False
    if env.get("COLORTERM", "").lower() in ("truecolor", "24bit"):
        return False
    term = env.get("TERM", "")
    if "256" in term or "direct" in term:
        return False
    return term in ("linux", "vt100", "vt220", "xterm", "screen", "tmux", "ansi", "cons25", "dumb") or not term


def theme_name(environ: dict[str, str] | None = None) -> str:
    return ANSI.name if wants_ansi(environ) else DARK.name
