"""Norsewind TV (issue 44.2): the channel's frames on the board, read-only.

The channel (``norsewind_tui.tv``) decides what is shown; this screen runs it in a worker (a look
reads the tables' files or rows) and draws each frame it posts: a caption, the board of the
player to move, and the decision's words.  f follows the table shown, left steps a replay back
(held), right goes on, Esc leaves.
"""

from __future__ import annotations

import threading
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Static
from textual.worker import get_current_worker

from ...rules.engine import cards_for
from ...tv import Channel, Frame, caption_of
from ...words import tv as say
from ...words.nouns import player_names
from ..text import safe_text
from ..widgets.board import Board, BoardView
from ..widgets.castles import CastleView
from ..widgets.footer import KeysFooter
from ..widgets.kingdoms import KingdomsView
from ..widgets.market import MarketView
from ..widgets.players import PlayersBar
from .base import NorsewindScreen

PACE = 2.0  # seconds between two looks: a replay's decision each


class TvFrame(Message):
    def __init__(self, frame: Frame) -> None:
        self.frame = frame
        super().__init__()


class TvScreen(NorsewindScreen[None]):
    DEFAULT_CSS = """
    TvScreen #tv-caption { height: auto; max-height: 2; text-style: bold; background: $panel; }
    TvScreen #tv-said { height: 2; color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f", "follow", "Follow", id="tv-follow"),
        Binding("left", "step_back", "Back a step", key_display="←", id="tv-back"),
        Binding("right", "resume", "Go on", key_display="→", id="tv-on"),
        Binding("escape,q", "leave", "Leave", key_display="Esc", id="tv-leave"),
    ]

    def __init__(self, pace: float = PACE) -> None:
        super().__init__()
        self.pace = pace
        self.looking = threading.Lock()  # the worker looks, the keys follow and step: one at a time
        self.nudge = threading.Event()  # a key asks the worker to look now
        self.channel: Channel | None = None
        self.frame = Frame("nothing")

    def compose(self) -> ComposeResult:
        yield Static(Text(say.TITLE), id="tv-caption")
        yield PlayersBar(id="players")
        yield MarketView(id="market")
        yield CastleView(id="castles")
        yield KingdomsView(id="kingdoms")
        yield Static("", id="tv-said")
        yield KeysFooter(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        context = self.context
        self.channel = Channel(context.tables, context.profiles.ladder(), context.identity)
        self.run_channel()

    def on_unmount(self) -> None:
        self.nudge.set()
        if self.channel is not None:
            with self.looking:
                self.channel.close()

    @work(thread=True, exclusive=True, group="tv")
    def run_channel(self) -> None:
        worker = get_current_worker()
        channel = self.channel
        assert channel is not None
        while not worker.is_cancelled:
            with self.looking:
                frame = channel.look()
            self.post_message(TvFrame(frame))
            self.nudge.wait(self.pace)
            self.nudge.clear()

    def on_tv_frame(self, message: TvFrame) -> None:
        self.show_frame(message.frame)

    def show_frame(self, frame: Frame) -> None:
        self.frame = frame
        self.query_one("#tv-caption", Static).update(Text(caption_of(frame)))
        said = " ".join(safe_text(s) for s in frame.said) if frame.kind != "nothing" else say.NOTHING
        self.query_one("#tv-said", Static).update(Text(said or say.KEYS))
        state = frame.state
        for board in self.query(Board):
            board.display = state is not None
        if state is None:
            return
        seat = state.current if 0 <= state.current < len(state.players) else 0
        view = BoardView(state, cards_for(state), player_names(state), {}, None, seat, -1)
        for board in self.query(Board):
            board.show(view)

    def action_follow(self) -> None:
        if self.channel is not None:
            with self.looking:
                self.channel.follow()
                self.show_frame(self.channel.frame())

    def action_step_back(self) -> None:
        if self.channel is not None:
            with self.looking:
                self.show_frame(self.channel.step_back())

    def action_resume(self) -> None:
        if self.channel is not None:
            with self.looking:
                self.channel.resume()
            self.nudge.set()

    def action_leave(self) -> None:
        self.norsewind.goto_title()
