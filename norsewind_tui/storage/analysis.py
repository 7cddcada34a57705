"""A game's analysis ("where did I lose it?", issue 12), kept beside its save: ``NAME.json.analysis``.

The analysis is computed once (it takes a while) and read back while the game's log is the
one it was made for: ``log_key`` names the log (seed, card set and moves), so a game played on
after its analysis gets a new one.  Written atomically like every save; a broken or stale file
is simply not used (the analysis is made again), it never stops a game from loading.
"""

from __future__ import annotations

import contextlib
import hashlib
from pathlib import Path
from typing import Annotated

import msgspec

from ..rules.session import Session
from ..words import storage as say
from .atomic import atomic_write, read_limited
from .errors import SaveError
from .paths import sanitise_name

ANALYSIS_SUFFIX = ".json.analysis"  # not ".json": the saves listing must not take it for a game
ANALYSIS_FORMAT = 2  # 2 (issue 27): one measure for the best move and the loss, and its interval; a
# file of format 1 (the loss by a different tool) is not read: the analysis is made again

Words = Annotated[str, msgspec.Meta(max_length=400)]


class Verdict(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One analysed decision: what was made, what the bot prefers, and what it cost in points."""

    decision: Annotated[int, msgspec.Meta(ge=0)]  # index in the log
    turn: Annotated[int, msgspec.Meta(ge=0)]
    made: Words  # the decision made, in the log's words
    best: Words  # the bot's choice, in words ("" when it is the one made)
    loss: float  # expected points the decision made gives up against the move judged best (never < 0)
    costly: bool  # ``loss`` reaches the threshold
    spread: float = 0.0  # the 95 % half-width of ``loss`` over the sampled deals


class Analysis(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    format: int
    log_key: Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{64}$")]
    seat: Annotated[int, msgspec.Meta(ge=0, le=3)]
    bot: Annotated[str, msgspec.Meta(max_length=32)]
    threshold: float
    verdicts: tuple[Verdict, ...]

    @property
    def costly(self) -> list[Verdict]:
        return [v for v in self.verdicts if v.costly]

    def summary(self) -> str:
        """One line: "3 costly decisions, about 14 points"."""
        costly = self.costly
        return say.costly_summary(len(costly), len(self.verdicts), round(sum(v.loss for v in costly)))


def log_key(session: Session, cards_digest: str) -> str:
    """What an analysis was made for: the seed, the card set and the moves up to the position."""
    data = msgspec.json.encode([session.seed, cards_digest, session.config, session.moves[: session.position]])
    return hashlib.sha256(data).hexdigest()


def analysis_path(saves_dir: Path, name: str) -> Path:
    return saves_dir / (sanitise_name(name) + ANALYSIS_SUFFIX)


def read_analysis(saves_dir: Path, name: str, key: str, seat: int) -> Analysis | None:
    """The stored analysis of ``seat`` for the log ``key``, or None (none, stale or unreadable)."""
    path = analysis_path(saves_dir, name)
    try:
        found = msgspec.json.decode(read_limited(path), type=dict[str, Analysis])
    except (FileNotFoundError, SaveError, OSError, msgspec.MsgspecError):
        return None
    got = found.get(str(seat))
    return got if got is not None and got.log_key == key and got.format == ANALYSIS_FORMAT else None


def write_analysis(saves_dir: Path, name: str, analysis: Analysis) -> Path:
    """Keep ``analysis`` beside the game (one per seat; others of the same log are kept).

    ``SaveError`` (one line) when the disk refuses; the file is then unchanged.
    """
    path = analysis_path(saves_dir, name)
    kept: dict[str, Analysis] = {}
    with contextlib.suppress(FileNotFoundError, SaveError, OSError, msgspec.MsgspecError):  # unreadable: made anew
        kept = msgspec.json.decode(read_limited(path), type=dict[str, Analysis])
    kept = {seat: a for seat, a in kept.items() if a.log_key == analysis.log_key}
    kept[str(analysis.seat)] = analysis
    try:
        atomic_write(path, msgspec.json.format(msgspec.json.encode(kept), indent=1) + b"\n")
    except OSError as exc:
        raise SaveError(f"{path}: cannot save the analysis: {exc.strerror or exc}") from None
    return path
