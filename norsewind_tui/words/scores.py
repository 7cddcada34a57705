"""Scores in words, for a preview: what a kingdom would score after the choice."""

from __future__ import annotations

from ..rules.scoring import KingdomScore
from .nouns import plural


def kingdom_then(ks: KingdomScore) -> str:
    """The kingdom's score after the choice: "Mercia then: h2<=s3 safe, p1 x c2 = 2 points.", or at risk."""
    if ks.safe:
        return (
            f"{ks.name} then: h{ks.helmets}<=s{ks.shields} safe, p{ks.prestige} x c{ks.citizens}"
            f" = {plural(ks.points, 'point')}."
        )
    return f"{ks.name} then: h{ks.helmets}>s{ks.shields} at risk, {plural(ks.points, 'point')}."
