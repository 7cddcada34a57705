"""The board's panels in words and notation: the players' list, a kingdom's status, the Viking
display's lines, the chart's title (the cards' notation is ``notation.py``'s)."""

from __future__ import annotations

from .nouns import plural

SHOWN = " (kingdoms below)"  # after the entry of the player whose kingdoms are shown
SHOWN_WIDE = " (kingdoms shown)"  # the same in the side panel, beside the kingdoms
PLAYERS_TITLE = "Players (turn order)"
NO_CASTLE = "no castle"
CHART_TITLE = "Projected scores"


def player_detail(coins: int, points: int, risk: int) -> str:
    """Under a player's name in the side panel: coins, points, kingdoms at risk."""
    return f"  {plural(coins, 'coin')}, {plural(points, 'point')}, {risk} at risk"


def kingdom_points(prestige: int, citizens: int, points: int, narrow: bool = False) -> str:
    """A safe kingdom's points: prestige x citizens."""
    if narrow:
        return f"p{prestige}xc{citizens}={points}"
    return f"p{prestige} x c{citizens} = {points}"


def vikings_on_row(helmets: int, shields: int, scores: bool, points: int) -> str:
    """What the Viking card of a row scores against it (solo)."""
    if scores:
        return f"Vik h{helmets}>s{shields} +{points}"
    return f"Vik h{helmets}<=s{shields} 0"


def viking_title(total: int) -> str:
    return f"Viking display (their score {total})"


def viking_verdict(helmets: int, shields: int) -> str:
    return f"  h{helmets} vs your s{shields}: "
