"""A table's chat in the app (issue 41.2): the chat box (``t``) and the follower of the chat.

The talk controller (``norsewind_tui/talk.py``) says and reads; this module only shows.  The
follower is a thread worker of the table screen waiting on the chat's own watch (inotify on the
chat file, or NOTIFY through the host's relay), so another player's line arrives as a decision
does, without the game's follower reading the game again.  What it finds comes as ``ChatNews``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from ..storage.chat import LIMIT, ChatLine
from ..storage.errors import StorageError
from ..storage.watch import FALLBACK, Watch
from ..talk import Said, Talk, line_words, spoken
from ..words import chat as say

SHOWN = 12  # lines the chat box shows (the last ones): with its input and hint, within 24 rows


class ChatNews(Message):
    """Lines by others kept since the last look (none for a muted table)."""

    def __init__(self, lines: list[ChatLine]) -> None:
        self.lines = lines
        super().__init__()


class ChatFollower:
    """Waits on the chat's watch in a thread; posts ``ChatNews`` to ``post`` for every new line."""

    def __init__(self, talk: Talk, post: Callable[[Message], object]) -> None:
        self.talk = talk
        self.post = post
        self.lock = threading.Lock()  # the follower's looks and the app's (the chat box) take turns
        self._stop = threading.Event()
        self._watch: Watch | None = None
        self.ready = threading.Event()  # the first look is made: what was said before it is read

    def run(self) -> None:
        try:
            watch = self.talk.book.watch(self.talk.channel, FALLBACK)
        except (OSError, StorageError):
            return
        with self.lock:
            self._watch = watch
        with watch:
            while not self._stop.is_set():
                if watch.wait(self._stop.is_set) and not self._stop.is_set():
                    with self.lock:
                        news = self.talk.news()
                    self.ready.set()
                    if news:
                        self.post(ChatNews(news))

    def stop(self) -> None:
        self._stop.set()
        with self.lock:
            if self._watch is not None:
                self._watch.interrupt()


class ChatScreen(ModalScreen[None]):
    """The table's chat: its last lines and one line to type; Enter says it, Esc closes."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "Close", id="chat-close")]

    def __init__(self, follower: ChatFollower) -> None:
        super().__init__()
        self.follower = follower
        self.talk = follower.talk
        self.shown: list[str] = []

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(Text(say.CHAT_TITLE))
            yield Static(id="chat-lines")
            yield Input(id="chat-input", max_length=LIMIT, compact=True)
            yield Label(Text(""), id="chat-said", classes="hint")

    def on_mount(self) -> None:
        with self.follower.lock:
            lines = self.talk.lines()
            trouble = self.talk.trouble
        self.shown = [line_words(line) for line in lines]
        if not self.shown:
            self.shown = [say.EMPTY]
        self.draw()
        if trouble is not None:
            self.tell(trouble)
        elif self.talk.channel == "watchers" and not self.talk.table.finished:
            self.tell(say.SPECTATOR_NOTE)
        self.query_one(Input).focus()

    def draw(self) -> None:
        self.query_one("#chat-lines", Static).update(Text("\n".join(self.shown[-SHOWN:])))

    def tell(self, text: str) -> None:
        self.query_one("#chat-said", Label).update(Text(text))

    def add(self, lines: list[ChatLine]) -> None:
        """Lines by others, arrived while the box is open (they are read)."""
        if self.shown == [say.EMPTY]:
            self.shown = []
        self.shown += [line_words(line) for line in lines]
        self.draw()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        with self.follower.lock:
            outcome = self.talk.say(event.value)
        if isinstance(outcome, Said):
            event.input.value = ""
            self.add([outcome.line])
            self.tell("")
        elif (told := spoken(outcome)) is not None:
            self.tell(told)

    def action_close(self) -> None:
        self.dismiss(None)
