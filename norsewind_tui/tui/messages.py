"""Every message the app's workers and screens post, in one place.

Workers post these (they never touch widgets); the screens' ``on_*`` handlers act on them.
"""

from __future__ import annotations

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


class AnalysisProgress(Message):
    def __init__(self, done: int, total: int) -> None:
        self.done = done
        self.total = total
        super().__init__()


class AnalysisDone(Message):
    def __init__(self, analysis: Analysis) -> None:
        self.analysis = analysis
        super().__init__()


class AnalysisFailed(Message):
    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__()


class GameChanged(Message):
    """The game's follower (``tui/driver.py``) found a change made elsewhere, or the computer's
    decision (``change``), or could not look or decide (``trouble``, one line)."""

    def __init__(self, change: Change | None, trouble: str = "") -> None:
        self.change = change
        self.trouble = trouble
        super().__init__()


class HintReady(Message):
    def __init__(self, state: State, answer: HintAnswer) -> None:
        self.state = state
        self.answer = answer
        super().__init__()


class HintFailed(Message):
    def __init__(self, state: State, reason: str) -> None:
        self.state = state
        self.reason = reason
        super().__init__()


class TablesListed(Message):
    def __init__(self, rows: list[TableSummary], ladder: Ladder | None = None) -> None:
        self.rows = rows
        self.ladder = ladder  # the players' ratings, read again with the rows (a game may have ended)
        super().__init__()


class AroundSeen(Message):
    """The app's slow look found the tables or someone's presence changed (``tui/presence.py``)."""

    def __init__(self, around: Around) -> None:
        self.around = around
        super().__init__()


class PresenceTrouble(Message):
    """This app's presence record could not be written (said once; the game goes on)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__()


class EngineNotice(Message):
    """An outside engine failed (or the app has none for an engine's seat): greedy plays on (one line)."""

    def __init__(self, line: str) -> None:
        self.line = line
        super().__init__()
