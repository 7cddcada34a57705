"""A finished game's verdict in words: the scores, who won, and in solo the margin and the medal."""

from __future__ import annotations

from ..rules.scoring import Outcome
from ..rules.state import State
from ..safetext import safe_text
from .nouns import player_names

MEDAL_TEXT = {"bronze": "BRONZE", "silver": "SILVER", "gold": "GOLD", "platinum": "PLATINUM"}


def verdict(state: State, result: Outcome, assisted: bool, branch_of: str | None = None) -> list[tuple[str, str]]:
    """The verdict of a finished game as (sentence, kind) lines; kind: "head", "risk", "medal", "winner" or ""."""
    names = player_names(state)
    out: list[tuple[str, str]] = []
    if branch_of is not None:
        out.append((f"Played on from {safe_text(branch_of)}: a branch earns no medal and is not in the campaign.", ""))
    if state.solo:
        assert result.margin is not None and result.vikings is not None
        you = result.scores[0]
        out.append((f"{names[0]} {you} - Vikings {result.vikings}: margin {result.margin:+d}.", "head"))
        if result.margin <= 0:
            out.append(("The Vikings win this time: no medal.", "risk"))
        elif branch_of is not None:
            out.append(("You beat the Vikings in this branch (no medal).", ""))
        elif assisted:
            out.append(("You beat the Vikings, but the game was assisted (undo over a revealed card): no medal.", ""))
        elif result.medal is not None:
            out.append((f"You beat the Vikings: {MEDAL_TEXT[result.medal]} medal on level {result.level}.", "medal"))
        level = result.level or 1
        if branch_of is not None:
            return out
        if result.medal == "platinum" and not assisted:
            if level < 7:
                out.append((f"Platinum: level {level + 1} is unlocked.", "medal"))
            else:
                out.append(("Platinum on level 7: you are the King of all Kings!", "medal"))
        elif level < 7:
            out.append((f"Platinum (+25 or more) on level {level} unlocks level {level + 1}.", ""))
        return out
    winners = list(result.winners)
    best = max(result.scores)
    if len(winners) == 1 and not result.tie_break:
        out.append((f"{names[winners[0]]} wins with {best} points.", "winner"))
    elif len(winners) == 1:
        tied = [i for i, s in enumerate(result.scores) if s == best]
        others = ", ".join(names[i] for i in tied if i != winners[0])
        out.append(
            (
                f"{names[winners[0]]} and {others} tie on {best} points; {names[winners[0]]} has the most "
                f"coins ({result.coins[winners[0]]}) and wins.",
                "winner",
            )
        )
    else:
        who = " and ".join(names[i] for i in winners)
        out.append((f"{who} share the victory: {best} points and {result.coins[winners[0]]} coins each.", "winner"))
    return out
