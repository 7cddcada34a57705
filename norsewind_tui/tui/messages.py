"""Every message the app's workers and screens post, in one place.

Workers post these (they never touch widgets); the screens' ``on_*`` handlers act on them.
Dataclasses, as Textual's own messages are: the generated ``__init__`` sets the fields and
calls ``Message.__post_init__``, which readies the message.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message

from ..rules.state import State
from ..storage.handle import Change
from ..storage.tables import TableSummary
from .presence import Around

if TYPE_CHECKING:  # annotations only: the title screen is drawn without the bots loaded (issue 16)
    from ..play import HintAnswer
    from ..storage.analysis import Analysis
    from ..storage.ratings import Ladder


@dataclass
class AnalysisProgress(Message):
    done: int
    total: int


@dataclass
class AnalysisDone(Message):
    analysis: Analysis


@dataclass
class AnalysisFailed(Message):
    reason: str


@dataclass
class GameChanged(Message):
    """The game's follower (``tui/driver.py``) found a change made elsewhere, or the computer's
    decision (``change``), or could not look or decide (``trouble``, one line)."""

    change: Change | None
    trouble: str = ""


@dataclass
class HintReady(Message):
    state: State
    answer: HintAnswer


@dataclass
class HintFailed(Message):
    state: State
    reason: str


@dataclass
class TablesListed(Message):
    rows: list[TableSummary]
    ladder: Ladder | None = None  # the players' ratings, read again with the rows (a game may have ended)


@dataclass
class AroundSeen(Message):
    """The app's slow look found the tables or someone's presence changed (``tui/presence.py``)."""

    around: Around


@dataclass
class PresenceTrouble(Message):
    """This app's presence record could not be written (said once; the game goes on)."""

    reason: str


@dataclass
class EngineNotice(Message):
    """An outside engine failed (or the app has none for an engine's seat): greedy plays on (one line)."""

    line: str
