"""Turn notices in words (issue 41.4): the settings' choice, and a name the host does not know."""

from __future__ import annotations

from ..safetext import one_line

NONE = "none"
LABEL = "Turn notice"


def unknown(name: str, known: tuple[str, ...]) -> str:
    """One line for a notice name this host does not name (nothing runs for it)."""
    names = ", ".join(known) if known else "none"
    return f"Your turn notice {one_line(name, 40)!r} is not one this host names ({names}): no notice runs."


def chosen(name: str | None) -> str:
    if name is None:
        return "Saved: no turn notice."
    return f"Saved: the host runs {name!r} when a table becomes your turn while you are not at it."
