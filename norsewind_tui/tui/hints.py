"""Hints in the app: a widget that owns the hint being worked out, its worker and its messages.

The play controller (``play.Play.hint``) says whether a hint can be given and which: the announced
plan's next step at once, or a question the computer player works out (up to ~2 s) in this widget's
worker thread. The answer comes back as ``HintReady`` (or ``HintFailed``) and is shown only if the
position is still the one asked about. The screen is told what to say and where to point with
``Hints.Show``; a hint never plays anything and never marks a game as assisted.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import work
from textual.message import Message
from textual.widget import Widget

from ..bots.registry import HINT_GIVER
from ..play import (
    Announced,
    HintAnswer,
    HintFailed,
    HintOutcome,
    HintQuestion,
    Play,
    announce,
    answer_hint,
    hint_said,
    next_planned,
)
from ..rules.moves import Move
from ..rules.state import State
from ..words.play import HINT_STILL_THINKING
from .messages import HintFailed as HintFailedMessage
from .messages import HintReady


class Hints(Widget):
    """The hint display: asks, works out, answers; nothing of it is drawn (the status line says it)."""

    DEFAULT_CSS = "Hints { display: none; }"

    class Show(Message):
        """Say ``text`` (of ``kind``) on the status line; point at ``move`` when there is one."""

        def __init__(self, text: str, kind: str, move: Move | None = None) -> None:
            self.text = text
            self.kind = kind
            self.move = move
            super().__init__()

    def __init__(self, controller: Callable[[], Play]) -> None:
        super().__init__(id="hints")
        self.controller = controller  # the screen's, of the game shown (a save-as changes it)
        self.hint_for: State | None = None  # the position a hint is being worked out for
        self.announced: Announced | None = None  # the plan the last hint announced (hints within a turn follow it)

    def ask(self, giver: str = HINT_GIVER) -> None:
        """h: a hint for the decision awaited (``giver``: the player's setting)."""
        play = self.controller()
        if self.hint_for is not None and self.hint_for is play.game.state:
            self.post_message(self.Show(HINT_STILL_THINKING, "hint"))
            return
        outcome = play.hint(giver, self.announced)
        if isinstance(outcome, HintQuestion):
            self.hint_for = outcome.state
            self.work_out(outcome)
        self.tell(outcome)

    def tell(self, outcome: HintOutcome) -> None:
        text, kind = hint_said(outcome)
        if isinstance(outcome, HintAnswer):  # point at the hinted choice; remember its plan for this turn
            self.announced = announce(outcome, self.controller().game.session)
            self.post_message(self.Show(text, kind, outcome.move))
        else:
            self.post_message(self.Show(text, kind))

    @work(thread=True, exclusive=True, group="hint")
    def work_out(self, question: HintQuestion) -> None:
        answer = answer_hint(question)
        if isinstance(answer, HintFailed):
            self.post_message(HintFailedMessage(question.state, answer.problem))
        else:
            self.post_message(HintReady(question.state, answer))

    def on_hint_ready(self, message: HintReady) -> None:
        play = self.controller()
        if message.state is not self.hint_for or message.state is not play.game.state or not play.asked():
            return  # the position changed meanwhile: the hint is for another one
        self.hint_for = None
        self.tell(message.answer)

    def on_hint_failed(self, message: HintFailedMessage) -> None:
        if message.state is not self.hint_for:
            return
        self.hint_for = None
        self.tell(HintFailed(message.reason))

    def forget(self, state: State | None = None) -> None:
        """Forget the hint being worked out unless it is for ``state`` (its answer will be ignored)."""
        if self.hint_for is not None and self.hint_for is not state:
            self.workers.cancel_group(self, "hint")
            self.hint_for = None

    def next_step(self) -> Move | None:
        """After a hinted step was followed: the plan's next step (for the cursor), else None."""
        return next_planned(self.announced, self.controller().game.session)
