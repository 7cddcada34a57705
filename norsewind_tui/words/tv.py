"""Norsewind TV in words (issue 44.2): the caption of a frame, and the line mode's lines."""

from __future__ import annotations

from ..safetext import safe_text

TITLE = "Norsewind TV"
NOTHING = "Nothing to show: no table is live here and none finished today. The channel looks again by itself."
KEYS = "f follows this table, left steps a replay back, right goes on, Esc leaves."
LINE_KEYS = "f follows this table, b steps a replay back, Enter goes on, q leaves."
FOLLOWING = "following"
HELD = "held: right (Enter in lines) goes on"
VIKINGS = "Vikings"


def seat_words(name: str, rating: int | None, score: int | None) -> str:
    """ "Ana (1250) 34": the name, its rating when it has one, its score as if the game ended now."""
    shown = safe_text(name)
    if rating is not None:
        shown += f" ({rating})"
    return f"{shown} {score}" if score is not None else shown


def caption(
    kind: str,
    table: str,
    seats: list[tuple[str, int | None, int | None]],
    position: int,
    decisions: int,
    turn: int,
    marks: list[str],
) -> str:
    """One caption: what is shown (live or a replay), where, who plays whom and the scores."""
    players = ", ".join(seat_words(*seat) for seat in seats)
    where = (
        f"live at {safe_text(table)}, turn {turn}"
        if kind == "live"
        else (f"replay of {safe_text(table)}, decision {position} of {decisions}")
    )
    shown = f"{TITLE}, {where}: {players}"
    return f"{shown} [{'; '.join(marks)}]" if marks else shown


def costly(loss: float) -> str:
    return f"a costly decision: {round(loss)} points"
